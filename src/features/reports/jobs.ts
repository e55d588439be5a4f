import type { Ctx } from '../../context.ts';
import type { JobHandler } from '../../engine/runner.ts';

/** Background work of reports: delivery to the account's webhook. */
export function reportJobHandlers(_ctx: Ctx): ReadonlyMap<string, JobHandler> {
  return new Map();
}
