import { type AnswerOf, invoke } from './operations.js';
import { sleep } from './retry.js';
import type { CallOptions, Transport } from './transport.js';
import type { Report } from './types.js';

const POLLING = '/api/comm/v1/report/polling';
const ACK = '/api/comm/v1/report/polling/{reportId}';
const INQUIRY = '/api/comm/v1/report/inquiry/{msgKey}';

export interface IterateOptions {
  /** Ends the iteration: the loop returns at the next report or poll, no timer left behind. */
  signal?: AbortSignal;
  /** Wait between polls while nothing waits, in ms (default 1000). */
  pollIntervalMs?: number;
  /** Stop once nothing has come for this long, in ms (default: never; wait for `signal` or `break`). */
  idleStopMs?: number;
}

/** Delivery reports: polling (with acknowledgement) and the inquiry of one message's reports. */
export class Reports {
  readonly #t: Transport;
  constructor(t: Transport) {
    this.#t = t;
  }

  /**
   * `GET /report/polling`: up to 1,000 waiting reports under a `reportId`; the same batch until it
   * is acknowledged; `reportId` `""` and `report` null when nothing waits.
   */
  poll(options?: CallOptions): Promise<AnswerOf<typeof POLLING, 'GET'>> {
    return invoke(this.#t, 'GET', POLLING, {}, options);
  }

  /**
   * `DELETE /report/polling/{reportId}`: acknowledges a polled batch. Repeating it answers A000
   * again, so unlike other deletes it is also retried after a network error.
   */
  ack(reportId: string, options?: CallOptions): Promise<AnswerOf<typeof ACK, 'DELETE'>> {
    return invoke(this.#t, 'DELETE', ACK, { params: { reportId } }, options, 'always');
  }

  /** `GET /report/inquiry/{msgKey}`: every report of one message, acknowledged or not. */
  inquiry(msgKey: string, options?: CallOptions): Promise<AnswerOf<typeof INQUIRY, 'GET'>> {
    return invoke(this.#t, 'GET', INQUIRY, { params: { msgKey } }, options);
  }

  /**
   * Every report, as it comes: polls, yields each report of a batch, and acknowledges the batch
   * only when its last report was handled and the loop asks for the next one. A process that
   * stops in the middle of a batch (a crash, a `break`, the signal) leaves it unacknowledged: the
   * next poll delivers it again, whole (at least once; recognise repeats by msgKey and
   * reportType). Ends on `break`, on the signal, or after `idleStopMs` with nothing to read.
   */
  async *iterate(options: IterateOptions = {}): AsyncGenerator<Report, void, undefined> {
    const { signal } = options;
    const interval = options.pollIntervalMs ?? 1000;
    let idleSince = Date.now();
    const call: CallOptions = signal ? { signal } : {};
    // An abort that cuts a poll or an acknowledgement short ends the loop, as an abort anywhere else.
    const unlessAborted = async <T>(request: Promise<T>): Promise<T | undefined> => {
      try {
        return await request;
      } catch (err) {
        if (signal?.aborted) return undefined;
        throw err;
      }
    };
    while (!signal?.aborted) {
      const answer = await unlessAborted(this.poll(call));
      // An abort that came as the poll's answer did: yield nothing after it, the batch stays
      // unacknowledged for the next poll.
      if (!answer || signal?.aborted) return;
      const batch: { reportId: string; report: Report[] | null } = answer.data;
      if (batch.report === null || batch.report.length === 0) {
        const left = (options.idleStopMs ?? Number.POSITIVE_INFINITY) - (Date.now() - idleSince);
        if (left <= 0) return;
        // The last wait is no longer than what is left of idleStopMs.
        await sleep(Math.min(interval, left), signal);
        continue;
      }
      for (const report of batch.report) {
        yield report;
        // Aborted while the consumer handled that one: stop here, the batch stays unacknowledged.
        if (signal?.aborted) return;
      }
      // The consumer asked for more after the batch's last report: it is handled, acknowledge it.
      // Cut short by an abort, the acknowledgement may or may not have been made: at worst the
      // batch comes again, as the contract allows.
      if (!(await unlessAborted(this.ack(batch.reportId, call)))) return;
      idleSince = Date.now();
    }
  }
}
