import type { Ctx } from '../../context.ts';
import type { JobHandler } from '../../engine/runner.ts';
import { expireUpload, finishEncoding, VIDEO_ENCODE_JOB, VIDEO_EXPIRE_JOB } from './video-manage.ts';

function vidOf(payload: Record<string, unknown>): string | undefined {
  return typeof payload.vid === 'string' ? payload.vid : undefined;
}

/**
 * Background work of videos: encoding finishing, and upload addresses running out. Both are
 * conditional moves, so a second run (another instance, a retry) changes nothing.
 */
export function videoJobHandlers(ctx: Ctx): ReadonlyMap<string, JobHandler> {
  const encode: JobHandler = async (job) => {
    const vid = vidOf(job.payload);
    if (vid) await finishEncoding(ctx, vid);
    return undefined;
  };
  const expire: JobHandler = async (job) => {
    const vid = vidOf(job.payload);
    if (vid) await expireUpload(ctx, vid);
    return undefined;
  };
  return new Map([
    [VIDEO_ENCODE_JOB, encode],
    [VIDEO_EXPIRE_JOB, expire],
  ]);
}
