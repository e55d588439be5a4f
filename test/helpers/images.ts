/**
 * The smallest image headers the gateway reads (it reads the header only, for the format and
 * the size); `pad` zero bytes after the header make a file of any size.
 */

function padded(head: readonly number[], pad = 0): Uint8Array {
  const out = new Uint8Array(head.length + pad);
  out.set(head);
  return out;
}

const be32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];

const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

const PNG_SIGNATURE = [0x89, ...ascii('PNG'), 0x0d, 0x0a, 0x1a, 0x0a];

/** PNG signature and an IHDR chunk with the size (the CRC left zero: no reader checks it). */
export function png(width: number, height: number, pad = 0): Uint8Array {
  // 8-bit RGBA, no interlace.
  const ihdr = [...be32(width), ...be32(height), 8, 6, 0, 0, 0];
  return padded([...PNG_SIGNATURE, ...be32(13), ...ascii('IHDR'), ...ihdr, ...be32(0)], pad);
}

/** GIF89a logical screen descriptor with the size (little-endian). */
export function gif(width: number, height: number, pad = 0): Uint8Array {
  return padded([...ascii('GIF89a'), width & 0xff, width >> 8, height & 0xff, height >> 8, 0, 0, 0], pad);
}

/** A JFIF APP0 segment: encoders write APP0 or APP1 first, and image-size skips the first segment. */
const JFIF_APP0 = [
  0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
];

/** An Exif APP1: "Exif\0\0", a big-endian TIFF header, one IFD entry: 0x0112 SHORT 1 = orientation. */
function exifApp1(orientation: number): number[] {
  const tiffHeader = [0x4d, 0x4d, 0, 0x2a, ...be32(8)];
  const oneEntry = [0, 1, 0x01, 0x12, 0, 3, ...be32(1), 0, orientation, 0, 0];
  const body = [...ascii('Exif'), 0, 0, ...tiffHeader, ...oneEntry, ...be32(0)];
  return [0xff, 0xe1, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body];
}

/**
 * SOI, a JFIF APP0 (or an Exif APP1 carrying `orientation`), a frame header with the size (SOF0,
 * baseline, unless `sof` names another), EOI.
 */
export function jpeg(
  width: number,
  height: number,
  opts: { orientation?: number; sof?: number; pad?: number } = {},
): Uint8Array {
  const app = opts.orientation === undefined ? JFIF_APP0 : exifApp1(opts.orientation);
  const size = [height >> 8, height & 0xff, width >> 8, width & 0xff];
  const frame = [0xff, opts.sof ?? 0xc0, 0x00, 0x11, 0x08, ...size];
  // Three components: Y (2x2 sampling), Cb, Cr.
  const components = [0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01];
  return padded([0xff, 0xd8, ...app, ...frame, ...components, 0xff, 0xd9], opts.pad ?? 0);
}

/** An image padded to exactly `size` bytes. */
export function ofSize(image: (pad: number) => Uint8Array, size: number): Uint8Array {
  return image(size - image(0).length);
}
