import type { Ctx } from '../../context.ts';
import { handles, type JobHandler } from '../../engine/runner.ts';
import { dropExpiredFile } from '../../store/campaigns/friend-group-files.ts';
import { FILE_EXPIRE } from './friend-group-file.ts';
import { PROCESS, processGroup } from './friend-group-process.ts';

/**
 * Background work of friend groups: processing a revision of a group's numbers (a group
 * changed, deleted or completed by hand since finds nothing to do: the completion is
 * conditional), and dropping an uploaded list once it has expired.
 */
export function friendGroupJobHandlers(ctx: Ctx): ReadonlyMap<string, JobHandler> {
  return new Map([
    handles(PROCESS, async ({ groupId, revision }) => {
      await processGroup(ctx, groupId, revision);
      return undefined;
    }),
    handles(FILE_EXPIRE, async ({ fileKey }) => {
      await dropExpiredFile(ctx.store, fileKey, ctx.clock.now());
      return undefined;
    }),
  ]);
}
