import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import type { Store } from '../store/db/database.ts';
import { type JobKind, MalformedJob } from '../store/jobs/job-kind.ts';
import {
  ABANDONED_ERROR,
  buryAbandonedJobs,
  type ClaimedJob,
  claimJobs,
  completeJobs,
  extendLeases,
  failJob,
  releaseJobs,
  rescheduleJob,
} from '../store/jobs/jobs.ts';
import { backoffMs } from './backoff.ts';
import { coalesce } from './coalesce.ts';
import type { EngineEvents } from './events.ts';

/** The least time between two claim rounds while jobs are running (real time). */
const ROUND_GAP_MS = 5;

/** What a handler may answer besides "done": run me again at this time (not a failure). */
export interface Reschedule<T = Record<string, unknown>> {
  rescheduleAt: number;
  payload?: T;
}

export type JobHandler = (job: ClaimedJob) => Promise<Reschedule | undefined>;

/**
 * The handler of a kind of job, given the payload as its kind reads it (typed and checked): a
 * payload that does not fit ends the job dead at once (MalformedJob), never retried.
 */
export function handles<T extends Record<string, unknown>>(
  kind: JobKind<T>,
  run: (payload: T, job: ClaimedJob) => Promise<Reschedule<T> | undefined>,
): [string, JobHandler] {
  return [kind.kind, (job) => run(kind.read(job), job)];
}

/** Thrown by a handler to fail this attempt and choose when the next one runs. */
export class RetryAt extends Error {
  constructor(
    message: string,
    readonly retryAt: number,
  ) {
    super(message);
  }
}

/**
 * Work a lane claims beside its jobs, from rows of its own: due messages (message-source.ts),
 * each claimed by a lease on its row, where a job was a row more to insert, claim and delete.
 * A claimed batch takes one of the lane's slots until it ends.
 */
export interface WorkSource {
  /** Claims due work and starts it; null when nothing is due or there is no room for more. */
  claim(now: number, leaseUntil: number): Promise<ClaimedBatch | null>;
  /** Extends the leases of the work under way to `leaseUntil`. */
  renew(leaseUntil: number): Promise<void>;
  /** Hands the work still under way back (a stop past its grace): it is due again at once. */
  release(): Promise<void>;
}

export interface ClaimedBatch {
  count: number;
  /** As much as one claim may take: more may be due. */
  full: boolean;
  /** Ends with the batch's work (it never rejects: the source keeps its failures). */
  done: Promise<void>;
}

interface Lane {
  kinds: string[];
  concurrency: number;
  inflight: number;
  source: WorkSource | null;
  /** The kind whose nudge wakes the source (work added of no job kind). */
  sourceKind: string | null;
}

export interface LaneOptions {
  kinds: readonly string[];
  concurrency: number;
  source?: { kind: string; work: WorkSource };
}

interface IdleWaiter {
  after: number;
  resolve: () => void;
}

export interface RunnerOptions {
  store: Store;
  clock: Clock;
  events: EngineEvents;
  handlers: ReadonlyMap<string, JobHandler>;
  logger?: Logger;
  workerId?: string;
  /** Jobs claimed per statement: on PostgreSQL SKIP LOCKED claims ran at 3.7k/s one at a time and 43k/s in batches of 50 (docs/architecture.md#the-engine). */
  batchSize?: number;
  /** Jobs running at once in this process, outside the lanes. */
  concurrency?: number;
  /**
   * Kinds with a concurrency of their own. Dispatch passes keep the database busy: a few at once
   * fill the pipeline, dozens only queue on the connection and delay HTTP requests behind them.
   */
  lanes?: ReadonlyArray<LaneOptions>;
  leaseMs: number;
  pollMs: number;
}

/**
 * Claims due jobs in batches and runs their handlers. Several runners (in one process or in many
 * instances on PostgreSQL) may work on one database: the claim statement never hands a job to
 * two of them, and a job whose runner died is taken over once its lease has run out.
 */
export class JobRunner {
  readonly workerId: string;
  readonly #o: Required<Omit<RunnerOptions, 'logger' | 'workerId' | 'lanes'>> & {
    logger: Logger | undefined;
  };
  readonly #lanes: Lane[];
  readonly #inflight = new Map<number, ClaimedJob>();
  /** Batches of the lanes' sources under way. */
  #batches = 0;
  /** Each running job's lease end as this runner last set it (claim, renewal). */
  readonly #leaseEnds = new Map<number, number>();
  /**
   * Running jobs whose lease ran out while they ran (a clock move, a renewal that failed): another
   * claim could find them (claimJobs leaves them out), and a redelivery may have freed them since.
   */
  readonly #exposed = new Set<number>();
  #running = false;
  #loopDone: Promise<void> = Promise.resolve();
  #wake: (() => void) | null = null;
  #woken = false;
  /**
   * The lanes the next round claims for: every lane after a wake-up from outside (an enqueue, a
   * clock move, the poll), only its own after a job ends. A round per ended job that also claimed
   * for the other lanes was a write per job for nothing.
   */
  #due: Set<Lane> | 'all' = 'all';
  /**
   * When a round last looked at every lane (real time). Ended jobs keep cutting the poll's wait
   * short; this deadline still makes a round look at every lane each poll interval, for work that
   * became due with no wake-up here (timers, retries, other instances' enqueues).
   */
  #lookedAllAt = 0;
  #heartbeat: NodeJS.Timeout | null = null;
  #beating = false;
  #stopping: Promise<void> | null = null;
  #claimSeq = 0;
  /** Jobs finished so far: a round during which one finished cannot say nothing is due. */
  #finished = 0;
  #idleWaiters: IdleWaiter[] = [];
  #unsubscribeClock: (() => void) | null = null;
  /** Jobs that ended in one turn of the event loop are deleted by one statement. */
  readonly #complete: (id: number) => Promise<boolean>;

  constructor(options: RunnerOptions) {
    this.workerId = options.workerId ?? `w-${randomBytes(6).toString('hex')}`;
    this.#o = {
      store: options.store,
      clock: options.clock,
      events: options.events,
      handlers: options.handlers,
      logger: options.logger,
      batchSize: options.batchSize ?? 50,
      concurrency: options.concurrency ?? 200,
      leaseMs: options.leaseMs,
      pollMs: options.pollMs,
    };
    this.#complete = coalesce(async (ids: readonly number[]) => {
      const done = await completeJobs(options.store, ids, this.workerId);
      return ids.map((id) => done.has(id));
    });
    const laned = new Set<string>();
    this.#lanes = [];
    for (const l of options.lanes ?? []) {
      const kinds = l.kinds.filter((k) => options.handlers.has(k) && !laned.has(k));
      for (const k of kinds) laned.add(k);
      this.#lanes.push({
        kinds,
        concurrency: l.concurrency,
        inflight: 0,
        source: l.source?.work ?? null,
        sourceKind: l.source?.kind ?? null,
      });
    }
    const rest = [...options.handlers.keys()].filter((k) => !laned.has(k));
    this.#lanes.push({
      kinds: rest,
      concurrency: this.#o.concurrency,
      inflight: 0,
      source: null,
      sourceKind: null,
    });
  }

  get inflight(): number {
    return this.#inflight.size + this.#batches;
  }

  start(): void {
    if (this.#running || this.#stopping) return;
    this.#running = true;
    // On the manual clock, work becomes due when the clock moves: look at once, not at the next poll.
    this.#unsubscribeClock = this.#o.clock.onChange(() => {
      // The sandbox ran the system clock ahead (another instance, say, followed here): this
      // instance's leases are renewed on the new time at once, not at the next heartbeat, so that
      // no other instance takes its running work meanwhile. (A manual clock's jump is how tests
      // expire a lease: it is left to the heartbeat.)
      if (this.#o.clock.kind === 'system') void this.#renewLeases();
      this.wake();
    });
    this.#heartbeat = setInterval(() => void this.#beat(), Math.max(250, this.#o.leaseMs / 3));
    this.#heartbeat.unref();
    this.#loopDone = this.#loop();
  }

  /** Something became due (a clock move, a test waiting for idle): claim in every lane now. */
  wake(): void {
    this.#due = 'all';
    this.#rouse();
  }

  /**
   * Work of `kinds` (any kind when not given) was added: the lanes that run it claim, an idle one
   * at once, a busy one once a batch's worth of room is free (or at the next poll). A wake-up made
   * every lane claim whatever room it had: a one-recipient send cost a claim in each lane.
   */
  nudge(kinds?: readonly string[]): void {
    if (this.#due !== 'all') {
      for (const lane of this.#lanes) {
        const wakes =
          !kinds ||
          lane.kinds.some((k) => kinds.includes(k)) ||
          (lane.sourceKind !== null && kinds.includes(lane.sourceKind));
        if (wakes) this.#due.add(lane);
      }
    }
    this.#rouse();
  }

  #markDue(lane: Lane): void {
    if (this.#due !== 'all') this.#due.add(lane);
  }

  #rouse(): void {
    this.#woken = true;
    const w = this.#wake;
    this.#wake = null;
    w?.();
  }

  /**
   * Resolves once a claim that started after this call found nothing due and nothing runs.
   * Tests use it after moving the manual clock instead of sleeping.
   */
  whenIdle(): Promise<void> {
    // A stopped runner claims nothing more: waiting for its next claim would wait forever.
    if (this.#stopping) return Promise.resolve();
    const after = this.#claimSeq;
    const p = new Promise<void>((resolve) => this.#idleWaiters.push({ after, resolve }));
    this.wake();
    return p;
  }

  /** Stops claiming, lets running jobs finish for up to `graceMs`, then hands the rest back. */
  stop(graceMs = 10_000): Promise<void> {
    if (!this.#stopping) this.#stopping = this.#stop(graceMs);
    return this.#stopping;
  }

  async #stop(graceMs: number): Promise<void> {
    this.#running = false;
    this.#unsubscribeClock?.();
    this.wake();
    await this.#loopDone;
    const deadline = Date.now() + graceMs;
    while (this.inflight > 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    for (const lane of this.#lanes) {
      try {
        await lane.source?.release();
      } catch (err) {
        this.#o.logger?.warn({ err }, 'could not hand back claimed work; its leases will expire');
      }
    }
    const left = [...this.#inflight.keys()];
    if (left.length > 0) {
      try {
        await releaseJobs(this.#o.store, left, this.workerId);
      } catch (err) {
        this.#o.logger?.warn({ err, jobs: left.length }, 'could not release jobs; their leases will expire');
      }
    }
    for (const w of this.#idleWaiters.splice(0)) w.resolve();
  }

  async #loop(): Promise<void> {
    let lastRound = 0;
    while (this.#running) {
      // While jobs run, rounds come at most every ROUND_GAP_MS: a stream of one-recipient sends
      // woke the loop for each, and each round's claim (a write) took one or two jobs. An idle
      // runner claims at once: a lone send waits for nothing.
      const gap = ROUND_GAP_MS - (performance.now() - lastRound);
      if (this.inflight > 0 && gap > 0) await new Promise((r) => setTimeout(r, gap));
      if (!this.#running) break;
      lastRound = performance.now();
      // Cleared before looking, whether or not there is room to claim: with every slot busy, a
      // wake-up (clock move, enqueue, whenIdle) left set would send this loop round without ever
      // awaiting, freezing the process; the job that frees a slot wakes the loop again.
      this.#woken = false;
      // Every lane is looked at on a wake-up (clock move, whenIdle), at each poll, and when nothing
      // runs while someone waits for idle (only a round that looked everywhere can say idle);
      // otherwise only the lanes with news (work of their kinds added, a job of theirs ended).
      // Looking at all of them whenever nothing ran made a claim of every kind between
      // one-recipient sends: the other lane's claim (one walk per kind) took ~1 ms of CPU.
      const polled = Date.now() - this.#lookedAllAt >= this.#o.pollMs;
      const idleAsked = this.inflight === 0 && this.#idleWaiters.length > 0;
      const due = polled || idleAsked ? 'all' : this.#due;
      if (due === 'all') this.#lookedAllAt = Date.now();
      this.#due = new Set();
      const seq = ++this.#claimSeq;
      const finishedBefore = this.#finished;
      let full = false;
      let lookedAll = true;
      let got = 0;
      for (const lane of this.#lanes) {
        let want = Math.min(this.#o.batchSize, lane.concurrency - lane.inflight);
        // After its own jobs end, a busy lane claims again once a batch's worth of room is free,
        // not each time one ends: a claim is a write, and 200 webhook calls ending one by one
        // made 200 of them. A wake-up or the poll claims whatever room there is: slow jobs
        // holding most of the lane must not hold back its other kinds.
        const batch = Math.min(this.#o.batchSize, Math.ceil(lane.concurrency / 4));
        if (want <= 0 || (lane.kinds.length === 0 && !lane.source)) continue;
        if (due !== 'all' && (!due.has(lane) || (lane.inflight > 0 && want < batch))) {
          lookedAll = false;
          continue;
        }
        let claimed: ClaimedJob[] = [];
        try {
          const now = this.#o.clock.now();
          const leaseUntil = now + this.#o.leaseMs;
          if (lane.source) {
            const work = await lane.source.claim(now, leaseUntil);
            if (work) {
              got += work.count;
              this.#runBatch(work, lane);
              want -= 1;
              if (work.full) {
                full = true;
                this.#markDue(lane);
              }
            }
          }
          if (want > 0 && lane.kinds.length > 0) {
            claimed = await claimJobs(
              this.#o.store,
              lane.kinds,
              this.workerId,
              now,
              leaseUntil,
              want,
              this.#exposedBy(now),
            );
          }
          for (const job of claimed) this.#leaseEnds.set(job.id, leaseUntil);
        } catch (err) {
          lookedAll = false;
          if (!this.#running) return;
          this.#o.logger?.error({ err }, 'job claim failed');
        }
        got += claimed.length;
        if (claimed.length > 0) this.#countClaims(claimed);
        for (const job of claimed) this.#run(job, lane);
        if (want > 0 && lane.kinds.length > 0 && claimed.length === want) {
          full = true;
          this.#markDue(lane);
        }
      }
      // Idle means every claim found nothing due (not that one failed to look) and nothing runs.
      // A job that finished during this round may have committed new due work after its claims
      // looked: only a round with no finish in it can say nothing is due.
      if (lookedAll && got === 0 && this.inflight === 0 && this.#finished === finishedBefore) {
        this.#resolveIdle(seq);
      }
      if (full) continue;
      if (!this.#running) break;
      if (this.#woken) continue;
      await new Promise<void>((resolve) => {
        const t = setTimeout(() => {
          this.#due = 'all';
          resolve();
        }, this.#o.pollMs);
        t.unref();
        this.#wake = () => {
          clearTimeout(t);
          resolve();
        };
      });
      this.#wake = null;
    }
  }

  #resolveIdle(seq: number): void {
    if (this.#idleWaiters.length === 0) return;
    const keep: IdleWaiter[] = [];
    for (const w of this.#idleWaiters) {
      if (seq > w.after) w.resolve();
      else keep.push(w);
    }
    this.#idleWaiters = keep;
  }

  #countClaims(jobs: readonly ClaimedJob[]): void {
    const byKind = new Map<string, number>();
    for (const j of jobs) byKind.set(j.kind, (byKind.get(j.kind) ?? 0) + 1);
    for (const [kind, count] of byKind) this.#o.events.emit('job.claimed', { kind, count });
  }

  #runBatch(batch: ClaimedBatch, lane: Lane): void {
    this.#batches += 1;
    lane.inflight += 1;
    void batch.done.finally(() => {
      this.#finished += 1;
      this.#batches -= 1;
      lane.inflight -= 1;
      this.#markDue(lane);
      this.#rouse();
    });
  }

  #run(job: ClaimedJob, lane: Lane): void {
    this.#inflight.set(job.id, job);
    lane.inflight += 1;
    void this.#execute(job).finally(() => {
      this.#finished += 1;
      this.#inflight.delete(job.id);
      this.#leaseEnds.delete(job.id);
      this.#exposed.delete(job.id);
      lane.inflight -= 1;
      // A freed slot or a finished job may let the loop claim more, or report idle.
      this.#markDue(lane);
      this.#rouse();
    });
  }

  async #execute(job: ClaimedJob): Promise<void> {
    const { store, clock, events } = this.#o;
    const handler = this.#o.handlers.get(job.kind);
    const started = Date.now();
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      const outcome = await handler(job);
      if (outcome) {
        const ok = await rescheduleJob(store, job.id, this.workerId, outcome.rescheduleAt, outcome.payload);
        if (ok) events.emit('job.rescheduled', { kind: job.kind, id: job.id, runAt: outcome.rescheduleAt });
        else events.emit('job.lost', { kind: job.kind, id: job.id });
        return;
      }
      const ok = await this.#complete(job.id);
      if (ok) events.emit('job.completed', { kind: job.kind, id: job.id, ms: Date.now() - started });
      else events.emit('job.lost', { kind: job.kind, id: job.id });
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      const retryAt = err instanceof RetryAt ? err.retryAt : clock.now() + backoffMs(job.attempts);
      try {
        const final = err instanceof MalformedJob;
        const state = await failJob(store, job.id, this.workerId, error, retryAt, final);
        if (state === 'dead')
          events.emit('job.dead', { kind: job.kind, id: job.id, attempts: job.attempts, error });
        else if (state === 'retry')
          events.emit('job.failed', { kind: job.kind, id: job.id, attempts: job.attempts, error, retryAt });
        else events.emit('job.lost', { kind: job.kind, id: job.id });
      } catch (failErr) {
        // The lease will run out and another attempt will follow: nothing is lost.
        this.#o.logger?.error({ err: failErr, job: job.id }, 'could not record job failure');
      }
    }
  }

  /** Keeps the leases of running jobs, and ends jobs whose worker died on their last attempt. */
  async #beat(): Promise<void> {
    // A slow database must not pile up ticks that all renew the same leases.
    if (this.#beating) return;
    this.#beating = true;
    try {
      await this.#renewLeases();
      await this.#buryAbandoned();
    } finally {
      this.#beating = false;
    }
  }

  /** The running jobs whose lease has run out by `now` (and stays so until they end). */
  #exposedBy(now: number): number[] {
    for (const [id, end] of this.#leaseEnds) if (end <= now) this.#exposed.add(id);
    return [...this.#exposed];
  }

  async #renewLeases(): Promise<void> {
    for (const lane of this.#lanes) {
      try {
        await lane.source?.renew(this.#o.clock.now() + this.#o.leaseMs);
      } catch (err) {
        this.#o.logger?.warn({ err }, 'lease renewal of claimed work failed');
      }
    }
    if (this.#inflight.size === 0) return;
    try {
      const ids = [...this.#inflight.keys()];
      const until = this.#o.clock.now() + this.#o.leaseMs;
      // A lease that ran out before this renewal stays exposed: a redelivery or another worker's
      // claim may have come in between, and the renewal cannot tell.
      this.#exposedBy(this.#o.clock.now());
      await extendLeases(this.#o.store, ids, this.workerId, until);
      for (const id of ids) if (this.#inflight.has(id)) this.#leaseEnds.set(id, until);
    } catch (err) {
      this.#o.logger?.warn({ err }, 'lease renewal failed');
    }
  }

  async #buryAbandoned(): Promise<void> {
    try {
      const buried = await buryAbandonedJobs(this.#o.store, this.#o.clock.now());
      for (const j of buried) {
        this.#o.events.emit('job.dead', {
          kind: j.kind,
          id: j.id,
          attempts: j.attempts,
          error: ABANDONED_ERROR,
        });
      }
    } catch (err) {
      this.#o.logger?.warn({ err }, 'could not bury abandoned jobs');
    }
  }
}
