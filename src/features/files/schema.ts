import { type Static, Type } from '@sinclair/typebox';
import { named } from '../../http/openapi/components.ts';
import { Time } from '../../http/schema-types.ts';

/*
 * What the client uploads answer (their forms are described beside the routes, which read the
 * parts as they stream in). The operations' descriptions and real answers are in docs.ts, loaded
 * with the OpenAPI document.
 */

export const UploadedMmsImage = named(
  'UploadedMmsImage',
  Type.Object({
    fileKey: Type.String({ description: 'the key to name in mms.fileKey' }),
    expired: Time('iso', 'until when it can be sent (7 days)'),
  }),
);

export const UploadedRcsMedia = named(
  'UploadedRcsMedia',
  Type.Object({
    media: Type.String({ description: 'the value for rcs.body.media (the fileKey)' }),
    expired: Time('iso', 'until when it can be sent (7 days)'),
  }),
);

export const UploadedTemplateImage = named(
  'UploadedTemplateImage',
  Type.Object({
    imgUrl: Type.String({ description: 'where the gateway serves it: the value a template names' }),
    fileName: Type.String({ description: 'imageName, or the file name without its extension' }),
  }),
);

export const UploadedImage = named(
  'UploadedImage',
  Type.Object({
    imgUrl: Type.String({
      description: 'where the gateway serves it: the value a brand message template names',
    }),
  }),
);

export type MmsUploaded = Static<typeof UploadedMmsImage>;
/** What an image upload answers, by its kind's `answer` (IMAGE_KINDS). */
export type ImageUploaded =
  | Static<typeof UploadedImage>
  | Static<typeof UploadedTemplateImage>
  | Static<typeof UploadedRcsMedia>;
