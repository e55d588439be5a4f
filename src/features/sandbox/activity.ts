import type { Static } from '@sinclair/typebox';
import { isoKst } from '../../clock.ts';
import type { Ctx } from '../../context.ts';
import { GatewayError } from '../../errors.ts';
import {
  countNewest,
  phonesActiveFrom,
  phonesInRange,
  readMarks,
  receivedAtOf,
  saveReadMark,
  topRowId,
} from '../../store/sandbox/activity.ts';
import { newestTimelineId } from '../../store/sandbox/timeline.ts';
import {
  COUNT_CAP,
  HANDSETS_PAGE_DEFAULT,
  HANDSETS_PAGE_MAX,
  type HandsetsList,
  type ReadView,
  SEARCH_MAX,
} from './activity-schemas.ts';
import { checkPhone } from './handsets.ts';

/** Use cases of GET /sandbox/v1/handsets and POST .../read: who received anything, and unread. */

export type HandsetsListView = Static<typeof HandsetsList>;
export type ReadMarkView = Static<typeof ReadView>;

/*
 * Ordering numbers by their latest row with one GROUP BY over the whole table cost 200-950 ms at
 * 1,000,000 rows (SQLite and PostgreSQL here), and SQLite runs on the event loop, so each poll of
 * the list would stall the send path. Instead the list walks back from the newest row through
 * id windows of the primary key (512 ids, doubling), stopping once it has a page: a number seen
 * first in the walk has its latest row there. A request reads at most WALK_BUDGET ids; when a few
 * busy numbers fill them (or a search is sparse) the page comes back short with `after` where
 * the walk stopped, and the next request goes on from there. Numbers listed on an earlier page
 * (a row at or above `after`) are left out by an index seek each.
 */
const FIRST_WINDOW = 512;
const WALK_BUDGET = 16_384;
/** Numbers checked against `after` per statement. */
const CHECK_CHUNK = 200;

const SEARCH = new RegExp(`^[0-9]{1,${SEARCH_MAX}}$`);

export async function listActiveHandsets(
  ctx: Ctx,
  input: { search?: string | undefined; limit?: number | undefined; after?: number | undefined },
): Promise<HandsetsListView> {
  const search = input.search === undefined || input.search === '' ? null : input.search;
  if (search !== null && !SEARCH.test(search)) {
    throw new GatewayError('A300', `search must be 1 to ${SEARCH_MAX} digits`);
  }
  const limit = input.limit ?? HANDSETS_PAGE_DEFAULT;
  if (!Number.isInteger(limit) || limit < 1 || limit > HANDSETS_PAGE_MAX) {
    throw new GatewayError('A300', `limit must be 1 to ${HANDSETS_PAGE_MAX}`);
  }
  const after = input.after ?? null;
  if (after !== null && (!Number.isInteger(after) || after < 1)) {
    throw new GatewayError('A300', 'after must be a row id, 1 or more');
  }

  const found: Array<{ phone: string; lastId: number }> = [];
  const seen = new Set<string>();
  let below = after;
  let read = 0;
  let window = FIRST_WINDOW;
  let exhausted = false;
  while (found.length <= limit && read < WALK_BUDGET) {
    const top = await topRowId(ctx.store, below);
    if (top === null) {
      exhausted = true;
      break;
    }
    const lo = Math.max(1, top - Math.min(window, WALK_BUDGET - read) + 1);
    const fresh = (await phonesInRange(ctx.store, lo, top, search)).filter((p) => !seen.has(p.phone));
    for (const p of fresh) seen.add(p.phone);
    read += top - lo + 1;
    below = lo;
    window *= 2;
    for (let i = 0; i < fresh.length && found.length <= limit; i += CHECK_CHUNK) {
      const chunk = fresh.slice(i, i + CHECK_CHUNK);
      const listed =
        after === null
          ? new Set<string>()
          : await phonesActiveFrom(
              ctx.store,
              chunk.map((p) => p.phone),
              after,
            );
      for (const p of chunk) if (!listed.has(p.phone)) found.push(p);
    }
    if (lo === 1) {
      exhausted = true;
      break;
    }
  }

  const page = found.slice(0, limit);
  const full = found.length > limit;
  const next = full ? (page.at(-1)?.lastId ?? null) : exhausted ? null : below;
  const marks = await readMarks(
    ctx.store,
    page.map((p) => p.phone),
  );
  const counts = await countNewest(
    ctx.store,
    page.map((p) => ({ phone: p.phone, readId: marks.get(p.phone) ?? 0 })),
    COUNT_CAP,
  );
  const times = await receivedAtOf(
    ctx.store,
    page.map((p) => p.lastId),
  );
  return {
    handsets: page.map((p) => {
      const c = counts.get(p.phone) ?? { count: 0, unread: 0 };
      return {
        phone: p.phone,
        count: Math.min(c.count, COUNT_CAP),
        countCapped: c.count > COUNT_CAP,
        unread: Math.min(c.unread, COUNT_CAP),
        unreadCapped: c.unread > COUNT_CAP,
        lastId: p.lastId,
        lastAt: isoKst(times.get(p.lastId) ?? 0),
      };
    }),
    hasMore: next !== null,
    after: next,
  };
}

/** Marks the handset read up to `upTo` (default: its newest row); the mark never moves down. */
export async function markRead(ctx: Ctx, phone: string, upTo: number | undefined): Promise<ReadMarkView> {
  checkPhone(phone);
  if (upTo !== undefined && (!Number.isInteger(upTo) || upTo < 0)) {
    throw new GatewayError('A300', 'upTo must be a row id, 0 or more');
  }
  const newest = await newestTimelineId(ctx.store, phone);
  // Beyond the newest row would mark rows that have not arrived yet as read.
  const readId = await saveReadMark(ctx.store, phone, Math.min(upTo ?? newest, newest), ctx.clock.now());
  const c = (await countNewest(ctx.store, [{ phone, readId }], COUNT_CAP)).get(phone) ?? {
    count: 0,
    unread: 0,
  };
  return { phone, readId, unread: Math.min(c.unread, COUNT_CAP), unreadCapped: c.unread > COUNT_CAP };
}
