import { bulkInsert } from '../db/bulk.ts';
import type { Store } from '../db/database.ts';
import { transact } from '../db/work-signal.ts';

/** A message an SMSC has taken: its (msgKey, step) and the id its receipts will carry. */
export interface SmppSubmission {
  msgKey: string;
  step: number;
  networkId: string;
  /** For a concatenated message: the SMSC's id of each part. */
  partIds?: readonly string[];
}

const key = (msgKey: string, step: number) => `${msgKey}\u0000${step}`;

/** What a pass may do with each message it is about to submit (claimSubmissions). */
export interface Claims {
  /** Claimed by this pass: submit them. */
  mine: Set<string>;
  /** Taken by the SMSC before (a pass retried after a crash or a lost lease): their network ids. */
  known: Map<string, string>;
  /** Being submitted by another pass right now: leave them to it. */
  busy: Set<string>;
}

const PENDING = '';

/**
 * Claims submissions before a single submit_sm leaves: a row per (msgKey, step), pending until
 * the SMSC's answer gives it a network id. Two passes on the same message (the sweep's safety net
 * meets a slow one, a lease runs out) cannot both send it: the second finds the first's row. A
 * pending row not refreshed since `staleBefore` belonged to a pass that died; it is taken over.
 */
export async function claimSubmissions(
  store: Store,
  connector: string,
  items: ReadonlyArray<{ msgKey: string; step: number }>,
  now: number,
  staleBefore: number,
): Promise<Claims> {
  const claims: Claims = { mine: new Set(), known: new Map(), busy: new Set() };
  if (items.length === 0) return claims;
  const inserted = await bulkInsert<'smpp_submissions', { msg_key: string; step: number | string }>(
    store.db,
    store.caps,
    'smpp_submissions',
    ['connector', 'msg_key', 'step', 'network_id', 'created_at'],
    items.map((i) => [connector, i.msgKey, i.step, PENDING, now]),
    'on conflict do nothing returning msg_key, step',
  );
  for (const r of inserted) claims.mine.add(key(r.msg_key, Number(r.step)));
  const rest = items.filter((i) => !claims.mine.has(key(i.msgKey, i.step)));
  for (let i = 0; i < rest.length; i += 500) {
    const rows = await store.db
      .selectFrom('smpp_submissions')
      .select(['msg_key', 'step', 'network_id', 'created_at'])
      .where('connector', '=', connector)
      .where(
        'msg_key',
        'in',
        rest.slice(i, i + 500).map((r) => r.msgKey),
      )
      .execute();
    for (const r of rows) {
      const k = key(r.msg_key, Number(r.step));
      if (r.network_id !== PENDING) claims.known.set(k, r.network_id);
      else if (Number(r.created_at) >= staleBefore) claims.busy.add(k);
      else {
        const taken = await store.db
          .updateTable('smpp_submissions')
          .set({ created_at: now })
          .where('connector', '=', connector)
          .where('msg_key', '=', r.msg_key)
          .where('step', '=', Number(r.step))
          .where('network_id', '=', PENDING)
          .where('created_at', '<', staleBefore)
          .returning('msg_key')
          .executeTakeFirst();
        if (taken) claims.mine.add(k);
        else claims.busy.add(k);
      }
    }
  }
  return claims;
}

/** Keeps the claims of a pass still at work fresh (see claimSubmissions). */
export async function refreshClaims(
  store: Store,
  connector: string,
  msgKeys: readonly string[],
  now: number,
): Promise<void> {
  for (let i = 0; i < msgKeys.length; i += 500) {
    await store.db
      .updateTable('smpp_submissions')
      .set({ created_at: now })
      .where('connector', '=', connector)
      .where('msg_key', 'in', msgKeys.slice(i, i + 500))
      .where('network_id', '=', PENDING)
      .execute();
  }
}

export const submissionKey = key;

/**
 * Records the SMSC's answers, in one transaction: the network ids of what it took (and the parts
 * of concatenated ones), and the release of claims it did not take, for a later pass to submit.
 */
export async function recordSubmissions(
  store: Store,
  connector: string,
  subs: readonly SmppSubmission[],
  released: readonly string[],
  now: number,
  /** The connector sends concatenated messages: part records may exist to be replaced. */
  withParts: boolean,
): Promise<void> {
  if (subs.length === 0 && released.length === 0) return;
  const parts: unknown[][] = [];
  for (const s of subs) for (const p of s.partIds ?? []) parts.push([connector, p, s.networkId, 0, now]);
  await transact(store, async (tx) => {
    if (subs.length > 0)
      await bulkInsert(
        tx,
        store.caps,
        'smpp_submissions',
        ['connector', 'msg_key', 'step', 'network_id', 'created_at'],
        subs.map((s) => [connector, s.msgKey, s.step, s.networkId, now]),
        'on conflict (connector, msg_key, step) do update set network_id = excluded.network_id, created_at = excluded.created_at',
      );
    // A single-part message under an id that was a part's: the SMSC gave the id out again, and
    // the old part record must not take this message's receipt.
    const singles = withParts ? subs.filter((x) => !x.partIds).map((x) => x.networkId) : [];
    for (let i = 0; i < singles.length; i += 500) {
      await tx
        .deleteFrom('smpp_parts')
        .where('connector', '=', connector)
        .where('part_id', 'in', singles.slice(i, i + 500))
        .execute();
    }
    for (let i = 0; i < released.length; i += 500) {
      await tx
        .deleteFrom('smpp_submissions')
        .where('connector', '=', connector)
        .where('msg_key', 'in', released.slice(i, i + 500))
        .where('network_id', '=', PENDING)
        .execute();
    }
    if (parts.length > 0)
      await bulkInsert(
        tx,
        store.caps,
        'smpp_parts',
        ['connector', 'part_id', 'network_id', 'delivered', 'created_at'],
        parts,
        // An id the SMSC used before belongs to this message now.
        'on conflict (connector, part_id) do update set network_id = excluded.network_id, delivered = 0, created_at = excluded.created_at',
      );
  });
}

/**
 * A delivered receipt for one part: marks it and answers the message's network id and how many
 * of its parts still lack a delivered receipt; undefined when the id is not a known part.
 */
export async function partDelivered(
  store: Store,
  connector: string,
  partId: string,
): Promise<{ networkId: string; remaining: number } | undefined> {
  return transact(store, async (tx) => {
    const part = await tx
      .selectFrom('smpp_parts')
      .select('network_id')
      .where('connector', '=', connector)
      .where('part_id', '=', partId)
      .executeTakeFirst();
    if (!part) return undefined;
    // Receipts of two parts at once must not each see the other undelivered (and neither settle
    // the message): the message's parts are locked together, in one order, before any change.
    let q = tx
      .selectFrom('smpp_parts')
      .select(['part_id', 'delivered'])
      .where('connector', '=', connector)
      .where('network_id', '=', part.network_id)
      .orderBy('part_id');
    if (store.caps.dialect === 'postgres') q = q.forUpdate();
    const parts = await q.execute();
    if (!parts.some((p) => p.part_id === partId)) return undefined;
    await tx
      .updateTable('smpp_parts')
      .set({ delivered: 1 })
      .where('connector', '=', connector)
      .where('part_id', '=', partId)
      .execute();
    const remaining = parts.filter((p) => p.part_id !== partId && Number(p.delivered) === 0).length;
    // The rows stay until the message is settled (dropParts): a failure in between leaves a
    // repeated receipt something to find.
    return { networkId: part.network_id, remaining };
  });
}

/** delivered = 2: the message's result is known; receipts of its parts from now on are repeats. */
export const PART_SETTLED = 2;

/** Marks the parts of a settled message, so that later receipts for them are known as repeats. */
export async function settleParts(store: Store, connector: string, networkId: string): Promise<void> {
  await store.db
    .updateTable('smpp_parts')
    .set({ delivered: PART_SETTLED })
    .where('connector', '=', connector)
    .where('network_id', '=', networkId)
    .execute();
}

/** Forgets the parts of a message (stale ones, once the SMSC may have given their ids out again). */
export async function dropParts(store: Store, connector: string, networkId: string): Promise<void> {
  await store.db
    .deleteFrom('smpp_parts')
    .where('connector', '=', connector)
    .where('network_id', '=', networkId)
    .execute();
}

/** Which of these ids are parts of concatenated messages. */
export async function partsAmong(
  store: Store,
  connector: string,
  ids: readonly string[],
): Promise<Set<string>> {
  const out = new Set<string>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await store.db
      .selectFrom('smpp_parts')
      .select('part_id')
      .where('connector', '=', connector)
      .where('part_id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const r of rows) out.add(r.part_id);
  }
  return out;
}

/** The message network id of a part and when it was recorded (wall clock), if the id is a known part. */
export async function partOf(
  store: Store,
  connector: string,
  partId: string,
): Promise<{ networkId: string; at: number; settled: boolean } | undefined> {
  const row = await store.db
    .selectFrom('smpp_parts')
    .select(['network_id', 'created_at', 'delivered'])
    .where('connector', '=', connector)
    .where('part_id', '=', partId)
    .executeTakeFirst();
  return (
    row && {
      networkId: row.network_id,
      at: Number(row.created_at),
      settled: Number(row.delivered) === PART_SETTLED,
    }
  );
}

/** A part slot older than this is taken to be a new MO's (8-bit references come round again). */
const MO_PART_REUSED_MS = 10 * 60_000;

export interface MoPartKey {
  connector: string;
  source: string;
  destination: string;
  ref: number;
  total: number;
}

/**
 * Keeps one part of a concatenated MO (a repeat is ignored) and answers every part held for its
 * message when all of them are there, in order, with the first one's arrival time.
 */
export async function addMoPart(
  store: Store,
  k: MoPartKey,
  seq: number,
  content: string,
  now: number,
): Promise<{ contents: string[]; firstAt: number } | null> {
  await store.db
    .insertInto('smpp_mo_parts')
    .values({ ...k, seq, content, created_at: now })
    // A repeat of a part is ignored; a part found in a slot long filled (left by an MO that never
    // completed, or repeated after its MO was taken) belongs to a new MO with the same 8-bit ref.
    .onConflict((oc) =>
      oc
        .columns(['connector', 'source', 'destination', 'ref', 'total', 'seq'])
        .doUpdateSet({ content, created_at: now })
        .where('smpp_mo_parts.created_at', '<', now - MO_PART_REUSED_MS),
    )
    .execute();
  const rows = await store.db
    .selectFrom('smpp_mo_parts')
    .select(['seq', 'content', 'created_at'])
    .where('connector', '=', k.connector)
    .where('source', '=', k.source)
    .where('destination', '=', k.destination)
    .where('ref', '=', k.ref)
    .where('total', '=', k.total)
    .orderBy('seq')
    .execute();
  // Parts left long before the newest are another MO's (its 8-bit reference came round again).
  const newest = Math.max(...rows.map((r) => Number(r.created_at)));
  const fresh = rows.filter((r) => Number(r.created_at) >= newest - MO_PART_REUSED_MS);
  if (fresh.length < rows.length) {
    await store.db
      .deleteFrom('smpp_mo_parts')
      .where('connector', '=', k.connector)
      .where('source', '=', k.source)
      .where('destination', '=', k.destination)
      .where('ref', '=', k.ref)
      .where('total', '=', k.total)
      .where('created_at', '<', newest - MO_PART_REUSED_MS)
      .execute();
  }
  if (fresh.length < k.total) return null;
  return {
    contents: fresh.map((r) => r.content),
    firstAt: Math.min(...fresh.map((r) => Number(r.created_at))),
  };
}

/** Forgets the parts of an MO once it is taken. */
export async function dropMoParts(store: Store, k: MoPartKey): Promise<void> {
  await store.db
    .deleteFrom('smpp_mo_parts')
    .where('connector', '=', k.connector)
    .where('source', '=', k.source)
    .where('destination', '=', k.destination)
    .where('ref', '=', k.ref)
    .where('total', '=', k.total)
    .execute();
}

/** Forgets what no receipt or resubmission can need any more. */
export async function pruneSmpp(
  store: Store,
  connector: string,
  submittedBefore: number,
  moPartsBefore: number,
): Promise<void> {
  await store.db
    .deleteFrom('smpp_submissions')
    .where('connector', '=', connector)
    .where('created_at', '<', submittedBefore)
    .execute();
  await store.db
    .deleteFrom('smpp_parts')
    .where('connector', '=', connector)
    .where('created_at', '<', submittedBefore)
    .execute();
  await store.db
    .deleteFrom('smpp_mo_parts')
    .where('connector', '=', connector)
    .where('created_at', '<', moPartsBefore)
    .execute();
}

/** Attempts waiting for their receipt, per connector (the partial index of migration 0016). */
export async function pendingReceipts(store: Store): Promise<Map<string, number>> {
  const rows = await store.db
    .selectFrom('message_attempts')
    .select(['connector', (eb) => eb.fn.countAll<number>().as('n')])
    .where('status', '=', 'waiting')
    .groupBy('connector')
    .execute();
  return new Map(rows.map((r) => [r.connector, Number(r.n)]));
}
