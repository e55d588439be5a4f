import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { StringEnum } from '../../http/schema-types.ts';
import { SINCE_FORMS } from './since.ts';

/**
 * null or the schema. OpenAPI's `nullable`, which Ajv knows, rather than a union: a refusal then
 * names the type expected ("must be array"), not the first branch that failed ("must be null"),
 * and a null is never coerced to "".
 */
const Nullable = <T extends TSchema>(s: T) => Type.Unsafe<Static<T> | null>({ ...s, nullable: true });
const OptText = (description?: string) =>
  Type.Optional(Nullable(Type.String(description ? { description } : {})));

const Titled = Type.Object({ title: Type.String(), description: Type.String() });

const Button = Type.Object({
  type: Type.String({ description: 'WL, AL, DS, BK, MD, BC, BT or AC' }),
  name: Type.String({ description: 'at most 14 characters, no #{key} variables' }),
  urlMobile: OptText('WL (required) and AL: http(s) URL'),
  urlPc: OptText('WL and AL: http(s) URL'),
  schemeAndroid: OptText('AL: app scheme'),
  schemeIos: OptText('AL: app scheme'),
});

const Variable = Type.Object({
  key: Type.String({ description: 'the key as written in #{key}' }),
  example: Type.String({ description: 'example text the reviewer reads in its place' }),
});

/** The writable fields of a template record; which of them an update may change depends on the review. */
const fields = {
  senderKeyType: Type.Optional(
    Type.String({ description: 'S (profile) or G (group); must match the profile' }),
  ),
  templateName: Type.Optional(Type.String({ description: '1 to 150 characters' })),
  templateMessageType: Type.Optional(
    Type.String({ description: 'BA basic (default), EX extra info, AD channel add, MI mixed' }),
  ),
  templateEmphasizeType: Type.Optional(
    Type.String({ description: 'NONE (default), TEXT, IMAGE, ITEM_LIST' }),
  ),
  msgType: Type.Optional(Type.String({ description: 'AT, or AI with an image; derived when absent' })),
  text: Type.Optional(Type.String({ description: 'at most 1000 characters, #{key} variables' })),
  categoryCode: Type.Optional(Type.String({ description: 'a code of GET .../infomsg/category' })),
  extra: OptText('EX and MI: extra information, at most 500 characters'),
  title: OptText('TEXT emphasis: at most 50 characters'),
  subtitle: OptText('TEXT emphasis: at most 50 characters'),
  header: OptText('ITEM_LIST: at most 16 characters'),
  previewMessage: OptText('the notification preview: at most 40 characters, no variables'),
  imgUrl: OptText('IMAGE (required) or ITEM_LIST: the template image upload’s imgUrl'),
  imgName: OptText(),
  itemHighlight: Type.Optional(
    Nullable(Type.Object({ title: Type.String(), description: Type.String(), imageUrl: OptText() })),
  ),
  item: Type.Optional(
    Nullable(Type.Object({ list: Type.Array(Titled), summary: Type.Optional(Nullable(Titled)) })),
  ),
  securityFlag: Type.Optional(Type.Boolean()),
  buttons: Type.Optional(Nullable(Type.Array(Button))),
  variables: Type.Optional(Nullable(Type.Array(Variable))),
};

const key = {
  senderKey: Type.String({ minLength: 1, description: 'a sender profile of the account' }),
  templateCode: Type.String({ description: '1 to 30 characters of A-Z a-z 0-9 _ -' }),
};

export const RegisterBody = Type.Object({
  infomsg: Type.Object({
    ...key,
    ...fields,
    templateName: Type.String({ description: '1 to 150 characters' }),
    text: Type.String({ description: 'at most 1000 characters, #{key} variables' }),
    categoryCode: Type.String({ description: 'a code of GET .../infomsg/category' }),
  }),
});
export type RegisterBodyT = Static<typeof RegisterBody>;

export const UpdateBody = Type.Object({ infomsg: Type.Object({ ...key, ...fields }) });
export type UpdateBodyT = Static<typeof UpdateBody>;
export type TemplateInput = UpdateBodyT['infomsg'];

export const KeyQuery = Type.Object(key);
export const KeyParams = Type.Object(key);

const SenderKeyType = StringEnum(['S', 'G'] as const);

/**
 * Paging bounds: far past any real list, and small enough that offset arithmetic and the
 * database's 64-bit integers never overflow (a huge offset was a 500 from SQLite).
 */
export const OFFSET_MAX = 1_000_000;
export const PAGE_MAX = 100_000;

export const ListQuery = Type.Object({
  senderKey: key.senderKey,
  senderKeyType: Type.Optional(SenderKeyType),
  status: Type.Optional(StringEnum(['R', 'A', 'S'] as const, 'R pending, A usable, S stopped')),
  inspectionStatus: Type.Optional(StringEnum(['REG', 'REQ', 'APR', 'REJ'] as const)),
  templateType: Type.Optional(StringEnum(['BA', 'EX', 'AD', 'MI'] as const, 'templateMessageType')),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: OFFSET_MAX, default: 0 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
});
export type ListQueryT = Static<typeof ListQuery>;

const Since = Type.String({ description: SINCE_FORMS });
const Page = Type.Integer({ minimum: 1, maximum: PAGE_MAX, default: 1 });
const Count = Type.Integer({ minimum: 1, maximum: 1000, default: 100 });

export const LastModifiedQuery = Type.Object({
  senderKey: key.senderKey,
  senderKeyType: Type.Optional(SenderKeyType),
  since: Type.Optional(Since),
  page: Type.Optional(Page),
  count: Type.Optional(Count),
});
export type LastModifiedQueryT = Static<typeof LastModifiedQuery>;

export const ReviewBody = Type.Object({
  infomsg: Type.Object({
    ...key,
    senderKeyType: Type.Optional(Type.String()),
    comment: Type.String({ description: 'to the reviewer, at most 500 characters' }),
  }),
});
export type ReviewInput = Static<typeof ReviewBody>['infomsg'];

export const CancelBody = Type.Object({
  infomsg: Type.Object({
    ...key,
    senderKeyType: Type.Optional(Type.String()),
    comment: Type.Optional(Type.String({ description: 'why, at most 500 characters' })),
  }),
});

export const CategoryQuery = Type.Object({ categoryCode: Type.Optional(Type.String({ minLength: 1 })) });

export const PublicQuery = Type.Object({
  since: Type.Optional(Since),
  page: Type.Optional(Page),
  count: Type.Optional(Count),
});

export const PublicParams = Type.Object({ templateCode: Type.String({ minLength: 1 }) });

/** Closed, like the sandbox's other bodies: a misspelt `comment` would otherwise be lost. */
export const SandboxReviewBody = Type.Object(
  {
    senderKey: Type.String({ minLength: 1 }),
    templateCode: Type.String({ minLength: 1 }),
    decision: StringEnum(['approve', 'reject'] as const),
    comment: Type.Optional(Type.String({ description: 'kept in the template’s review history' })),
  },
  { additionalProperties: false },
);
