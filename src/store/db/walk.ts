/*
 * Bounded walks for the operator's lists. A list walks one index newest first; a filter that no
 * index serves is checked on a window of at most `window` rows (a subquery with its own LIMIT), so
 * a call never reads more than that however rare the matches: a list must not turn into a scan of
 * the messages table while the send path writes to it.
 */

/** One call's worth of a walk. */
export interface Walked<R, P> {
  /** The matches, at most `limit`, newest first. */
  rows: R[];
  /** The position to go on from (exclusive), or null when the walk reached the end. */
  next: P | null;
  /**
   * True when the call stopped because it looked at its whole window without filling the page:
   * `next` is then the oldest row looked at, not a match.
   */
  windowEnded: boolean;
}

/**
 * Finishes a walk from the matches of a window (`limit + 1` asked, to tell a full page) and, when
 * the page is not full, the window's last row (its `window`-th, or undefined when the walk ran out
 * of rows inside the window).
 */
export async function finishWalk<R, P>(
  matches: R[],
  limit: number,
  position: (r: R) => P,
  windowEdge: () => Promise<P | undefined>,
): Promise<Walked<R, P>> {
  if (matches.length > limit) {
    const rows = matches.slice(0, limit);
    const last = rows.at(-1);
    return { rows, next: last === undefined ? null : position(last), windowEnded: false };
  }
  const edge = await windowEdge();
  return { rows: matches, next: edge ?? null, windowEnded: edge !== undefined };
}
