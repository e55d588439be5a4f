import { type ApiPath, type BodyOf, invoke, type SectionOr } from './operations.js';
import type { CallOptions, Transport } from './transport.js';
import type { JsonObject } from './types.js';

const V = '/api/verify/v1/2fa';

/**
 * The fields of a 2FA answer: they stand in the `data` section itself (code, result, resultMsg,
 * requestId, userRef...), not in `data.data`.
 */
export type TwofaAnswer = { code: string; result: string; resultMsg: string; userRef: string } & JsonObject;

type Answer<P extends `${typeof V}/${string}` & ApiPath> = SectionOr<P, 'POST', TwofaAnswer>;

/** Two-factor authentication: the service name, codes sent and verified, logs. */
export class Twofa {
  readonly #t: Transport;
  constructor(t: Transport) {
    this.#t = t;
  }

  /** `POST /2fa/service/regist`: the service name shown in the code's message. */
  registerService(
    body: BodyOf<`${typeof V}/service/regist`, 'POST'>,
    o?: CallOptions,
  ): Promise<Answer<`${typeof V}/service/regist`>> {
    return invoke(this.#t, 'POST', `${V}/service/regist`, { body }, o);
  }
  /** `POST /2fa/service`: the registered service name (`""` when none). */
  service(
    body: BodyOf<`${typeof V}/service`, 'POST'> = {},
    o?: CallOptions,
  ): Promise<Answer<`${typeof V}/service`>> {
    return invoke(this.#t, 'POST', `${V}/service`, { body }, o);
  }
  /** `POST /2fa/service/delete`. */
  deleteService(
    body: BodyOf<`${typeof V}/service/delete`, 'POST'> = {},
    o?: CallOptions,
  ): Promise<Answer<`${typeof V}/service/delete`>> {
    return invoke(this.#t, 'POST', `${V}/service/delete`, { body }, o);
  }
  /** `POST /2fa/request`: sends a 6-digit code to `to`; the answer's `requestId` names it. */
  request(
    body: BodyOf<`${typeof V}/request`, 'POST'>,
    o?: CallOptions,
  ): Promise<Answer<`${typeof V}/request`>> {
    return invoke(this.#t, 'POST', `${V}/request`, { body }, o);
  }
  /** `POST /2fa/verify`: checks a code the user typed. */
  verify(body: BodyOf<`${typeof V}/verify`, 'POST'>, o?: CallOptions): Promise<Answer<`${typeof V}/verify`>> {
    return invoke(this.#t, 'POST', `${V}/verify`, { body }, o);
  }
  /** `POST /2fa/logs`: the requests of one day and their status. */
  logs(body: BodyOf<`${typeof V}/logs`, 'POST'>, o?: CallOptions): Promise<Answer<`${typeof V}/logs`>> {
    return invoke(this.#t, 'POST', `${V}/logs`, { body }, o);
  }
}
