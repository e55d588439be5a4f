import { type AnswerOf, type BodyOf, invoke, type QueryOf } from './operations.js';
import type { CallOptions, Transport } from './transport.js';

const INQUIRY = '/api/comm/v1/message/inquiry/msgKey/{msgKey}';
const MO = '/api/comm/v1/message/history/mo';
const OPTOUT = '/api/comm/v1/optout';

/** What became of a message, and the inbound MO messages received. */
export class Messages {
  readonly #t: Transport;
  constructor(t: Transport) {
    this.#t = t;
  }

  /** `GET /message/inquiry/msgKey/{msgKey}`: the message's status and each channel attempted. */
  inquiry(msgKey: string, options?: CallOptions): Promise<AnswerOf<typeof INQUIRY, 'GET'>> {
    return invoke(this.#t, 'GET', INQUIRY, { params: { msgKey } }, options);
  }

  /** `GET /message/history/mo`: MO messages with their webhook delivery, newest first. */
  moHistory(
    query: QueryOf<typeof MO, 'GET'> = {},
    options?: CallOptions,
  ): Promise<AnswerOf<typeof MO, 'GET'>> {
    return invoke(this.#t, 'GET', MO, { query }, options);
  }
}

/** The account's opt-out list (recipients who asked for no more advertising). */
export class OptOuts {
  readonly #t: Transport;
  constructor(t: Transport) {
    this.#t = t;
  }

  /** `GET /optout`, paged by `cursor`. */
  list(
    query: QueryOf<typeof OPTOUT, 'GET'> = {},
    options?: CallOptions,
  ): Promise<AnswerOf<typeof OPTOUT, 'GET'>> {
    return invoke(this.#t, 'GET', OPTOUT, { query }, options);
  }

  /**
   * `POST /optout`: adds numbers (adding one already there changes nothing, so it is retried
   * safely; a repeat after a lost answer counts `added: 0`, the first attempt having added them).
   */
  add(body: BodyOf<typeof OPTOUT, 'POST'>, options?: CallOptions): Promise<AnswerOf<typeof OPTOUT, 'POST'>> {
    return invoke(this.#t, 'POST', OPTOUT, { body }, options, 'always');
  }

  /**
   * `DELETE /optout/{phone}`: takes a number off (for one sender number with `from`). Retried
   * after a 429 only: after a lost answer a repeat would answer A820 for a number just removed.
   */
  remove(
    phone: string,
    query: QueryOf<`${typeof OPTOUT}/{phone}`, 'DELETE'> = {},
    options?: CallOptions,
  ): Promise<AnswerOf<`${typeof OPTOUT}/{phone}`, 'DELETE'>> {
    return invoke(this.#t, 'DELETE', `${OPTOUT}/{phone}`, { params: { phone }, query }, options);
  }
}
