import { DAY_MS } from '../clock.ts';
import type { ImageFormat } from './image-format.ts';
import type { RatioRule } from './image-ratio.ts';

/**
 * The image uploads other than MMS, one row per kind: the limits the messaging platform
 * publishes for each place an image appears (the spec leaves them open: "Image file size and
 * format limits for uploads: not shown"). Sources: the KakaoTalk alimtalk image guide (500 KB,
 * jpg/png, 2:1, width ≥ 500) and its brand message image guide (jpg/png, 5 MB, width ≥ 500,
 * ratios per type); item tiles (wide list 2nd-4th, catalog items) are small on screen, so they
 * keep the 2 MB of the earlier friendtalk list images. docs/uploads.md holds the same table.
 */
export interface ImageKind {
  /** Stored `files.kind`: a fileKey is reused only within its kind. */
  readonly kind: string;
  /** Path under /api/comm/v1/file/. */
  readonly path: string;
  /** What the image is for, in refusals and the OpenAPI summary. */
  readonly label: string;
  readonly formats: readonly ImageFormat[];
  readonly maxBytes: number;
  /** Smallest width in pixels, as displayed (EXIF orientation applied). */
  readonly minWidth: number;
  readonly ratio: RatioRule;
  /** How long the file can be used; null: never expires (template and brand images). */
  readonly retentionMs: number | null;
  /** Prefix of a generated fileKey. */
  readonly keyPrefix: string;
  /** What the answer holds: imgUrl (brand), imgUrl and fileName (templates), media (RCS). */
  readonly answer: 'imgUrl' | 'imgUrlFileName' | 'media';
}

const KB = 1024;
const MB = 1024 * KB;
const JPG_PNG = ['jpg', 'png'] as const satisfies readonly ImageFormat[];
const R2_1 = { w: 2, h: 1 };
const R1_1 = { w: 1, h: 1 };
const R3_4 = { w: 3, h: 4 };

/** What every brand message image shares: JPG or PNG, kept for good, answered with imgUrl only. */
const BRAND_IMAGE = { formats: JPG_PNG, retentionMs: null, keyPrefix: 'img_', answer: 'imgUrl' } as const;

/** RCS media stay usable as long as MMS images (7 days), so one failover flow holds both. */
export const RCS_MEDIA_RETENTION_MS = 7 * DAY_MS;

export const IMAGE_KINDS = {
  infomsgTemplate: {
    kind: 'infomsg-template',
    path: 'infomsg/template',
    label: 'informational template image',
    formats: JPG_PNG,
    maxBytes: 500 * KB,
    minWidth: 500,
    ratio: { oneOf: [R2_1] },
    retentionMs: null,
    keyPrefix: 'img_',
    answer: 'imgUrlFileName',
  },
  infomsgItemHighlight: {
    kind: 'infomsg-item-highlight',
    path: 'infomsg/itemHighlight',
    label: 'informational template item highlight image',
    formats: JPG_PNG,
    maxBytes: 500 * KB,
    minWidth: 108,
    ratio: { oneOf: [R1_1] },
    retentionMs: null,
    keyPrefix: 'img_',
    answer: 'imgUrlFileName',
  },
  rcs: {
    kind: 'rcs',
    path: 'rcs',
    label: 'RCS media image',
    formats: ['jpg', 'png', 'gif'],
    maxBytes: 1 * MB,
    minWidth: 1,
    ratio: { any: true },
    retentionMs: RCS_MEDIA_RETENTION_MS,
    keyPrefix: 'rcs_',
    answer: 'media',
  },
  brandDefault: {
    ...BRAND_IMAGE,
    kind: 'brandmessage-default',
    path: 'brandmessage/default',
    label: 'brand message image',
    maxBytes: 5 * MB,
    minWidth: 500,
    ratio: { from: R2_1, to: R3_4 },
  },
  brandWide: {
    ...BRAND_IMAGE,
    kind: 'brandmessage-wide',
    path: 'brandmessage/wide',
    label: 'brand message wide image',
    maxBytes: 5 * MB,
    minWidth: 500,
    ratio: { from: R2_1, to: R1_1 },
  },
  brandWideListFirst: {
    ...BRAND_IMAGE,
    kind: 'brandmessage-wide-list-first',
    path: 'brandmessage/wideItemList/first',
    label: 'first image of a brand message wide list',
    maxBytes: 5 * MB,
    minWidth: 500,
    ratio: { oneOf: [R2_1] },
  },
  brandWideList: {
    ...BRAND_IMAGE,
    kind: 'brandmessage-wide-list',
    path: 'brandmessage/wideItemList',
    label: '2nd to 4th image of a brand message wide list',
    maxBytes: 2 * MB,
    minWidth: 100,
    ratio: { oneOf: [R1_1] },
  },
  brandCarouselFeed: {
    ...BRAND_IMAGE,
    kind: 'brandmessage-carousel-feed',
    path: 'brandmessage/carouselFeed',
    label: 'brand message carousel feed image',
    maxBytes: 5 * MB,
    minWidth: 500,
    // One of the two; that every card of a carousel has the same one is checked where the
    // carousel is put together (a template), with shareOneRatio.
    ratio: { oneOf: [R2_1, R1_1] },
  },
  brandCarouselCommerce: {
    ...BRAND_IMAGE,
    kind: 'brandmessage-carousel-commerce',
    path: 'brandmessage/carouselCommerce',
    label: 'brand message carousel commerce image',
    maxBytes: 5 * MB,
    minWidth: 500,
    ratio: { oneOf: [R2_1, R1_1] },
  },
  brandCatalog: {
    ...BRAND_IMAGE,
    kind: 'brandmessage-catalog',
    path: 'brandmessage/catalog',
    label: 'brand message catalog item image',
    maxBytes: 2 * MB,
    minWidth: 500,
    ratio: { oneOf: [R1_1] },
  },
  brandCatalogOddFirst: {
    ...BRAND_IMAGE,
    kind: 'brandmessage-catalog-odd-first',
    path: 'brandmessage/catalog/oddFirst',
    label: 'first image of a brand message catalog with 3, 5 or 7 items',
    maxBytes: 5 * MB,
    minWidth: 500,
    ratio: { oneOf: [R2_1] },
  },
} as const satisfies Record<string, ImageKind>;

export type ImageKindName = keyof typeof IMAGE_KINDS;

/** Every stored kind of the brand message images, for callers that accept any of them. */
export const BRAND_IMAGE_KINDS: readonly string[] = Object.values(IMAGE_KINDS)
  .map((k) => k.kind)
  .filter((k) => k.startsWith('brandmessage-'));
