import { bulkInsert } from './bulk.ts';
import type { Store } from './database.ts';

/** A message an SMSC has taken: its (msgKey, step) and the id its receipts will carry. */
export interface SmppSubmission {
  msgKey: string;
  step: number;
  networkId: string;
  /** For a concatenated message: the SMSC's id of each part. */
  partIds?: readonly string[];
}

const key = (msgKey: string, step: number) => `${msgKey}\u0000${step}`;

/** The network ids of these submissions that an SMSC already took (a resubmitted pass). */
export async function findSubmissions(
  store: Store,
  connector: string,
  items: ReadonlyArray<{ msgKey: string; step: number }>,
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (let i = 0; i < items.length; i += 500) {
    const chunk = items.slice(i, i + 500);
    const rows = await store.db
      .selectFrom('smpp_submissions')
      .select(['msg_key', 'step', 'network_id'])
      .where('connector', '=', connector)
      .where(
        'msg_key',
        'in',
        chunk.map((c) => c.msgKey),
      )
      .execute();
    for (const r of rows) out.set(key(r.msg_key, Number(r.step)), r.network_id);
  }
  return out;
}

export const submissionKey = key;

/** Records what an SMSC took, in one transaction: the submissions and the parts of concatenated ones. */
export async function recordSubmissions(
  store: Store,
  connector: string,
  subs: readonly SmppSubmission[],
  now: number,
): Promise<void> {
  if (subs.length === 0) return;
  const parts: unknown[][] = [];
  for (const s of subs) for (const p of s.partIds ?? []) parts.push([connector, p, s.networkId, 0, now]);
  await store.db.transaction().execute(async (tx) => {
    await bulkInsert(
      tx,
      store.caps,
      'smpp_submissions',
      ['connector', 'msg_key', 'step', 'network_id', 'created_at'],
      subs.map((s) => [connector, s.msgKey, s.step, s.networkId, now]),
      'on conflict do nothing',
    );
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
  return store.db.transaction().execute(async (tx) => {
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
    // Every part delivered: the message is settled, and the SMSC may give these ids out again.
    if (remaining === 0)
      await tx
        .deleteFrom('smpp_parts')
        .where('connector', '=', connector)
        .where('network_id', '=', part.network_id)
        .execute();
    return { networkId: part.network_id, remaining };
  });
}

/** Forgets the parts of a message whose result is known (a part failed). */
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

/** The message network id of a part, if the id is a known part. */
export async function partOf(store: Store, connector: string, partId: string): Promise<string | undefined> {
  const row = await store.db
    .selectFrom('smpp_parts')
    .select('network_id')
    .where('connector', '=', connector)
    .where('part_id', '=', partId)
    .executeTakeFirst();
  return row?.network_id;
}

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
    .onConflict((oc) => oc.columns(['connector', 'source', 'destination', 'ref', 'total', 'seq']).doNothing())
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
  if (rows.length < k.total) return null;
  return {
    contents: rows.map((r) => r.content),
    firstAt: Math.min(...rows.map((r) => Number(r.created_at))),
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
