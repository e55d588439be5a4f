import type { Code } from '../../errors.ts';
import type { RouteDoc, RouteDocs } from '../../http/openapi/operation-doc.ts';
import { UploadedImage, UploadedMmsImage, UploadedRcsMedia, UploadedTemplateImage } from './schema.ts';

/*
 * What the OpenAPI document says of the client uploads beyond their forms: descriptions, the codes
 * each answers and real answers (test/http/openapi-messaging.test.ts uploads every kind and checks
 * each answer against the document). Loaded with the document, not at start.
 */

const IMAGE_ERRORS: readonly Code[] = [
  'A210',
  'A212',
  'A223',
  'A224',
  'A203',
  'A218',
  'A225',
  'A226',
  'A221',
  'A222',
];
const FILE_BASE = 'http://127.0.0.1:8080/files';

/** A template or brand message image: kept for good, answered with its URL (and, for templates, its name). */
function imageUpload(what: string, rules: string, example: { imgUrl: string; fileName?: string }): RouteDoc {
  return {
    description: `Stores ${what} from a multipart/form-data part named file (${rules}). Without fileKey one is generated; uploading again under the same fileKey replaces the image and its URL. The image is kept for good (no expiry).`,
    response: example.fileName === undefined ? UploadedImage : UploadedTemplateImage,
    errors: IMAGE_ERRORS,
    example,
  };
}

export const fileDocs: RouteDocs = {
  uploadMmsImage: {
    description:
      'Stores an MMS image from a multipart/form-data part named file: a JPEG of at most 300 KiB and 1500x1440 pixels. Answers the fileKey to name in mms.fileKey (1 to 3 per message) and until when it can be sent: 7 days on the gateway clock. Without fileKey one is generated; the same fileKey again replaces the image and restarts its 7 days.',
    response: UploadedMmsImage,
    errors: ['A210', 'A211', 'A212', 'A223', 'A224', 'A203', 'A225'],
    example: { fileKey: 'mms_0mwwt8lan0000e740503e', expired: '2026-12-08T10:00:00+09:00' },
  },
  uploadRcsMedia: {
    description:
      'Stores an RCS media image from a multipart/form-data part named file (JPG, PNG or GIF, at most 1 MB). Answers media, the value for rcs.body.media, usable for 7 days as MMS images are. Without fileKey one is generated; the same fileKey again replaces the image.',
    response: UploadedRcsMedia,
    errors: IMAGE_ERRORS,
    example: { media: 'rcs_0mwwt8lby0000e740503e', expired: '2026-12-08T10:00:00+09:00' },
  },
  uploadInfomsgTemplateImage: imageUpload(
    'an informational template image',
    'JPG or PNG, at most 500 KB, at least 500 px wide, ratio 2:1',
    {
      imgUrl: `${FILE_BASE}/infomsg-template/img_0mwwt8lbe0000e740503e.a762483a292c6b0136c3f46ae0bf6b5d.png`,
      fileName: 'banner',
    },
  ),
  uploadInfomsgItemHighlightImage: imageUpload(
    'an informational template item highlight image',
    'JPG or PNG, at most 500 KB, at least 108 px wide, ratio 1:1',
    {
      imgUrl: `${FILE_BASE}/infomsg-item-highlight/img_0mwwt8lbn0000e740503e.08f0ab1d4fed5509b5e509a60cd62f02.png`,
      fileName: 'item',
    },
  ),
  uploadBrandMessageImage: imageUpload(
    'a brand message image',
    'JPG or PNG, at most 5 MB, at least 500 px wide, ratio from 2:1 to 3:4',
    {
      imgUrl: `${FILE_BASE}/brandmessage-default/img_0mwwt8lc30000e740503e.dd3281aeaa12a430bf8b5e8014a52583.png`,
    },
  ),
  uploadBrandMessageWideImage: imageUpload(
    'a brand message wide image',
    'JPG or PNG, at most 5 MB, at least 500 px wide, ratio from 2:1 to 1:1',
    {
      imgUrl: `${FILE_BASE}/brandmessage-wide/img_0mwwt8lca0000e740503e.3fdea0f556baf3adaeb9908f46afbcde.png`,
    },
  ),
  uploadBrandMessageWideListFirstImage: imageUpload(
    'the first image of a brand message wide list',
    'JPG or PNG, at most 5 MB, at least 500 px wide, ratio 2:1',
    {
      imgUrl: `${FILE_BASE}/brandmessage-wide-list-first/img_0mwwt8lcf0000e740503e.f0ffd0a5a9a39d38db2465d66cc2c604.png`,
    },
  ),
  uploadBrandMessageWideListImage: imageUpload(
    'the 2nd to 4th image of a brand message wide list',
    'JPG or PNG, at most 2 MB, at least 100 px wide, ratio 1:1',
    {
      imgUrl: `${FILE_BASE}/brandmessage-wide-list/img_0mwwt8lcr0000e740503e.93d0d2f064c4f23c40bce2c3f44da549.png`,
    },
  ),
  uploadBrandMessageCarouselFeedImage: imageUpload(
    'a brand message carousel feed image',
    'JPG or PNG, at most 5 MB, at least 500 px wide, ratio 2:1 or 1:1 (one ratio for every card of a carousel)',
    {
      imgUrl: `${FILE_BASE}/brandmessage-carousel-feed/img_0mwwt8lct0000e740503e.9ccf14176f275cac5a16c35e8b2e4fe5.png`,
    },
  ),
  uploadBrandMessageCarouselCommerceImage: imageUpload(
    'a brand message carousel commerce image',
    'JPG or PNG, at most 5 MB, at least 500 px wide, ratio 2:1 or 1:1',
    {
      imgUrl: `${FILE_BASE}/brandmessage-carousel-commerce/img_0mwwt8lcw0000e740503e.d869d96f4177b80ea76014a50cb07978.png`,
    },
  ),
  uploadBrandMessageCatalogImage: imageUpload(
    'a brand message catalog item image',
    'JPG or PNG, at most 2 MB, at least 500 px wide, ratio 1:1',
    {
      imgUrl: `${FILE_BASE}/brandmessage-catalog/img_0mwwt8ld00000e740503e.d6573184fc52aeac30817001d254eec4.png`,
    },
  ),
  uploadBrandMessageCatalogOddFirstImage: imageUpload(
    'the first image of a brand message catalog with 3, 5 or 7 items',
    'JPG or PNG, at most 5 MB, at least 500 px wide, ratio 2:1',
    {
      imgUrl: `${FILE_BASE}/brandmessage-catalog-odd-first/img_0mwwt8ld30000e740503e.1a7c0e2b4c6be9e31efe185d5fed1c47.png`,
    },
  ),
};
