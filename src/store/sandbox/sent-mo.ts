import type { Executor } from '../db/executor.ts';

/*
 * What a sandbox handset sent (an MO) has its place in the handset's timeline, beside what it
 * received: a `sandbox_inbox` row of channel SENT_MO_CHANNEL. One id sequence orders both, so the
 * timeline's paging, its gaps and its live stream need nothing of their own. What reached the
 * handset (the inbox API, the handsets list's counts) leaves these rows out.
 */

/** The channel of a row the handset sent; no outbound channel has this name. */
export const SENT_MO_CHANNEL = 'mo';

/**
 * MO msgKeys begin with `mo` (features/mo/receive.ts: newId('mo')); those of sent messages with
 * digits (a base-36 time). The range [PREFIX, END) of the (msg_key, step) index holds the MO rows.
 */
export const SENT_MO_KEY_PREFIX = 'mo';
export const SENT_MO_KEY_END = 'mp';

export interface SentMo {
  /** The handset that sent it (the MO's originator). */
  phone: string;
  /** The MO's msgKey (mo_messages). */
  msgKey: string;
  /** The number the sender entered. */
  from: string;
  content: string;
  /** The MO as the handset sent it, as JSON: to (the MO number), from, originator, carrier. */
  payload: string;
  receivedAt: number;
}

/**
 * Writes the row in the caller's transaction, the MO's own: the MO and its place in the
 * conversation are stored together or not at all.
 */
export async function recordSentMo(exec: Executor, mo: SentMo): Promise<void> {
  await exec
    .insertInto('sandbox_inbox')
    .values({
      phone: mo.phone,
      msg_key: mo.msgKey,
      step: 0,
      channel: SENT_MO_CHANNEL,
      msg_type: 'SM',
      from_number: mo.from,
      title: null,
      text: mo.content,
      payload: mo.payload,
      received_at: mo.receivedAt,
      failure_code: null,
      failure_text: null,
    })
    .onConflict((oc) => oc.columns(['msg_key', 'step']).doNothing())
    .execute();
}
