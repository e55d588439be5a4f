import type { Ctx } from '../../context.ts';
import type { JobHandler } from '../../engine/runner.ts';

/** Background work of MO messages (webhook delivery and its retries). */
export function moJobHandlers(_ctx: Ctx): ReadonlyMap<string, JobHandler> {
  return new Map();
}
