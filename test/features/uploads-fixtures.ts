import type { LightMyRequestResponse } from 'fastify';
import type { TestGateway } from '../helpers/gateway.ts';
import { type Part, postForm } from '../helpers/multipart.ts';

/**
 * The smallest image headers the gateway reads (image-size reads the header only); `pad` zero
 * bytes after the header make a file of any size.
 */

function padded(head: readonly number[], pad = 0): Uint8Array {
  const out = new Uint8Array(head.length + pad);
  out.set(head);
  return out;
}

const be32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];

/** PNG signature and an IHDR chunk with the size. */
export function png(width: number, height: number, pad = 0): Uint8Array {
  return padded(
    [
      0x89,
      0x50,
      0x4e,
      0x47,
      0x0d,
      0x0a,
      0x1a,
      0x0a,
      ...be32(13),
      0x49,
      0x48,
      0x44,
      0x52,
      ...be32(width),
      ...be32(height),
      8,
      6,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
    ],
    pad,
  );
}

/** GIF89a logical screen descriptor with the size (little-endian). */
export function gif(width: number, height: number, pad = 0): Uint8Array {
  return padded(
    [0x47, 0x49, 0x46, 0x38, 0x39, 0x61, width & 0xff, width >> 8, height & 0xff, height >> 8, 0, 0, 0],
    pad,
  );
}

/**
 * SOI, a JFIF APP0 (or an Exif APP1 carrying an orientation tag), a baseline frame header with
 * the size, EOI.
 */
export function jpeg(
  width: number,
  height: number,
  opts: { orientation?: number; pad?: number } = {},
): Uint8Array {
  // A JFIF APP0 by default: encoders write APP0 or APP1 first, and image-size skips the first segment.
  const exif: number[] = [
    0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
    0x00,
  ];
  if (opts.orientation !== undefined) {
    exif.length = 0;
    // "Exif\0\0", a big-endian TIFF header, one IFD entry: 0x0112 SHORT 1 = orientation.
    const body = [
      0x45,
      0x78,
      0x69,
      0x66,
      0,
      0,
      0x4d,
      0x4d,
      0,
      0x2a,
      ...be32(8),
      0,
      1,
      0x01,
      0x12,
      0,
      3,
      ...be32(1),
      0,
      opts.orientation,
      0,
      0,
      ...be32(0),
    ];
    exif.push(0xff, 0xe1, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body);
  }
  const sof = [
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    0x03,
    0x01,
    0x22,
    0x00,
    0x02,
    0x11,
    0x01,
    0x03,
    0x11,
    0x01,
  ];
  return padded([0xff, 0xd8, ...exif, ...sof, 0xff, 0xd9], opts.pad ?? 0);
}

/** An image padded to exactly `size` bytes. */
export function ofSize(image: (pad: number) => Uint8Array, size: number): Uint8Array {
  return image(size - image(0).length);
}

export const TEXT = new TextEncoder().encode('hello, this is not a picture\n');

export function filePart(bytes: Uint8Array, filename: string, type = 'application/octet-stream'): Part {
  return { name: 'file', bytes, filename, type };
}

export const UPLOAD = '/api/comm/v1/file';

/** POSTs a form to /api/comm/v1/file/<path>. */
export function upload(
  t: TestGateway,
  path: string,
  parts: readonly Part[],
  apiKey: string | null,
): Promise<LightMyRequestResponse> {
  return postForm(t, `${UPLOAD}/${path}`, parts, apiKey);
}

/** The path of a URL the gateway handed out, to request it through the app. */
export function pathOf(url: string): string {
  return new URL(url).pathname;
}
