import type { Ctx } from '../../context.ts';
import type { JobHandler } from '../../engine/runner.ts';

/** Background work of two-factor authentication. */
export function twofaJobHandlers(_ctx: Ctx): ReadonlyMap<string, JobHandler> {
  return new Map();
}
