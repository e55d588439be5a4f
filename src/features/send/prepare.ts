import type { Ctx } from '../../context.ts';
import { keywordsIn } from '../../rules/substitution.ts';
import { type PreparedStep, prepareStep } from './channels.ts';
import type { FlowEntryT } from './schema.ts';
import { expandTemplates } from './templates.ts';

/** The messageFlow checked and prepared: stored templates expanded, each step validated. */
export async function prepareFlow(
  ctx: Ctx,
  accountId: string,
  flow: readonly FlowEntryT[],
  now: number,
): Promise<PreparedStep[]> {
  const expanded = await expandTemplates(ctx, accountId, flow);
  return expanded.map(({ entry, use }, i) => {
    const p = prepareStep(entry, i, now);
    if (use?.variableSeparation) {
      p.variableSeparation = true;
      p.requiredKeys = keywordsIn(p.step.payload);
    }
    return p;
  });
}
