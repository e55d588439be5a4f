import type { Ctx } from '../../context.ts';
import { handles, type JobHandler } from '../../engine/runner.ts';
import { expireUpload, finishEncoding, VIDEO_ENCODE, VIDEO_EXPIRE } from './video-manage.ts';

/**
 * Background work of videos: encoding finishing, and upload addresses running out. Both are
 * conditional moves, so a second run (another instance, a retry) changes nothing.
 */
export function videoJobHandlers(ctx: Ctx): ReadonlyMap<string, JobHandler> {
  return new Map([
    handles(VIDEO_ENCODE, async ({ vid }) => {
      await finishEncoding(ctx, vid);
      return undefined;
    }),
    handles(VIDEO_EXPIRE, async ({ vid }) => {
      await expireUpload(ctx, vid);
      return undefined;
    }),
  ]);
}
