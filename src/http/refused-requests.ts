import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { Counter } from 'prom-client';
import type { Ctx } from '../context.ts';
import { hashApiKey, keyPrefix } from '../rules/api-key.ts';
import { RecordBound } from '../rules/record-bound.ts';
import { clientKey } from '../rules/sign-in-throttle.ts';
import { insertRefusedRequests, keysOfHashes } from '../store/refused/refused-requests.ts';
import { isClientPath } from './error-handler.ts';
import type { Metrics } from './metrics.ts';
import { type Capture, capture, everyRecipientRefused } from './refused-capture.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Records refused client requests (src/http/refused-requests.ts); flush() writes what waits. */
    refusedRequests: RefusedRecorder;
  }
}

/** Rows one statement writes at most. */
const BATCH = 100;
/**
 * How long a refusal waits to share a statement with the next ones: a burst of refusals is a
 * handful of statements a second, not one each.
 */
const FLUSH_MS = 250;
/** Bytes of bodies and answers kept a second at most (with the rows' bound, what a flood can write). */
const BYTES_PER_SECOND = 64 * 1024;
/** The log says that refusals went unrecorded at most this often. */
const DROP_LOG_MS = 60_000;

/** Answers of refused requests noted by onSend, for onResponse (which no longer sees the payload). */
const answers = new WeakMap<FastifyRequest, string>();

function payloadText(payload: unknown): string | null {
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload) && payload.length <= 64 * 1024) return payload.toString('utf8');
  return null;
}

/**
 * Keeps refused client requests for a while (OMNIGATE_RETENTION_REFUSED_HOURS): every request of
 * the client API answered 4xx, and every send answered 200 whose recipients were all refused. The
 * answer goes first: a row is built after it left (onResponse), waits in memory a moment and is
 * written with the others of that moment in one statement. A refusal beyond the bound (RecordBound,
 * OMNIGATE_REFUSED_PER_SECOND) is only counted; a failed write is logged, never the request's.
 */
export class RefusedRecorder {
  readonly #ctx: Ctx;
  readonly #bound: RecordBound;
  readonly #counter: Counter<'outcome'>;
  readonly #maxPending: number;
  #pending: Capture[] = [];
  #timer: NodeJS.Timeout | null = null;
  #writing: Promise<void> | null = null;
  #droppedSinceLog = 0;
  #lastDropLog = 0;

  constructor(ctx: Ctx, metrics: Metrics) {
    this.#ctx = ctx;
    this.#bound = new RecordBound(ctx.config.refusedPerSecond, BYTES_PER_SECOND);
    // A write that hangs must not let rows pile up in memory: a few seconds' worth wait at most.
    this.#maxPending = Math.max(BATCH, ctx.config.refusedPerSecond * 5);
    const name = 'omnigate_refused_requests_total';
    const known = metrics.registry.getSingleMetric(name);
    this.#counter =
      known instanceof Counter
        ? known
        : new Counter({
            name,
            help: 'Refused client requests: recorded, dropped (over the bound a second), failed (the write)',
            labelNames: ['outcome'] as const,
            registers: [metrics.registry],
          });
  }

  /** onSend: notes the answer of a refusal (cheap: a look at the text of a 2xx POST only). */
  readonly onSend = (
    req: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (err: null, p: unknown) => void,
  ) => {
    const status = reply.statusCode;
    if (status >= 400 && status < 500) {
      if (isClientPath(req.url)) {
        const text = payloadText(payload);
        if (text !== null) answers.set(req, text);
      }
    } else if (status < 300 && req.method === 'POST' && typeof payload === 'string') {
      if (payload.includes('"msgKey":""') && isClientPath(req.url)) answers.set(req, payload);
    }
    done(null, payload);
  };

  /** onResponse: the answer has left; the refusal is recorded (within the bound) for the next write. */
  readonly onResponse = (req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    try {
      this.#take(req, reply);
    } catch (err) {
      this.#ctx.logger.error({ err, trId: req.id }, 'could not record a refused request');
    }
    done();
  };

  #take(req: FastifyRequest, reply: FastifyReply): void {
    const answer = answers.get(req);
    if (answer === undefined) return;
    answers.delete(req);
    const status = reply.statusCode;
    if (status < 300 && !everyRecipientRefused(answer)) return;
    const now = Date.now();
    const principal = req.principal ?? null;
    const anonymous = principal === null;
    const source = anonymous ? `ip ${clientKey(req.ip)}` : principal.account.id;
    if (this.#pending.length >= this.#maxPending || !this.#bound.admit(source, anonymous, now)) {
      this.#dropped(now);
      return;
    }
    const c = capture(req, reply, answer, this.#ctx.clock.now(), this.#bound.bytesLeft(now), (key) => ({
      hash: hashApiKey(key),
      prefix: keyPrefix(key),
    }));
    // Bytes as written (Korean text is 3 a character in UTF-8), not characters.
    this.#bound.takeBytes(Buffer.byteLength(c.row.answer) + Buffer.byteLength(c.row.body ?? ''), now);
    this.#pending.push(c);
    this.#timer ??= setTimeout(() => {
      this.#timer = null;
      void this.#write();
    }, FLUSH_MS).unref();
  }

  #dropped(now: number): void {
    this.#counter.inc({ outcome: 'dropped' });
    this.#droppedSinceLog += 1;
    if (now - this.#lastDropLog < DROP_LOG_MS) return;
    this.#ctx.logger.warn(
      { dropped: this.#droppedSinceLog, perSecond: this.#ctx.config.refusedPerSecond },
      'refused requests not recorded: more than the bound a second (omnigate_refused_requests_total{outcome="dropped"})',
    );
    this.#lastDropLog = now;
    this.#droppedSinceLog = 0;
  }

  /** Writes the waiting rows, a batch a statement, one write at a time. */
  #write(): Promise<void> {
    if (this.#writing) return this.#writing;
    const writing = (async () => {
      while (this.#pending.length > 0) await this.#writeBatch(this.#pending.splice(0, BATCH));
    })();
    // Cleared in a callback of its own, which runs after the assignment below: cleared inside the
    // async function, a write with nothing to do ran its `finally` before it was assigned, and the
    // settled promise stayed, so flush() awaited it again and again and the close never ended.
    const done = writing.finally(() => {
      if (this.#writing === done) this.#writing = null;
    });
    this.#writing = done;
    return done;
  }

  async #writeBatch(batch: Capture[]): Promise<void> {
    try {
      // A revoked key (or one held back by its account's request rate) still says whose it was.
      const hashes = batch.flatMap((c) => (c.keyHash === null ? [] : [c.keyHash]));
      const keys = await keysOfHashes(this.#ctx.store, hashes);
      const rows = batch.map((c) => {
        const k = c.keyHash === null ? undefined : keys.get(c.keyHash);
        return k ? { ...c.row, accountId: k.accountId, keyId: k.keyId } : c.row;
      });
      await insertRefusedRequests(this.#ctx.store, rows);
      this.#counter.inc({ outcome: 'recorded' }, rows.length);
    } catch (err) {
      this.#counter.inc({ outcome: 'failed' }, batch.length);
      this.#ctx.logger.error({ err, rows: batch.length }, 'could not record refused requests');
    }
  }

  /** Writes everything waiting now (at close; tests, before they look). */
  async flush(): Promise<void> {
    if (this.#timer) {
      clearTimeout(this.#timer);
      this.#timer = null;
    }
    while (this.#writing || this.#pending.length > 0) await this.#write();
  }
}
