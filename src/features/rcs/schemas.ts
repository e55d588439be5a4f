import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { named } from '../../http/openapi/components.ts';
import { Nullable, StringEnum, Time } from '../../http/schema-types.ts';
import {
  BRAND_BACKGROUND_RULE,
  BRAND_PROFILE_RULE,
  MESSAGEBASE_IMAGE_RULE,
  SEASON_DOC_MAX_BYTES,
} from './media-rules.ts';

/*
 * The RCS center routes' contract: what each takes and what each answers (the records a client
 * reads). Their descriptions and real examples are in docs.ts, loaded with the OpenAPI document.
 */

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

// ---- the answers ----

const Str = (description?: string) => Type.String(description ? { description } : {});
const Int = (description?: string) => Type.Integer(description ? { description } : {});
const Opt = <T extends TSchema>(schema: T) => Type.Optional(schema);

export const RcsBrand = named(
  'RcsBrand',
  Type.Object(
    {
      brandId: Str(),
      name: Str(),
      brandKey: Str('What an RCS send names'),
      status: Str('ready; inspecting while a change is reviewed; or a status the operator set'),
      description: Opt(Str()),
      tel: Opt(Str()),
      webSiteUrl: Opt(Str()),
      profileImageUrl: Opt(Str()),
      backgroundImageUrl: Opt(Str()),
      seasonDocFileName: Opt(Str()),
      registerDate: Time('korea'),
      updateDate: Time('korea', 'the last change'),
    },
    { description: 'The account’s RCS brand (absent fields were never set)' },
  ),
);

const CardType = StringEnum(['free', 'standalone', 'carousel'] as const);
/** The industries a format is offered to (readonly: the formats are constants). */
const BizCondition = () => Type.Unsafe<readonly string[]>(Type.Array(Str()));

export const RcsMessageFormSummary = named(
  'RcsMessageFormSummary',
  Type.Object(
    {
      messagebaseformId: Str('The formatId an RCS send names'),
      formName: Str(),
      bizCondition: BizCondition(),
      cardType: CardType,
      registerDate: Time('korea'),
      updateDate: Time('korea'),
    },
    { description: 'A common message format, as listed' },
  ),
);

const TextElement = Type.Object({
  param: StringEnum(['title', 'description'] as const),
  card: Int(),
  type: StringEnum(['text'] as const),
  required: Type.Boolean(),
  maxLength: Int(),
});

/** recommendedWidth and recommendedHeight: the size the card shows the image at. */
const MediaElement = Type.Object({
  param: StringEnum(['media'] as const),
  card: Int(),
  type: StringEnum(['image'] as const),
  required: Type.Boolean(),
  recommendedWidth: Int(),
  recommendedHeight: Int(),
});

/** A kind of button a format takes; displayTextMaxLength: its longest label, in characters. */
const Suggestion = Type.Object({
  type: StringEnum([
    'urlAction',
    'dialerAction',
    'clipboardAction',
    'mapAction',
    'calendarAction',
    'composeAction',
  ] as const),
  name: Str(),
  displayTextMaxLength: Int(),
});

export const RcsMessageForm = named(
  'RcsMessageForm',
  Type.Object(
    {
      formatId: Str(),
      formName: Str(),
      templateName: Str(),
      msgType: StringEnum(['RS', 'RL', 'RT', 'RM'] as const),
      maxChars: Int('Body limit in characters; per card for a carousel'),
      titleMaxChars: Nullable(Int('Null: the format has no title')),
      cardType: CardType,
      cardCount: Int(),
      bizCondition: BizCondition(),
      body: Type.Unsafe<ReadonlyArray<Static<typeof TextElement> | Static<typeof MediaElement>>>(
        Type.Array(Type.Union([TextElement, MediaElement]), {
          description: 'The fields a message of the format fills, per card (from 1)',
        }),
      ),
      buttons: Type.Object({
        suggestions: Type.Unsafe<ReadonlyArray<Static<typeof Suggestion>>>(Type.Array(Suggestion)),
      }),
      policyInfo: Type.Object({
        buttonsAllowed: Type.Boolean(),
        maxButtonCount: Int('Per card for a carousel'),
      }),
      registerDate: Time('korea'),
      updateDate: Time('korea'),
    },
    { description: 'A common message format with every limit a message of it must keep' },
  ),
);

export const RcsImage = named(
  'RcsImage',
  Type.Object(
    {
      fileId: Str(),
      fileName: Str(),
      imageWidth: Int(),
      imageHeight: Int(),
      imageUrl: Str('Where the bytes are served (no credentials)'),
      registerDate: Time('korea'),
    },
    { description: 'An image of the brand’s message bases' },
  ),
);

export const RcsLogo = named(
  'RcsLogo',
  Type.Object(
    {
      fileId: Str(),
      fileName: Str(),
      imageWidth: Int(),
      imageHeight: Int(),
      imageUrl: Str('GET it with the API key: PNG bytes'),
    },
    { description: 'A stock logo a text format offers' },
  ),
);

/** The `rcs` brand record of GET/PUT /api/comm/v1/center/rcs/brand. */
export type RcsBrandRecord = Static<typeof RcsBrand>;
/** A list entry of GET .../messagebase/common/list. */
export type MessageFormEntry = Static<typeof RcsMessageFormSummary>;
/** A common message format (GET .../messagebase/common), the send path's limits of rcs steps. */
export type RcsMessageFormT = Static<typeof RcsMessageForm>;
/** `rcs.image`: an image of a brand's message bases. */
export type RcsImageT = Static<typeof RcsImage>;
/** A stock logo of a format with the address of its PNG bytes (GET .../messagebaseform/logo). */
export type RcsLogoT = Static<typeof RcsLogo>;
