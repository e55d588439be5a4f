import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { named } from '../../http/openapi/components.ts';
import { StringEnum, Time } from '../../http/schema-types.ts';

/*
 * The informational template routes' contract: what each takes and what each answers (the records
 * a client reads). Their descriptions and real examples are in docs.ts, loaded with the OpenAPI
 * document.
 */

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

/** The forms parseSince (since.ts) takes, as the document declares them. */
const Since = Time('since', 'changed at or after');
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

// ---- the answers ----

const Str = (description?: string) => Type.String(description ? { description } : {});
const Int = (description?: string) => Type.Integer(description ? { description } : {});
const Opt = <T extends TSchema>(schema: T) => Type.Optional(schema);

export const InfomsgButton = named(
  'InfomsgButton',
  Type.Object(
    {
      type: Str('WL, AL, DS, BK, MD, BC, BT or AC'),
      name: Str('The button label'),
      urlMobile: Opt(Str('WL and AL: http(s) URL')),
      urlPc: Opt(Str('WL and AL: http(s) URL')),
      schemeAndroid: Opt(Str('AL: app scheme')),
      schemeIos: Opt(Str('AL: app scheme')),
    },
    { description: 'A button of an informational template' },
  ),
);

export const InfomsgVariable = named(
  'InfomsgVariable',
  Type.Object(
    {
      key: Str('The key as written in #{key}'),
      example: Str('Example text the reviewer reads in its place'),
    },
    { description: 'A #{key} variable of an informational template, with its example' },
  ),
);

const TitledText = Type.Object({ title: Str(), description: Str() });

export const InfomsgReviewEntry = named(
  'InfomsgReviewEntry',
  Type.Object(
    {
      type: StringEnum(
        ['REQ', 'CANCEL', 'APR', 'REJ'] as const,
        'request, cancellation, approval, rejection',
      ),
      comment: Str(),
      createdAt: Time('iso'),
      attachment: Nullable(
        Type.Object({
          fileName: Str('As the client named it'),
          url: Str('Where the attachment is served'),
        }),
      ),
    },
    { description: 'One step of a template review' },
  ),
);

export const InfomsgTemplate = named(
  'InfomsgTemplate',
  Type.Object(
    {
      senderKey: Str(),
      senderKeyType: Str('S (profile) or G (group)'),
      templateCode: Str(),
      templateName: Str(),
      templateMessageType: StringEnum(['BA', 'EX', 'AD', 'MI'] as const),
      templateEmphasizeType: StringEnum(['NONE', 'TEXT', 'IMAGE', 'ITEM_LIST'] as const),
      msgType: StringEnum(['AT', 'AI'] as const, 'AI when the template has an image'),
      text: Str('With #{key} variables'),
      extra: Nullable(Str('EX and MI: extra information')),
      ad: Nullable(Str('AD and MI: the channel-add notice')),
      title: Nullable(Str('TEXT emphasis')),
      subtitle: Nullable(Str('TEXT emphasis')),
      header: Nullable(Str('ITEM_LIST')),
      itemHighlight: Nullable(
        Type.Object({ title: Str(), description: Str(), imageUrl: Opt(Str()) }, { description: 'ITEM_LIST' }),
      ),
      item: Nullable(
        Type.Object({ list: Type.Array(TitledText), summary: Opt(TitledText) }, { description: 'ITEM_LIST' }),
      ),
      previewMessage: Nullable(Str('The notification preview')),
      securityFlag: Type.Boolean(),
      categoryCode: Str('A code of GET .../infomsg/category'),
      variables: Type.Array(InfomsgVariable),
      buttons: Type.Array(InfomsgButton),
      imgUrl: Nullable(Str()),
      imgName: Nullable(Str()),
      inspectionStatus: StringEnum(
        ['REG', 'REQ', 'APR', 'REJ'] as const,
        'REG registered, REQ under review, APR approved, REJ rejected',
      ),
      status: StringEnum(['R', 'A', 'S'] as const, 'R pending, A usable, S stopped'),
      comment: Str('The last review comment'),
      comments: Type.Array(InfomsgReviewEntry, { description: 'The review history, oldest first' }),
      createdAt: Time('iso'),
      modifiedAt: Time('iso'),
    },
    { description: 'An informational template of one of the account’s sender profiles' },
  ),
);

export const InfomsgTemplatePage = named(
  'InfomsgTemplatePage',
  Type.Object(
    {
      templates: Type.Array(InfomsgTemplate),
      totalCount: Int('Templates matching the filter'),
      offset: Int(),
      limit: Int(),
    },
    { description: 'A page of templates (offset paging)' },
  ),
);

export const InfomsgTemplateChanges = named(
  'InfomsgTemplateChanges',
  Type.Object(
    {
      templates: Type.Array(InfomsgTemplate, { description: 'Oldest change first' }),
      page: Int(),
      count: Int('The page size asked for'),
      hasNext: Type.Boolean(),
    },
    { description: 'Templates changed since a time, a page of them' },
  ),
);

export const InfomsgCategory = named(
  'InfomsgCategory',
  Type.Object(
    {
      code: Str('6 digits: the group’s 3, then the category’s 3'),
      name: Str(),
      groupName: Str(),
      inclusion: Str('What messages of the category are about'),
      exclusion: Str('What does not belong in it'),
    },
    { description: 'A template category' },
  ),
);

export const InfomsgCategories = named(
  'InfomsgCategories',
  Type.Object(
    {
      categories: Opt(Type.Array(InfomsgCategory, { description: 'Every category (no categoryCode given)' })),
      category: Opt(InfomsgCategory),
    },
    { description: 'Every category, or with categoryCode the one category' },
  ),
);

export const PublicTemplate = named(
  'PublicTemplate',
  Type.Object(
    {
      templateName: Str(),
      templateCode: Str(),
      status: StringEnum(['A'] as const, 'Always A: usable from its release on'),
      categoryCode: Str(),
      releaseDate: Time('iso'),
      previewImageUrl: Str('Its SVG preview (GET .../preview, with the API key)'),
      msgType: StringEnum(['AT'] as const),
      text: Str('With #{key} keywords'),
      charCount: Int('The most characters the text may have once substituted'),
      variables: Type.Array(Str(), { description: 'The keywords, in order of first appearance' }),
    },
    { description: 'A ready-made informational template any client may send (lookup only)' },
  ),
);

export const PublicTemplatePage = named(
  'PublicTemplatePage',
  Type.Object(
    { templates: Type.Array(PublicTemplate), page: Int(), count: Int(), hasNext: Type.Boolean() },
    { description: 'Public templates released since a time, a page of them' },
  ),
);

/** The informational template record (spec) with what the platform's records also carry. */
export type TemplateView = Static<typeof InfomsgTemplate>;
/** One entry of the review history as clients read it. */
export type ReviewCommentView = Static<typeof InfomsgReviewEntry>;
export type TemplatePageT = Static<typeof InfomsgTemplatePage>;
export type TemplateChangesT = Static<typeof InfomsgTemplateChanges>;
/** A template category (spec: code, name, groupName, inclusion, exclusion). */
export type InfomsgCategoryT = Static<typeof InfomsgCategory>;
export type InfomsgCategoriesT = Static<typeof InfomsgCategories>;
export type PublicTemplateView = Static<typeof PublicTemplate>;
export type PublicTemplatePageT = Static<typeof PublicTemplatePage>;
