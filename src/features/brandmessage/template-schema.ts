import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { named } from '../../http/openapi/components.ts';
import { StringEnum, Time } from '../../http/schema-types.ts';
import { OFFSET_MAX, PAGE_MAX } from '../infomsg/schemas.ts';

/*
 * The brand message template routes' contract: what each takes and the template record each
 * answers. The body's structures are checked by template-parse.ts, which answers each rule with
 * its own code naming the field; the request schema only documents them (a typed schema would
 * coerce: null would become 0 for discountRate). Descriptions and real examples are in
 * template-docs.ts, loaded with the OpenAPI document.
 */

const described = (description: string) => Type.Unknown({ description });

/*
 * A required field that is absent is A300 naming it (as in every schema of the gateway); a value
 * the rules refuse, blank included, has the field's own code.
 */
const fields = {
  senderKey: Type.String({ description: 'A sender profile of this account' }),
  senderKeyType: Type.Optional(
    Type.String({ description: 'S (profile) or G (group); the profile’s when absent' }),
  ),
  sendType: Type.Optional(Type.String({ description: 'basic (default) or template; stored as basic' })),
  templateCode: Type.Optional(
    Type.String({ description: '1-30 of A-Z a-z 0-9 . _ -; generated when absent' }),
  ),
  templateName: Type.String({ description: '1 to 200 characters' }),
  msgType: Type.String({
    description:
      'TEXT, IMAGE, WIDE, WIDE_ITEM_LIST, CAROUSEL_FEED, PREMIUM_VIDEO, COMMERCE, CAROUSEL_COMMERCE or FT, FI, FW, FL, FC, FP, FM, FA, FG (catalog)',
  }),
  text: Type.Optional(Type.String({ description: 'Body with #{key} variables; limit per msgType' })),
  header: Type.Optional(described('string (or {title}): wide item list, premium video, catalog')),
  additionalContent: Type.Optional(Type.String({ description: 'commerce: up to 34 characters' })),
  pushAlarm: Type.Optional(described('Y (default) or N')),
  adult: Type.Optional(described('Y or N (default)')),
  discountRate: Type.Optional(described('integer 1 to 100, or null when unused (0 refused from 2026-08-04)')),
  discount_rate: Type.Optional(described('synonym of discountRate')),
  attachment: Type.Optional(
    described(
      'object: button[] (type, name, urlMobile, urlPc, ...), image {imgUrl, imgLink}, coupon, commerce, item {list[]}, video',
    ),
  ),
  carousel: Type.Optional(described('object: head, list[] (2 to 10 cards), tail')),
};

export const RegisterBody = Type.Object({
  brandmessage: Type.Object(fields, { additionalProperties: true }),
});

export const UpdateBody = Type.Object({
  brandmessage: Type.Object(
    { ...fields, templateCode: Type.String({ description: 'the template to replace' }) },
    { additionalProperties: true },
  ),
});

export const GetQuery = Type.Object({
  senderKey: Type.String({ minLength: 1 }),
  templateCode: Type.String({ minLength: 1 }),
  sendType: Type.Optional(Type.String({ description: 'basic or template' })),
});

export const ListQuery = Type.Object({
  senderKey: Type.String({ minLength: 1 }),
  senderKeyType: Type.Optional(Type.String()),
  // The informational template statuses: a brand template is registered (A) at once, so R and S
  // find none, but a client sharing code between the two lists is not refused for them.
  status: Type.Optional(StringEnum(['R', 'A', 'S'] as const, 'A: registered (R and S: none here)')),
  templateType: Type.Optional(Type.String({ description: 'a msgType: finds its long and short spellings' })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: OFFSET_MAX, default: 0 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
});

export const LastModifiedQuery = Type.Object({
  senderKey: Type.String({ minLength: 1 }),
  senderKeyType: Type.Optional(Type.String()),
  since: Type.Optional(Time('since', 'templates changed at or after')),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_MAX, default: 1 })),
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
});

export const DeleteParams = Type.Object({
  senderKey: Type.String({ minLength: 1 }),
  templateCode: Type.String({ minLength: 1 }),
});

// ---- the answers ----

const Str = (description?: string) => Type.String(description ? { description } : {});
const Int = (description?: string) => Type.Integer(description ? { description } : {});
const Opt = <T extends TSchema>(schema: T) => Type.Optional(schema);

const urls = {
  urlMobile: Opt(Str()),
  urlPc: Opt(Str()),
  schemeIos: Opt(Str()),
  schemeAndroid: Opt(Str()),
};

export const BrandButton = named(
  'BrandButton',
  Type.Object(
    { type: Str('WL, AL, BK, MD, ...'), name: Str(), ...urls },
    { description: 'A brand message button' },
  ),
);
export const BrandImage = named(
  'BrandImage',
  Type.Object(
    { imgUrl: Str('An image uploaded to this gateway'), imgLink: Opt(Str()) },
    { description: 'A brand message image' },
  ),
);
export const BrandCoupon = named(
  'BrandCoupon',
  Type.Object({ title: Str(), description: Opt(Str()), ...urls }, { description: 'A brand message coupon' }),
);
export const BrandCommerce = named(
  'BrandCommerce',
  Type.Object(
    {
      title: Str(),
      regularPrice: Int(),
      discountPrice: Opt(Int()),
      discountRate: Opt(Int()),
      discountFixed: Opt(Int()),
    },
    { description: 'A commerce block' },
  ),
);
export const BrandItem = named(
  'BrandItem',
  Type.Object(
    { title: Str(), description: Opt(Str()), imgUrl: Str(), urlMobile: Str(), urlPc: Opt(Str()) },
    { description: 'An entry of a wide item list or a catalog' },
  ),
);
export const BrandVideo = named(
  'BrandVideo',
  Type.Object({ videoUrl: Str(), thumbnailUrl: Opt(Str()) }, { description: 'A premium video' }),
);

const attachmentFields = {
  button: Opt(Type.Array(BrandButton)),
  image: Opt(BrandImage),
  coupon: Opt(BrandCoupon),
  commerce: Opt(BrandCommerce),
};

export const BrandAttachment = named(
  'BrandAttachment',
  Type.Object(
    { ...attachmentFields, item: Opt(Type.Object({ list: Type.Array(BrandItem) })), video: Opt(BrandVideo) },
    { description: 'The structures of a template, as registered (what its msgType takes)' },
  ),
);
/** The structures in the shape they were registered in, so a GET answer can be PUT back. */
export type AttachmentView = Static<typeof BrandAttachment>;

const CarouselCard = Type.Object({
  header: Opt(Str()),
  message: Opt(Str()),
  additionalContent: Opt(Str()),
  attachment: Type.Object({ ...attachmentFields, image: BrandImage }),
});
export type CarouselCardView = Static<typeof CarouselCard>;

export const BrandCarousel = named(
  'BrandCarousel',
  Type.Object(
    {
      head: Opt(
        Type.Object(
          { header: Str(), content: Str(), imgUrl: Opt(Str()), urlMobile: Opt(Str()), urlPc: Opt(Str()) },
          { description: 'The intro card of a carousel commerce' },
        ),
      ),
      list: Type.Array(CarouselCard, { description: '2 to 10 cards' }),
      tail: Opt(
        Type.Object(
          { urlMobile: Str(), urlPc: Opt(Str()), schemeIos: Opt(Str()), schemeAndroid: Opt(Str()) },
          { description: 'The "more" link after the last card' },
        ),
      ),
    },
    { description: 'A carousel (CAROUSEL_FEED, CAROUSEL_COMMERCE)' },
  ),
);
export type CarouselView = Static<typeof BrandCarousel>;

export const BrandMessageTemplate = named(
  'BrandMessageTemplate',
  Type.Object(
    {
      senderKey: Str(),
      senderKeyType: Str('S (profile) or G (group)'),
      sendType: Str('Always basic'),
      templateCode: Str(),
      templateName: Str(),
      msgType: Str('As registered (TEXT or FT, IMAGE or FI, ...)'),
      text: Str('With #{key} variables'),
      pushAlarm: StringEnum(['Y', 'N'] as const),
      adult: StringEnum(['Y', 'N'] as const),
      header: Opt(Str()),
      additionalContent: Opt(Str()),
      attachment: Opt(BrandAttachment),
      carousel: Opt(BrandCarousel),
      discountRate: Opt(Int('1 to 100')),
      variables: Type.Array(Str(), { description: 'The #{key} variables: a broadcast needs none' }),
      status: Str('A: registered (usable at once, no review)'),
      createAt: Time('iso'),
      modifiedAt: Time('iso'),
    },
    { description: 'A brand message template; a GET answer can be PUT back' },
  ),
);
/** The spec's brand message template record, with the structures of its msgType. */
export type BrandTemplateView = Static<typeof BrandMessageTemplate>;

export const BrandMessageTemplatePage = named(
  'BrandMessageTemplatePage',
  Type.Object(
    { templates: Type.Array(BrandMessageTemplate), offset: Int(), limit: Int(), totalCount: Int() },
    { description: 'A page of brand message templates (offset paging)' },
  ),
);
export type BrandTemplatePageT = Static<typeof BrandMessageTemplatePage>;

export const BrandMessageTemplateChanges = named(
  'BrandMessageTemplateChanges',
  Type.Object(
    {
      templates: Type.Array(BrandMessageTemplate, { description: 'Latest change first' }),
      page: Int(),
      count: Int('The page size asked for'),
      hasNext: Type.Boolean(),
    },
    { description: 'Brand message templates changed since a time, a page of them' },
  ),
);
export type BrandTemplateChangesT = Static<typeof BrandMessageTemplateChanges>;
