import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import type { ApiError } from '../api.ts';

/** A refusal as the gateway gave it: its result code and text. */
export function ErrorNote({ error, children }: { error: ApiError | null; children?: ComponentChildren }) {
  if (!error) return null;
  return (
    <div class="note note-error" role="alert">
      <strong>{error.code}</strong> {error.result}
      {children}
    </div>
  );
}

export function Notice({
  kind = 'info',
  children,
}: {
  kind?: 'info' | 'ok' | 'warn';
  children: ComponentChildren;
}) {
  return (
    <div class={`note note-${kind}`} role="status">
      {children}
    </div>
  );
}

export function Loading({ label = 'Loading' }: { label?: string }) {
  return (
    <p class="muted" aria-live="polite">
      {label}…
    </p>
  );
}

export function Empty({ children }: { children: ComponentChildren }) {
  return <p class="empty">{children}</p>;
}

const TONES: Record<string, string> = {
  delivered: 'ok',
  done: 'ok',
  completed: 'ok',
  approved: 'ok',
  apr: 'ok',
  bound: 'ok',
  sent: 'ok',
  failed: 'bad',
  dead: 'bad',
  rejected: 'bad',
  rej: 'bad',
  given_up: 'bad',
  down: 'bad',
  blocked: 'bad',
  cancelled: 'muted',
  terminated: 'muted',
  revoked: 'muted',
  stopped: 'warn',
  paused: 'warn',
  uncertain: 'warn',
  connecting: 'warn',
};

/** A status word, coloured by what it means (and always written out: colour is never the only sign). */
export function Badge({ status, label }: { status: string; label?: string }) {
  const tone = TONES[status.toLowerCase()] ?? 'info';
  return <span class={`badge badge-${tone}`}>{label ?? status}</span>;
}

/** Copies `text` to the clipboard; says so for a moment (and for screen readers). */
export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // No clipboard permission (plain http on another host): select the text for Ctrl+C instead.
      const range = document.createRange();
      const el = document.querySelector(`[data-copy-source="${CSS.escape(text)}"]`);
      if (el) {
        range.selectNodeContents(el);
        window.getSelection()?.removeAllRanges();
        window.getSelection()?.addRange(range);
      }
    }
    setCopied(true);
    window.setTimeout(() => setCopied(false), 1500);
  };
  return (
    <button type="button" class="btn btn-secondary btn-small" onClick={copy} aria-live="polite">
      {copied ? 'Copied' : label}
    </button>
  );
}

/** "12 of 40" as a bar and as words. */
export function Progress({ value, max, label }: { value: number; max: number; label: string }) {
  const pct = max > 0 ? Math.min(100, Math.round((value / max) * 100)) : 0;
  return (
    <div class="progress">
      <progress value={Math.min(value, max)} max={Math.max(max, 1)} aria-label={label} />
      <span class="progress-text">
        {value.toLocaleString('en-US')} of {max.toLocaleString('en-US')} ({pct}%)
      </span>
    </div>
  );
}
