/**
 * The smallest images the gateway takes: a header with the size, and as many bytes of (zero)
 * image data as the declared picture needs at the least (src/rules/image-data.ts), at most a
 * megabyte; `pad` zero bytes after them make a file of any size.
 */

/** Data bytes no smaller than what the gateway asks of a picture this size, capped for huge ones. */
const data = (need: number) => Array<number>(Math.min(Math.ceil(need), 1 << 20)).fill(0);

function padded(head: readonly number[], pad = 0): Uint8Array {
  const out = new Uint8Array(head.length + pad);
  out.set(head);
  return out;
}

const be32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];

const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

const PNG_SIGNATURE = [0x89, ...ascii('PNG'), 0x0d, 0x0a, 0x1a, 0x0a];

/** PNG signature, an IHDR chunk with the size, an IDAT chunk, IEND (CRCs left zero: no reader checks them). */
export function png(width: number, height: number, pad = 0): Uint8Array {
  // 8-bit RGBA, no interlace.
  const ihdr = [...be32(width), ...be32(height), 8, 6, 0, 0, 0];
  const idat = data((height * (1 + width * 4)) / 1032);
  return padded(
    [
      ...PNG_SIGNATURE,
      ...be32(13),
      ...ascii('IHDR'),
      ...ihdr,
      ...be32(0),
      ...be32(idat.length),
      ...ascii('IDAT'),
      ...idat,
      ...be32(0),
      ...be32(0),
      ...ascii('IEND'),
      ...be32(0),
    ],
    pad,
  );
}

/** GIF89a logical screen descriptor with the size (little-endian). */
export function gif(width: number, height: number, pad = 0): Uint8Array {
  const body = data((Math.sqrt(2 * width * height) * 9) / 8);
  return padded(
    [...ascii('GIF89a'), width & 0xff, width >> 8, height & 0xff, height >> 8, 0, 0, 0, ...body],
    pad,
  );
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
 * baseline, unless `sof` names another), a scan header and its data, EOI.
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
  // SOS: three components, their tables, the spectral selection of a baseline scan.
  const sos = [0xff, 0xda, 0x00, 0x0c, 0x03, 0x01, 0x00, 0x02, 0x11, 0x03, 0x11, 0x00, 0x3f, 0x00];
  const scan = data((Math.ceil(width / 8) * Math.ceil(height / 8)) / 8);
  return padded([0xff, 0xd8, ...app, ...frame, ...components, ...sos, ...scan, 0xff, 0xd9], opts.pad ?? 0);
}

/** An image padded to exactly `size` bytes. */
export function ofSize(image: (pad: number) => Uint8Array, size: number): Uint8Array {
  return image(size - image(0).length);
}
