import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';

/**
 * A small history router: console addresses are real paths under /console (the gateway answers
 * the page for each), so they can be bookmarked, reloaded and opened in a new tab.
 */
export const BASE = '/console';

const listeners = new Set<() => void>();

function current(): string {
  const p = window.location.pathname;
  const rest = p.startsWith(BASE) ? p.slice(BASE.length) : p;
  return rest === '' ? '/' : rest;
}

/** The console path ("/handsets/010...") and query string of the address bar. */
export function useLocation(): { path: string; search: URLSearchParams } {
  const [, setTick] = useState(0);
  useEffect(() => {
    const update = () => setTick((n) => n + 1);
    listeners.add(update);
    window.addEventListener('popstate', update);
    return () => {
      listeners.delete(update);
      window.removeEventListener('popstate', update);
    };
  }, []);
  return { path: current(), search: new URLSearchParams(window.location.search) };
}

export function href(path: string): string {
  return `${BASE}${path === '/' ? '' : path}`;
}

export function navigate(path: string, options: { replace?: boolean } = {}): void {
  const to = href(path);
  if (options.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  for (const l of listeners) l();
  if (!options.replace) window.scrollTo(0, 0);
}

/** `pattern` "/handsets/:phone" against `path`: the decoded parameters, or null. */
export function match(pattern: string, path: string): Record<string, string> | null {
  const ps = pattern.split('/').filter(Boolean);
  const xs = path.split('/').filter(Boolean);
  if (ps.length !== xs.length) return null;
  const out: Record<string, string> = {};
  for (let i = 0; i < ps.length; i++) {
    const p = ps[i] ?? '';
    const x = xs[i] ?? '';
    if (p.startsWith(':')) {
      try {
        out[p.slice(1)] = decodeURIComponent(x);
      } catch {
        return null;
      }
    } else if (p !== x) return null;
  }
  return out;
}

interface LinkProps {
  href: string;
  children?: ComponentChildren;
  class?: string;
  'aria-current'?: 'page' | undefined;
  'aria-label'?: string;
  title?: string;
}

/** A link inside the console: a real <a href> (middle click, copy link) that navigates in place. */
export function Link({ href: to, children, ...rest }: LinkProps) {
  return (
    <a
      {...rest}
      href={href(to)}
      onClick={(e) => {
        if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </a>
  );
}
