import { type FilePart, formOf } from './form.js';
import { type AnswerOf, type ApiPath, invoke } from './operations.js';
import type { CallOptions, Transport } from './transport.js';

/** An image upload: the file, and optionally its key (to replace an image) and display name. */
export interface ImageUpload extends FilePart {
  /** 1 to 64 characters of A-Z a-z 0-9 . _ -; generated when absent; the same key replaces the image. */
  fileKey?: string;
  /** Default: the file name without its extension. */
  imageName?: string;
}

/** The answer of an MMS image upload: the key for `mms.fileKey` and when it expires. */
export interface MmsImage {
  fileKey: string;
  expired: string;
}

/** The answer of an RCS image upload: the value for `rcs.body.media`. */
export interface RcsImage {
  media: string;
  expired: string;
}

/** The answer of a template or brand message image upload: the URL to name it by. */
export interface ImageUrl {
  imgUrl: string;
  /** Informational template images only. */
  fileName?: string;
}

const F = '/api/comm/v1/file';
type FilePath =
  | `${typeof F}/mms`
  | `${typeof F}/rcs`
  | `${typeof F}/infomsg/template`
  | `${typeof F}/infomsg/itemHighlight`
  | `${typeof F}/brandmessage/${
      | 'default'
      | 'wide'
      | 'wideItemList/first'
      | 'wideItemList'
      | 'carouselFeed'
      | 'carouselCommerce'
      | 'catalog'
      | 'catalog/oddFirst'}`;

/**
 * Image uploads, each a multipart POST answering the image's key or URL (docs/uploads.md gives
 * the formats, sizes and ratios of each kind). Not retried: a repeat may store the image twice
 * under two generated keys.
 */
export class Files {
  readonly #t: Transport;
  constructor(t: Transport) {
    this.#t = t;
  }

  #upload<P extends FilePath & ApiPath, F>(
    path: P,
    u: ImageUpload,
    options?: CallOptions,
  ): Promise<AnswerOf<P, 'POST', F>> {
    const form = formOf({ fileKey: u.fileKey, imageName: u.imageName }, { file: u });
    return invoke(this.#t, 'POST', path, { form }, options);
  }

  /** `POST /file/mms`: a JPEG for `mms.fileKey`. */
  mms(u: ImageUpload, o?: CallOptions) {
    return this.#upload<`${typeof F}/mms`, MmsImage>(`${F}/mms`, u, o);
  }
  /** `POST /file/rcs`: an image for an RCS message body's media. */
  rcs(u: ImageUpload, o?: CallOptions) {
    return this.#upload<`${typeof F}/rcs`, RcsImage>(`${F}/rcs`, u, o);
  }
  /** `POST /file/infomsg/template`: an informational template's image. */
  infomsgTemplate(u: ImageUpload, o?: CallOptions) {
    return this.#upload<`${typeof F}/infomsg/template`, ImageUrl>(`${F}/infomsg/template`, u, o);
  }
  /** `POST /file/infomsg/itemHighlight`: an item-list template's highlight image. */
  infomsgItemHighlight(u: ImageUpload, o?: CallOptions) {
    return this.#upload<`${typeof F}/infomsg/itemHighlight`, ImageUrl>(`${F}/infomsg/itemHighlight`, u, o);
  }
  /** `POST /file/brandmessage/default`: a basic brand message image. */
  brandDefault(u: ImageUpload, o?: CallOptions) {
    return this.#upload<`${typeof F}/brandmessage/default`, ImageUrl>(`${F}/brandmessage/default`, u, o);
  }
  /** `POST /file/brandmessage/wide`. */
  brandWide(u: ImageUpload, o?: CallOptions) {
    return this.#upload<`${typeof F}/brandmessage/wide`, ImageUrl>(`${F}/brandmessage/wide`, u, o);
  }
  /** `POST /file/brandmessage/wideItemList/first`: the first image of a wide list. */
  brandWideItemListFirst(u: ImageUpload, o?: CallOptions) {
    return this.#upload<`${typeof F}/brandmessage/wideItemList/first`, ImageUrl>(
      `${F}/brandmessage/wideItemList/first`,
      u,
      o,
    );
  }
  /** `POST /file/brandmessage/wideItemList`: the 2nd to 4th images of a wide list. */
  brandWideItemList(u: ImageUpload, o?: CallOptions) {
    return this.#upload<`${typeof F}/brandmessage/wideItemList`, ImageUrl>(
      `${F}/brandmessage/wideItemList`,
      u,
      o,
    );
  }
  /** `POST /file/brandmessage/carouselFeed`. */
  brandCarouselFeed(u: ImageUpload, o?: CallOptions) {
    return this.#upload<`${typeof F}/brandmessage/carouselFeed`, ImageUrl>(
      `${F}/brandmessage/carouselFeed`,
      u,
      o,
    );
  }
  /** `POST /file/brandmessage/carouselCommerce`. */
  brandCarouselCommerce(u: ImageUpload, o?: CallOptions) {
    return this.#upload<`${typeof F}/brandmessage/carouselCommerce`, ImageUrl>(
      `${F}/brandmessage/carouselCommerce`,
      u,
      o,
    );
  }
  /** `POST /file/brandmessage/catalog`: a catalog image, 1:1. */
  brandCatalog(u: ImageUpload, o?: CallOptions) {
    return this.#upload<`${typeof F}/brandmessage/catalog`, ImageUrl>(`${F}/brandmessage/catalog`, u, o);
  }
  /** `POST /file/brandmessage/catalog/oddFirst`: the first item of an odd-count catalog, 2:1. */
  brandCatalogOddFirst(u: ImageUpload, o?: CallOptions) {
    return this.#upload<`${typeof F}/brandmessage/catalog/oddFirst`, ImageUrl>(
      `${F}/brandmessage/catalog/oddFirst`,
      u,
      o,
    );
  }
}
