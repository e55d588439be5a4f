import type { Selectable } from 'kysely';
import type { Store } from '../db/database.ts';
import type { Executor } from '../db/executor.ts';
import type { TwofaRequestsTable } from '../schema/twofa.ts';

export type TwofaStatus = 'PENDING' | 'SUCCESS';

export interface TwofaRequest {
  id: string;
  accountId: string;
  number: string;
  codeHash: string;
  /** '' unless the request predates 0022_secrets (its hash is then keyed by this salt). */
  codeSalt: string;
  /** The data key the HMAC's key is derived from (null before 0022_secrets, or once deleted). */
  codeKey: string | null;
  status: TwofaStatus;
  attempts: number;
  expiresAt: number;
  createdAt: number;
  verifiedAt: number | null;
  sendRequestId: string;
}

export type NewTwofaRequest = Omit<TwofaRequest, 'status' | 'attempts' | 'verifiedAt'>;

function toRequest(r: Selectable<TwofaRequestsTable>): TwofaRequest {
  return {
    id: r.id,
    accountId: r.account_id,
    number: r.number,
    codeHash: r.code_hash,
    codeSalt: r.code_salt,
    codeKey: r.code_key,
    status: r.status === 'SUCCESS' ? 'SUCCESS' : 'PENDING',
    attempts: Number(r.attempts),
    expiresAt: Number(r.expires_at),
    createdAt: Number(r.created_at),
    verifiedAt: r.verified_at === null ? null : Number(r.verified_at),
    sendRequestId: r.send_request_id,
  };
}

/**
 * Takes the number's window row for the rest of the transaction: on PostgreSQL the upsert holds
 * its row lock until commit, so concurrent requests for one number count their window one after
 * another (SQLite runs one write transaction at a time anyway).
 */
export async function lockTwofaWindow(
  tx: Executor,
  accountId: string,
  number: string,
  now: number,
): Promise<void> {
  await tx
    .insertInto('twofa_windows')
    .values({ account_id: accountId, number, touched_at: now })
    .onConflict((oc) => oc.columns(['account_id', 'number']).doUpdateSet({ touched_at: now }))
    .execute();
}

/** Requests made to the number since `since` (exclusive). */
export async function countTwofaRequestsSince(
  tx: Executor,
  accountId: string,
  number: string,
  since: number,
): Promise<number> {
  const r = await tx
    .selectFrom('twofa_requests')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('account_id', '=', accountId)
    .where('number', '=', number)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function insertTwofaRequest(tx: Executor, r: NewTwofaRequest): Promise<void> {
  await tx
    .insertInto('twofa_requests')
    .values({
      id: r.id,
      account_id: r.accountId,
      number: r.number,
      code_hash: r.codeHash,
      code_salt: r.codeSalt,
      code_key: r.codeKey,
      status: 'PENDING',
      attempts: 0,
      expires_at: r.expiresAt,
      created_at: r.createdAt,
      verified_at: null,
      send_request_id: r.sendRequestId,
    })
    .execute();
}

/** The account's own request (another account's id is not found). */
export async function getTwofaRequest(
  store: Store,
  accountId: string,
  id: string,
): Promise<TwofaRequest | undefined> {
  const r = await store.db
    .selectFrom('twofa_requests')
    .selectAll()
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return r && toRequest(r);
}

/**
 * The number's latest request that can still be verified (pending, unexpired, attempts left);
 * failing that its latest request of any state, so that the refusal can say why.
 */
export async function latestTwofaRequest(
  store: Store,
  accountId: string,
  number: string,
  now: number,
  maxAttempts: number,
): Promise<TwofaRequest | undefined> {
  const base = store.db
    .selectFrom('twofa_requests')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('number', '=', number)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1);
  const live = await base
    .where('status', '=', 'PENDING')
    .where('expires_at', '>', now)
    .where('attempts', '<', maxAttempts)
    .executeTakeFirst();
  if (live) return toRequest(live);
  const any = await base.executeTakeFirst();
  return any && toRequest(any);
}

/**
 * Claims one verification attempt before the code is compared: a request that is pending,
 * unexpired and has attempts left gets `attempts + 1`. Claiming first bounds the guesses even when
 * many verifications of one request arrive at once. In a transaction the claim holds the row until
 * commit (PostgreSQL's row lock; SQLite runs one write transaction at a time), so a concurrent
 * claim sees the outcome of this one, never an attempt still being compared. The attempts now
 * used; null when nothing was claimed.
 */
export async function claimTwofaAttempt(
  tx: Executor,
  id: string,
  now: number,
  maxAttempts: number,
): Promise<number | null> {
  const r = await tx
    .updateTable('twofa_requests')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .where('expires_at', '>', now)
    .where('attempts', '<', maxAttempts)
    .returning('attempts')
    .executeTakeFirst();
  return r ? Number(r.attempts) : null;
}

/** PENDING → SUCCESS; false when it was not pending any more (a concurrent success). */
export async function markTwofaVerified(tx: Executor, id: string, now: number): Promise<boolean> {
  const res = await tx
    .updateTable('twofa_requests')
    .set({ status: 'SUCCESS', verified_at: now })
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** The account's requests made in [from, to), oldest first; only `id` when given. */
export async function listTwofaRequests(
  store: Store,
  accountId: string,
  from: number,
  to: number,
  id?: string,
): Promise<TwofaRequest[]> {
  let q = store.db
    .selectFrom('twofa_requests')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('created_at', '>=', from)
    .where('created_at', '<', to);
  if (id !== undefined) q = q.where('id', '=', id);
  const rows = await q.orderBy('created_at').orderBy('id').execute();
  return rows.map(toRequest);
}
