import type { ComponentChildren } from 'preact';
import { useEffect } from 'preact/hooks';

/** A page: its title (also the document's), what it is for, and its own actions on the right. */
export function Page({
  title,
  subtitle,
  actions,
  children,
}: {
  title: string;
  subtitle?: ComponentChildren;
  actions?: ComponentChildren;
  children: ComponentChildren;
}) {
  useEffect(() => {
    document.title = `${title} · Omnigate console`;
  }, [title]);
  return (
    <section class="page" aria-labelledby="page-title">
      <header class="page-head">
        <div>
          <h1 id="page-title" tabIndex={-1}>
            {title}
          </h1>
          {subtitle && <p class="muted">{subtitle}</p>}
        </div>
        {actions && <div class="page-actions">{actions}</div>}
      </header>
      {children}
    </section>
  );
}

/** A titled card within a page. */
export function Card({
  title,
  actions,
  children,
  id,
}: {
  title?: string;
  actions?: ComponentChildren;
  children: ComponentChildren;
  id?: string;
}) {
  return (
    <section class="card" aria-label={title} id={id}>
      {(title || actions) && (
        <header class="card-head">
          {title && <h2>{title}</h2>}
          {actions && <div class="card-actions">{actions}</div>}
        </header>
      )}
      {children}
    </section>
  );
}

/** Label and value pairs. */
export function Facts({ rows }: { rows: ReadonlyArray<readonly [string, ComponentChildren]> }) {
  return (
    <dl class="facts">
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}
