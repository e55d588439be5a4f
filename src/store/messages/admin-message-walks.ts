import type { AliasedSelectQueryBuilder, Selectable } from 'kysely';
import type { Store } from '../db/database.ts';
import { finishWalk, type Walked } from '../db/walk.ts';
import type { MessagesTable } from '../schema/schema.ts';
import { COLUMNS, type MessageRow, toRow } from './admin-messages.ts';

/*
 * The walks of the operator's message search and export (GET /admin/v1/messages, .../export):
 * newest first along the primary key (msgKeys are time-ordered) or an account's (account_id,
 * created_at) index, each call looking at a bounded window of rows (db/walk.ts). A row comes with
 * its recipient's values and its request's messageFlow, so that the sender and the text the
 * recipient got, which no index serves, can be checked and shown.
 */

/** A message with what its text is made of. */
export interface ListedMessage extends MessageRow {
  /** The recipient's own values (replaceWords, variables) as stored: JSON, or null. */
  vars: string | null;
  /** Its request's validated messageFlow as stored (JSON); null when the request is gone. */
  flow: string | null;
}

/** Filters the database checks on the rows of a window (no index serves them). */
export interface MessageFilter {
  to?: string | undefined;
  status?: string | undefined;
  /** created_at at or after. */
  since?: number | undefined;
  /** created_at before. */
  before?: number | undefined;
}

/**
 * A filter checked here, on each row of a window with its request's flow (the sender, the text):
 * the window's rows are read whole, and each request's flow once for the window.
 */
export type RowCheck = (m: ListedMessage) => boolean;

const WALK_COLUMNS = [...COLUMNS, 'vars'] as const;
type WindowRow = Pick<Selectable<MessagesTable>, (typeof WALK_COLUMNS)[number]>;
type Window = AliasedSelectQueryBuilder<WindowRow, 'w'>;

/**
 * Flows are read by a list of ids of this one length (the last list filled up with its own last
 * id), so that PostgreSQL sees one statement text and keeps it prepared (db/pg-prepared.ts names
 * a few hundred texts at most: a text per list length would use them up).
 */
const FLOW_LIST = 200;

/** Adds to `flows` the messageFlow of each request it does not hold yet (those found). */
export async function readFlows(
  store: Store,
  ids: Iterable<string>,
  flows: Map<string, string | null>,
): Promise<void> {
  const missing = [...new Set(ids)].filter((id) => !flows.has(id));
  for (let i = 0; i < missing.length; i += FLOW_LIST) {
    const list = missing.slice(i, i + FLOW_LIST);
    for (const id of list) flows.set(id, null);
    const last = list.at(-1) ?? '';
    while (list.length < FLOW_LIST) list.push(last);
    const rows = await store.db
      .selectFrom('send_requests')
      .select(['id', 'flow'])
      .where('id', 'in', list)
      .execute();
    for (const r of rows) flows.set(r.id, r.flow);
  }
}

function listed(r: WindowRow, flow: string | null): ListedMessage {
  return { ...toRow(r), vars: r.vars, flow };
}

/** One message with its values and flow (a msgKey search). */
export async function listedByKey(store: Store, msgKey: string): Promise<ListedMessage | undefined> {
  const r = await store.db
    .selectFrom('messages as m')
    .leftJoin('send_requests as r', 'r.id', 'm.request_id')
    .select(WALK_COLUMNS.map((c) => `m.${c}` as const))
    .select('r.flow')
    .where('m.msg_key', '=', msgKey)
    .executeTakeFirst();
  return r && listed(r, r.flow);
}

/** The order of a walk: along the msgKeys, or along an account's (created_at, msg_key). */
type Order = 'key' | 'account';

/**
 * The matches of a window, newest first. Without a check: at most `limit + 1` of them, each
 * joined with its request (one statement: what a live list polls). With one: every row of the
 * window that the database's filters let through, their requests' flows read once each, and the
 * check made on each.
 */
async function windowMatches(
  store: Store,
  window: Window,
  order: Order,
  outer: MessageFilter,
  limit: number,
  check: RowCheck | undefined,
): Promise<ListedMessage[]> {
  if (!check) {
    let q = store.db
      .selectFrom(window)
      .leftJoin('send_requests as r', 'r.id', 'w.request_id')
      .selectAll('w')
      .select('r.flow');
    if (outer.to !== undefined) q = q.where('w.to_number', '=', outer.to);
    if (outer.status !== undefined) q = q.where('w.status', '=', outer.status);
    if (outer.since !== undefined) q = q.where('w.created_at', '>=', outer.since);
    if (outer.before !== undefined) q = q.where('w.created_at', '<', outer.before);
    if (order === 'account') q = q.orderBy('w.created_at', 'desc');
    const rows = await q
      .orderBy('w.msg_key', 'desc')
      .limit(limit + 1)
      .execute();
    return rows.map((r) => listed(r, r.flow));
  }
  let q = store.db.selectFrom(window).selectAll();
  if (outer.to !== undefined) q = q.where('to_number', '=', outer.to);
  if (outer.status !== undefined) q = q.where('status', '=', outer.status);
  if (outer.since !== undefined) q = q.where('created_at', '>=', outer.since);
  if (outer.before !== undefined) q = q.where('created_at', '<', outer.before);
  if (order === 'account') q = q.orderBy('created_at', 'desc');
  const rows = await q.orderBy('msg_key', 'desc').execute();
  // A chunk of rows at a time: a page filled early reads no more flows. A request's recipients
  // are next to each other in the walk, so a chunk mostly asks for a few requests.
  const flows = new Map<string, string | null>();
  const out: ListedMessage[] = [];
  for (let i = 0; i < rows.length && out.length <= limit; i += FLOW_LIST) {
    const chunk = rows.slice(i, i + FLOW_LIST);
    await readFlows(
      store,
      chunk.map((r) => r.request_id),
      flows,
    );
    for (const r of chunk) {
      const m = listed(r, flows.get(r.request_id) ?? null);
      if (!check(m)) continue;
      out.push(m);
      if (out.length > limit) break;
    }
  }
  return out;
}

/** A position in one account's messages: (created_at, msg_key), newest first. */
export interface AccountPosition {
  createdAt: number;
  msgKey: string;
}

/**
 * One account's messages, newest first, along its (account_id, created_at) index: the time range
 * narrows the index range itself; recipient, status and `check` are tried on a window of
 * `window` rows.
 */
export async function walkAccountMessages(
  store: Store,
  accountId: string,
  f: MessageFilter,
  after: AccountPosition | null,
  limit: number,
  window: number,
  check?: RowCheck,
): Promise<Walked<ListedMessage, AccountPosition>> {
  const base = () => {
    let q = store.db.selectFrom('messages').where('account_id', '=', accountId);
    if (f.since !== undefined) q = q.where('created_at', '>=', f.since);
    if (f.before !== undefined) q = q.where('created_at', '<', f.before);
    if (after) {
      q = q
        .where('created_at', '<=', after.createdAt)
        .where((eb) => eb.or([eb('created_at', '<', after.createdAt), eb('msg_key', '<', after.msgKey)]));
    }
    return q.orderBy('created_at', 'desc').orderBy('msg_key', 'desc');
  };
  const matches = await windowMatches(
    store,
    base().select(WALK_COLUMNS).limit(window).as('w'),
    'account',
    { to: f.to, status: f.status },
    limit,
    check,
  );
  const position = (r: { createdAt: number; msgKey: string }): AccountPosition => ({
    createdAt: r.createdAt,
    msgKey: r.msgKey,
  });
  return finishWalk(matches, limit, position, async () => {
    const edge = await base()
      .select(['created_at', 'msg_key'])
      .offset(window - 1)
      .limit(1)
      .executeTakeFirst();
    return edge && { createdAt: Number(edge.created_at), msgKey: edge.msg_key };
  });
}

/** msgKey bounds of a walk over every account: below (exclusive) and at least (inclusive). */
export interface KeyRange {
  below?: string | undefined;
  atLeast?: string | undefined;
}

/**
 * Messages of every account by msgKey, newest first (msgKeys are time-ordered): every filter is
 * checked on a window of `window` keys, and the edge of the window is where the next call goes on.
 */
export async function walkMessagesByKey(
  store: Store,
  f: MessageFilter,
  range: KeyRange,
  limit: number,
  window: number,
  check?: RowCheck,
): Promise<Walked<ListedMessage, string>> {
  const base = () => {
    let q = store.db.selectFrom('messages');
    if (range.below !== undefined) q = q.where('msg_key', '<', range.below);
    if (range.atLeast !== undefined) q = q.where('msg_key', '>=', range.atLeast);
    return q.orderBy('msg_key', 'desc');
  };
  const matches = await windowMatches(
    store,
    base().select(WALK_COLUMNS).limit(window).as('w'),
    'key',
    f,
    limit,
    check,
  );
  return finishWalk(
    matches,
    limit,
    (r) => r.msgKey,
    async () =>
      (
        await base()
          .select('msg_key')
          .offset(window - 1)
          .limit(1)
          .executeTakeFirst()
      )?.msg_key,
  );
}
