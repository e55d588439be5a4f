import type { Ctx } from '../../context.ts';
import type { JobHandler } from '../../engine/runner.ts';

/** Background work of broadcasts (start, pacing, quiet hours). */
export function broadcastJobHandlers(_ctx: Ctx): ReadonlyMap<string, JobHandler> {
  return new Map();
}
