import { type FilePart, formOf } from './form.js';
import { type AnswerOf, type BodyOf, invoke, type QueryOf } from './operations.js';
import type { CallOptions, Transport } from './transport.js';

const BM = '/api/comm/v1/center/brandmessage';
const GT = `${BM}/groupTag` as const;
const FG = `${BM}/friendGroup` as const;

/** Brand message group tags. */
export class GroupTags {
  readonly #t: Transport;
  constructor(t: Transport) {
    this.#t = t;
  }

  /** `POST /center/brandmessage/groupTag`. */
  create(body: BodyOf<typeof GT, 'POST'>, o?: CallOptions): Promise<AnswerOf<typeof GT, 'POST'>> {
    return invoke(this.#t, 'POST', GT, { body }, o);
  }
  /** `PUT /center/brandmessage/groupTag`: renames a tag. */
  update(body: BodyOf<typeof GT, 'PUT'>, o?: CallOptions): Promise<AnswerOf<typeof GT, 'PUT'>> {
    return invoke(this.#t, 'PUT', GT, { body }, o);
  }
  /** `GET /center/brandmessage/groupTag`. */
  get(query: QueryOf<typeof GT, 'GET'>, o?: CallOptions): Promise<AnswerOf<typeof GT, 'GET'>> {
    return invoke(this.#t, 'GET', GT, { query }, o);
  }
  /** `GET /center/brandmessage/groupTag/list`. */
  list(senderKey: string, o?: CallOptions): Promise<AnswerOf<`${typeof GT}/list`, 'GET'>> {
    return invoke(this.#t, 'GET', `${GT}/list`, { query: { senderKey } }, o);
  }
  /** `DELETE /center/brandmessage/groupTag/senderKey/{senderKey}/groupTagKey/{groupTagKey}`. */
  delete(
    senderKey: string,
    groupTagKey: string,
    o?: CallOptions,
  ): Promise<AnswerOf<`${typeof GT}/senderKey/{senderKey}/groupTagKey/{groupTagKey}`, 'DELETE'>> {
    const path = `${GT}/senderKey/{senderKey}/groupTagKey/{groupTagKey}` as const;
    return invoke(this.#t, 'DELETE', path, { params: { senderKey, groupTagKey } }, o);
  }
}

/** Brand message friend groups: number lists that broadcasts go to. */
export class FriendGroups {
  readonly #t: Transport;
  constructor(t: Transport) {
    this.#t = t;
  }

  /** `POST /center/brandmessage/friendGroup/file` (form-data): a number list; answers its fileKey. */
  uploadFile(
    senderKey: string,
    file: FilePart,
    o?: CallOptions,
  ): Promise<AnswerOf<`${typeof FG}/file`, 'POST'>> {
    return invoke(this.#t, 'POST', `${FG}/file`, { form: formOf({ senderKey }, { file }) }, o);
  }
  /** `POST /center/brandmessage/friendGroup`: a group from a fileKey or phoneNumbers. */
  create(body: BodyOf<typeof FG, 'POST'>, o?: CallOptions): Promise<AnswerOf<typeof FG, 'POST'>> {
    return invoke(this.#t, 'POST', FG, { body }, o);
  }
  /** `GET /center/brandmessage/friendGroup`. */
  get(query: QueryOf<typeof FG, 'GET'>, o?: CallOptions): Promise<AnswerOf<typeof FG, 'GET'>> {
    return invoke(this.#t, 'GET', FG, { query }, o);
  }
  /** `GET /center/brandmessage/friendGroup/list`. */
  list(
    query: QueryOf<`${typeof FG}/list`, 'GET'>,
    o?: CallOptions,
  ): Promise<AnswerOf<`${typeof FG}/list`, 'GET'>> {
    return invoke(this.#t, 'GET', `${FG}/list`, { query }, o);
  }
  /** `POST /center/brandmessage/friendGroup/phoneNumbers/add`. */
  addNumbers(
    body: BodyOf<`${typeof FG}/phoneNumbers/add`, 'POST'>,
    o?: CallOptions,
  ): Promise<AnswerOf<`${typeof FG}/phoneNumbers/add`, 'POST'>> {
    return invoke(this.#t, 'POST', `${FG}/phoneNumbers/add`, { body }, o);
  }
  /** `POST /center/brandmessage/friendGroup/phoneNumbers/remove`. */
  removeNumbers(
    body: BodyOf<`${typeof FG}/phoneNumbers/remove`, 'POST'>,
    o?: CallOptions,
  ): Promise<AnswerOf<`${typeof FG}/phoneNumbers/remove`, 'POST'>> {
    return invoke(this.#t, 'POST', `${FG}/phoneNumbers/remove`, { body }, o);
  }
  /** `DELETE /center/brandmessage/friendGroup/senderKey/{senderKey}/friendGroupKey/{friendGroupKey}`. */
  delete(
    senderKey: string,
    friendGroupKey: string,
    o?: CallOptions,
  ): Promise<AnswerOf<`${typeof FG}/senderKey/{senderKey}/friendGroupKey/{friendGroupKey}`, 'DELETE'>> {
    const path = `${FG}/senderKey/{senderKey}/friendGroupKey/{friendGroupKey}` as const;
    return invoke(this.#t, 'DELETE', path, { params: { senderKey, friendGroupKey } }, o);
  }
}
