import type { Static } from '@sinclair/typebox';
import { isoKst, parseClientTime } from '../../clock.ts';
import type { Ctx } from '../../context.ts';
import { GatewayError } from '../../errors.ts';
import {
  type AccountPosition,
  createdAtOf,
  type KeyRange,
  type MessageFilter,
  type MessageRow,
  messageByKey,
  walkAccountMessages,
  walkMessagesByKey,
} from '../../store/messages/admin-messages.ts';
import type { MessagePage, MessageRow as MessageRowSchema, MessageSearchQuery } from './message-schemas.ts';
import { SCAN_WINDOW } from './ops-doc.ts';

export type MessageView = Static<typeof MessageRowSchema>;
type Page = Static<typeof MessagePage>;
type Query = Static<typeof MessageSearchQuery>;

const iso = (ms: number | null): string | null => (ms === null ? null : isoKst(ms));

export function messageView(m: MessageRow): MessageView {
  return {
    msgKey: m.msgKey,
    accountId: m.accountId,
    requestId: m.requestId,
    to: m.to,
    status: m.status,
    step: m.step,
    reportCode: m.reportCode,
    reportText: m.reportText,
    ref: m.destRef,
    createdAt: isoKst(m.createdAt),
    updatedAt: isoKst(m.updatedAt),
    doneAt: iso(m.doneAt),
  };
}

function time(field: 'from' | 'until', text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const ms = parseClientTime(text);
  if (ms === null) {
    throw new GatewayError(
      'A300',
      `${field} must be ISO 8601 (2026-11-25T10:00:00+09:00) or yyyy-MM-dd HH:mm:ss (Korea time), got "${text}"`,
    );
  }
  return ms;
}

/*
 * Cursors say which walk they continue: `a.<createdAt>.<msgKey>` along an account's index,
 * `k.<msgKey>` along the msgKeys. A cursor of the other walk (filters changed) is refused.
 */
const ACCOUNT_CURSOR = /^a\.(\d{1,16})\.(.{1,100})$/;
const KEY_CURSOR = /^k\.(.{1,100})$/;

function badCursor(cursor: string): GatewayError {
  return new GatewayError(
    'A300',
    `cursor "${cursor}" is not a next of this search (were the filters changed?)`,
  );
}

/**
 * How long before a message's createdAt its msgKey's own time may be: keys take the process's
 * real time when the message is made, created_at the gateway clock a moment earlier or later.
 */
const KEY_SLACK_MS = 60_000;

/** The smallest msgKey made at `ms` (store/db/ids.ts: base-36 milliseconds, 9 characters, first). */
function keyAt(ms: number): string {
  return Math.max(0, Math.floor(ms)).toString(36).padStart(9, '0');
}

/**
 * The operator's message search. Three walks, each bounded:
 * - msgKey: one primary-key read;
 * - accountId: the (account_id, created_at) index, narrowed by from/until;
 * - neither: the primary key, newest first (msgKeys are time-ordered). On the system clock
 *   from/until also bound the msgKey range (a key's time is the real time it was made); on the
 *   manual clock, whose time has nothing to do with the keys', they are only checked.
 * Filters no index serves are checked on at most SCAN_WINDOW rows per call.
 */
export async function searchMessages(ctx: Ctx, q: Query): Promise<Page> {
  const limit = q.limit ?? 50;
  const since = time('from', q.from);
  const before = time('until', q.until);
  if (since !== undefined && before !== undefined && since >= before) {
    throw new GatewayError('A300', 'from must be before until');
  }
  const f: MessageFilter = { to: q.to, status: q.status, since, before };

  if (q.msgKey !== undefined) {
    const m = await messageByKey(ctx.store, q.msgKey);
    const fits =
      m !== undefined &&
      (q.accountId === undefined || m.accountId === q.accountId) &&
      (f.to === undefined || m.to === f.to) &&
      (f.status === undefined || m.status === f.status) &&
      (since === undefined || m.createdAt >= since) &&
      (before === undefined || m.createdAt < before);
    return { messages: fits ? [messageView(m)] : [], next: null, searchedUntil: null };
  }

  if (q.accountId !== undefined) {
    let after: AccountPosition | null = null;
    if (q.cursor !== undefined) {
      const m = ACCOUNT_CURSOR.exec(q.cursor);
      if (!m) throw badCursor(q.cursor);
      after = { createdAt: Number(m[1]), msgKey: m[2] ?? '' };
    }
    const w = await walkAccountMessages(ctx.store, q.accountId, f, after, limit, SCAN_WINDOW);
    return {
      messages: w.rows.map(messageView),
      next: w.next && `a.${w.next.createdAt}.${w.next.msgKey}`,
      searchedUntil: w.windowEnded && w.next ? isoKst(w.next.createdAt) : null,
    };
  }

  const range: KeyRange = {};
  if (ctx.clock.kind === 'system') {
    if (before !== undefined) range.below = keyAt(before + KEY_SLACK_MS);
    if (since !== undefined) range.atLeast = keyAt(since - KEY_SLACK_MS);
  }
  if (q.cursor !== undefined) {
    const m = KEY_CURSOR.exec(q.cursor);
    if (!m) throw badCursor(q.cursor);
    const key = m[1] ?? '';
    if (range.below === undefined || key < range.below) range.below = key;
  }
  const w = await walkMessagesByKey(ctx.store, f, range, limit, SCAN_WINDOW);
  let searchedUntil: string | null = null;
  if (w.windowEnded && w.next) {
    const at = await createdAtOf(ctx.store, w.next);
    searchedUntil = at === undefined ? null : isoKst(at);
  }
  return { messages: w.rows.map(messageView), next: w.next && `k.${w.next}`, searchedUntil };
}
