import type { Ctx } from '../../context.ts';
import type { JobHandler } from '../../engine/runner.ts';

/** Background work of informational templates (automatic review). */
export function infomsgJobHandlers(_ctx: Ctx): ReadonlyMap<string, JobHandler> {
  return new Map();
}
