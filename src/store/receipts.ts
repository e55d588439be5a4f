import type { DeliveryResult } from '../connectors/types.ts';
import type { Store } from './database.ts';

/** Keeps a receipt whose submission is not recorded yet. */
export async function holdEarlyReceipt(
  store: Store,
  connector: string,
  networkId: string,
  result: DeliveryResult,
  now: number,
): Promise<void> {
  await store.db
    .insertInto('early_receipts')
    .values({ connector, network_id: networkId, result: JSON.stringify(result), created_at: now })
    .onConflict((oc) => oc.columns(['connector', 'network_id']).doNothing())
    .execute();
}

/**
 * Takes (deletes and returns) held receipts for these ids. Whoever takes one settles it: the
 * receipt's own path or the submission's commit, never both.
 */
export async function takeEarlyReceipts(
  store: Store,
  connector: string,
  networkIds: readonly string[],
): Promise<Map<string, DeliveryResult>> {
  const out = new Map<string, DeliveryResult>();
  for (let i = 0; i < networkIds.length; i += 500) {
    const rows = await store.db
      .deleteFrom('early_receipts')
      .where('connector', '=', connector)
      .where('network_id', 'in', networkIds.slice(i, i + 500))
      .returning(['network_id', 'result'])
      .execute();
    for (const r of rows) out.set(r.network_id, JSON.parse(r.result) as DeliveryResult);
  }
  return out;
}
