import type { Config } from '../../config.ts';
import { OptKeywords } from '../../rules/opt-keywords.ts';
import { classifyNumber } from '../../rules/phone.ts';
import type { Executor } from '../../store/db/executor.ts';
import { addOptOuts, removeOptOut } from '../../store/policy/opt-outs.ts';

const keywords = new WeakMap<Config, OptKeywords>();

function keywordsOf(config: Config): OptKeywords {
  let k = keywords.get(config);
  if (!k) {
    k = new OptKeywords(config.optOutKeywords, config.optInKeywords);
    keywords.set(config, k);
  }
  return k;
}

/**
 * An MO that is an opt-out keyword puts the device that sent it on the account's list for the
 * number it wrote to; an opt-in keyword takes that entry off. Called in the MO's own transaction,
 * so the list and the stored MO never disagree; the MO reaches the webhook either way.
 */
export async function applyOptKeyword(
  tx: Executor,
  config: Config,
  mo: { accountId: string; to: string; originator: string; content: string },
  now: number,
): Promise<'out' | 'in' | null> {
  const asked = keywordsOf(config).classify(mo.content);
  if (asked === null) return null;
  // The list holds numbers as the send path dials them.
  const phone = classifyNumber(mo.originator)?.number ?? mo.originator;
  if (asked === 'out') await addOptOuts(tx, mo.accountId, [{ phone, sender: mo.to }], 'mo', now);
  else await removeOptOut(tx, mo.accountId, phone, mo.to);
  return asked;
}
