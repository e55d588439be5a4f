import { type FilePart, formOf } from './form.js';
import { type AnswerOf, type BodyOf, fill, invoke, type QueryOf } from './operations.js';
import type { CallOptions, Transport } from './transport.js';

const I = '/api/comm/v1/center/infomsg';
const IT = `${I}/template` as const;
const B = '/api/comm/v1/center/brandmessage/template';

/** Informational (infomsg) templates: registration, review, lookups, categories, public templates. */
export class InfomsgTemplates {
  readonly #t: Transport;
  constructor(t: Transport) {
    this.#t = t;
  }

  /** `GET /center/infomsg/template`: one template. */
  get(query: QueryOf<typeof IT, 'GET'>, o?: CallOptions): Promise<AnswerOf<typeof IT, 'GET'>> {
    return invoke(this.#t, 'GET', IT, { query }, o);
  }
  /** `POST /center/infomsg/template`: registers a template (then request its review). */
  create(body: BodyOf<typeof IT, 'POST'>, o?: CallOptions): Promise<AnswerOf<typeof IT, 'POST'>> {
    return invoke(this.#t, 'POST', IT, { body }, o);
  }
  /** `PUT /center/infomsg/template`: what may change depends on the review status. */
  update(body: BodyOf<typeof IT, 'PUT'>, o?: CallOptions): Promise<AnswerOf<typeof IT, 'PUT'>> {
    return invoke(this.#t, 'PUT', IT, { body }, o);
  }
  /** `GET /center/infomsg/template/list`. */
  list(
    query: QueryOf<`${typeof IT}/list`, 'GET'>,
    o?: CallOptions,
  ): Promise<AnswerOf<`${typeof IT}/list`, 'GET'>> {
    return invoke(this.#t, 'GET', `${IT}/list`, { query }, o);
  }
  /** `GET /center/infomsg/template/lastModified`: templates changed since a time. */
  lastModified(
    query: QueryOf<`${typeof IT}/lastModified`, 'GET'>,
    o?: CallOptions,
  ): Promise<AnswerOf<`${typeof IT}/lastModified`, 'GET'>> {
    return invoke(this.#t, 'GET', `${IT}/lastModified`, { query }, o);
  }
  /** `DELETE /center/infomsg/template/senderKey/{senderKey}/templateCode/{templateCode}`. */
  delete(
    senderKey: string,
    templateCode: string,
    o?: CallOptions,
  ): Promise<AnswerOf<`${typeof IT}/senderKey/{senderKey}/templateCode/{templateCode}`, 'DELETE'>> {
    const path = `${IT}/senderKey/{senderKey}/templateCode/{templateCode}` as const;
    return invoke(this.#t, 'DELETE', path, { params: { senderKey, templateCode } }, o);
  }
  /**
   * `POST /center/infomsg/template/request`: asks for the template's review; with an attachment
   * (png, jpg, jpeg, gif, pdf, hwp, doc or docx) it goes as form-data.
   */
  requestReview(
    body: BodyOf<`${typeof IT}/request`, 'POST'>,
    attachment?: FilePart,
    o?: CallOptions,
  ): Promise<AnswerOf<`${typeof IT}/request`, 'POST'>> {
    if (!attachment) return invoke(this.#t, 'POST', `${IT}/request`, { body }, o);
    const fields: Record<string, string | undefined> = {};
    for (const [k, v] of Object.entries(body.infomsg)) fields[k] = v === undefined ? undefined : String(v);
    return invoke(this.#t, 'POST', `${IT}/request`, { form: formOf(fields, { attachment }) }, o);
  }
  /** `POST /center/infomsg/template/request/cancel`: withdraws a review request. */
  cancelReview(
    body: BodyOf<`${typeof IT}/request/cancel`, 'POST'>,
    o?: CallOptions,
  ): Promise<AnswerOf<`${typeof IT}/request/cancel`, 'POST'>> {
    return invoke(this.#t, 'POST', `${IT}/request/cancel`, { body }, o);
  }
  /** `GET /center/infomsg/category`: the template categories (or one by `categoryCode`). */
  categories(
    query: QueryOf<`${typeof I}/category`, 'GET'> = {},
    o?: CallOptions,
  ): Promise<AnswerOf<`${typeof I}/category`, 'GET'>> {
    return invoke(this.#t, 'GET', `${I}/category`, { query }, o);
  }
  /** `GET /center/infomsg/public/template`: public templates (lookup only). */
  publicTemplates(
    query: QueryOf<`${typeof I}/public/template`, 'GET'> = {},
    o?: CallOptions,
  ): Promise<AnswerOf<`${typeof I}/public/template`, 'GET'>> {
    return invoke(this.#t, 'GET', `${I}/public/template`, { query }, o);
  }
  /** `GET /center/infomsg/public/template/{templateCode}/preview`: the preview image (SVG). */
  publicPreview(templateCode: string, o?: CallOptions): Promise<Blob> {
    const path = `${I}/public/template/{templateCode}/preview` as const;
    return this.#t.download({ method: 'GET', path: fill(path, { templateCode }), retry: 'always', ...o });
  }
}

/** Brand message templates. */
export class BrandTemplates {
  readonly #t: Transport;
  constructor(t: Transport) {
    this.#t = t;
  }

  /** `GET /center/brandmessage/template`: one template. */
  get(query: QueryOf<typeof B, 'GET'>, o?: CallOptions): Promise<AnswerOf<typeof B, 'GET'>> {
    return invoke(this.#t, 'GET', B, { query }, o);
  }
  /** `POST /center/brandmessage/template`. */
  create(body: BodyOf<typeof B, 'POST'>, o?: CallOptions): Promise<AnswerOf<typeof B, 'POST'>> {
    return invoke(this.#t, 'POST', B, { body }, o);
  }
  /** `PUT /center/brandmessage/template`. */
  update(body: BodyOf<typeof B, 'PUT'>, o?: CallOptions): Promise<AnswerOf<typeof B, 'PUT'>> {
    return invoke(this.#t, 'PUT', B, { body }, o);
  }
  /** `GET /center/brandmessage/template/list`. */
  list(
    query: QueryOf<`${typeof B}/list`, 'GET'>,
    o?: CallOptions,
  ): Promise<AnswerOf<`${typeof B}/list`, 'GET'>> {
    return invoke(this.#t, 'GET', `${B}/list`, { query }, o);
  }
  /** `GET /center/brandmessage/template/lastModified`. */
  lastModified(
    query: QueryOf<`${typeof B}/lastModified`, 'GET'>,
    o?: CallOptions,
  ): Promise<AnswerOf<`${typeof B}/lastModified`, 'GET'>> {
    return invoke(this.#t, 'GET', `${B}/lastModified`, { query }, o);
  }
  /** `DELETE /center/brandmessage/template/senderKey/{senderKey}/templateCode/{templateCode}`. */
  delete(
    senderKey: string,
    templateCode: string,
    o?: CallOptions,
  ): Promise<AnswerOf<`${typeof B}/senderKey/{senderKey}/templateCode/{templateCode}`, 'DELETE'>> {
    const path = `${B}/senderKey/{senderKey}/templateCode/{templateCode}` as const;
    return invoke(this.#t, 'DELETE', path, { params: { senderKey, templateCode } }, o);
  }
}
