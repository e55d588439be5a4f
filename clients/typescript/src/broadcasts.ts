import { type AnswerOf, type BodyOf, invoke, type QueryOf } from './operations.js';
import type { CallOptions, Transport } from './transport.js';

const BM = '/api/comm/v1/center/brandmessage';
const GM = `${BM}/groupMessage` as const;
const VID = `${BM}/video` as const;
const PERM = `${BM}/sendPermission` as const;

/** Brand message broadcasts: scheduled sends to a friend group or all friends, and their checks. */
export class Broadcasts {
  readonly #t: Transport;
  constructor(t: Transport) {
    this.#t = t;
  }

  /** `POST /center/brandmessage/groupMessage`: schedules a broadcast (READY). */
  create(body: BodyOf<typeof GM, 'POST'>, o?: CallOptions): Promise<AnswerOf<typeof GM, 'POST'>> {
    return invoke(this.#t, 'POST', GM, { body }, o);
  }
  /** `GET /center/brandmessage/groupMessage`: one broadcast's state and counts. */
  get(query: QueryOf<typeof GM, 'GET'>, o?: CallOptions): Promise<AnswerOf<typeof GM, 'GET'>> {
    return invoke(this.#t, 'GET', GM, { query }, o);
  }
  /** `POST .../pause`: SENDING → PAUSED. */
  pause(
    body: BodyOf<`${typeof GM}/pause`, 'POST'>,
    o?: CallOptions,
  ): Promise<AnswerOf<`${typeof GM}/pause`, 'POST'>> {
    return invoke(this.#t, 'POST', `${GM}/pause`, { body }, o);
  }
  /** `POST .../resume`: PAUSED → READY. */
  resume(
    body: BodyOf<`${typeof GM}/resume`, 'POST'>,
    o?: CallOptions,
  ): Promise<AnswerOf<`${typeof GM}/resume`, 'POST'>> {
    return invoke(this.#t, 'POST', `${GM}/resume`, { body }, o);
  }
  /** `POST .../terminate`: READY or SENDING → TERMINATED. */
  terminate(
    body: BodyOf<`${typeof GM}/terminate`, 'POST'>,
    o?: CallOptions,
  ): Promise<AnswerOf<`${typeof GM}/terminate`, 'POST'>> {
    return invoke(this.#t, 'POST', `${GM}/terminate`, { body }, o);
  }
  /** `GET .../estimate`: when a broadcast of `count` would finish. */
  estimate(
    query: QueryOf<`${typeof GM}/estimate`, 'GET'>,
    o?: CallOptions,
  ): Promise<AnswerOf<`${typeof GM}/estimate`, 'GET'>> {
    return invoke(this.#t, 'GET', `${GM}/estimate`, { query }, o);
  }
  /** `GET .../possible`: how many of a friend group (or all friends) could receive the msgType. */
  possible(
    query: QueryOf<`${typeof GM}/possible`, 'GET'>,
    o?: CallOptions,
  ): Promise<AnswerOf<`${typeof GM}/possible`, 'GET'>> {
    return invoke(this.#t, 'GET', `${GM}/possible`, { query }, o);
  }
  /** `POST .../friend/possible`: how many of these numbers (at least 10) are friends. */
  friendPossible(
    body: BodyOf<`${typeof GM}/friend/possible`, 'POST'>,
    o?: CallOptions,
  ): Promise<AnswerOf<`${typeof GM}/friend/possible`, 'POST'>> {
    return invoke(this.#t, 'POST', `${GM}/friend/possible`, { body }, o);
  }
  /** `GET .../friendCount`: the channel's friends. */
  friendCount(senderKey: string, o?: CallOptions): Promise<AnswerOf<`${typeof GM}/friendCount`, 'GET'>> {
    return invoke(this.#t, 'GET', `${GM}/friendCount`, { query: { senderKey } }, o);
  }
}

/** Brand message videos: upload registration, registration, lookups. */
export class Videos {
  readonly #t: Transport;
  constructor(t: Transport) {
    this.#t = t;
  }

  /** `POST .../video/upload/register`: an upload address and token (valid 5 minutes). */
  registerUpload(
    body: BodyOf<`${typeof VID}/upload/register`, 'POST'>,
    o?: CallOptions,
  ): Promise<AnswerOf<`${typeof VID}/upload/register`, 'POST'>> {
    return invoke(this.#t, 'POST', `${VID}/upload/register`, { body }, o);
  }
  /** `POST .../video/register`: registers an uploaded video (`vid`) or one by `videoUrl`. */
  register(
    body: BodyOf<`${typeof VID}/register`, 'POST'>,
    o?: CallOptions,
  ): Promise<AnswerOf<`${typeof VID}/register`, 'POST'>> {
    return invoke(this.#t, 'POST', `${VID}/register`, { body }, o);
  }
  /** `GET .../video`. */
  get(query: QueryOf<typeof VID, 'GET'>, o?: CallOptions): Promise<AnswerOf<typeof VID, 'GET'>> {
    return invoke(this.#t, 'GET', VID, { query }, o);
  }
  /** `GET .../video/list`. */
  list(
    query: QueryOf<`${typeof VID}/list`, 'GET'>,
    o?: CallOptions,
  ): Promise<AnswerOf<`${typeof VID}/list`, 'GET'>> {
    return invoke(this.#t, 'GET', `${VID}/list`, { query }, o);
  }
}

/** Send permission for targeting M, N and O. */
export class SendPermission {
  readonly #t: Transport;
  constructor(t: Transport) {
    this.#t = t;
  }

  /** `GET .../sendPermission`: A000 when the profile may send to its own members. */
  check(senderKey: string, o?: CallOptions): Promise<AnswerOf<typeof PERM, 'GET'>> {
    return invoke(this.#t, 'GET', PERM, { query: { senderKey } }, o);
  }
  /** `POST .../sendPermission`: applies for it. */
  apply(body: BodyOf<typeof PERM, 'POST'>, o?: CallOptions): Promise<AnswerOf<typeof PERM, 'POST'>> {
    return invoke(this.#t, 'POST', PERM, { body }, o);
  }
}
