import { crc32, deflateSync } from 'node:zlib';

/*
 * The smallest real files each upload takes, so that the fixture stays a few kilobytes: a 1x1
 * JPEG (docs/api.md's), a 500x250 PNG (an informational template image is 2:1, at least 500 px
 * wide) and an MP4 whose `ftyp` box is all a video upload checks.
 */

export const JPEG_1X1 = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A valid grey RGB PNG of the size (every row filter 0, deflated). */
export function png(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + width * 3, 0x80);
  row[0] = 0;
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An MP4 of `size` bytes: an `ftyp` box (isom) at offset 0, zeros after it. */
export function mp4(size: number): Buffer {
  const out = Buffer.alloc(size);
  out.set([0, 0, 0, 0x18, ...Buffer.from('ftypisom', 'ascii')]);
  return out;
}
