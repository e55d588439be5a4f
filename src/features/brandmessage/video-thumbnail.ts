import { createHash } from 'node:crypto';
import type { Ctx } from '../../context.ts';
import { encodePng } from '../../rules/png.ts';
import { storeUpload } from '../files/storage.ts';

export const THUMBNAIL_KIND = 'video-thumbnail';
const WIDTH = 320;
const HEIGHT = 180;

/**
 * A real 16:9 PNG standing in for a frame of the video (the gateway does not decode video): a
 * background coloured after the vid, so thumbnails of different videos differ, and a play mark.
 */
export function thumbnailPng(vid: string): Buffer {
  const [r = 0, g = 0, b = 0] = createHash('sha256').update(vid).digest();
  const bg = [64 + (r % 96), 64 + (g % 96), 64 + (b % 96)];
  const stride = 1 + WIDTH * 3;
  const raw = Buffer.alloc(stride * HEIGHT);
  const cx = WIDTH / 2;
  const cy = HEIGHT / 2;
  const half = HEIGHT / 5;
  for (let y = 0; y < HEIGHT; y += 1) {
    for (let x = 0; x < WIDTH; x += 1) {
      // A right-pointing triangle centred in the frame.
      const dx = x + 0.5 - (cx - half / 2);
      const dy = Math.abs(y + 0.5 - cy);
      const play = dx >= 0 && dx <= half * 1.5 && dy <= half - dx / 1.5;
      const at = y * stride + 1 + x * 3;
      raw[at] = play ? 255 : (bg[0] ?? 0);
      raw[at + 1] = play ? 255 : (bg[1] ?? 0);
      raw[at + 2] = play ? 255 : (bg[2] ?? 0);
    }
  }
  return encodePng(WIDTH, HEIGHT, 2, raw);
}

/** The thumbnail's fileKey: one per video, so storing it again replaces it. */
export function thumbnailKey(vid: string): string {
  return `${vid}.thumb`;
}

/** Stores the video's thumbnail (served under /files, no credentials) and returns its fileKey. */
export async function storeThumbnail(ctx: Ctx, accountId: string, vid: string): Promise<string> {
  const file = await storeUpload(
    ctx,
    {
      accountId,
      kind: THUMBNAIL_KIND,
      bytes: thumbnailPng(vid),
      fileKey: thumbnailKey(vid),
      keyPrefix: 'vt',
      name: vid,
      ext: 'png',
      mime: 'image/png',
      width: WIDTH,
      height: HEIGHT,
      expiresAt: null,
    },
    ctx.clock.now(),
  );
  return file.fileKey;
}
