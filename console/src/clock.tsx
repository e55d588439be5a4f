import './clock.css';
import type { Static } from '@sinclair/typebox';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ClockView as ClockSchema } from '../../src/features/sandbox/schemas.ts';
import { api } from './api.ts';
import { isOnline, onReconnected } from './connection.ts';
import { kst } from './format.ts';
import { useAction } from './hooks.ts';
import { Button } from './ui/controls.tsx';
import { ErrorNote, Loading } from './ui/feedback.tsx';

type ClockView = Static<typeof ClockSchema>;

/** Moves other pages may wait for (a reservation that came due shows up in its list). */
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
 * How far ahead of the system clock the gateway runs: "1 day 2 h 5 min", "45 s"; `short` keeps
 * the two largest units ("1 day 2 h"), for the face in the top bar.
 */
export function aheadText(seconds: number, short = false): string {
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))} s`;
  const minutes = Math.round(seconds / 60);
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  const parts = [
    d > 0 ? `${d} ${d === 1 ? 'day' : 'days'}` : '',
    h > 0 ? `${h} h` : '',
    m > 0 ? `${m} min` : '',
  ];
  const shown = parts.filter(Boolean);
  return (short ? shown.slice(0, 2) : shown).join(' ');
}

/**
 * The gateway clock in the top bar: its time (Korea time), and the moves that make due
 * reservations, broadcasts and receipts happen. A manual clock goes wherever it is told; a system
 * clock only forward (the gateway then runs ahead of the system time, which the face shows).
 * Another operator may move it too, so it is read again every few seconds; it ticks here in between.
 */
export function GatewayClock() {
  const [clock, setClock] = useState<ClockView | null>(null);
  const [skew, setSkew] = useState(0);
  const [open, setOpen] = useState(false);
  const [, tick] = useState(0);
  const action = useAction();
  const panel = useRef<HTMLDivElement>(null);
  const face = useRef<HTMLButtonElement>(null);

  const show = (c: ClockView) => {
    setClock(c);
    // The gateway's time less this browser's: the face ticks on from it.
    setSkew(c.epochMs - Date.now());
  };
  const read = async () => {
    try {
      show(await api.get<ClockView>('/sandbox/v1/clock'));
    } catch {
      // Shown as unknown; the next read tries again.
    }
  };
  useEffect(() => {
    void read();
    // Another operator may move the clock: read again now and then, while the tab is seen.
    const poll = window.setInterval(() => {
      // While the gateway cannot be reached the connection's own probe asks for it (backing off);
      // this poll would knock every 3 s besides.
      if (document.visibilityState === 'visible' && isOnline()) void read();
    }, 3000);
    const second = window.setInterval(() => tick((n) => n + 1), 1000);
    const back = onReconnected(() => void read());
    return () => {
      window.clearInterval(poll);
      window.clearInterval(second);
      back();
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
  const ahead = clock?.offsetSeconds ?? 0;
  const now = clock ? (manual ? clock.epochMs : Date.now() + skew) : null;
  const move = (body: { advanceSeconds: number } | { set: string }) =>
    action.run(async () => {
      show(await api.post<ClockView>('/sandbox/v1/clock', body));
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
        <span class="clock-label">
          <span class="clock-kind">{manual ? 'Manual clock' : 'Gateway clock'}</span>
          {!manual && ahead > 0 && <span class="clock-ahead"> +{aheadText(ahead, true)}</span>}
        </span>
        <span class="clock-time" data-testid="gateway-clock">
          {now === null ? '—' : kst(now)}
        </span>
      </button>
      {open && (
        <div class="clock-panel" id="clock-panel" ref={panel} role="dialog" aria-label="Gateway clock">
          {clock === null ? (
            <Loading label="Reading the clock" />
          ) : manual ? (
            <p class="muted">Moving the clock runs whatever came due: reservations, broadcasts, receipts.</p>
          ) : (
            <>
              <p class="muted">
                This gateway runs on the system clock. Moving it forward runs whatever came due: reservations,
                broadcasts, receipts. It cannot go back (restart with <code>OMNIGATE_CLOCK=manual</code> for a
                clock that can).
              </p>
              <p class={ahead > 0 ? 'clock-offset clock-offset-ahead' : 'clock-offset'} role="status">
                {ahead > 0
                  ? `Runs ${aheadText(ahead)} ahead of the system clock.`
                  : 'Runs on the system time.'}
              </p>
            </>
          )}
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
          <SetForm
            busy={action.busy}
            earliest={manual || now === null ? null : now}
            onSet={(set) => void move({ set })}
          />
          <ErrorNote error={action.error} />
        </div>
      )}
    </div>
  );
}

/** Set the clock to a Korea time; on the system clock not before the gateway's time (`earliest`). */
function SetForm({
  busy,
  earliest,
  onSet,
}: {
  busy: boolean;
  earliest: number | null;
  onSet: (set: string) => void;
}) {
  const [setTo, setSetTo] = useState('');
  return (
    <form
      class="row"
      onSubmit={(e) => {
        e.preventDefault();
        if (setTo) onSet(setTo.replace('T', ' ') + (setTo.length === 16 ? ':00' : ''));
      }}
    >
      {earliest === null ? (
        <label class="sr-only" for="clock-set">
          Set the clock to (Korea time)
        </label>
      ) : (
        <label class="clock-set-label" for="clock-set">
          Set the clock to a later time (Korea time)
        </label>
      )}
      <input
        id="clock-set"
        type="datetime-local"
        step={1}
        // Minute precision: the browser's own check; the gateway refuses a time it has passed.
        min={earliest === null ? undefined : kst(earliest).replace(' ', 'T').slice(0, 16)}
        value={setTo}
        onInput={(e) => setSetTo(e.currentTarget.value)}
      />
      <Button type="submit" busy={busy} disabled={!setTo}>
        Set
      </Button>
    </form>
  );
}
