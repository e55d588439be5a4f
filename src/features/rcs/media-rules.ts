import { imageSize } from 'image-size';
import { GatewayError } from '../../errors.ts';
import { extensionContradicts, tooManyPixels } from '../../rules/image-format.ts';
import { extensionOf } from '../files/storage.ts';

/** A file part of a form: bytes up to the form's limit; `oversize` when the part was cut off there. */
export interface FormFile {
  bytes: Buffer;
  filename: string;
  oversize: boolean;
}

/**
 * Limits of the images of the RCS center (the spec leaves them open): what the carriers' RCS
 * center takes, so that an image accepted here is one the carrier's review accepts. JPEG and PNG
 * only: handsets of all three carriers show both, and the center refuses GIF and WebP.
 */
export interface ImageRule {
  maxBytes: number;
  minWidth: number;
  maxWidth: number;
  minHeight: number;
  maxHeight: number;
  /** The image must be square (a profile image is shown in a circle). */
  square: boolean;
}

/** The brand's profile image (logo): square, shown in a circle at the top of the chat. */
export const BRAND_PROFILE_RULE: ImageRule = {
  maxBytes: 1024 * 1024,
  minWidth: 200,
  maxWidth: 1000,
  minHeight: 200,
  maxHeight: 1000,
  square: true,
};

/** The brand home's background (cover) image. */
export const BRAND_BACKGROUND_RULE: ImageRule = {
  maxBytes: 2 * 1024 * 1024,
  minWidth: 720,
  maxWidth: 2160,
  minHeight: 360,
  maxHeight: 2160,
  square: false,
};

/** An image of a message base (a card's media). */
export const MESSAGEBASE_IMAGE_RULE: ImageRule = {
  maxBytes: 1024 * 1024,
  minWidth: 100,
  maxWidth: 2000,
  minHeight: 100,
  maxHeight: 2000,
  square: false,
};

/** A document for the brand's review (business registration, a season's event notice): PDF or an image. */
export const SEASON_DOC_MAX_BYTES = 5 * 1024 * 1024;

export interface CheckedImage {
  ext: 'jpg' | 'png';
  mime: 'image/jpeg' | 'image/png';
  width: number;
  height: number;
}

export interface CheckedDocument {
  ext: 'pdf' | 'jpg' | 'png';
  mime: 'application/pdf' | 'image/jpeg' | 'image/png';
  width: number | null;
  height: number | null;
}

function readImage(bytes: Buffer): CheckedImage | undefined {
  let found: ReturnType<typeof imageSize>;
  try {
    found = imageSize(bytes);
  } catch {
    return undefined;
  }
  if (found.type !== 'jpg' && found.type !== 'png') return undefined;
  return {
    ext: found.type,
    mime: found.type === 'jpg' ? 'image/jpeg' : 'image/png',
    width: found.width,
    height: found.height,
  };
}

function checkSize(field: string, file: FormFile, maxBytes: number): void {
  if (file.oversize || file.bytes.length > maxBytes) {
    throw new GatewayError('A212', `${field}: at most ${maxBytes} bytes (${maxBytes / 1024 / 1024} MiB)`);
  }
}

/**
 * A file name whose extension names another format than the content (A225, as every upload):
 * the name is kept and shown, so it must not contradict the URL the bytes are served at.
 */
function checkName(field: string, file: FormFile, found: string, what: string): void {
  const ext = extensionOf(file.filename);
  if (extensionContradicts(ext, found)) {
    throw new GatewayError('A225', `${field}: the file is named .${ext} but holds a ${found} ${what}`);
  }
}

/** Checks an uploaded image against its rule; the codes name the form field. */
export function checkImage(field: string, file: FormFile, rule: ImageRule): CheckedImage {
  checkSize(field, file, rule.maxBytes);
  const image = readImage(file.bytes);
  if (!image) throw new GatewayError('A618', `${field}: the content is not a JPEG or PNG image`);
  checkName(field, file, image.ext, 'image');
  const { width, height } = image;
  const huge = tooManyPixels(width, height);
  if (huge) throw new GatewayError('A619', `${field}: ${huge}`);
  if (width < rule.minWidth || width > rule.maxWidth || height < rule.minHeight || height > rule.maxHeight) {
    throw new GatewayError(
      'A619',
      `${field}: ${width}x${height}, width ${rule.minWidth} to ${rule.maxWidth} and height ${rule.minHeight} to ${rule.maxHeight} pixels`,
    );
  }
  if (rule.square && width !== height) {
    throw new GatewayError('A619', `${field}: ${width}x${height}, the image must be square`);
  }
  return image;
}

const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');

export function checkDocument(field: string, file: FormFile): CheckedDocument {
  checkSize(field, file, SEASON_DOC_MAX_BYTES);
  if (file.bytes.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) {
    checkName(field, file, 'pdf', 'document');
    return { ext: 'pdf', mime: 'application/pdf', width: null, height: null };
  }
  const image = readImage(file.bytes);
  if (!image) throw new GatewayError('A610', `${field}: the content is not a PDF, JPEG or PNG file`);
  checkName(field, file, image.ext, 'image');
  return image;
}

/** The last segment of the client's file name (browsers on Windows may send the whole path). */
export function clientFileName(filename: string): string {
  return filename.slice(Math.max(filename.lastIndexOf('/'), filename.lastIndexOf('\\')) + 1).trim();
}
