import { type SqlBool, sql } from 'kysely';
import { bulkInsert } from '../db/bulk.ts';
import type { Store } from '../db/database.ts';
import { transact } from '../db/work-signal.ts';

/*
 * The records of an upstream connector (src/connectors/upstream/, migration 0027): which
 * (msgKey, step) went in which request to the upstream, and what the upstream answered.
 */

const key = (msgKey: string, step: number) => `${msgKey}\u0000${step}`;
export const sendKey = key;

/** What is known of a message at a step before a pass hands it on. */
export type KnownSend =
  | { state: 'accepted'; networkId: string }
  | { state: 'refused' | 'uncertain'; code: string; text: string }
  /** In a request that may have left: repeated (same key, same body), never composed again. */
  | { state: 'pending'; batchId: string };

export async function knownSends(
  store: Store,
  connector: string,
  items: ReadonlyArray<{ msgKey: string; step: number }>,
): Promise<Map<string, KnownSend>> {
  const out = new Map<string, KnownSend>();
  const wanted = new Set(items.map((i) => key(i.msgKey, i.step)));
  const keys = [...new Set(items.map((i) => i.msgKey))];
  for (let i = 0; i < keys.length; i += 500) {
    const rows = await store.db
      .selectFrom('upstream_sends')
      .select(['msg_key', 'step', 'batch_id', 'state', 'network_id', 'code', 'text'])
      .where('connector', '=', connector)
      .where('msg_key', 'in', keys.slice(i, i + 500))
      .execute();
    for (const r of rows) {
      const k = key(r.msg_key, Number(r.step));
      if (!wanted.has(k)) continue;
      if (r.state === 'accepted') out.set(k, { state: 'accepted', networkId: r.network_id });
      else if (r.state === 'refused' || r.state === 'uncertain')
        out.set(k, { state: r.state, code: r.code ?? '', text: r.text ?? '' });
      else out.set(k, { state: 'pending', batchId: r.batch_id });
    }
  }
  return out;
}

export interface NewBatch {
  batchId: string;
  members: ReadonlyArray<{ msgKey: string; step: number; intl: boolean }>;
  body: string;
  sealed: boolean;
}

/** Another pass holds a message of the batch (its row was there first): the batch is not stored. */
export class BatchConflict extends Error {}

/**
 * Stores a request before it leaves, in one transaction: the batch with its body and members, and
 * a row per member pointing at it (each message's one claim: a second pass composing the same
 * message finds it, and the transaction rolls back with BatchConflict). From then on a retry
 * repeats exactly this request. The batch is leased to the caller (`leaseUntil`, wall clock).
 */
export async function storeBatch(
  store: Store,
  connector: string,
  b: NewBatch,
  now: number,
  wallNow: number,
  leaseUntil: number,
): Promise<void> {
  await transact(store, async (tx) => {
    const rows = await bulkInsert<'upstream_sends', { msg_key: string }>(
      tx,
      store.caps,
      'upstream_sends',
      ['connector', 'msg_key', 'step', 'batch_id', 'state', 'network_id', 'intl', 'created_at'],
      b.members.map((m) => [connector, m.msgKey, m.step, b.batchId, 'pending', '', m.intl ? 1 : 0, wallNow]),
      'on conflict do nothing returning msg_key',
    );
    if (rows.length !== b.members.length) throw new BatchConflict(`${b.members.length - rows.length} taken`);
    await bulkInsert(
      tx,
      store.caps,
      'upstream_batches',
      ['connector', 'batch_id', 'members', 'body', 'sealed', 'lease_until', 'tries', 'created_at'],
      [
        [
          connector,
          b.batchId,
          JSON.stringify(b.members.map((m) => [m.msgKey, m.step])),
          b.body,
          b.sealed ? 1 : 0,
          leaseUntil,
          0,
          now,
        ],
      ],
    );
  });
}

export interface StoredBatch {
  batchId: string;
  members: Array<{ msgKey: string; step: number }>;
  body: string;
  sealed: boolean;
  tries: number;
}

export type Lease =
  | { state: 'leased'; batch: StoredBatch }
  /** Another sender holds it (its request under way), or it was answered meanwhile. */
  | { state: 'busy' }
  /** No longer stored (pruned): whether it reached the upstream cannot be known. */
  | { state: 'gone' }
  /** Stored before `createdAfter`: the upstream may have forgotten its key, a repeat could deliver twice. */
  | { state: 'expired' };

/** Takes a stored, unanswered batch for a try, leased until `leaseUntil` (wall clock). */
export async function leaseBatch(
  store: Store,
  connector: string,
  batchId: string,
  wallNow: number,
  leaseUntil: number,
  createdAfter: number,
): Promise<Lease> {
  const row = await store.db
    .selectFrom('upstream_batches')
    .select(['answered_at', 'created_at'])
    .where('connector', '=', connector)
    .where('batch_id', '=', batchId)
    .executeTakeFirst();
  if (!row) return { state: 'gone' };
  if (row.answered_at !== null) return { state: 'busy' };
  if (Number(row.created_at) < createdAfter) return { state: 'expired' };
  const r = await store.db
    .updateTable('upstream_batches')
    .set({ lease_until: leaseUntil })
    .where('connector', '=', connector)
    .where('batch_id', '=', batchId)
    .where('answered_at', 'is', null)
    .where('lease_until', '<', wallNow)
    .returning(['batch_id', 'members', 'body', 'sealed', 'tries'])
    .executeTakeFirst();
  if (!r) return { state: 'busy' };
  const members: Array<{ msgKey: string; step: number }> = [];
  const parsed: unknown = JSON.parse(r.members);
  if (Array.isArray(parsed)) {
    for (const m of parsed) {
      if (Array.isArray(m) && typeof m[0] === 'string' && typeof m[1] === 'number') {
        members.push({ msgKey: m[0], step: m[1] });
      }
    }
  }
  return {
    state: 'leased',
    batch: {
      batchId: r.batch_id,
      members,
      body: r.body,
      sealed: Number(r.sealed) === 1,
      tries: Number(r.tries),
    },
  };
}

/**
 * Moves a lease this sender still holds (`held`) to `until`, right before its request leaves:
 * the wait for the rate limit and for a free connection must not eat the time the request has.
 * False when it was lost meanwhile (another sender took the batch): this one sends nothing.
 */
export async function renewLease(
  store: Store,
  connector: string,
  batchId: string,
  held: number,
  until: number,
): Promise<boolean> {
  const r = await store.db
    .updateTable('upstream_batches')
    .set({ lease_until: until })
    .where('connector', '=', connector)
    .where('batch_id', '=', batchId)
    .where('lease_until', '=', held)
    .where('answered_at', 'is', null)
    .returning('batch_id')
    .executeTakeFirst();
  return r !== undefined;
}

/** A try that got no answer to act on: free for the next try at once, if this sender still holds it. */
export async function releaseBatch(
  store: Store,
  connector: string,
  batchId: string,
  held: number,
): Promise<void> {
  await store.db
    .updateTable('upstream_batches')
    .set((eb) => ({ lease_until: 0, tries: eb('tries', '+', 1) }))
    .where('connector', '=', connector)
    .where('batch_id', '=', batchId)
    .where('lease_until', '=', held)
    .execute();
}

export type MemberAnswer =
  | { msgKey: string; step: number; state: 'accepted'; networkId: string }
  /** `uncertain`: refused on a repeat, after an earlier try the upstream may have taken. */
  | { msgKey: string; step: number; state: 'refused' | 'uncertain'; code: string; text: string };

/**
 * The upstream answered a batch: each member's outcome, and the batch answered (its body, which
 * may hold message texts, is no longer kept). One transaction.
 */
export async function recordAnswer(
  store: Store,
  connector: string,
  batchId: string,
  answers: readonly MemberAnswer[],
  now: number,
): Promise<void> {
  await transact(store, async (tx) => {
    await tx
      .updateTable('upstream_batches')
      .set({ answered_at: now, body: '', lease_until: 0 })
      .where('connector', '=', connector)
      .where('batch_id', '=', batchId)
      .execute();
    // One statement for the batch: every row exists (storeBatch), so each upsert is an update.
    await bulkInsert(
      tx,
      store.caps,
      'upstream_sends',
      [
        'connector',
        'msg_key',
        'step',
        'batch_id',
        'state',
        'network_id',
        'code',
        'text',
        'intl',
        'created_at',
      ],
      answers.map((a) => [
        connector,
        a.msgKey,
        a.step,
        batchId,
        a.state,
        a.state === 'accepted' ? a.networkId : '',
        a.state === 'accepted' ? null : a.code,
        a.state === 'accepted' ? null : a.text,
        0,
        0,
      ]),
      'on conflict (connector, msg_key, step) do update set state = excluded.state, network_id = excluded.network_id, code = excluded.code, text = excluded.text',
    );
  });
}

/** Of these upstream msgKeys, the ones sent to an international number. */
export async function internationalAmong(
  store: Store,
  connector: string,
  networkIds: readonly string[],
): Promise<Set<string>> {
  const out = new Set<string>();
  for (let i = 0; i < networkIds.length; i += 500) {
    const rows = await store.db
      .selectFrom('upstream_sends')
      .select('network_id')
      .where('connector', '=', connector)
      .where('network_id', 'in', networkIds.slice(i, i + 500))
      .where(sql<SqlBool>`intl = 1`)
      .execute();
    for (const r of rows) out.add(r.network_id);
  }
  return out;
}

/**
 * Forgets answered batches after `answeredBefore`, and any batch after `before` (by then the
 * upstream's idempotency key has expired: a repeat could deliver twice, so none is made).
 */
export async function pruneBatches(
  store: Store,
  connector: string,
  answeredBefore: number,
  before: number,
): Promise<void> {
  await store.db
    .deleteFrom('upstream_batches')
    .where('connector', '=', connector)
    .where((eb) =>
      eb.or([
        eb.and([eb('answered_at', 'is not', null), eb('answered_at', '<', answeredBefore)]),
        eb('created_at', '<', before),
      ]),
    )
    .execute();
}

/**
 * Forgets what was handed on before `before` (wall clock): by then its message has been settled
 * (or purged, which removes these rows with its attempts) and no report is still coming.
 */
export async function pruneSends(store: Store, connector: string, before: number): Promise<void> {
  await store.db
    .deleteFrom('upstream_sends')
    .where('connector', '=', connector)
    .where('created_at', '<', before)
    .execute();
  await store.db
    .deleteFrom('upstream_files')
    .where('connector', '=', connector)
    .where('expires_at', '<', before)
    .execute();
}

/** The upstream's key for a file of this gateway, while it has not expired. */
export async function upstreamFile(
  store: Store,
  connector: string,
  kind: string,
  accountId: string,
  localKey: string,
  now: number,
): Promise<string | undefined> {
  const r = await store.db
    .selectFrom('upstream_files')
    .select(['remote_key', 'expires_at'])
    .where('connector', '=', connector)
    .where('kind', '=', kind)
    .where('account_id', '=', accountId)
    .where('local_key', '=', localKey)
    .executeTakeFirst();
  return r && Number(r.expires_at) > now ? r.remote_key : undefined;
}

export async function keepUpstreamFile(
  store: Store,
  row: {
    connector: string;
    kind: string;
    accountId: string;
    localKey: string;
    remoteKey: string;
    expiresAt: number;
  },
  now: number,
): Promise<void> {
  await bulkInsert(
    store.db,
    store.caps,
    'upstream_files',
    ['connector', 'kind', 'account_id', 'local_key', 'remote_key', 'expires_at', 'created_at'],
    [[row.connector, row.kind, row.accountId, row.localKey, row.remoteKey, row.expiresAt, now]],
    'on conflict (connector, kind, account_id, local_key) do update set remote_key = excluded.remote_key, expires_at = excluded.expires_at, created_at = excluded.created_at',
  );
}
