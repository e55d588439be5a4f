import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { ApiError, api, isUnreachable, query, seg } from '../api.ts';
import { onReconnected, useConnection } from '../connection.ts';
import type { TimelineItem } from '../messages/index.tsx';
import { type LiveState, liveTimeline } from './timeline-stream.ts';
import type { StreamGap, TimelinePage } from './types.ts';

export type { LiveState } from './timeline-stream.ts';

/*
 * A handset's timeline in the page: the newest page first, older pages on request, and what
 * arrives live through the stream (timeline-stream.ts: it resumes by itself, after an outage
 * too). Everything loaded stays in memory (a thousand items is little), but only a window of at
 * most MAX_RENDERED consecutive entries is drawn, so a long inbox stays smooth.
 */

export const FIRST_PAGE = 50;
export const OLDER_PAGE = 100;
export const MAX_RENDERED = 300;
/** A gap loads this many of its newest rows per click (the timeline endpoint's largest page). */
const GAP_PAGE = 200;

export type Entry =
  | { kind: 'item'; key: number; item: TimelineItem }
  /** Rows the stream skipped (more arrived than one look sends); `key` sorts it before beforeId. */
  | { kind: 'gap'; key: number; gap: StreamGap; loading: boolean };

interface Model {
  entries: Entry[];
  /** The window drawn: entries[start, end). */
  start: number;
  end: number;
  /** `before` of the next older page on the server; null when none is left. */
  olderCursor: number | null;
}

export interface Timeline extends Model {
  loading: boolean;
  error: ApiError | null;
  /** Older entries exist, loaded above the window or on the server. */
  hasOlder: boolean;
  loadingOlder: boolean;
  live: LiveState;
  /** Items that arrived below the window while it was moved back. */
  newBelow: number;
  loadOlder: () => Promise<void>;
  showNewer: () => void;
  showNewest: () => void;
  loadGap: (key: number) => Promise<void>;
  reconnect: () => void;
}

const EMPTY: Model = { entries: [], start: 0, end: 0, olderCursor: null };
const byKey = (a: Entry, b: Entry) => a.key - b.key;
const itemEntry = (item: TimelineItem): Entry => ({ kind: 'item', key: item.id, item });

function timelineUrl(phone: string, params: Record<string, number | undefined>): string {
  return `/sandbox/v1/handsets/${seg(phone)}/timeline${query(params)}`;
}

function asApiError(err: unknown): ApiError {
  return err instanceof ApiError
    ? err
    : new ApiError(0, 'ERROR', err instanceof Error ? err.message : String(err));
}

/** The newest row held: where a reopened stream resumes. */
function newestHeld(m: Model): number {
  let newest = 0;
  for (const e of m.entries) if (e.kind === 'item' && e.key > newest) newest = e.key;
  return newest;
}

/** The window over `entries` after a change: kept on the newest when it was there. */
function follow(prev: Model, entries: Entry[], olderCursor = prev.olderCursor): Model {
  if (prev.end >= prev.entries.length) {
    return { entries, start: Math.max(0, entries.length - MAX_RENDERED), end: entries.length, olderCursor };
  }
  return { entries, start: prev.start, end: prev.end, olderCursor };
}

export function useTimeline(phone: string): Timeline {
  // One model in a ref: stream events may come faster than renders, and each must see the last.
  const model = useRef<Model>(EMPTY);
  const [, setRevision] = useState(0);
  const commit = useCallback((m: Model) => {
    model.current = m;
    setRevision((n) => n + 1);
  }, []);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<ApiError | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [live, setLive] = useState<LiveState>('connecting');
  const [generation, setGeneration] = useState(0);

  /** Adds the items the page does not hold yet, in id order (within what is loaded). */
  const mergeItems = useCallback(
    (items: readonly TimelineItem[]) => {
      const m = model.current;
      const have = new Set(m.entries.map((x) => x.key));
      const oldest = m.entries.find((x) => x.kind === 'item')?.key ?? 0;
      // Below the oldest row held, an item would leave a hole above the unloaded older pages;
      // with none (an inbox that was empty when opened), it is simply earlier: the newest page
      // read at the stream's opening can land before the stream's own items, older than it.
      const fits = (i: TimelineItem) => m.olderCursor === null || i.id >= oldest;
      const added = items.filter((i) => !have.has(i.id) && fits(i)).map(itemEntry);
      if (added.length === 0) return;
      const last = m.entries.at(-1);
      const entries = [...m.entries, ...added];
      if (added.some((a) => last && last.key > a.key) || added.length > 1) entries.sort(byKey);
      commit(follow(m, entries));
    },
    [commit],
  );

  // The newest page, then the live stream after its newest row.
  useEffect(() => {
    let closed = false;
    let stopStream: (() => void) | null = null;
    let starting = false;
    commit(EMPTY);
    setLoading(true);
    setError(null);
    setLive('connecting');

    const start = async () => {
      starting = true;
      let page: TimelinePage;
      try {
        page = await api.get<TimelinePage>(timelineUrl(phone, { limit: FIRST_PAGE }));
      } catch (err) {
        // Unreachable: the banner says so, and the inbox loads when the gateway answers again.
        if (!closed && !isUnreachable(err)) {
          setError(asApiError(err));
          setLoading(false);
        }
        return;
      } finally {
        starting = false;
      }
      if (closed) return;
      const entries = page.items.map(itemEntry);
      commit({
        entries,
        start: 0,
        end: entries.length,
        olderCursor: page.hasOlder ? page.olderCursor : null,
      });
      setLoading(false);
      stopStream = liveTimeline(phone, page.items.at(-1)?.id ?? 0, {
        item: (item) => mergeItems([item]),
        gap: (gap) => {
          const m = model.current;
          const entry: Entry = { kind: 'gap', key: gap.beforeId - 0.5, gap, loading: false };
          commit(follow(m, [...m.entries, entry].sort(byKey)));
        },
        // Rows can become visible out of id order (PostgreSQL commits them so): one committed
        // late just below the point the stream resumed from would never come on it. The newest
        // page is read again at each opening, and what it holds that the page lacks is merged in.
        opened: () => {
          void api.get<TimelinePage>(timelineUrl(phone, { limit: FIRST_PAGE })).then(
            (p) => {
              if (!closed) mergeItems(p.items);
            },
            () => {},
          );
        },
        state: setLive,
        newestHeld: () => newestHeld(model.current),
      });
    };
    void start();
    // An inbox that could not load (the gateway was down) loads when it answers again.
    const offReconnected = onReconnected(() => {
      if (!closed && !stopStream && !starting) void start();
    });
    return () => {
      closed = true;
      offReconnected();
      stopStream?.();
    };
  }, [phone, generation, commit, mergeItems]);

  const loadOlder = useCallback(async () => {
    const m = model.current;
    if (m.start > 0) {
      // Loaded already: move the window up; the newest leave the view if it grows too long.
      const start = Math.max(0, m.start - OLDER_PAGE);
      commit({ ...m, start, end: Math.min(m.end, start + MAX_RENDERED) });
      return;
    }
    if (m.olderCursor === null) return;
    setLoadingOlder(true);
    try {
      const page = await api.get<TimelinePage>(
        timelineUrl(phone, { before: m.olderCursor, limit: OLDER_PAGE }),
      );
      const now = model.current;
      const older = page.items.map(itemEntry);
      commit({
        entries: [...older, ...now.entries],
        start: 0,
        end: Math.min(now.end + older.length, MAX_RENDERED),
        olderCursor: page.hasOlder ? page.olderCursor : null,
      });
    } catch (err) {
      // Unreachable: the banner says so; the button stays to ask again.
      if (!isUnreachable(err)) setError(asApiError(err));
    } finally {
      setLoadingOlder(false);
    }
  }, [phone, commit]);

  const showNewer = useCallback(() => {
    const m = model.current;
    const end = Math.min(m.entries.length, m.end + OLDER_PAGE);
    commit({ ...m, start: Math.max(0, end - MAX_RENDERED), end });
  }, [commit]);

  const showNewest = useCallback(() => {
    const m = model.current;
    commit({ ...m, start: Math.max(0, m.entries.length - MAX_RENDERED), end: m.entries.length });
  }, [commit]);

  /** Loads what a gap skipped, its newest rows first; a larger gap shrinks and stays. */
  const loadGap = useCallback(
    async (key: number) => {
      const gapOf = (m: Model) => m.entries.find((e) => e.kind === 'gap' && e.key === key);
      const g = gapOf(model.current);
      if (g?.kind !== 'gap') return;
      const mark = (busy: boolean) => {
        const m = model.current;
        commit({
          ...m,
          entries: m.entries.map((e) => (e.kind === 'gap' && e.key === key ? { ...e, loading: busy } : e)),
        });
      };
      mark(true);
      try {
        const limit = Math.min(GAP_PAGE, Math.max(1, g.gap.skipped));
        const page = await api.get<TimelinePage>(timelineUrl(phone, { before: g.gap.beforeId, limit }));
        const got = page.items.filter((i) => i.id > g.gap.afterId);
        const added = got.map(itemEntry);
        const oldest = got[0];
        const left = g.gap.skipped - got.length;
        if (left > 0 && oldest) {
          const gap = { afterId: g.gap.afterId, beforeId: oldest.id, skipped: left };
          added.push({ kind: 'gap', key: oldest.id - 0.5, gap, loading: false });
        }
        const m = model.current;
        const entries = [...m.entries.filter((e) => e.key !== key), ...added].sort(byKey);
        const atNewest = m.end >= m.entries.length;
        const end = atNewest ? entries.length : Math.min(entries.length, m.end - 1 + added.length);
        commit({ ...m, entries, start: Math.max(0, end - MAX_RENDERED), end });
      } catch (err) {
        mark(false);
        if (!isUnreachable(err)) setError(asApiError(err));
      }
    },
    [phone, commit],
  );

  const reconnect = useCallback(() => setGeneration((n) => n + 1), []);

  // The phone agrees with the banner: not "Live" while the gateway cannot be reached.
  const { online } = useConnection();
  const m = model.current;
  return {
    ...m,
    loading,
    error,
    hasOlder: m.start > 0 || m.olderCursor !== null,
    loadingOlder,
    live: live === 'live' && !online ? 'reconnecting' : live,
    newBelow: m.entries.slice(m.end).filter((e) => e.kind === 'item').length,
    loadOlder,
    showNewer,
    showNewest,
    loadGap,
    reconnect,
  };
}
