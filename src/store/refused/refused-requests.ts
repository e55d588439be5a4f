import { type RawBuilder, type Selectable, type SqlBool, sql } from 'kysely';
import type { Store } from '../db/database.ts';
import type { RefusedRequestsTable } from '../schema/refused.ts';

/*
 * Refused client requests (src/http/refused-requests.ts records them; migration 0029): written in
 * batches off the response path, listed newest first for the operator, purged after hours.
 */

/** What the list shows of a refused request: everything but its body and answer. */
export interface RefusedSummary {
  id: number;
  at: number;
  method: string;
  route: string | null;
  path: string;
  status: number;
  code: string;
  result: string;
  accountId: string | null;
  keyId: string | null;
  keyPrefix: string | null;
  clientAddress: string;
  trId: string;
  bodySize: number | null;
}

/** A refused request whole. */
export interface RefusedRequest extends RefusedSummary {
  userAgent: string | null;
  contentType: string | null;
  body: string | null;
  bodyFormat: 'json' | 'text' | null;
  bodyTruncated: boolean;
  bodyNote: string | null;
  answer: string;
  answerTruncated: boolean;
}

export type NewRefusedRequest = Omit<RefusedRequest, 'id'>;

const SUMMARY_COLUMNS = [
  'id',
  'at',
  'method',
  'route',
  'path',
  'status',
  'code',
  'result',
  'account_id',
  'key_id',
  'key_prefix',
  'client_address',
  'tr_id',
  'body_size',
] as const;

type SummaryRow = Pick<Selectable<RefusedRequestsTable>, (typeof SUMMARY_COLUMNS)[number]>;

function summaryOf(r: SummaryRow): RefusedSummary {
  return {
    id: Number(r.id),
    at: Number(r.at),
    method: r.method,
    route: r.route,
    path: r.path,
    status: r.status,
    code: r.code,
    result: r.result,
    accountId: r.account_id,
    keyId: r.key_id,
    keyPrefix: r.key_prefix,
    clientAddress: r.client_address,
    trId: r.tr_id,
    bodySize: r.body_size === null ? null : Number(r.body_size),
  };
}

/** Several refused requests in one statement. */
export async function insertRefusedRequests(store: Store, rows: readonly NewRefusedRequest[]): Promise<void> {
  if (rows.length === 0) return;
  await store.db
    .insertInto('refused_requests')
    .values(
      rows.map((r) => ({
        at: r.at,
        method: r.method,
        route: r.route,
        path: r.path,
        status: r.status,
        code: r.code,
        result: r.result,
        account_id: r.accountId,
        key_id: r.keyId,
        key_prefix: r.keyPrefix,
        client_address: r.clientAddress,
        user_agent: r.userAgent,
        tr_id: r.trId,
        content_type: r.contentType,
        body_size: r.bodySize,
        body: r.body,
        body_format: r.bodyFormat,
        body_truncated: r.bodyTruncated ? 1 : 0,
        body_note: r.bodyNote,
        answer: r.answer,
        answer_truncated: r.answerTruncated ? 1 : 0,
      })),
    )
    .execute();
}

/**
 * The keys (and their accounts) of these key hashes, revoked ones included: who a request was
 * whose key the API-key hook refused (revoked) or held back (its account's request rate).
 */
export async function keysOfHashes(
  store: Store,
  hashes: readonly string[],
): Promise<Map<string, { keyId: string; accountId: string }>> {
  const out = new Map<string, { keyId: string; accountId: string }>();
  if (hashes.length === 0) return out;
  const rows = await store.db
    .selectFrom('api_keys')
    .select(['id', 'account_id', 'key_hash'])
    .where('key_hash', 'in', [...new Set(hashes)])
    .execute();
  for (const r of rows) out.set(r.key_hash, { keyId: r.id, accountId: r.account_id });
  return out;
}

export async function refusedRequestById(store: Store, id: number): Promise<RefusedRequest | undefined> {
  const r = await store.db.selectFrom('refused_requests').selectAll().where('id', '=', id).executeTakeFirst();
  if (!r) return undefined;
  return {
    ...summaryOf(r),
    userAgent: r.user_agent,
    contentType: r.content_type,
    body: r.body,
    bodyFormat: r.body_format === 'json' || r.body_format === 'text' ? r.body_format : null,
    bodyTruncated: r.body_truncated === 1,
    bodyNote: r.body_note,
    answer: r.answer,
    answerTruncated: r.answer_truncated === 1,
  };
}

export interface RefusedFilter {
  accountId?: string | undefined;
  code?: string | undefined;
  status?: number | undefined;
  /** Answered at or after (gateway clock, epoch ms). */
  since?: number | undefined;
  /** Answered before. */
  before?: number | undefined;
}

export interface RefusedWalk {
  rows: RefusedSummary[];
  /** The id to go on below (older rows); null: nothing older. */
  next: number | null;
  /** The walk stopped at its window without filling the page: `next` is the last row looked at. */
  windowEnded: boolean;
  /** When the last row looked at was answered (with windowEnded). */
  windowEndAt: number | null;
}

/**
 * Newest first, below the id `beforeId` when given. The account's index, or else the code's,
 * selects; the other filters (status, time, the code beside an account) are checked on at most
 * `window` rows of it a call, so a filter that matches nothing costs the window, not the table.
 */
export async function walkRefusedRequests(
  store: Store,
  f: RefusedFilter,
  beforeId: number | null,
  limit: number,
  window: number,
): Promise<RefusedWalk> {
  const selecting: RawBuilder<SqlBool>[] = [];
  if (beforeId !== null) selecting.push(sql<SqlBool>`id < ${beforeId}`);
  if (f.accountId !== undefined) selecting.push(sql<SqlBool>`account_id = ${f.accountId}`);
  else if (f.code !== undefined) selecting.push(sql<SqlBool>`code = ${f.code}`);
  const checked: RawBuilder<SqlBool>[] = [];
  if (f.accountId !== undefined && f.code !== undefined) checked.push(sql<SqlBool>`code = ${f.code}`);
  if (f.status !== undefined) checked.push(sql<SqlBool>`status = ${f.status}`);
  if (f.since !== undefined) checked.push(sql<SqlBool>`at >= ${f.since}`);
  if (f.before !== undefined) checked.push(sql<SqlBool>`at < ${f.before}`);
  const where = (parts: RawBuilder<SqlBool>[]) =>
    parts.length === 0 ? sql<SqlBool>`1 = 1` : sql.join(parts, sql` and `);
  const columns = sql.join(SUMMARY_COLUMNS.map((c) => sql.ref(c)));

  if (checked.length === 0) {
    const r = await sql<SummaryRow>`select ${columns} from refused_requests where ${where(selecting)}
      order by id desc limit ${limit + 1}`.execute(store.db);
    const rows = r.rows.slice(0, limit).map(summaryOf);
    const last = rows.at(-1);
    return {
      rows,
      next: r.rows.length > limit && last ? last.id : null,
      windowEnded: false,
      windowEndAt: null,
    };
  }

  const looked = sql`select id from refused_requests where ${where(selecting)} order by id desc limit ${window}`;
  const r = await sql<SummaryRow>`select ${columns} from refused_requests
    where id in (${looked}) and ${where(checked)} order by id desc limit ${limit + 1}`.execute(store.db);
  const rows = r.rows.slice(0, limit).map(summaryOf);
  const last = rows.at(-1);
  if (r.rows.length > limit && last) return { rows, next: last.id, windowEnded: false, windowEndAt: null };
  // The page is not full: did the window end before the index did?
  const edge = await sql<{ n: number | string; id: number | string | null }>`
    select count(*) as n, min(id) as id from (${looked}) w`.execute(store.db);
  const n = Number(edge.rows[0]?.n ?? 0);
  const edgeId = edge.rows[0]?.id;
  if (n < window || edgeId === null || edgeId === undefined) {
    return { rows, next: null, windowEnded: false, windowEndAt: null };
  }
  const at = await store.db
    .selectFrom('refused_requests')
    .select('at')
    .where('id', '=', Number(edgeId))
    .executeTakeFirst();
  return { rows, next: Number(edgeId), windowEnded: true, windowEndAt: at ? Number(at.at) : null };
}
