import { sql } from 'kysely';
import type { Store } from '../db/database.ts';

/**
 * How long before its send a message may have been accepted: a reservation is at most a year
 * ahead (A331), and failover and retries add days. Messages created earlier than `since` minus
 * this cannot have an attempt after `since`, which lets the (account_id, created_at) index of
 * messages bound the search instead of scanning every attempt.
 */
const ACCEPT_LEAD_MS = 400 * 86_400_000;

/** Rows looked at per round; the text filter makes nearly every row a match. */
const PAGE = 50;

/** `%` and `_` match literally, with `\` as the escape character. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

interface Row {
  step: number | string;
  flow: string;
}

/** Whether step `step` of a stored flow is an infomsg step of `senderKey`. */
function isInfomsgStepOf(flow: string, step: number, senderKey: string): boolean {
  const steps: unknown = JSON.parse(flow);
  if (!Array.isArray(steps)) return false;
  const s: unknown = steps[step];
  if (s === null || typeof s !== 'object') return false;
  const { channel, payload } = s as { channel?: unknown; payload?: unknown };
  if (channel !== 'infomsg' || payload === null || typeof payload !== 'object') return false;
  const key = (payload as { senderKey?: unknown }).senderKey;
  return typeof key === 'string' && key.trim() === senderKey;
}

/**
 * Whether the account made an informational (infomsg) send with this senderKey at or after
 * `since`: an infomsg attempt submitted in the window, whatever its outcome, of a message whose
 * flow names the profile at that step. The senderKey lives in the stored flow (JSON text), so
 * a LIKE on the flow narrows the candidates in the database and each is confirmed here.
 */
export async function hasInfomsgSendSince(
  store: Store,
  accountId: string,
  senderKey: string,
  since: number,
): Promise<boolean> {
  const pattern = `%${likeLiteral(senderKey)}%`;
  for (let offset = 0; ; offset += PAGE) {
    const res = await sql<Row>`
      select distinct a.step, r.flow, r.id
      from messages m
      join message_attempts a on a.msg_key = m.msg_key
      join send_requests r on r.id = m.request_id
      where m.account_id = ${accountId}
        and m.created_at >= ${since - ACCEPT_LEAD_MS}
        and a.channel = 'infomsg'
        and a.submitted_at >= ${since}
        and r.flow like ${pattern} escape '\\'
      order by r.id, a.step
      limit ${PAGE} offset ${offset}`.execute(store.db);
    if (res.rows.some((r) => isInfomsgStepOf(r.flow, Number(r.step), senderKey))) return true;
    if (res.rows.length < PAGE) return false;
  }
}
