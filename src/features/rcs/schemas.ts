import { Type } from '@sinclair/typebox';
import {
  BRAND_BACKGROUND_RULE,
  BRAND_PROFILE_RULE,
  MESSAGEBASE_IMAGE_RULE,
  SEASON_DOC_MAX_BYTES,
} from './media-rules.ts';

const Id = (description: string) => Type.String({ minLength: 1, maxLength: 100, description });

export const BrandQuery = Type.Object({ brandId: Id('The account’s RCS brand') });
export const FormatQuery = Type.Object({ messagebaseId: Id('A formatId of the common list') });
export const LogoQuery = Type.Object({ messagebaseformId: Id('A formatId of the common list') });
export const ImageQuery = Type.Object({
  brandId: Id('The account’s RCS brand'),
  fileId: Id('The fileId its upload returned'),
});
export const LogoParams = Type.Object({ fileId: Id('A logo fileId of a format') });

const image = (rule: typeof BRAND_PROFILE_RULE, what: string) =>
  Type.String({
    format: 'binary',
    description: `${what}: JPEG or PNG, at most ${rule.maxBytes} bytes, ${rule.minWidth}-${rule.maxWidth} x ${rule.minHeight}-${rule.maxHeight} pixels${rule.square ? ', square' : ''}`,
  });

/** The forms, for the OpenAPI document (the handlers read the parts as they stream in). */
export const BrandForm = Type.Object({
  brandId: Id('The account’s RCS brand'),
  regBrand: Type.String({
    description:
      'JSON object {name, description, tel, webSiteUrl}: an absent field keeps its value, null or "" clears description, tel or webSiteUrl',
  }),
  brandProfile: Type.Optional(image(BRAND_PROFILE_RULE, 'Profile image')),
  brandBackground: Type.Optional(image(BRAND_BACKGROUND_RULE, 'Background image')),
  seasonDocFile: Type.Optional(
    Type.String({ format: 'binary', description: `PDF, JPEG or PNG, at most ${SEASON_DOC_MAX_BYTES} bytes` }),
  ),
});

export const MessagebaseFileForm = Type.Object({
  brandId: Id('The account’s RCS brand'),
  file: image(MESSAGEBASE_IMAGE_RULE, 'Message-base image'),
});
