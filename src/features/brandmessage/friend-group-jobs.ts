import type { Ctx } from '../../context.ts';
import type { JobHandler } from '../../engine/runner.ts';
import { dropExpiredFile } from '../../store/campaigns/friend-group-files.ts';
import { FILE_EXPIRE_JOB } from './friend-group-file.ts';
import { PROCESS_JOB, processGroup } from './friend-group-process.ts';

/**
 * Background work of friend groups: processing a revision of a group's numbers (a group
 * changed, deleted or completed by hand since finds nothing to do: the completion is
 * conditional), and dropping an uploaded list once it has expired.
 */
export function friendGroupJobHandlers(ctx: Ctx): ReadonlyMap<string, JobHandler> {
  const process: JobHandler = async (job) => {
    const { groupId, revision } = job.payload;
    if (typeof groupId !== 'string' || typeof revision !== 'number') return undefined;
    await processGroup(ctx, groupId, revision);
    return undefined;
  };
  const expire: JobHandler = async (job) => {
    const { fileKey } = job.payload;
    if (typeof fileKey !== 'string') return undefined;
    await dropExpiredFile(ctx.store, fileKey, ctx.clock.now());
    return undefined;
  };
  return new Map([
    [PROCESS_JOB, process],
    [FILE_EXPIRE_JOB, expire],
  ]);
}
