import { imageSize } from 'image-size';

/**
 * What an upload's bytes are, read from the bytes alone: a client's file name and declared
 * content type say what the client believes, the header says what a handset will decode.
 */

/** The formats uploads may accept, as image-size names them. */
export type ImageFormat = 'jpg' | 'png' | 'gif';

export const IMAGE_MIME: Readonly<Record<ImageFormat, string>> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
};

/** File name extensions that name each format (compared lower-case). */
const EXTENSIONS: Readonly<Record<string, readonly string[]>> = {
  jpg: ['jpg', 'jpeg', 'jpe', 'jfif'],
  png: ['png'],
  gif: ['gif'],
  webp: ['webp'],
  bmp: ['bmp'],
  tiff: ['tif', 'tiff'],
  heif: ['heic', 'heif', 'avif'],
  svg: ['svg'],
};

/**
 * The most pixels an uploaded image may have, whatever its kind: handsets and the platform decode
 * what is stored, and a header may declare 2^31 x 2^31 over no data at all (a decoder's memory is
 * width x height x 4 bytes). 25 megapixels is past any camera picture a message carries.
 */
export const MAX_PIXELS = 25_000_000;

/** Why `width` x `height` is too many pixels, or null. */
export function tooManyPixels(width: number, height: number): string | null {
  const pixels = width * height;
  if (pixels <= MAX_PIXELS) return null;
  const mp = pixels / 1e6;
  return `${width}x${height} is ${mp >= 1000 ? Math.round(mp).toLocaleString('en-US') : mp.toFixed(1)} megapixels; an image is at most 25 megapixels (${MAX_PIXELS.toLocaleString('en-US')} pixels)`;
}

export type ImageDetection =
  /** `type`: the format found (maybe one uploads do not accept); width and height as displayed. */
  { ok: true; type: string; width: number; height: number } | { ok: false; reason: string };

/**
 * EXIF orientations 5 to 8 turn the picture a quarter: a handset shows the stored height as the
 * width, so the ratio and minimum width a platform checks are those of the turned picture.
 */
function turned(orientation: number | undefined): boolean {
  return orientation !== undefined && orientation >= 5 && orientation <= 8;
}

/** The format a file's first bytes announce, when they are a signature uploads know. */
function signatureOf(bytes: Uint8Array): ImageFormat | undefined {
  const starts = (sig: readonly number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts([0xff, 0xd8, 0xff])) return 'jpg';
  if (starts([0x89, 0x50, 0x4e, 0x47])) return 'png';
  if (starts([0x47, 0x49, 0x46, 0x38])) return 'gif';
  return undefined;
}

/**
 * The format and displayed size of an image. image-size reads only the header and throws on
 * anything it does not recognise (text, a cut-off header); that is an answer here, not a crash.
 */
export function detectImage(bytes: Uint8Array): ImageDetection {
  if (bytes.length === 0) return { ok: false, reason: 'the file is empty' };
  let found: ReturnType<typeof imageSize>;
  try {
    found = imageSize(bytes);
  } catch {
    const named = signatureOf(bytes);
    return {
      ok: false,
      reason: named
        ? `the ${named} header holds no readable image size`
        : 'the content is not a recognised image',
    };
  }
  const type = found.type ?? 'unknown';
  if (!(found.width > 0 && found.height > 0)) {
    return { ok: false, reason: `the ${type} header holds no image size` };
  }
  return turned(found.orientation)
    ? { ok: true, type, width: found.height, height: found.width }
    : { ok: true, type, width: found.width, height: found.height };
}

/** Whether the format is one of `allowed` (narrowing the detected type to ImageFormat). */
export function isAllowedFormat(type: string, allowed: readonly ImageFormat[]): type is ImageFormat {
  return (allowed as readonly string[]).includes(type);
}

/**
 * Whether a file name's extension contradicts the content: `cat.jpg` holding a PNG does. A name
 * without an extension (curl -F file=@- sends none) contradicts nothing.
 */
export function extensionContradicts(extension: string, type: string): boolean {
  if (extension === '') return false;
  return !(EXTENSIONS[type] ?? [type]).includes(extension.toLowerCase());
}
