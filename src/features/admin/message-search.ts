import type { Static } from '@sinclair/typebox';
import { isoKst } from '../../clock.ts';
import type { Ctx } from '../../context.ts';
import { GatewayError } from '../../errors.ts';
import {
  type AccountPosition,
  type KeyRange,
  type ListedMessage,
  listedByKey,
  type MessageFilter,
  type RowCheck,
  walkAccountMessages,
  walkMessagesByKey,
} from '../../store/messages/admin-message-walks.ts';
import { createdAtOf, type MessageRow } from '../../store/messages/admin-messages.ts';
import type { MessagePage, MessageRow as MessageRowSchema, MessageSearchQuery } from './message-schemas.ts';
import { FlowTexts } from './message-text.ts';
import { SCAN_WINDOW } from './ops-doc.ts';
import { timeFilter } from './time-filter.ts';

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

/** A search's filters, checked once: the search and the export walk with them. */
export interface Search {
  q: Omit<Query, 'cursor' | 'limit'>;
  since: number | undefined;
  before: number | undefined;
  f: MessageFilter;
  texts: FlowTexts;
  /** The sender and text filters (checked on each row with its flow), when the search has them. */
  check: RowCheck | undefined;
}

/** Reads the search's filters; A300 for a bad time or from after until (before anything is read). */
export function prepareSearch(q: Omit<Query, 'cursor' | 'limit'>): Search {
  const since = timeFilter('from', q.from);
  const before = timeFilter('until', q.until);
  if (since !== undefined && before !== undefined && since >= before) {
    throw new GatewayError('A300', 'from must be before until');
  }
  const texts = new FlowTexts();
  return {
    q,
    since,
    before,
    f: { to: q.to, status: q.status, since, before },
    texts,
    check: texts.check(q.sender, q.text),
  };
}

/** One call's worth of a search: its matches with their flows, and where it stopped. */
export interface SearchStep {
  rows: ListedMessage[];
  /** The cursor to go on with; null: nothing older. */
  next: string | null;
  /** Set when the call looked at its whole window without filling the page: how far it looked. */
  searchedUntil: number | null;
}

const everyRow: RowCheck = () => true;

/**
 * The operator's message search. Three walks, each bounded:
 * - msgKey: one primary-key read;
 * - accountId: the (account_id, created_at) index, narrowed by from/until;
 * - neither: the primary key, newest first (msgKeys are time-ordered). On the system clock
 *   from/until also bound the msgKey range (a key's time is the real time it was made); on the
 *   manual clock, whose time has nothing to do with the keys', they are only checked.
 * Filters no index serves (recipient, status, sender, text) are checked on at most `window` rows
 * per call.
 */
export async function searchStep(
  ctx: Ctx,
  s: Search,
  cursor: string | undefined,
  limit: number,
  window: number,
  forExport = false,
): Promise<SearchStep> {
  const { q, f, since, before } = s;
  // An export reads each request's flow once a page (its rows show the text), not once a row.
  const check = s.check ?? (forExport ? everyRow : undefined);

  if (q.msgKey !== undefined) {
    const m = await listedByKey(ctx.store, q.msgKey);
    const fits =
      m !== undefined &&
      (q.accountId === undefined || m.accountId === q.accountId) &&
      (f.to === undefined || m.to === f.to) &&
      (f.status === undefined || m.status === f.status) &&
      (since === undefined || m.createdAt >= since) &&
      (before === undefined || m.createdAt < before) &&
      (check === undefined || check(m));
    return { rows: fits ? [m] : [], next: null, searchedUntil: null };
  }

  if (q.accountId !== undefined) {
    let after: AccountPosition | null = null;
    if (cursor !== undefined) {
      const m = ACCOUNT_CURSOR.exec(cursor);
      if (!m) throw badCursor(cursor);
      after = { createdAt: Number(m[1]), msgKey: m[2] ?? '' };
    }
    const w = await walkAccountMessages(ctx.store, q.accountId, f, after, limit, window, check);
    return {
      rows: w.rows,
      next: w.next && `a.${w.next.createdAt}.${w.next.msgKey}`,
      searchedUntil: w.windowEnded && w.next ? w.next.createdAt : null,
    };
  }

  const range: KeyRange = {};
  // A message's created_at is its key's time plus the sandbox's offset of the system clock when
  // it was made: between 0 and today's (it only grows), so only the lower bound moves by it.
  const ahead = ctx.clock.offsetMs;
  if (ahead !== null) {
    if (before !== undefined) range.below = keyAt(before + KEY_SLACK_MS);
    if (since !== undefined) range.atLeast = keyAt(since - ahead - KEY_SLACK_MS);
  }
  if (cursor !== undefined) {
    const m = KEY_CURSOR.exec(cursor);
    if (!m) throw badCursor(cursor);
    const key = m[1] ?? '';
    if (range.below === undefined || key < range.below) range.below = key;
  }
  const w = await walkMessagesByKey(ctx.store, f, range, limit, window, check);
  const searchedUntil =
    w.windowEnded && w.next && !forExport ? ((await createdAtOf(ctx.store, w.next)) ?? null) : null;
  return { rows: w.rows, next: w.next && `k.${w.next}`, searchedUntil };
}

/** A listed message as the search answers it: the row, its sender and what it said. */
export function listedView(m: ListedMessage, texts: FlowTexts): MessageView {
  const t = texts.textOf(m);
  return { ...messageView(m), sender: t.sender, title: t.title, text: t.text };
}

/** GET /admin/v1/messages: one page of the search. */
export async function searchMessages(ctx: Ctx, q: Query): Promise<Page> {
  const { cursor, limit, ...filters } = q;
  const s = prepareSearch(filters);
  const step = await searchStep(ctx, s, cursor, limit ?? 50, SCAN_WINDOW);
  return {
    messages: step.rows.map((m) => listedView(m, s.texts)),
    next: step.next,
    searchedUntil: step.searchedUntil === null ? null : isoKst(step.searchedUntil),
  };
}
