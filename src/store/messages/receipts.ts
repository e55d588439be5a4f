import type { DeliveryResult } from '../../connectors/types.ts';
import { bulkInsert } from '../db/bulk.ts';
import type { Store } from '../db/database.ts';
import type { Executor } from '../db/executor.ts';

/** Keeps receipts whose submissions are not recorded yet (a batch: one statement). */
export async function holdEarlyReceipts(
  store: Store,
  connector: string,
  receipts: ReadonlyArray<{ networkId: string; result: DeliveryResult }>,
): Promise<void> {
  const now = Date.now();
  if (receipts.length === 0) return;
  // One row per id (the newest), as the upsert would leave it.
  const last = new Map(receipts.map((r) => [r.networkId, r.result]));
  await bulkInsert(
    store.db,
    store.caps,
    'early_receipts',
    ['connector', 'network_id', 'result', 'created_at'],
    [...last].map(([id, result]) => [connector, id, JSON.stringify(result), now]),
    'on conflict (connector, network_id) do update set result = excluded.result, created_at = excluded.created_at',
  );
}

/**
 * A receipt overtakes its submission's record by moments; one held longer is a repeat for a
 * message already settled, and must not settle a later message the network gave the same id.
 * Measured on the wall clock, as SMPP claims are: it is about the network's timing, and a jump
 * of the manual gateway clock (the sandbox) must not make a receipt of a second ago stale.
 */
export const EARLY_RECEIPT_KEEP_MS = 10 * 60_000;

/**
 * Connectors whose ids are never given out again (an upstream gateway's msgKeys) keep a receipt
 * that overtook its submission's record longer: the record may come only with a retry of a
 * request whose answer was lost, minutes or hours later, and the network will not report again.
 * Set by those connectors when made (a process's own map; each thread makes its connectors).
 */
const keepFor = new Map<string, number>();

export function keepEarlyReceipts(connector: string, ms: number): void {
  keepFor.set(connector, ms);
}

function keepMs(connector: string): number {
  return keepFor.get(connector) ?? EARLY_RECEIPT_KEEP_MS;
}

/**
 * Takes (deletes and returns) held receipts for these ids. Whoever takes one settles it: the
 * receipt's own path or the submission's commit, never both. Stale ones are taken and dropped.
 */
export async function takeEarlyReceipts(
  store: Store,
  connector: string,
  networkIds: readonly string[],
): Promise<Map<string, DeliveryResult>> {
  const now = Date.now();
  const keep = keepMs(connector);
  const out = new Map<string, DeliveryResult>();
  for (let i = 0; i < networkIds.length; i += 500) {
    const rows = await store.db
      .deleteFrom('early_receipts')
      .where('connector', '=', connector)
      .where('network_id', 'in', networkIds.slice(i, i + 500))
      .returning(['network_id', 'result', 'created_at'])
      .execute();
    for (const r of rows) {
      if (Number(r.created_at) >= now - keep) out.set(r.network_id, JSON.parse(r.result) as DeliveryResult);
    }
  }
  return out;
}

/** Held receipts whose attempt is recorded and still waiting (the sweep settles them). */
export async function matchedEarlyReceipts(
  store: Store,
  limit: number,
): Promise<Array<{ connector: string; networkId: string }>> {
  const rows = await store.db
    .selectFrom('early_receipts as e')
    .innerJoin('message_attempts as a', (j) =>
      j.onRef('a.connector', '=', 'e.connector').onRef('a.network_id', '=', 'e.network_id'),
    )
    .select(['e.connector', 'e.network_id'])
    .where('a.status', '=', 'waiting')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ connector: r.connector, networkId: r.network_id }));
}

/** Forgets held receipts no submission came for. */
export async function pruneEarlyReceipts(store: Store): Promise<void> {
  const now = Date.now();
  const longer = [...keepFor.keys()];
  let q = store.db.deleteFrom('early_receipts').where('created_at', '<', now - EARLY_RECEIPT_KEEP_MS);
  if (longer.length > 0) q = q.where('connector', 'not in', longer);
  await q.execute();
  for (const [connector, ms] of keepFor) {
    await store.db
      .deleteFrom('early_receipts')
      .where('connector', '=', connector)
      .where('created_at', '<', now - ms)
      .execute();
  }
}

/** Early receipts a pass settled with its submissions, deleted in that pass's transaction. */
export async function dropEarlyReceipts(
  exec: Executor,
  taken: ReadonlyArray<{ connector: string; networkId: string }>,
): Promise<void> {
  const byConnector = new Map<string, string[]>();
  for (const t of taken) byConnector.set(t.connector, [...(byConnector.get(t.connector) ?? []), t.networkId]);
  for (const [connector, ids] of byConnector) {
    for (let i = 0; i < ids.length; i += 500) {
      await exec
        .deleteFrom('early_receipts')
        .where('connector', '=', connector)
        .where('network_id', 'in', ids.slice(i, i + 500))
        .execute();
    }
  }
}
