import { useMemo, useRef } from 'preact/hooks';

/**
 * The rows of a live list that were not in its previous answer to the same search: what arrived
 * since the reader last looked, to be marked for a moment. The first answer of a search (a new
 * search, the page opened) marks none, nor does a page of older rows.
 */
export function useFresh(
  search: string,
  rows: readonly { msgKey: string }[] | undefined,
): ReadonlySet<string> {
  const last = useRef<{ search: string; keys: ReadonlySet<string> } | null>(null);
  return useMemo(() => {
    if (!rows) return new Set<string>();
    const keys = new Set(rows.map((r) => r.msgKey));
    const before = last.current;
    last.current = { search, keys };
    if (!before || before.search !== search) return new Set<string>();
    return new Set([...keys].filter((k) => !before.keys.has(k)));
    // The rows' identity changes with each answer, not with each render.
  }, [rows]);
}
