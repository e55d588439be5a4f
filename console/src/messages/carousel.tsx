import type { ComponentChildren } from 'preact';

/*
 * A row of cards that scrolls sideways and snaps, as on the phone (brand message carousels, RCS
 * carousel formats). The list is named; the keyboard reaches the cards through their links.
 */

/**
 * Shows the whole card of what took the focus: Chromium scrolls a focused link into view only
 * when none of it shows, so tabbing to a half-visible card's button would leave it cut.
 */
function reveal(e: FocusEvent) {
  const card = e.target instanceof Element ? e.target.closest('.msg-carousel-card') : null;
  card?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
}

export function Carousel({ count, children }: { count: number; children: ComponentChildren }) {
  return (
    <div class="msg-carousel" onFocusIn={reveal}>
      <ol class="msg-carousel-track" aria-label={`Carousel of ${count} cards`}>
        {children}
      </ol>
    </div>
  );
}

export function Slide({
  n,
  count,
  class: cls,
  children,
}: {
  n: number;
  count: number;
  class?: string;
  children: ComponentChildren;
}) {
  return (
    <li class={cls ? `msg-carousel-card ${cls}` : 'msg-carousel-card'} aria-label={`Card ${n} of ${count}`}>
      {children}
    </li>
  );
}
