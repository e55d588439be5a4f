import type { Static } from '@sinclair/typebox';
import type { EngineEvents } from '../../engine/events.ts';
import { type OverviewTraffic, TRAFFIC_WINDOW_SECONDS } from './overview-schemas.ts';

export const TRAFFIC_SERIES = ['accepted', 'delivered', 'failed'] as const;
export type TrafficSeriesName = (typeof TRAFFIC_SERIES)[number];

/** Seconds `from` to `until` (Unix seconds), oldest first; null where the instance was not running yet. */
export type TrafficWindow = Static<typeof OverviewTraffic>;

/* The seconds answered plus the one being counted. */
const SLOTS = TRAFFIC_WINDOW_SECONDS + 1;

/**
 * This instance's accepted, delivered and failed messages per second over the last 15 minutes:
 * a ring of seconds that the counters' own events add to (one addition per event, which is per
 * send or per engine pass, never per message). Nothing runs on a timer: the ring moves on to the
 * current second whenever it is added to or read, clearing the seconds nothing happened in.
 *
 * Seconds are counted on a monotonic clock (performance.now), so neither a moved sandbox clock nor
 * a change of the system time shifts or loses them; they are named by the Unix second of the
 * system clock they began in at start. Only whole seconds are answered: the one being counted
 * comes in the next reading, so a reader never sees a second's count change.
 */
export class TrafficSeries {
  readonly #now: () => number;
  /** The Unix second the instance started in: earlier seconds are not its own. */
  readonly #first: number;
  /** The monotonic time at which second `first` began. */
  readonly #base: number;
  /** The second being counted. */
  #head: number;
  readonly #slots: Record<TrafficSeriesName, Float64Array> = {
    accepted: new Float64Array(SLOTS),
    delivered: new Float64Array(SLOTS),
    failed: new Float64Array(SLOTS),
  };

  constructor(now: () => number = () => performance.now(), epochMs: number = Date.now()) {
    this.#now = now;
    this.#first = Math.floor(epochMs / 1000);
    this.#base = now() - (epochMs - this.#first * 1000);
    this.#head = this.#first;
  }

  /** Moves on to the current second, clearing the slots of the seconds passed over. */
  #roll(): number {
    const second = this.#first + Math.floor((this.#now() - this.#base) / 1000);
    if (second <= this.#head) return this.#head;
    const from = Math.max(this.#head + 1, second - SLOTS + 1);
    for (let s = from; s <= second; s++) {
      const i = s % SLOTS;
      for (const name of TRAFFIC_SERIES) this.#slots[name][i] = 0;
    }
    this.#head = second;
    return second;
  }

  add(name: TrafficSeriesName, count: number): void {
    const second = this.#roll();
    const slots = this.#slots[name];
    const i = second % SLOTS;
    slots[i] = (slots[i] ?? 0) + count;
  }

  /**
   * The last 15 minutes of whole seconds, or, given `since` (the `until` of an earlier reading of
   * this instance), only the seconds after it. A `since` outside the window (too old, ahead of this
   * instance's clock, another instance's) answers the whole window: `from` says which was answered.
   */
  read(since?: number): TrafficWindow {
    const until = this.#roll() - 1;
    const oldest = until - TRAFFIC_WINDOW_SECONDS + 1;
    const from = since !== undefined && since >= oldest - 1 && since <= until ? since + 1 : oldest;
    const column = (name: TrafficSeriesName): Array<number | null> => {
      const slots = this.#slots[name];
      const out: Array<number | null> = [];
      for (let s = from; s <= until; s++) out.push(s < this.#first ? null : (slots[s % SLOTS] ?? 0));
      return out;
    };
    return {
      from,
      until,
      accepted: column('accepted'),
      delivered: column('delivered'),
      failed: column('failed'),
    };
  }
}

/**
 * A series fed by the events behind omnigate_messages_accepted_total and
 * omnigate_messages_final_total (status delivered and failed), the engine thread's included (they
 * are emitted again in this thread). Answers the series and what unsubscribes it.
 */
export function trackTraffic(
  events: EngineEvents,
  now?: () => number,
): { series: TrafficSeries; stop: () => void } {
  const series = new TrafficSeries(now);
  const offs = [
    events.on('messages.accepted', (e) => series.add('accepted', e.count)),
    events.on('messages.final', (e) => {
      if (e.status === 'delivered' || e.status === 'failed') series.add(e.status, e.count);
    }),
  ];
  return {
    series,
    stop: () => {
      for (const off of offs) off();
    },
  };
}
