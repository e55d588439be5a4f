import { encodePng } from '../../rules/png.ts';

/**
 * A real PNG (RGBA, 8 bits a channel): a disc of `rgb` on a transparent square, the shape a
 * messaging app shows a logo in. Small enough to build on demand (a 120 px logo is under 1 KB).
 */
export function discPng(size: number, rgb: readonly [number, number, number]): Buffer {
  const stride = 1 + size * 4;
  const raw = Buffer.alloc(stride * size);
  const r = size / 2;
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const dx = x + 0.5 - r;
      const dy = y + 0.5 - r;
      if (dx * dx + dy * dy > r * r) continue;
      const at = y * stride + 1 + x * 4;
      raw[at] = rgb[0];
      raw[at + 1] = rgb[1];
      raw[at + 2] = rgb[2];
      raw[at + 3] = 255;
    }
  }
  return encodePng(size, size, 6, raw);
}
