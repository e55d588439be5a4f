import { query } from '../api.ts';
import { navigate, useLocation } from '../router.tsx';

/*
 * A list page's filters live in the address bar: a search can be bookmarked, shared, reloaded and
 * walked back with the browser's Back button, and the page simply renders what the address says.
 */

export type Params<K extends string> = Record<K, string>;

/** The page's parameters from the address (absent ones are ""), and their text as a load key. */
export function useAddressParams<K extends string>(keys: readonly K[]): { params: Params<K>; key: string } {
  const { search } = useLocation();
  const params = {} as Params<K>;
  for (const k of keys) params[k] = search.get(k) ?? '';
  return { params, key: keys.map((k) => `${k}=${params[k]}`).join('&') };
}

/** Shows `path` with these parameters (empty ones left out): a new entry in the history by default. */
export function goTo(
  path: string,
  params: Record<string, string>,
  options: { replace?: boolean } = {},
): void {
  navigate(`${path}${query(params)}`, options);
}
