import type { RefObject } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';

interface Place {
  key: string;
  top: number;
}

/** The first row of `body` in view and where it is on the screen; null at the page's top. */
function firstInView(body: HTMLElement | null): Place | null {
  // At the top the reader is watching for new rows: they push the list down, as they arrive.
  if (!body || window.scrollY === 0) return null;
  for (const row of Array.from(body.children)) {
    if (!(row instanceof HTMLElement) || !row.dataset.key) continue;
    const { top, bottom } = row.getBoundingClientRect();
    if (bottom > 0) return { key: row.dataset.key, top };
  }
  return null;
}

/**
 * Keeps the reader's place when rows arrive above it. The browser's own scroll anchoring does not
 * reach into the table (its wrapper scrolls sideways on a narrow screen, and anchoring stops at a
 * nested scroller), so the first row in view is noted before the new rows are drawn and the page
 * scrolled by as much as they pushed it down.
 */
export function useKeepPlace(rows: readonly unknown[], body: RefObject<HTMLElement | null>): void {
  const drawn = useRef(rows);
  const place = useRef<Place | null>(null);
  // Read during the render, before the DOM changes: the last moment the old position is known.
  if (drawn.current !== rows) {
    drawn.current = rows;
    place.current = firstInView(body.current);
  }
  useLayoutEffect(() => {
    const p = place.current;
    place.current = null;
    if (!p || !body.current) return;
    const row = Array.from(body.current.children).find(
      (r) => r instanceof HTMLElement && r.dataset.key === p.key,
    );
    if (!row) return;
    const moved = row.getBoundingClientRect().top - p.top;
    if (Math.abs(moved) >= 1) window.scrollBy(0, moved);
  }, [rows]);
}
