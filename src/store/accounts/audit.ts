import type { Store } from '../db/database.ts';

/** One operator action: who (the admin token, a console session, the CLI), what, on what, when. */
export interface AuditEntry {
  id: number;
  /** Epoch ms, real time (not the sandbox clock, which an operator may move). */
  at: number;
  actor: string;
  action: string;
  /** The path parameters (or the CLI's arguments), secrets left out. */
  target: Record<string, string>;
  /** The HTTP status it was answered with (the CLI: 200 done, 400 refused). */
  status: number;
  trId: string;
}

/** Records an entry; answers its id. */
export async function insertAudit(store: Store, e: Omit<AuditEntry, 'id'>): Promise<number> {
  const row = await store.db
    .insertInto('audit_log')
    .values({
      at: e.at,
      actor: e.actor,
      action: e.action,
      target: JSON.stringify(e.target),
      status: e.status,
      tr_id: e.trId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Rewrites what an entry says (an aggregated one: its count grows). */
export async function updateAuditEntry(
  store: Store,
  id: number,
  change: { target: Record<string, string>; status: number; trId: string },
): Promise<void> {
  await store.db
    .updateTable('audit_log')
    .set({ target: JSON.stringify(change.target), status: change.status, tr_id: change.trId })
    .where('id', '=', id)
    .execute();
}

/** Newest first, older than the entry `beforeId` when given; `next` is where to go on (null: no more). */
export async function listAudit(
  store: Store,
  beforeId: number | null,
  limit: number,
): Promise<{ entries: AuditEntry[]; next: number | null }> {
  let q = store.db.selectFrom('audit_log').selectAll();
  if (beforeId !== null) q = q.where('id', '<', beforeId);
  // One more row than asked tells whether there is more.
  const rows = await q
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute();
  const entries = rows.slice(0, limit).map((r) => ({
    id: Number(r.id),
    at: Number(r.at),
    actor: r.actor,
    action: r.action,
    target: JSON.parse(r.target) as Record<string, string>,
    status: r.status,
    trId: r.tr_id,
  }));
  const last = entries[entries.length - 1];
  return { entries, next: rows.length > limit && last ? last.id : null };
}
