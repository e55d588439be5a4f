import type { Ctx } from '../../context.ts';
import { countBetween, timelineAfter } from '../../store/sandbox/timeline.ts';
import { timelineItems } from './timeline.ts';

/*
 * The live timelines of this process (GET .../timeline/stream). The database is the truth: each
 * watcher is served by one indexed query of its number's rows after its cursor, so a delivery
 * made by another instance shows too. A watcher is looked at every POLL_MS, and at once when this
 * process writes rows for its number (the 'sandbox.inbox' event), but never twice within LOOK_MS:
 * a busy inbox costs one query per watcher per LOOK_MS, whatever the send rate. With no watcher
 * the hub holds no timer and no listener, so the send path pays nothing.
 */

/** Rows one look sends; more than this between two looks becomes a `gap` event. */
export const LOOK_ROWS = 100;
/**
 * Where ids do not become visible in their order (PostgreSQL: ids are handed out at insert, and
 * eight engine lanes commit in any order), a row below one already sent may still appear. A sent
 * row counts as settled once it has been visible this long: any row with a lower id was inserted
 * before it, by a statement that has long committed. Until then looks read from below it, and skip
 * what they sent already.
 */
const SETTLE_MS = 2000;

export interface HubOptions {
  /** The least time between two looks of one watcher. */
  lookMs?: number;
  /** A watcher is looked at this often even without an event (other instances deliver too). */
  pollMs?: number;
  /** A `: ping` comment this often keeps proxies from closing an idle stream. */
  pingMs?: number;
}

/** Where a watcher's events go (an HTTP response in the route; a buffer in tests). */
export interface StreamSink {
  write(text: string): void;
  /** True while the socket has more buffered than it wants: the watcher's looks wait. */
  needsDrain(): boolean;
  /** Ends the stream (sign-out, app close). */
  end(): void;
}

interface Watcher {
  readonly phone: string;
  /** Rows at or below this id are sent or given up (a gap): looks read above it. */
  settled: number;
  /** Rows sent above `settled`, and when (performance.now): skipped by later looks. */
  readonly recent: Map<number, number>;
  readonly sink: StreamSink;
  /** Whether the watcher may still watch (its console session lives); asked at each ping. */
  readonly alive: () => Promise<boolean>;
  dirty: boolean;
  busy: boolean;
  lastLook: number;
  /** Looks failed in a row: after FAILED_LOOKS_MAX the stream ends (EventSource comes back). */
  failures: number;
}

const FAILED_LOOKS_MAX = 5;

/** One Server-Sent Event. `data` is JSON on one line, so it needs no splitting. */
export function sseEvent(event: string, data: unknown, id?: number): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export class TimelineHub {
  readonly #ctx: Ctx;
  readonly #lookMs: number;
  readonly #pollMs: number;
  readonly #pingMs: number;
  readonly #byPhone = new Map<string, Set<Watcher>>();
  #tick: NodeJS.Timeout | null = null;
  #ping: NodeJS.Timeout | null = null;
  #due: NodeJS.Timeout | null = null;
  #off: (() => void) | null = null;
  #kickPending = false;
  #closed = false;

  constructor(ctx: Ctx, options: HubOptions = {}) {
    this.#ctx = ctx;
    this.#lookMs = options.lookMs ?? 250;
    this.#pollMs = options.pollMs ?? 500;
    this.#pingMs = options.pingMs ?? 15_000;
  }

  /** Watchers now (metrics, tests). */
  get size(): number {
    let n = 0;
    for (const set of this.#byPhone.values()) n += set.size;
    return n;
  }

  /**
   * Streams the rows of `phone` after `cursor` to `sink`, from now until the returned function
   * is called (the client went) or the hub closes. The first look is made at once.
   */
  watch(phone: string, cursor: number, sink: StreamSink, alive: () => Promise<boolean>): () => void {
    if (this.#closed) {
      sink.end();
      return () => {};
    }
    const w: Watcher = {
      phone,
      settled: cursor,
      recent: new Map(),
      sink,
      alive,
      dirty: true,
      busy: false,
      lastLook: 0,
      failures: 0,
    };
    let set = this.#byPhone.get(phone);
    if (!set) {
      set = new Set();
      this.#byPhone.set(phone, set);
    }
    set.add(w);
    this.#start();
    void this.#look(w);
    return () => this.#drop(w);
  }

  /** Ends every stream and stops (the app closes): nothing keeps the server from closing. */
  close(): void {
    this.#closed = true;
    for (const set of this.#byPhone.values()) for (const w of set) w.sink.end();
    this.#byPhone.clear();
    this.#stop();
  }

  #drop(w: Watcher): void {
    const set = this.#byPhone.get(w.phone);
    if (!set?.delete(w)) return;
    if (set.size === 0) this.#byPhone.delete(w.phone);
    if (this.#byPhone.size === 0) this.#stop();
  }

  #start(): void {
    if (this.#tick) return;
    this.#off = this.#ctx.events.on('sandbox.inbox', ({ phones }) => this.#onRows(phones));
    this.#tick = setInterval(() => this.#serve(false), this.#lookMs);
    this.#ping = setInterval(() => void this.#pingAll(), this.#pingMs);
    // Timers of a stream never keep a stopping process alive.
    this.#tick.unref();
    this.#ping.unref();
  }

  #stop(): void {
    if (this.#tick) clearInterval(this.#tick);
    if (this.#ping) clearInterval(this.#ping);
    if (this.#due) clearTimeout(this.#due);
    this.#due = null;
    this.#tick = null;
    this.#ping = null;
    this.#off?.();
    this.#off = null;
  }

  #onRows(phones: readonly string[]): void {
    let any = false;
    for (const phone of phones) {
      const set = this.#byPhone.get(phone);
      if (!set) continue;
      for (const w of set) w.dirty = true;
      any = true;
    }
    // Coalesced: the rows of one engine pass (many batches) wake each watcher once.
    if (any && !this.#kickPending) {
      this.#kickPending = true;
      setImmediate(() => {
        this.#kickPending = false;
        this.#serve(true);
      });
    }
  }

  /** Looks at the watchers that are due: dirty ones, and (on the tick) those not seen for POLL_MS. */
  #serve(dirtyOnly: boolean): void {
    const now = performance.now();
    let soonest = Number.POSITIVE_INFINITY;
    for (const set of this.#byPhone.values()) {
      for (const w of set) {
        if (w.busy) continue;
        if (now - w.lastLook < this.#lookMs) {
          // Looked at a moment ago: the rows wait until the look is due, not for the next tick.
          if (w.dirty) soonest = Math.min(soonest, w.lastLook + this.#lookMs);
          continue;
        }
        if (!w.dirty && (dirtyOnly || now - w.lastLook < this.#pollMs)) continue;
        // Backpressure: a client that does not read gets no more until its socket drains.
        if (w.sink.needsDrain()) continue;
        void this.#look(w);
      }
    }
    if (soonest !== Number.POSITIVE_INFINITY && !this.#due) {
      this.#due = setTimeout(
        () => {
          this.#due = null;
          this.#serve(true);
        },
        Math.max(1, Math.ceil(soonest - now)),
      );
      this.#due.unref();
    }
  }

  async #look(w: Watcher): Promise<void> {
    w.busy = true;
    w.dirty = false;
    w.lastLook = performance.now();
    const store = this.#ctx.store;
    try {
      const limit = LOOK_ROWS + 1 + w.recent.size;
      const rows = await timelineAfter(store, w.phone, w.settled, limit);
      const fresh = rows.filter((r) => !w.recent.has(r.id));
      const sent = fresh.slice(0, LOOK_ROWS).reverse();
      let text = '';
      const first = sent[0];
      if (fresh.length > LOOK_ROWS && first) {
        // More arrived than a look sends: the newest go out, the rest is a gap the page can load.
        const all = await countBetween(store, w.phone, w.settled, first.id);
        let already = 0;
        for (const id of w.recent.keys()) if (id < first.id) already += 1;
        text += sseEvent('gap', {
          afterId: w.settled,
          beforeId: first.id,
          skipped: Math.max(0, all - already),
        });
        w.settled = first.id - 1;
        for (const id of [...w.recent.keys()]) if (id <= w.settled) w.recent.delete(id);
      }
      if (sent.length > 0) {
        const items = await timelineItems(this.#ctx, sent);
        for (const item of items) text += sseEvent('item', item, item.id);
        const now = performance.now();
        for (const r of sent) w.recent.set(r.id, now);
      }
      this.#settle(w);
      w.failures = 0;
      if (text !== '' && this.#isWatched(w)) w.sink.write(text);
    } catch (err) {
      w.failures += 1;
      this.#ctx.logger.warn({ err, phone: w.phone, failures: w.failures }, 'timeline stream look failed');
      if (w.failures >= FAILED_LOOKS_MAX && this.#isWatched(w)) {
        this.#drop(w);
        w.sink.end();
      }
    } finally {
      w.busy = false;
    }
  }

  /** Moves `settled` past the sent rows no earlier row can appear below any more. */
  #settle(w: Watcher): void {
    const inOrder = this.#ctx.store.caps.idsVisibleInOrder;
    const before = performance.now() - SETTLE_MS;
    let settled = w.settled;
    for (const [id, at] of w.recent) if ((inOrder || at <= before) && id > settled) settled = id;
    w.settled = settled;
    for (const id of [...w.recent.keys()]) if (id <= settled) w.recent.delete(id);
  }

  #isWatched(w: Watcher): boolean {
    return this.#byPhone.get(w.phone)?.has(w) ?? false;
  }

  async #pingAll(): Promise<void> {
    for (const set of [...this.#byPhone.values()]) {
      for (const w of [...set]) {
        let alive = true;
        try {
          alive = await w.alive();
        } catch {
          // The database is unreachable for a moment: keep the stream, ask at the next ping.
        }
        if (!alive) {
          this.#drop(w);
          w.sink.end();
        } else if (!w.sink.needsDrain()) w.sink.write(': ping\n\n');
      }
    }
  }
}
