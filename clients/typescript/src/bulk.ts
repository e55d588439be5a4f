import { NotFoundError, type OmnigateError, PermissionError, StateError, ValidationError } from './errors.js';
import type { CallOptions } from './transport.js';
import type { BulkResult, Destination, FlowStep, Section, SendRequest, SendResult } from './types.js';

/** The gateway's limit of recipients per request. */
export const MAX_PER_REQUEST = 200;

/** One recipient: a number, or a destination with its substitutions and ref. */
export type Recipient = string | Destination;

export interface BulkOptions extends CallOptions {
  /**
   * Names this send: chunk `i` carries the idempotency key `<batchId>-<chunkSize>-<i>`, so sending
   * the same recipients again with the same batchId and chunkSize (after a crash, or a failure
   * this call threw) sends only the chunks not accepted before; the others answer A301 with their
   * first msgKeys, or with msgKey `""` for a recipient the first send refused (its code then is not
   * known again). The chunk size is in the key so that another chunkSize never maps a key to other
   * recipients: it makes a new batch, which sends to everyone again. Default: a random UUID. At
   * most 180 characters.
   */
  batchId?: string;
  /** Requests at once: an integer, 1 or more (default 4). */
  concurrency?: number;
  /** Recipients per request: an integer, 1 to 200 (default 200). */
  chunkSize?: number;
  /** Seconds the gateway remembers each chunk's key (default: the gateway's, 86400). */
  idempotencyTtl?: number;
  ref?: string;
  groupKey?: string;
  paymentCode?: string;
  advertising?: boolean;
}

type SendFn = (request: SendRequest, options: CallOptions) => Promise<Section<SendResult>>;

function destinationOf(r: Recipient): Destination {
  return typeof r === 'string' ? { to: r } : r;
}

/** A refusal of the request as a whole that says nothing about the others (a broken rule). */
function isRequestRefusal(err: unknown): err is OmnigateError {
  return (
    err instanceof ValidationError ||
    err instanceof StateError ||
    err instanceof PermissionError ||
    err instanceof NotFoundError
  );
}

/**
 * Sends `messageFlow` to any number of recipients: chunks of 200 with an idempotency key each,
 * `concurrency` requests at once, one result per recipient in input order. A chunk the gateway
 * refuses as a whole (a broken rule: A302, A325...) gives each of its recipients that code with
 * msgKey `""`; any other failure (network, authentication, rate limit after the retries) stops
 * scheduling chunks and throws once those under way end: call again with the same batchId.
 */
export async function bulkSend(
  send: SendFn,
  recipients: readonly Recipient[],
  messageFlow: FlowStep[],
  options: BulkOptions = {},
): Promise<BulkResult[]> {
  const size = options.chunkSize ?? MAX_PER_REQUEST;
  if (!Number.isInteger(size) || size < 1 || size > MAX_PER_REQUEST) {
    throw new RangeError(`chunkSize must be an integer, 1 to ${MAX_PER_REQUEST}`);
  }
  const batchId = options.batchId ?? globalThis.crypto.randomUUID();
  if (batchId.length === 0 || batchId.length > 180)
    throw new RangeError('batchId must be 1 to 180 characters');
  const concurrency = options.concurrency ?? 4;
  // Checked: NaN or 0 would start no worker and answer an array of holes, having sent nothing.
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new RangeError('concurrency must be an integer, 1 or more');
  }
  const destinations = recipients.map(destinationOf);
  const results: BulkResult[] = new Array(destinations.length);
  const chunks = Math.ceil(destinations.length / size);
  const call: CallOptions = options.signal ? { signal: options.signal } : {};

  let next = 0;
  let failure: { error: unknown } | undefined;
  const sendChunk = async (index: number) => {
    const start = index * size;
    const part = destinations.slice(start, start + size);
    const request: SendRequest = {
      destinations: part,
      messageFlow,
      idempotencyKey: `${batchId}-${size}-${index}`,
      ...(options.idempotencyTtl === undefined ? {} : { idempotencyTtl: options.idempotencyTtl }),
      ...(options.ref === undefined ? {} : { ref: options.ref }),
      ...(options.groupKey === undefined ? {} : { groupKey: options.groupKey }),
      ...(options.paymentCode === undefined ? {} : { paymentCode: options.paymentCode }),
      ...(options.advertising === undefined ? {} : { advertising: options.advertising }),
    };
    try {
      const answer = await send(request, call);
      const got = answer.data.destinations;
      if (got.length !== part.length) {
        throw new Error(`chunk ${index}: ${got.length} results for ${part.length} recipients`);
      }
      part.forEach((d, i) => {
        const r = got[i];
        results[start + i] = {
          to: d.to,
          ref: d.ref ?? '',
          msgKey: r?.msgKey ?? '',
          code: r?.code ?? '',
          result: r?.result ?? '',
        };
      });
    } catch (err) {
      if (!isRequestRefusal(err)) throw err;
      part.forEach((d, i) => {
        results[start + i] = { to: d.to, ref: d.ref ?? '', msgKey: '', code: err.code, result: err.result };
      });
    }
  };
  const worker = async () => {
    while (failure === undefined && next < chunks) {
      const index = next++;
      try {
        await sendChunk(index);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, chunks) }, worker));
  if (failure) throw failure.error;
  return results;
}
