import { type AnswerOf, type BodyOf, hasIdempotencyKey, invoke, type QueryOf } from './operations.js';
import type { CallOptions, Transport } from './transport.js';
import type { ReservationRequest, SendResult } from './types.js';

const BASE = '/api/comm/v1/reservation';
const ONE = '/api/comm/v1/reservation/resvKey/{resvKey}';
const DESTINATIONS = '/api/comm/v1/reservation/resvKey/{resvKey}/destinations';

/** Reservation sends: a send held until `resvSendTime` (Korea time), and its management. */
export class Reservations {
  readonly #t: Transport;
  constructor(t: Transport) {
    this.#t = t;
  }

  /**
   * `POST /reservation`. The answer's `resvKey` names it. Retried on 429 and network errors only
   * when the request carries an idempotencyKey (a non-empty string, as for send).
   */
  create(
    request: ReservationRequest,
    options?: CallOptions,
  ): Promise<AnswerOf<typeof BASE, 'POST', SendResult>> {
    const retry = hasIdempotencyKey(request) ? 'always' : 'never';
    return invoke(this.#t, 'POST', BASE, { body: request }, options, retry);
  }

  /** `GET /reservation/list`: reservations of one send day, paged by `lastSeq`. */
  list(
    query: QueryOf<'/api/comm/v1/reservation/list', 'GET'> = {},
    options?: CallOptions,
  ): Promise<AnswerOf<'/api/comm/v1/reservation/list', 'GET'>> {
    return invoke(this.#t, 'GET', '/api/comm/v1/reservation/list', { query }, options);
  }

  /** `GET /reservation/resvKey/{resvKey}`. */
  get(resvKey: string, options?: CallOptions): Promise<AnswerOf<typeof ONE, 'GET'>> {
    return invoke(this.#t, 'GET', ONE, { params: { resvKey } }, options);
  }

  /** `PUT /reservation/resvKey/{resvKey}`: a new time, name or messageFlow. */
  update(
    resvKey: string,
    changes: BodyOf<typeof ONE, 'PUT'>,
    options?: CallOptions,
  ): Promise<AnswerOf<typeof ONE, 'PUT'>> {
    return invoke(this.#t, 'PUT', ONE, { params: { resvKey }, body: changes }, options);
  }

  /** `POST .../cancel`: the reservation will not be sent. */
  cancel(resvKey: string, options?: CallOptions): Promise<AnswerOf<`${typeof ONE}/cancel`, 'POST'>> {
    return invoke(this.#t, 'POST', `${ONE}/cancel`, { params: { resvKey } }, options);
  }

  /** `POST .../stop`: held until resumed. */
  stop(resvKey: string, options?: CallOptions): Promise<AnswerOf<`${typeof ONE}/stop`, 'POST'>> {
    return invoke(this.#t, 'POST', `${ONE}/stop`, { params: { resvKey } }, options);
  }

  /** `POST .../resume`. */
  resume(resvKey: string, options?: CallOptions): Promise<AnswerOf<`${typeof ONE}/resume`, 'POST'>> {
    return invoke(this.#t, 'POST', `${ONE}/resume`, { params: { resvKey } }, options);
  }

  /** `GET .../destinations`: the recipients, paged. */
  destinations(
    resvKey: string,
    query: QueryOf<typeof DESTINATIONS, 'GET'> = {},
    options?: CallOptions,
  ): Promise<AnswerOf<typeof DESTINATIONS, 'GET'>> {
    return invoke(this.#t, 'GET', DESTINATIONS, { params: { resvKey }, query }, options);
  }

  /** `POST .../destinations`: more recipients for a reservation not sent yet. */
  addDestinations(
    resvKey: string,
    body: BodyOf<typeof DESTINATIONS, 'POST'>,
    options?: CallOptions,
  ): Promise<AnswerOf<typeof DESTINATIONS, 'POST', SendResult>> {
    return invoke(this.#t, 'POST', DESTINATIONS, { params: { resvKey }, body }, options);
  }

  /** `DELETE .../destinations/msgKey/{msgKey}`: one recipient less (retried after a 429 only). */
  removeDestination(
    resvKey: string,
    msgKey: string,
    options?: CallOptions,
  ): Promise<AnswerOf<`${typeof DESTINATIONS}/msgKey/{msgKey}`, 'DELETE'>> {
    return invoke(
      this.#t,
      'DELETE',
      `${DESTINATIONS}/msgKey/{msgKey}`,
      { params: { resvKey, msgKey } },
      options,
    );
  }
}
