import { sql } from 'kysely';
import type { Capabilities } from '../db/capabilities.ts';
import type { Store } from '../db/database.ts';
import type { Executor } from '../db/executor.ts';

export const OPT_OUT_SOURCES = ['mo', 'client', 'operator'] as const;
export type OptOutSource = (typeof OPT_OUT_SOURCES)[number];

/** A number that asked an account (one sender number of it, or all: '') for no advertising. */
export interface OptOut {
  phone: string;
  /** '' for every number of the account. */
  sender: string;
  source: OptOutSource;
  createdAt: number;
}

function sourceOf(v: string): OptOutSource {
  return OPT_OUT_SOURCES.find((s) => s === v) ?? 'operator';
}

/**
 * Adds numbers to the account's list; a number already there keeps its entry, except that the
 * recipient's own message (mo) takes an entry over: from then on only the recipient lifts it.
 * Answers how many entries are new.
 */
export async function addOptOuts(
  db: Executor,
  accountId: string,
  entries: readonly { phone: string; sender: string }[],
  source: OptOutSource,
  now: number,
): Promise<number> {
  let added = 0;
  for (let i = 0; i < entries.length; i += 1000) {
    const rows = entries.slice(i, i + 1000).map((e) => ({
      account_id: accountId,
      phone: e.phone,
      sender: e.sender,
      source,
      created_at: now,
    }));
    const done = await db
      .insertInto('opt_outs')
      .values(rows)
      .onConflict((oc) => {
        const c = oc.columns(['account_id', 'phone', 'sender']);
        return source === 'mo'
          ? c.doUpdateSet({ source: 'mo' }).where('opt_outs.source', '<>', 'mo')
          : c.doNothing();
      })
      .returning('created_at')
      .execute();
    // An MO taking an entry over returns its row too; only rows made now are new.
    added += done.filter((r) => Number(r.created_at) === now).length;
  }
  return added;
}

/** The entry of a number on the account's list, if any. */
export async function findOptOut(
  db: Executor,
  accountId: string,
  phone: string,
  sender: string,
): Promise<OptOut | undefined> {
  const r = await db
    .selectFrom('opt_outs')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('phone', '=', phone)
    .where('sender', '=', sender)
    .executeTakeFirst();
  return (
    r && { phone: r.phone, sender: r.sender, source: sourceOf(r.source), createdAt: Number(r.created_at) }
  );
}

export async function removeOptOut(
  db: Executor,
  accountId: string,
  phone: string,
  sender: string,
): Promise<boolean> {
  const r = await db
    .deleteFrom('opt_outs')
    .where('account_id', '=', accountId)
    .where('phone', '=', phone)
    .where('sender', '=', sender)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/**
 * The entries of these numbers (one indexed probe each): the send path's question, asked for
 * every advertising request. The numbers go as one parameter (a JSON array on SQLite, an array
 * on PostgreSQL): a list of 200 placeholders cost a third more than the probes themselves.
 */
export async function optOutsOf(
  db: Executor,
  caps: Capabilities,
  accountId: string,
  phones: readonly string[],
): Promise<{ phone: string; sender: string }[]> {
  if (phones.length === 0) return [];
  const among =
    caps.dialect === 'postgres'
      ? sql<boolean>`phone = any(${[...phones]}::text[])`
      : sql<boolean>`phone in (select value from json_each(${JSON.stringify(phones)}))`;
  const r = await sql<{ phone: string; sender: string }>`
    select phone, sender from opt_outs where account_id = ${accountId} and ${among}`.execute(db);
  return r.rows;
}

/** Where a listing goes on: after this entry in the listing order. */
export interface OptOutCursor {
  createdAt: number;
  phone: string;
  sender: string;
}

/** The account's list in the order it grew; `phone` narrows it to one number. */
export async function listOptOuts(
  store: Store,
  accountId: string,
  filter: { phone?: string },
  after: OptOutCursor | null,
  limit: number,
): Promise<{ optOuts: OptOut[]; next: OptOutCursor | null }> {
  let q = store.db.selectFrom('opt_outs').selectAll().where('account_id', '=', accountId);
  if (filter.phone !== undefined) q = q.where('phone', '=', filter.phone);
  if (after !== null) {
    q = q.where(
      sql<boolean>`(created_at, phone, sender) > (${after.createdAt}, ${after.phone}, ${after.sender})`,
    );
  }
  const rows = await q
    .orderBy('created_at')
    .orderBy('phone')
    .orderBy('sender')
    .limit(limit + 1)
    .execute();
  const optOuts = rows.slice(0, limit).map((r) => ({
    phone: r.phone,
    sender: r.sender,
    source: sourceOf(r.source),
    createdAt: Number(r.created_at),
  }));
  const last = optOuts.at(-1);
  return {
    optOuts,
    next:
      rows.length > limit && last
        ? { createdAt: last.createdAt, phone: last.phone, sender: last.sender }
        : null,
  };
}
