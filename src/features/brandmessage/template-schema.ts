import { Type } from '@sinclair/typebox';
import { StringEnum } from '../../http/schema-types.ts';
import { OFFSET_MAX, PAGE_MAX } from '../infomsg/schemas.ts';
import { SINCE_FORMS } from '../infomsg/since.ts';

/*
 * Request schemas of the brand message template endpoints. The body's structures are checked by
 * template-parse.ts, which answers each rule with its own code naming the field; the schema only
 * documents them (a typed schema would coerce: null would become 0 for discountRate).
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
  since: Type.Optional(Type.String({ description: `templates changed at or after: ${SINCE_FORMS}` })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_MAX, default: 1 })),
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
});

export const DeleteParams = Type.Object({
  senderKey: Type.String({ minLength: 1 }),
  templateCode: Type.String({ minLength: 1 }),
});
