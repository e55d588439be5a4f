import { isoKst } from '../../clock.ts';
import type { Ctx } from '../../context.ts';
import { GatewayError } from '../../errors.ts';
import { classifyNumber } from '../../rules/phone.ts';
import { foldText } from '../../rules/phrase-matcher.ts';
import { isSenderNumberRegistered } from '../../store/accounts/senders.ts';
import {
  addOptOuts,
  findOptOut,
  listOptOuts,
  type OptOut,
  type OptOutCursor,
  type OptOutSource,
  removeOptOut,
} from '../../store/policy/opt-outs.ts';
import {
  deleteRule,
  insertRules,
  listRules,
  type PolicyRule,
  RULE_KINDS,
  RULE_MATCHES,
  type RuleKind,
  type RuleMatch,
} from '../../store/policy/policy-rules.ts';
import { requireAccount } from '../admin/accounts.ts';
import { rulesCache } from './rules-cache.ts';
import type { OptOutView } from './schemas.ts';

/** The most numbers one call adds to an opt-out list. */
export const OPT_OUT_BATCH_MAX = 1000;
const PATTERN_MAX = 200;
const NOTE_MAX = 200;
const DIGITS = /^[0-9]{1,20}$/;

export interface RuleInput {
  accountId?: string | null | undefined;
  kind: string;
  match?: string | undefined;
  pattern: string;
  note?: string | null | undefined;
}

export interface RuleView {
  ruleId: string;
  accountId: string | null;
  kind: RuleKind;
  match: RuleMatch;
  pattern: string;
  note: string | null;
  createdAt: string;
}

function ruleView(r: PolicyRule): RuleView {
  return {
    ruleId: r.id,
    accountId: r.accountId,
    kind: r.kind,
    match: r.match,
    pattern: r.pattern,
    note: r.note,
    createdAt: isoKst(r.createdAt),
  };
}

/** A rule as the operator gave it, checked: what it matches must be something a send can hold. */
function checkRule(input: RuleInput): Omit<PolicyRule, 'id' | 'createdAt'> {
  const kind = RULE_KINDS.find((k) => k === input.kind);
  if (!kind) throw new GatewayError('A300', `kind must be one of ${RULE_KINDS.join(', ')}`);
  const match = RULE_MATCHES.find((m) => m === (input.match ?? (kind === 'text' ? 'contains' : 'exact')));
  if (!match) throw new GatewayError('A300', `match must be one of ${RULE_MATCHES.join(', ')}`);
  if (kind === 'text') {
    if (match !== 'contains') throw new GatewayError('A300', 'a text rule matches by contains');
    if (input.pattern.length > PATTERN_MAX || foldText(input.pattern) === '') {
      throw new GatewayError('A300', `pattern must be 1 to ${PATTERN_MAX} characters, not only spaces`);
    }
  } else {
    if (match === 'contains') throw new GatewayError('A300', 'a number rule matches by exact or prefix');
    if (!DIGITS.test(input.pattern)) throw new GatewayError('A300', 'pattern must be 1 to 20 digits');
  }
  const note = input.note ?? null;
  if (note !== null && note.length > NOTE_MAX) {
    throw new GatewayError('A300', `note must be at most ${NOTE_MAX} characters`);
  }
  return { accountId: input.accountId ?? null, kind, match, pattern: input.pattern, note };
}

export async function addRule(ctx: Ctx, input: RuleInput): Promise<RuleView> {
  const rule = checkRule(input);
  if (rule.accountId !== null) await requireAccount(ctx, rule.accountId);
  const [made] = await insertRules(ctx.store, [rule], ctx.clock.now());
  rulesCache(ctx.store).invalidate();
  if (!made) throw new GatewayError('A910', 'the rule was not stored');
  return ruleView(made);
}

export async function removeRule(ctx: Ctx, ruleId: string): Promise<{ ruleId: string; deleted: true }> {
  if (!(await deleteRule(ctx.store, ruleId))) throw new GatewayError('A820', `rule ${ruleId}`);
  rulesCache(ctx.store).invalidate();
  return { ruleId, deleted: true };
}

/** `accountId` "global": the rules of every account only; another value: that account's only. */
export async function listRulePage(
  ctx: Ctx,
  query: {
    accountId?: string | undefined;
    kind?: string | undefined;
    cursor?: string | undefined;
    limit?: number | undefined;
  },
): Promise<{ rules: RuleView[]; next: string | null }> {
  const kind = query.kind === undefined ? undefined : RULE_KINDS.find((k) => k === query.kind);
  if (query.kind !== undefined && !kind) {
    throw new GatewayError('A300', `kind must be one of ${RULE_KINDS.join(', ')}`);
  }
  const accountId = query.accountId === 'global' ? null : query.accountId;
  const page = await listRules(
    ctx.store,
    { ...(accountId !== undefined ? { accountId } : {}), ...(kind ? { kind } : {}) },
    query.cursor ?? null,
    query.limit ?? 50,
  );
  return { rules: page.rules.map(ruleView), next: page.next };
}

function optOutView(o: OptOut): OptOutView {
  return { phone: o.phone, from: o.sender, source: o.source, createdAt: isoKst(o.createdAt) };
}

function phoneOf(field: string, raw: string): string {
  const n = classifyNumber(raw)?.number;
  if (n === undefined) throw new GatewayError('A306', `${field} ${raw} is not a valid number`);
  return n;
}

/** '' (every number of the account) or a sender number the account registered. */
async function senderOf(ctx: Ctx, accountId: string, from: string | undefined): Promise<string> {
  if (from === undefined || from === '') return '';
  if (!(await isSenderNumberRegistered(ctx.store, accountId, from))) {
    throw new GatewayError('A327', `from ${from} is not registered for this account`);
  }
  return from;
}

export async function addToOptOutList(
  ctx: Ctx,
  accountId: string,
  input: { phones: readonly string[]; from?: string | undefined },
  source: OptOutSource,
): Promise<{ added: number; optOuts: OptOutView[] }> {
  if (input.phones.length === 0 || input.phones.length > OPT_OUT_BATCH_MAX) {
    throw new GatewayError('A300', `phones must hold 1 to ${OPT_OUT_BATCH_MAX} numbers`);
  }
  const phones = [...new Set(input.phones.map((p, i) => phoneOf(`phones[${i}]`, p)))];
  const sender = await senderOf(ctx, accountId, input.from);
  const now = ctx.clock.now();
  const added = await addOptOuts(
    ctx.store.db,
    accountId,
    phones.map((phone) => ({ phone, sender })),
    source,
    now,
  );
  const optOuts: OptOutView[] = [];
  for (const phone of phones) {
    const o = await findOptOut(ctx.store.db, accountId, phone, sender);
    if (o) optOuts.push(optOutView(o));
  }
  return { added, optOuts };
}

/**
 * Takes a number off the list. The account lifts only what it put there itself: an opt-out the
 * recipient sent (or the operator set) stands until the recipient's opt-in keyword (or the
 * operator) lifts it, since the account's own say-so is not the recipient's consent.
 */
export async function removeFromOptOutList(
  ctx: Ctx,
  accountId: string,
  input: { phone: string; from?: string | undefined },
  by: 'client' | 'operator',
): Promise<{ phone: string; from: string; deleted: true }> {
  const phone = phoneOf('phone', input.phone);
  const sender = input.from ?? '';
  const found = await findOptOut(ctx.store.db, accountId, phone, sender);
  if (!found)
    throw new GatewayError('A820', `${phone} is not on the opt-out list${sender ? ` of ${sender}` : ''}`);
  if (by === 'client' && found.source !== 'client') {
    throw new GatewayError(
      'A824',
      found.source === 'mo'
        ? `${phone} opted out by its own message: only its opt-in message lifts it`
        : `${phone} was put on the list by the operator`,
    );
  }
  await removeOptOut(ctx.store.db, accountId, phone, sender);
  return { phone, from: sender, deleted: true };
}

function encodeCursor(c: OptOutCursor): string {
  return Buffer.from(JSON.stringify([c.createdAt, c.phone, c.sender])).toString('base64url');
}

function decodeCursor(raw: string): OptOutCursor {
  try {
    const v: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString());
    if (
      Array.isArray(v) &&
      v.length === 3 &&
      Number.isSafeInteger(v[0]) &&
      typeof v[1] === 'string' &&
      typeof v[2] === 'string'
    ) {
      return { createdAt: v[0], phone: v[1], sender: v[2] };
    }
  } catch {
    // falls through to the error below
  }
  throw new GatewayError('A300', 'cursor must be the next of an earlier answer');
}

export async function optOutPage(
  ctx: Ctx,
  accountId: string,
  query: { phone?: string | undefined; cursor?: string | undefined; limit?: number | undefined },
): Promise<{ optOuts: OptOutView[]; next: string | null }> {
  const limit = query.limit ?? 100;
  if (!Number.isInteger(limit) || limit < 1 || limit > OPT_OUT_BATCH_MAX) {
    throw new GatewayError('A300', `limit must be 1 to ${OPT_OUT_BATCH_MAX}`);
  }
  const filter = query.phone === undefined ? {} : { phone: phoneOf('phone', query.phone) };
  const after = query.cursor === undefined ? null : decodeCursor(query.cursor);
  const page = await listOptOuts(ctx.store, accountId, filter, after, limit);
  return { optOuts: page.optOuts.map(optOutView), next: page.next === null ? null : encodeCursor(page.next) };
}
