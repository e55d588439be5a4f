import type { Store } from '../db/database.ts';
import type { Executor } from '../db/executor.ts';
import { newId } from '../db/ids.ts';
import { getSetting } from '../db/settings.ts';
import { transact } from '../db/work-signal.ts';

export const RULE_KINDS = ['text', 'sender', 'recipient'] as const;
export type RuleKind = (typeof RULE_KINDS)[number];
export const RULE_MATCHES = ['contains', 'exact', 'prefix'] as const;
export type RuleMatch = (typeof RULE_MATCHES)[number];

/** An operator's spam-filter rule: text phrase (A322), sender number (A323), recipient number (A324). */
export interface PolicyRule {
  id: string;
  /** null: every account. */
  accountId: string | null;
  kind: RuleKind;
  match: RuleMatch;
  pattern: string;
  note: string | null;
  createdAt: number;
}

/**
 * Changes to the rules are announced through this setting (a new value per change), so that an
 * instance holding them compiled finds out with one small read instead of reading them all.
 */
const VERSION_KEY = 'policy.rules.version';

async function bumpVersion(tx: Executor): Promise<void> {
  const value = newId('v');
  await tx
    .insertInto('settings')
    .values({ key: VERSION_KEY, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

export async function rulesVersion(store: Store): Promise<string> {
  return (await getSetting(store, VERSION_KEY)) ?? '';
}

function kindOf(v: string): RuleKind {
  return RULE_KINDS.find((k) => k === v) ?? 'text';
}

function matchOf(v: string): RuleMatch {
  return RULE_MATCHES.find((k) => k === v) ?? 'contains';
}

function toRule(r: {
  id: string;
  account_id: string | null;
  kind: string;
  match: string;
  pattern: string;
  note: string | null;
  created_at: number | string;
}): PolicyRule {
  return {
    id: r.id,
    accountId: r.account_id,
    kind: kindOf(r.kind),
    match: matchOf(r.match),
    pattern: r.pattern,
    note: r.note,
    createdAt: Number(r.created_at),
  };
}

export async function insertRules(
  store: Store,
  rules: readonly Omit<PolicyRule, 'id' | 'createdAt'>[],
  now: number,
): Promise<PolicyRule[]> {
  const made = rules.map((r) => ({ ...r, id: newId('pol_'), createdAt: now }));
  if (made.length === 0) return made;
  await transact(store, async (tx) => {
    // SQLite takes at most 32,766 variables a statement: 7 columns, 1,000 rows is well under.
    for (let i = 0; i < made.length; i += 1000) {
      await tx
        .insertInto('policy_rules')
        .values(
          made.slice(i, i + 1000).map((r) => ({
            id: r.id,
            account_id: r.accountId,
            kind: r.kind,
            match: r.match,
            pattern: r.pattern,
            note: r.note,
            created_at: now,
          })),
        )
        .execute();
    }
    await bumpVersion(tx);
  });
  return made;
}

export async function deleteRule(store: Store, id: string): Promise<PolicyRule | undefined> {
  return transact(store, async (tx) => {
    const row = await tx.deleteFrom('policy_rules').where('id', '=', id).returningAll().executeTakeFirst();
    if (row) await bumpVersion(tx);
    return row ? toRule(row) : undefined;
  });
}

/** Every rule, for compiling (a few MB at 10,000 rules). */
export async function allRules(store: Store): Promise<PolicyRule[]> {
  const rows = await store.db.selectFrom('policy_rules').selectAll().orderBy('id').execute();
  return rows.map(toRule);
}

/**
 * Rules in creation order after `afterId`; `accountId` undefined: all, null: the global ones,
 * a string: that account's.
 */
export async function listRules(
  store: Store,
  filter: { accountId?: string | null; kind?: RuleKind },
  afterId: string | null,
  limit: number,
): Promise<{ rules: PolicyRule[]; next: string | null }> {
  let q = store.db.selectFrom('policy_rules').selectAll();
  if (filter.accountId === null) q = q.where('account_id', 'is', null);
  else if (filter.accountId !== undefined) q = q.where('account_id', '=', filter.accountId);
  if (filter.kind !== undefined) q = q.where('kind', '=', filter.kind);
  if (afterId !== null) q = q.where('id', '>', afterId);
  const rows = await q
    .orderBy('id')
    .limit(limit + 1)
    .execute();
  const rules = rows.slice(0, limit).map(toRule);
  return { rules, next: rows.length > limit ? (rules.at(-1)?.id ?? null) : null };
}
