import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { Button } from '../ui/controls.tsx';
import { CopyButton } from '../ui/feedback.tsx';

/**
 * A secret the gateway shows once (an API key, a webhook secret): marked as such, with a copy
 * button and the warning that it cannot be seen again. Focus moves to it when it appears, so a
 * keyboard or screen-reader user lands on what must be copied.
 */
export function ShownOnce({
  title,
  value,
  onDone,
  children,
}: {
  title: string;
  value: string;
  onDone: () => void;
  children?: ComponentChildren;
}) {
  const box = useRef<HTMLElement>(null);
  useEffect(() => {
    box.current?.focus();
  }, [value]);
  return (
    <section class="shown-once" aria-label={title} tabIndex={-1} ref={box}>
      <h3 class="shown-once-title">
        {title}
        <span class="shown-once-badge">shown once</span>
      </h3>
      <div class="shown-once-value">
        <code data-copy-source={value}>{value}</code>
        <CopyButton text={value} />
      </div>
      <p class="shown-once-warn">
        <strong>It will not be shown again.</strong> Copy it now and keep it somewhere safe: the gateway keeps
        only what it needs to check it.
      </p>
      {children}
      <div class="row">
        <Button size="small" onClick={onDone}>
          I have copied it
        </Button>
      </div>
    </section>
  );
}
