import type { Static } from '@sinclair/typebox';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ClockView as ClockSchema } from '../../src/features/sandbox/schemas.ts';
import { api } from './api.ts';
import { kst } from './format.ts';
import { useAction } from './hooks.ts';
import { Button } from './ui/controls.tsx';
import { ErrorNote } from './ui/feedback.tsx';

/** Moves other pages may wait for (a reservation that came due shows up in its list). */
type ClockView = Static<typeof ClockSchema>;

const moveListeners = new Set<() => void>();
export function onClockMoved(listener: () => void): () => void {
  moveListeners.add(listener);
  return () => moveListeners.delete(listener);
}

const STEPS = [
  { label: '+1 min', seconds: 60 },
  { label: '+1 h', seconds: 3600 },
  { label: '+1 day', seconds: 86_400 },
] as const;

/**
 * The gateway clock in the top bar: its time (Korea time), and on a manual clock the moves that
 * make due reservations, broadcasts and receipts happen. Another operator may move it too, so it
 * is read again every few seconds; a system clock just ticks here in between.
 */
export function GatewayClock() {
  const [clock, setClock] = useState<ClockView | null>(null);
  const [offset, setOffset] = useState(0);
  const [open, setOpen] = useState(false);
  const [setTo, setSetTo] = useState('');
  const [, tick] = useState(0);
  const action = useAction();
  const panel = useRef<HTMLDivElement>(null);
  const face = useRef<HTMLButtonElement>(null);

  const read = async () => {
    try {
      const c = await api.get<ClockView>('/sandbox/v1/clock');
      setClock(c);
      setOffset(c.epochMs - Date.now());
    } catch {
      // Shown as unknown; the next read tries again.
    }
  };
  useEffect(() => {
    void read();
    // Another operator may move the clock: read again now and then, while the tab is seen.
    const poll = window.setInterval(() => {
      if (document.visibilityState === 'visible') void read();
    }, 3000);
    const second = window.setInterval(() => tick((n) => n + 1), 1000);
    return () => {
      window.clearInterval(poll);
      window.clearInterval(second);
    };
  }, []);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      // The keyboard goes back where it came from.
      face.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    panel.current?.querySelector<HTMLElement>('button, input')?.focus();
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  const manual = clock?.kind === 'manual';
  const now = clock ? (manual ? clock.epochMs : Date.now() + offset) : null;
  const move = (body: { advanceSeconds: number } | { set: string }) =>
    action.run(async () => {
      const c = await api.post<ClockView>('/sandbox/v1/clock', body);
      setClock(c);
      setOffset(c.epochMs - Date.now());
      for (const l of moveListeners) l();
    });

  return (
    <div class="clock">
      <button
        ref={face}
        type="button"
        class="clock-face"
        aria-expanded={open}
        aria-controls="clock-panel"
        onClick={() => setOpen(!open)}
        title="The gateway clock (Korea time)"
      >
        <span class="clock-label">{manual ? 'Manual clock' : 'Gateway clock'}</span>
        <span class="clock-time" data-testid="gateway-clock">
          {now === null ? '—' : kst(now)}
        </span>
      </button>
      {open && (
        <div class="clock-panel" id="clock-panel" ref={panel} role="dialog" aria-label="Gateway clock">
          {manual ? (
            <>
              <p class="muted">
                Moving the clock runs whatever came due: reservations, broadcasts, receipts.
              </p>
              <div class="row">
                {STEPS.map((s) => (
                  <Button
                    key={s.label}
                    busy={action.busy}
                    onClick={() => void move({ advanceSeconds: s.seconds })}
                  >
                    {s.label}
                  </Button>
                ))}
              </div>
              <form
                class="row"
                onSubmit={(e) => {
                  e.preventDefault();
                  if (setTo) void move({ set: setTo.replace('T', ' ') + (setTo.length === 16 ? ':00' : '') });
                }}
              >
                <label class="sr-only" for="clock-set">
                  Set the clock to (Korea time)
                </label>
                <input
                  id="clock-set"
                  type="datetime-local"
                  step={1}
                  value={setTo}
                  onInput={(e) => setSetTo(e.currentTarget.value)}
                />
                <Button type="submit" busy={action.busy} disabled={!setTo}>
                  Set
                </Button>
              </form>
            </>
          ) : (
            <p class="muted">
              This gateway runs on the system clock. Start it with <code>OMNIGATE_CLOCK=manual</code> to move
              time from here.
            </p>
          )}
          <ErrorNote error={action.error} />
        </div>
      )}
    </div>
  );
}
