import { bulkInsert } from '../db/bulk.ts';
import type { Store } from '../db/database.ts';
import { transact } from '../db/work-signal.ts';
import { SENT_MO_CHANNEL } from './sent-mo.ts';

/*
 * The sandbox world: handsets (settings as JSON, see connectors/sandbox/settings.ts) and what
 * was sent to them (one row per message step: delivered, or failed at the handset with its
 * failure code). The inbox is the delivered rows; the console's timeline shows both, and what
 * the handset sent (sent-mo.ts), which is never part of its inbox.
 */

export interface HandsetRow {
  phone: string;
  /** The settings JSON as stored. */
  props: string;
  updatedAt: number;
}

/** Numbers per SELECT ... IN: one statement for a whole submit batch (100-200 numbers). */
const PHONES_PER_QUERY = 1000;

/** The configured handsets among `phones` (numbers without a row are not returned). */
export async function findHandsets(store: Store, phones: readonly string[]): Promise<HandsetRow[]> {
  const out: HandsetRow[] = [];
  for (let i = 0; i < phones.length; i += PHONES_PER_QUERY) {
    const rows = await store.db
      .selectFrom('sandbox_handsets')
      .select(['phone', 'props', 'updated_at'])
      .where('phone', 'in', phones.slice(i, i + PHONES_PER_QUERY))
      .execute();
    for (const r of rows) out.push({ phone: r.phone, props: r.props, updatedAt: Number(r.updated_at) });
  }
  return out;
}

export async function findHandset(store: Store, phone: string): Promise<HandsetRow | undefined> {
  const r = await store.db
    .selectFrom('sandbox_handsets')
    .select(['phone', 'props', 'updated_at'])
    .where('phone', '=', phone)
    .executeTakeFirst();
  return r ? { phone: r.phone, props: r.props, updatedAt: Number(r.updated_at) } : undefined;
}

/** Replaces the handset's settings (PUT semantics: the whole props value). */
export async function saveHandset(store: Store, phone: string, props: string, now: number): Promise<void> {
  await store.db
    .insertInto('sandbox_handsets')
    .values({ phone, props, updated_at: now })
    .onConflict((oc) => oc.column('phone').doUpdateSet({ props, updated_at: now }))
    .execute();
}

/** Back to defaults: the row goes. Returns whether there was one. */
export async function removeHandset(store: Store, phone: string): Promise<boolean> {
  const res = await store.db.deleteFrom('sandbox_handsets').where('phone', '=', phone).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

export interface NewInboxMessage {
  phone: string;
  msgKey: string;
  step: number;
  channel: string;
  msgType: string;
  from: string | null;
  title: string | null;
  text: string;
  /** The channel payload as JSON. */
  payload: string;
  receivedAt: number;
  /** Set when the step failed at the handset: the report code and text it failed with. */
  failure: { code: string; text: string } | null;
}

/**
 * Writes the steps sent to handsets, delivered and failed alike, in one multi-row INSERT
 * (store/db/bulk.ts). A (msgKey, step) already there is skipped (sandbox_inbox_once), so a
 * submission retried after a crash does not reach the handset twice. Idempotent per row, so
 * several statements need no transaction.
 */
export async function deliverToInboxes(store: Store, messages: readonly NewInboxMessage[]): Promise<void> {
  await bulkInsert(
    store.db,
    store.caps,
    'sandbox_inbox',
    [
      'phone',
      'msg_key',
      'step',
      'channel',
      'msg_type',
      'from_number',
      'title',
      'text',
      'payload',
      'received_at',
      'failure_code',
      'failure_text',
    ],
    messages.map((m) => [
      m.phone,
      m.msgKey,
      m.step,
      m.channel,
      m.msgType,
      m.from,
      m.title,
      m.text,
      m.payload,
      m.receivedAt,
      m.failure?.code ?? null,
      m.failure?.text ?? null,
    ]),
    'on conflict (msg_key, step) do nothing',
  );
}

export interface InboxMessage {
  id: number;
  phone: string;
  msgKey: string;
  step: number;
  channel: string;
  from: string | null;
  title: string | null;
  text: string;
  payload: string;
  receivedAt: number;
}

/**
 * What reached `phone` (delivered rows only: not the failed steps, nor the MOs it sent), in
 * arrival order, after the row `afterId` (paging).
 */
export async function listInbox(
  store: Store,
  phone: string,
  afterId: number,
  limit: number,
): Promise<InboxMessage[]> {
  const rows = await store.db
    .selectFrom('sandbox_inbox')
    .selectAll()
    .where('phone', '=', phone)
    .where('id', '>', afterId)
    .where('failure_code', 'is', null)
    .where('channel', '!=', SENT_MO_CHANNEL)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    phone: r.phone,
    msgKey: r.msg_key,
    step: r.step,
    channel: r.channel,
    from: r.from_number,
    title: r.title,
    text: r.text,
    payload: r.payload,
    receivedAt: Number(r.received_at),
  }));
}

/**
 * Empties the inbox, failed steps, the MOs the handset sent and the read mark included (the whole
 * conversation; the MOs themselves stay in mo_messages); returns how many delivered messages went
 * (what the inbox API showed).
 */
export async function clearInbox(store: Store, phone: string): Promise<number> {
  return transact(store, async (tx) => {
    const other = await tx
      .selectFrom('sandbox_inbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('phone', '=', phone)
      .where((eb) => eb.or([eb('failure_code', 'is not', null), eb('channel', '=', SENT_MO_CHANNEL)]))
      .executeTakeFirst();
    const all = await tx.deleteFrom('sandbox_inbox').where('phone', '=', phone).executeTakeFirst();
    await tx.deleteFrom('sandbox_inbox_reads').where('phone', '=', phone).execute();
    return Number(all.numDeletedRows) - Number(other?.n ?? 0);
  });
}
