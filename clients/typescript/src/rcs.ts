import { type FilePart, formOf } from './form.js';
import { type AnswerOf, fill, invoke, type QueryOf } from './operations.js';
import type { CallOptions, Transport } from './transport.js';

const R = '/api/comm/v1/center/rcs';
const MB = `${R}/messagebase` as const;

/** The brand's changes (`regBrand`) and its images, for `rcs.updateBrand`. */
export interface BrandUpdate {
  brandId: string;
  regBrand: { name?: string; description?: string; tel?: string; webSiteUrl?: string | null };
  brandProfile?: FilePart;
  brandBackground?: FilePart;
  seasonDocFile?: FilePart;
}

/** The RCS center: brands, common message formats, message-base images. */
export class RcsCenter {
  readonly #t: Transport;
  constructor(t: Transport) {
    this.#t = t;
  }

  /** `GET /center/rcs/brand`. */
  brand(brandId: string, o?: CallOptions): Promise<AnswerOf<`${typeof R}/brand`, 'GET'>> {
    return invoke(this.#t, 'GET', `${R}/brand`, { query: { brandId } }, o);
  }
  /** `PUT /center/rcs/brand` (form-data): the brand's details and images. */
  updateBrand(u: BrandUpdate, o?: CallOptions): Promise<AnswerOf<`${typeof R}/brand`, 'PUT'>> {
    const form = formOf(
      { brandId: u.brandId, regBrand: u.regBrand },
      { brandProfile: u.brandProfile, brandBackground: u.brandBackground, seasonDocFile: u.seasonDocFile },
    );
    return invoke(this.#t, 'PUT', `${R}/brand`, { form }, o);
  }
  /** `GET /center/rcs/messagebase/common/list`: the common message formats. */
  commonFormats(o?: CallOptions): Promise<AnswerOf<`${typeof MB}/common/list`, 'GET'>> {
    return invoke(this.#t, 'GET', `${MB}/common/list`, {}, o);
  }
  /** `GET /center/rcs/messagebase/common`: one format's detail. */
  commonFormat(messagebaseId: string, o?: CallOptions): Promise<AnswerOf<`${typeof MB}/common`, 'GET'>> {
    return invoke(this.#t, 'GET', `${MB}/common`, { query: { messagebaseId } }, o);
  }
  /** `POST /center/rcs/messagebase/file` (form-data): a message-base image of a brand. */
  uploadImage(
    brandId: string,
    file: FilePart,
    o?: CallOptions,
  ): Promise<AnswerOf<`${typeof MB}/file`, 'POST'>> {
    return invoke(this.#t, 'POST', `${MB}/file`, { form: formOf({ brandId }, { file }) }, o);
  }
  /** `GET /center/rcs/messagebase/file`: one uploaded image's record. */
  image(
    query: QueryOf<`${typeof MB}/file`, 'GET'>,
    o?: CallOptions,
  ): Promise<AnswerOf<`${typeof MB}/file`, 'GET'>> {
    return invoke(this.#t, 'GET', `${MB}/file`, { query }, o);
  }
  /** `GET /center/rcs/messagebase/messagebaseform/logo`: a format's stock logos. */
  formLogos(
    messagebaseformId: string,
    o?: CallOptions,
  ): Promise<AnswerOf<`${typeof MB}/messagebaseform/logo`, 'GET'>> {
    return invoke(this.#t, 'GET', `${MB}/messagebaseform/logo`, { query: { messagebaseformId } }, o);
  }
  /** `GET /center/rcs/messagebase/messagebaseform/logo/{fileId}`: a stock logo's PNG. */
  formLogo(fileId: string, o?: CallOptions): Promise<Blob> {
    const path = fill(`${MB}/messagebaseform/logo/{fileId}`, { fileId });
    return this.#t.download({ method: 'GET', path, retry: 'always', ...o });
  }
}
