/**
 * Whether an image's bytes can hold the picture its header declares. A header is a few bytes: it
 * may declare 5,000 x 5,000 over nothing, and the platform and handsets that decode what is
 * stored then meet a file that is not the picture it says. Each format's compressed data has a
 * floor below which no encoder can go for that many pixels; a file under it is refused. The
 * floors are generous (a uniform picture compresses best): a real image is far above them.
 */

/** Deflate's best ratio is about 1032:1 (a run of one byte). */
const DEFLATE_MAX_RATIO = 1032;

const PNG_CHANNELS: Readonly<Record<number, number>> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

function pngShortfall(bytes: Uint8Array, width: number, height: number): string | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let bitsPerPixel = 32;
  let data = 0;
  for (let off = 8; off + 8 <= bytes.length; ) {
    const length = view.getUint32(off);
    const type = String.fromCharCode(
      bytes[off + 4] ?? 0,
      bytes[off + 5] ?? 0,
      bytes[off + 6] ?? 0,
      bytes[off + 7] ?? 0,
    );
    if (type === 'IHDR' && off + 18 <= bytes.length) {
      bitsPerPixel = (bytes[off + 16] ?? 8) * (PNG_CHANNELS[bytes[off + 17] ?? 6] ?? 4);
    } else if (type === 'IDAT') data += Math.min(length, bytes.length - off - 8);
    else if (type === 'IEND') break;
    off += 12 + length;
  }
  const raw = height * (1 + Math.ceil((width * bitsPerPixel) / 8));
  const need = Math.ceil(raw / DEFLATE_MAX_RATIO);
  return data >= need
    ? null
    : `the ${width}x${height} PNG holds ${data} bytes of image data; drawing it takes at least ${need}`;
}

/**
 * Bytes of entropy-coded data after the first scan header (SOS), or null when there is none. A
 * baseline or progressive JPEG codes every 8x8 block of its first scan with at least a bit.
 */
function jpegScanBytes(bytes: Uint8Array): number | null {
  for (let off = 2; off + 4 <= bytes.length; ) {
    if (bytes[off] !== 0xff) return null;
    const marker = bytes[off + 1] ?? 0;
    // Fill bytes, and markers without a length (RSTn, TEM).
    if (marker === 0xff) {
      off += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      off += 2;
      continue;
    }
    if (marker === 0xd9) return null;
    const length = ((bytes[off + 2] ?? 0) << 8) | (bytes[off + 3] ?? 0);
    if (marker === 0xda) return Math.max(0, bytes.length - (off + 2 + length));
    off += 2 + length;
  }
  return null;
}

function jpegShortfall(bytes: Uint8Array, width: number, height: number): string | null {
  const scan = jpegScanBytes(bytes);
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  const need = Math.ceil(blocks / 8);
  if (scan === null) return `the ${width}x${height} JPEG holds no scan (no image data after its header)`;
  return scan >= need
    ? null
    : `the ${width}x${height} JPEG holds ${scan} bytes of image data; its ${blocks} blocks take at least ${need}`;
}

/** LZW codes grow by one pixel each: n pixels take at least sqrt(2n) codes of 9 bits or more. */
function gifShortfall(bytes: Uint8Array, width: number, height: number): string | null {
  const data = Math.max(0, bytes.length - 13);
  const need = Math.ceil((Math.sqrt(2 * width * height) * 9) / 8);
  return data >= need
    ? null
    : `the ${width}x${height} GIF holds ${data} bytes after its header; drawing it takes at least ${need}`;
}

/** Why the bytes cannot be the declared picture, or null when they can. */
export function imageDataShortfall(
  bytes: Uint8Array,
  type: 'jpg' | 'png' | 'gif',
  width: number,
  height: number,
): string | null {
  if (type === 'png') return pngShortfall(bytes, width, height);
  if (type === 'jpg') return jpegShortfall(bytes, width, height);
  return gifShortfall(bytes, width, height);
}
