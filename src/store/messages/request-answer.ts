import type { Store } from '../db/database.ts';

/*
 * What a send was answered, per recipient, kept at no cost in the common case. An accepted
 * recipient's answer is `{to, msgKey, A000, SUCCESS}`, and its message row holds the msgKey and the
 * number; msgKeys are time-ordered and made in the order of `destinations` (store/db/ids.ts), so
 * the messages in msgKey order are the accepted recipients in order. Only what the rows cannot
 * give back is written, in the request's own row (`send_requests.answer`): the refused recipients
 * with their place, code and result, and an accepted one whose `to` was given in another form
 * than the number stored (821012345678 for 01012345678). An all-accepted send writes null.
 */

/** One recipient's entry of a send's answer (`destinations[]` of POST /api/comm/v1/send/omni). */
export interface AnswerEntry {
  to: string;
  msgKey: string;
  code: string;
  result: string;
}

/** The record's entries: a refused recipient, or an accepted one given in another form. */
interface RefusedAt {
  i: number;
  to: string;
  code: string;
  result: string;
}
interface GivenAt {
  i: number;
  to: string;
  msgKey: string;
}
/**
 * How a Korean number stored as `010...` was given (phone.ts): `same`, or in E.164 form without
 * the trunk 0 (`8210...`, `e164`) or with it (`82010...`, `e164-0`).
 */
type Form = 'same' | 'e164' | 'e164-0';
interface AnswerRecord {
  /** Recipients of the request. */
  n: number;
  x: Array<RefusedAt | GivenAt>;
  /**
   * The form most accepted recipients were given in, when not `same`: a client that always
   * writes `8210...` gets one word, not an entry per recipient.
   */
  f?: Exclude<Form, 'same'>;
  /** The idempotencyTtl in ms when a key was given with another than the default. */
  t?: number;
}

/** The default idempotencyTtl (features/send/send.ts): most keys expire exactly this long after. */
const DEFAULT_TTL_MS = 86_400_000;

function formOf(given: string, stored: string): Form | null {
  if (given === stored) return 'same';
  if (stored.startsWith('0') && given === `82${stored.slice(1)}`) return 'e164';
  if (given === `82${stored}`) return 'e164-0';
  return null;
}

function givenAs(form: Form, stored: string): string {
  if (form === 'e164') return `82${stored.slice(1)}`;
  return form === 'e164-0' ? `82${stored}` : stored;
}

/**
 * The `answer` column of a send, or null when every recipient was accepted under the number it
 * was given as, with the default key life (the messages say it all then).
 */
export function answerRecord(
  results: readonly AnswerEntry[],
  messages: ReadonlyArray<{ msgKey: string; to: string }>,
  idempotencyTtlMs: number | null = null,
): string | null {
  const t = idempotencyTtlMs !== null && idempotencyTtlMs !== DEFAULT_TTL_MS ? idempotencyTtlMs : undefined;
  // On the send path, the usual case first: every recipient accepted under the number given.
  if (
    t === undefined &&
    results.length === messages.length &&
    results.every((r, i) => r.msgKey === messages[i]?.msgKey && r.to === messages[i]?.to)
  ) {
    return null;
  }
  // Walks of both lists (the messages are the accepted results, in order).
  const refused: RefusedAt[] = [];
  const accepted: Array<{ i: number; to: string; msgKey: string; form: Form | null }> = [];
  let k = 0;
  const counts = { same: 0, e164: 0, 'e164-0': 0 };
  for (const [i, r] of results.entries()) {
    const m = r.msgKey === '' ? undefined : messages[k];
    if (m?.msgKey === r.msgKey) {
      k += 1;
      const form = formOf(r.to, m.to);
      if (form) counts[form] += 1;
      accepted.push({ i, to: r.to, msgKey: r.msgKey, form });
    } else {
      refused.push({ i, to: r.to, code: r.code, result: r.result });
    }
  }
  const f: Form =
    counts.e164 > counts.same && counts.e164 >= counts['e164-0']
      ? 'e164'
      : counts['e164-0'] > counts.same
        ? 'e164-0'
        : 'same';
  const x: AnswerRecord['x'] = [...refused];
  for (const a of accepted) if (a.form !== f) x.push({ i: a.i, to: a.to, msgKey: a.msgKey });
  if (x.length === 0 && f === 'same' && t === undefined) return null;
  x.sort((a, b) => a.i - b.i);
  const record: AnswerRecord = {
    n: results.length,
    x,
    ...(f === 'same' ? {} : { f }),
    ...(t === undefined ? {} : { t }),
  };
  return JSON.stringify(record);
}

function parseRecord(json: string | null): AnswerRecord | null {
  if (json === null) return null;
  try {
    const v: unknown = JSON.parse(json);
    if (v === null || typeof v !== 'object' || !('n' in v) || !('x' in v)) return null;
    const { n, x } = v;
    if (typeof n !== 'number' || !Array.isArray(x)) return null;
    const entries: AnswerRecord['x'] = [];
    for (const e of x as unknown[]) {
      if (e === null || typeof e !== 'object') continue;
      const o = e as Record<string, unknown>;
      if (typeof o.i !== 'number' || typeof o.to !== 'string') continue;
      if (typeof o.msgKey === 'string') entries.push({ i: o.i, to: o.to, msgKey: o.msgKey });
      else entries.push({ i: o.i, to: o.to, code: String(o.code ?? ''), result: String(o.result ?? '') });
    }
    const f = 'f' in v && (v.f === 'e164' || v.f === 'e164-0') ? v.f : undefined;
    const t = 't' in v && typeof v.t === 'number' ? v.t : undefined;
    return { n, x: entries, ...(f ? { f } : {}), ...(t === undefined ? {} : { t }) };
  } catch {
    return null;
  }
}

/** The idempotencyTtl a request's record names (ms), or the default. */
export function recordedKeyLife(json: string | null): number {
  return parseRecord(json)?.t ?? DEFAULT_TTL_MS;
}

export interface RebuiltAnswer {
  /** Recipients of the request, refused ones included. */
  total: number;
  accepted: number;
  refused: number;
  /**
   * Accepted recipients whose message is gone since (a reservation's recipient removed): their
   * place in the answer is not known, so they are left out of `destinations`.
   */
  removed: number;
  /** In the order of the request's destinations; `seq` is the place there (1, 2, ...). */
  destinations: Array<AnswerEntry & { seq: number }>;
}

/**
 * The answer, from the record (or null) and the messages accepted with it, in msgKey order. The
 * places of accepted recipients without an entry of their own are filled with the messages in
 * order; a message removed since leaves the last such place of its stretch empty.
 */
export function rebuildAnswer(
  json: string | null,
  accepted: ReadonlyArray<{ msgKey: string; to: string }>,
): RebuiltAnswer {
  const record = parseRecord(json);
  const ok = (to: string, msgKey: string) => ({ to, msgKey, code: 'A000', result: 'SUCCESS' });
  if (!record) {
    const destinations = accepted.map((m, i) => ({ seq: i + 1, ...ok(m.to, m.msgKey) }));
    return { total: accepted.length, accepted: accepted.length, refused: 0, removed: 0, destinations };
  }
  const slots: Array<AnswerEntry | null> = Array.from({ length: record.n }, () => null);
  const anchored = new Set<string>();
  let refused = 0;
  for (const e of record.x) {
    if (e.i < 0 || e.i >= record.n) continue;
    if ('msgKey' in e) {
      slots[e.i] = ok(e.to, e.msgKey);
      anchored.add(e.msgKey);
    } else {
      slots[e.i] = { to: e.to, msgKey: '', code: e.code, result: e.result };
      refused += 1;
    }
  }
  const form: Form = record.f ?? 'same';
  const rest = accepted.filter((m) => !anchored.has(m.msgKey));
  let next = 0;
  let removed = 0;
  const destinations: RebuiltAnswer['destinations'] = [];
  slots.forEach((slot, i) => {
    let entry = slot;
    if (!entry) {
      const m = rest[next++];
      if (!m) {
        removed += 1;
        return;
      }
      entry = ok(givenAs(form, m.to), m.msgKey);
    }
    destinations.push({ seq: i + 1, ...entry });
  });
  return { total: record.n, accepted: record.n - refused, refused, removed, destinations };
}

/** A request's row as its answer needs it. */
export interface AnsweringRequest {
  id: string;
  createdAt: number;
  answer: string | null;
}

/**
 * The request that answered the client, and every request its messages may be in now: the
 * request itself, or for a reservation its first request (an update makes a new request that
 * takes the held messages over: it was never answered, and keeps no answer of its own).
 */
export async function answeringRequest(
  store: Store,
  requestId: string,
  resvKey: string | null,
): Promise<{ first: AnsweringRequest; ids: string[] } | null> {
  let q = store.db.selectFrom('send_requests').select(['id', 'created_at', 'answer']);
  q = resvKey === null ? q.where('id', '=', requestId) : q.where('resv_key', '=', resvKey);
  const rows = await q.orderBy('created_at').orderBy('id').execute();
  const first = rows[0];
  if (!first) return null;
  return {
    first: { id: first.id, createdAt: Number(first.created_at), answer: first.answer },
    ids: rows.map((r) => r.id),
  };
}

/**
 * The messages accepted with the answer (made at its time; a reservation's recipients added
 * later are not part of it), in msgKey order: at most `limit`.
 */
export async function answeredMessages(
  store: Store,
  requestIds: readonly string[],
  createdAt: number,
  limit: number,
): Promise<Array<{ msgKey: string; to: string }>> {
  if (requestIds.length === 0) return [];
  const rows = await store.db
    .selectFrom('messages')
    .select(['msg_key', 'to_number'])
    .where('request_id', 'in', [...requestIds])
    .where('created_at', '=', createdAt)
    .orderBy('msg_key')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ msgKey: r.msg_key, to: r.to_number }));
}

/**
 * The idempotency key a request was sent with, while the gateway still keeps it (until its TTL
 * ends). Keys are found by (account, key), not by request, and the send path must not pay for an
 * index it never reads; so the key is looked for at one point of the expiry index (migration
 * 0021): the request's acceptance plus its TTL, the default one unless its answer record names
 * another (`keyLifeMs`, recordedKeyLife). No range is walked: the page that asks is an operator's,
 * and a walk over a day of every account's keys held SQLite's only connection for seconds.
 */
export async function idempotencyKeyOf(
  store: Store,
  accountId: string,
  requestId: string,
  createdAt: number,
  keyLifeMs: number,
  now: number,
): Promise<{ key: string; expiresAt: number } | null> {
  const at = createdAt + keyLifeMs;
  if (at <= now) return null;
  const row = await store.db
    .selectFrom('idempotency_keys')
    .select(['idem_key', 'expires_at'])
    .where('expires_at', '=', at)
    .where('account_id', '=', accountId)
    .where('request_id', '=', requestId)
    .limit(1)
    .executeTakeFirst();
  return row ? { key: row.idem_key, expiresAt: Number(row.expires_at) } : null;
}

/** A message as its request's destination: the number stored, its ref and its own values. */
export interface StoredDestination {
  msgKey: string;
  accountId: string;
  requestId: string;
  to: string;
  destRef: string | null;
  /** JSON of its replaceWords and variable objects (engine/flow.ts RecipientVars), or null. */
  vars: string | null;
}

export async function storedDestination(store: Store, msgKey: string): Promise<StoredDestination | null> {
  const r = await store.db
    .selectFrom('messages')
    .select(['msg_key', 'account_id', 'request_id', 'to_number', 'dest_ref', 'vars'])
    .where('msg_key', '=', msgKey)
    .executeTakeFirst();
  if (!r) return null;
  return {
    msgKey: r.msg_key,
    accountId: r.account_id,
    requestId: r.request_id,
    to: r.to_number,
    destRef: r.dest_ref,
    vars: r.vars,
  };
}
