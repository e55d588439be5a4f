import { useEffect, useRef, useState } from 'preact/hooks';
import { api } from './api.ts';
import { GatewayClock } from './clock.tsx';
import { ConnectionBanner } from './connection-banner.tsx';
import { Link, match, useLocation } from './router.tsx';
import { NAV, ROUTES } from './routes.tsx';
import { useSession } from './session.ts';
import { Empty } from './ui/feedback.tsx';
import { Page } from './ui/page.tsx';

function isCurrent(item: string, path: string): boolean {
  return item === '/' ? path === '/' : path === item || path.startsWith(`${item}/`);
}

/**
 * The signed-in console: a top bar (brand, the gateway clock, sign out), the navigation (a
 * sidebar on a wide screen, a menu on a phone), the connection banner while the gateway cannot be
 * reached, and the page of the address.
 */
export function Shell({ onSignOut }: { onSignOut: () => void }) {
  const session = useSession();
  const { path } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const main = useRef<HTMLElement>(null);

  // Escape folds the phone menu, and the focus goes back to its button.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setMenuOpen(false);
      document.querySelector<HTMLElement>('.menu-button')?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  // A new page puts the keyboard focus on its title, as a full page load would.
  useEffect(() => {
    setMenuOpen(false);
    main.current?.querySelector<HTMLElement>('h1')?.focus({ preventScroll: true });
  }, [path]);

  const route = ROUTES.find((r) => (!r.sandbox || session.sandbox) && match(r.pattern, path));
  const params = route ? (match(route.pattern, path) ?? {}) : {};

  const signOut = async () => {
    try {
      await api.del('/admin/v1/session');
    } finally {
      onSignOut();
    }
  };

  return (
    <div class={`shell${menuOpen ? ' menu-open' : ''}`}>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="topbar">
        <button
          type="button"
          class="menu-button"
          aria-expanded={menuOpen}
          aria-controls="nav"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          <span aria-hidden="true">☰</span>
          <span class="sr-only">Menu</span>
        </button>
        <Link href="/" class="brand">
          <span class="brand-mark" aria-hidden="true" />
          Omnigate
        </Link>
        <div class="topbar-end">
          {session.sandbox && <GatewayClock />}
          <button type="button" class="btn btn-ghost btn-small" onClick={() => void signOut()}>
            Sign out
          </button>
        </div>
      </header>
      <nav id="nav" class="sidebar" aria-label="Console">
        <div class="sidebar-inner">
          {NAV.filter((g) => !g.sandbox || session.sandbox).map((g) => (
            <div class="nav-group" key={g.title}>
              <h2 class="nav-title">{g.title}</h2>
              <ul>
                {g.items.map((item) => (
                  <li key={item.path}>
                    <Link href={item.path} aria-current={isCurrent(item.path, path) ? 'page' : undefined}>
                      {item.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </nav>
      <main id="main" ref={main}>
        <ConnectionBanner />
        {route ? (
          route.render(params)
        ) : (
          <Page title="Not found">
            <Empty>
              There is no console page at <code>{path}</code>. <Link href="/">Go to the overview</Link>.
            </Empty>
          </Page>
        )}
      </main>
    </div>
  );
}
