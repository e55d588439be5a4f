import { deflateSync } from 'node:zlib';

/*
 * Images a browser draws (the header-only images of test/helpers/images.ts are enough for the
 * gateway, which reads headers, but not for a page's <img>): bands of one colour, so that a
 * screenshot shows where each image went and whether it was cropped.
 */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of buf) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A real PNG (a browser draws it): diagonal bands of `rgb`, so that a screenshot shows where
 * each image went and whether it was cropped.
 */
export function realPng(width: number, height: number, rgb: readonly [number, number, number]): Uint8Array {
  const row = 1 + width * 3;
  const raw = Buffer.alloc(row * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const shade = ((x + y) >> 5) % 2 === 0 ? 1 : 0.8;
      const at = y * row + 1 + x * 3;
      raw[at] = Math.round(rgb[0] * shade);
      raw[at + 1] = Math.round(rgb[1] * shade);
      raw[at + 2] = Math.round(rgb[2] * shade);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', new Uint8Array()),
  ]);
}

/** Writes bits most significant first; a 0xFF byte in the entropy-coded data is stuffed with 0x00. */
class BitWriter {
  readonly bytes: number[] = [];
  private acc = 0;
  private count = 0;

  write(value: number, length: number): void {
    for (let i = length - 1; i >= 0; i--) {
      this.acc = (this.acc << 1) | ((value >> i) & 1);
      if (++this.count === 8) this.flushByte();
    }
  }

  /** Pads the last byte with ones, as the JPEG standard asks. */
  end(): number[] {
    while (this.count !== 0) this.write(1, 1);
    return this.bytes;
  }

  private flushByte(): void {
    this.bytes.push(this.acc);
    if (this.acc === 0xff) this.bytes.push(0);
    this.acc = 0;
    this.count = 0;
  }
}

const segment = (marker: number, body: number[]) => [
  0xff,
  marker,
  (body.length + 2) >> 8,
  (body.length + 2) & 0xff,
  ...body,
];

// The standard luminance DC table (ITU T.81 K.3): code lengths per size category 0-11.
const DC_COUNTS = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0];
const DC_CODES = [
  [0b00, 2],
  [0b010, 3],
  [0b011, 3],
  [0b100, 3],
  [0b101, 3],
  [0b110, 3],
  [0b1110, 4],
  [0b11110, 5],
  [0b111110, 6],
  [0b1111110, 7],
  [0b11111110, 8],
  [0b111111110, 9],
] as const;

/**
 * A real baseline greyscale JPEG: every 8x8 block one flat shade (only DC coefficients, each
 * block's AC an end-of-block, coded "0" by a one-symbol AC table), in diagonal bands.
 * Width and height are multiples of 8.
 */
export function realJpeg(width: number, height: number): Uint8Array {
  const bits = new BitWriter();
  let previous = 0;
  for (let by = 0; by < height / 8; by++) {
    for (let bx = 0; bx < width / 8; bx++) {
      const shade = ((bx + by) >> 2) % 2 === 0 ? 200 : 150;
      // A flat block's DC coefficient, with a quantiser of 1: 8 x (value - 128).
      const dc = 8 * (shade - 128);
      const diff = dc - previous;
      previous = dc;
      const size = diff === 0 ? 0 : Math.floor(Math.log2(Math.abs(diff))) + 1;
      const [code, length] = DC_CODES[size] ?? DC_CODES[0];
      bits.write(code, length);
      if (size > 0) bits.write(diff > 0 ? diff : diff + (1 << size) - 1, size);
      bits.write(0, 1); // end of block
    }
  }
  const be16 = (n: number) => [n >> 8, n & 0xff];
  return Uint8Array.from([
    0xff,
    0xd8,
    ...segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    ...segment(0xdb, [0, ...new Array<number>(64).fill(1)]),
    ...segment(0xc0, [8, ...be16(height), ...be16(width), 1, 1, 0x11, 0]),
    ...segment(0xc4, [0x00, ...DC_COUNTS, ...DC_CODES.map((_, i) => i)]),
    ...segment(0xc4, [0x10, 1, ...new Array<number>(15).fill(0), 0]),
    ...segment(0xda, [1, 1, 0x00, 0, 63, 0]),
    ...bits.end(),
    0xff,
    0xd9,
  ]);
}
