import type { Ctx } from '../../context.ts';
import { type FlowStep, recipientWords } from '../../engine/flow.ts';
import { isAdvertising } from '../../rules/advertising.ts';
import { classifyNumber } from '../../rules/phone.ts';
import type { Capabilities } from '../../store/db/capabilities.ts';
import type { Executor } from '../../store/db/executor.ts';
import { optOutsOf } from '../../store/policy/opt-outs.ts';
import type { PreparedStep } from '../send/channels.ts';
import type { DestinationT } from '../send/schema.ts';
import type { CompiledRules } from './compiled-rules.ts';
import { rulesCache } from './rules-cache.ts';

/** Why the policy refuses a recipient: the spam filter's text, sender or recipient code. */
export interface Refusal {
  code: 'A322' | 'A323' | 'A324';
  detail: string;
}

/** A request's policy, asked per recipient that passed every other check. */
export interface Screen {
  check(d: DestinationT, number: string): Refusal | null;
}

/**
 * Advertising, for the opt-out list: a text or title labelled "(광고)" (not in an informational
 * template message, informational by definition), an Android RCS header that says so ("1", as
 * the carrier chat's header field marks advertising), a brand message targeting M, N or O (sent
 * to people who are not necessarily the profile's friends), or a request the client marks
 * `advertising: true`.
 */
export function isAdvertisingSend(flow: readonly FlowStep[], marked: boolean): boolean {
  if (marked) return true;
  return flow.some((step) => {
    if (step.channel === 'infomsg') return false;
    if (isAdvertising(step.text) || (step.title !== null && isAdvertising(step.title))) return true;
    if (step.channel === 'brandmessage') {
      const t = step.payload.targeting;
      return t === 'M' || t === 'N' || t === 'O';
    }
    if (step.channel === 'rcs') {
      const h = step.payload.header;
      return h === '1' || (typeof h === 'string' && h.includes('광고'));
    }
    return false;
  });
}

/** The numbers opted out of the account, or of a sender number the flow sends from. */
export async function optedOutOf(
  db: Executor,
  caps: Capabilities,
  accountId: string,
  flow: readonly FlowStep[],
  numbers: readonly string[],
): Promise<Set<string>> {
  const senders = new Set(flow.flatMap((s) => (s.from === null ? [] : [s.from])));
  const out = new Set<string>();
  for (const o of await optOutsOf(db, caps, accountId, numbers)) {
    if (o.sender === '' || senders.has(o.sender)) out.add(o.phone);
  }
  return out;
}

/**
 * The numbers of a broadcast chunk that the policy leaves out: opted out (when the broadcast is
 * advertising) or matching a recipient rule. Its text was judged by the template's review.
 */
export async function refusedNumbers(
  ctx: Ctx,
  accountId: string,
  flow: readonly FlowStep[],
  numbers: readonly string[],
): Promise<Set<string>> {
  const out = isAdvertisingSend(flow, false)
    ? await optedOutOf(ctx.store.db, ctx.store.caps, accountId, flow, numbers)
    : new Set<string>();
  const rules = await rulesCache(ctx.store).get();
  if (rules.appliesTo(accountId) && !rules.recipients.empty) {
    for (const n of numbers) if (rules.recipients.find(accountId, n)) out.add(n);
  }
  return out;
}

/** Whether a step's text or title holds a #{key}: judged per recipient, else once per request. */
function perRecipient(p: PreparedStep): boolean {
  return p.text.hasKeys || (p.title?.hasKeys ?? false);
}

/** The text rule that the step's text or title breaks (rendered with `words` where it has keys). */
function textRefusal(
  rules: CompiledRules,
  accountId: string,
  p: PreparedStep,
  i: number,
  words: Record<string, string> | undefined,
): Refusal | null {
  const text = p.text.hasKeys ? p.text.render(words) : p.step.text;
  const title = p.title === null ? null : p.title.hasKeys ? p.title.render(words) : p.step.title;
  const rule =
    rules.findText(accountId, text) ?? (title === null ? undefined : rules.findText(accountId, title));
  return rule
    ? { code: 'A322', detail: `messageFlow[${i}].${p.step.channel} matches spam-filter rule ${rule.id}` }
    : null;
}

/**
 * The policy of one request: what every recipient shares (sender numbers, texts without
 * #{key}) is judged once; texts with keys, recipient rules and the opt-out list per recipient.
 * Null when nothing can refuse anyone (no rule for the account, not advertising): the send path
 * then pays one map lookup.
 */
export async function screenRequest(
  ctx: Ctx,
  accountId: string,
  steps: readonly PreparedStep[],
  destinations: readonly DestinationT[],
  advertisingMarked: boolean,
): Promise<Screen | null> {
  const rules = await rulesCache(ctx.store).get();
  const ruled = rules.appliesTo(accountId);
  const advertising = isAdvertisingSend(
    steps.map((p) => p.step),
    advertisingMarked,
  );
  if (!ruled && !advertising) return null;

  let shared: Refusal | null = null;
  if (ruled) {
    for (const [i, p] of steps.entries()) {
      const from = p.step.from;
      const rule = from === null ? undefined : rules.senders.find(accountId, from);
      if (rule) {
        shared = {
          code: 'A323',
          detail: `messageFlow[${i}].${p.step.channel}.from ${from} matches spam-filter rule ${rule.id}`,
        };
        break;
      }
    }
    if (rules.hasTextRules(accountId)) {
      for (let i = 0; i < steps.length && !shared; i++) {
        const p = steps[i] as PreparedStep;
        if (!perRecipient(p)) shared = textRefusal(rules, accountId, p, i, undefined);
      }
    }
  }
  // The steps judged per recipient, with their indexes (found once, not per recipient).
  const keyed =
    ruled && rules.hasTextRules(accountId)
      ? steps.flatMap((p, i) => (perRecipient(p) ? [{ p, i }] : []))
      : [];

  let optedOut = new Set<string>();
  if (advertising && !shared) {
    const numbers = new Set<string>();
    for (const d of destinations) {
      const n = typeof d.to === 'string' ? classifyNumber(d.to)?.number : undefined;
      if (n !== undefined) numbers.add(n);
    }
    optedOut = await optedOutOf(
      ctx.store.db,
      ctx.store.caps,
      accountId,
      steps.map((p) => p.step),
      [...numbers],
    );
  }

  return {
    check(d, number) {
      if (shared) return shared;
      if (optedOut.has(number)) {
        return { code: 'A324', detail: `${number} opted out of advertising from this account` };
      }
      if (ruled && !rules.recipients.empty) {
        const rule = rules.recipients.find(accountId, number);
        if (rule) return { code: 'A324', detail: `${number} matches spam-filter rule ${rule.id}` };
      }
      if (keyed.length === 0) return null;
      const words = recipientWords(d);
      for (const { p, i } of keyed) {
        const refusal = textRefusal(rules, accountId, p, i, words);
        if (refusal) return refusal;
      }
      return null;
    },
  };
}
