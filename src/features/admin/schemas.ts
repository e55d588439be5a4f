import { type TSchema, Type } from '@sinclair/typebox';
import { named } from '../../http/openapi/components.ts';
import { Nullable, StringEnum, Time } from '../../http/schema-types.ts';
import {
  MAX_PER_SECOND,
  PHONE_PATTERN,
  REPORT_MODES,
  SENDER_KEY_MAX,
  SENDER_KEY_TYPES,
} from './constants.ts';

/*
 * Schemas of the operator API: validation, handler types and the OpenAPI entries at once.
 * Bodies refuse unknown fields (unlike the client API): a misspelt `sendPerSecnd` silently
 * ignored would leave an operator believing a limit is set. Free of server imports (constants
 * come from constants.ts): the console takes its types from here.
 */

const PerSecond = Nullable(Type.Integer({ minimum: 1, maximum: MAX_PER_SECOND }));
const Phone = Type.String({ pattern: PHONE_PATTERN, description: 'digits only, 8 to 15' });
const Name = Type.String({ minLength: 1, maxLength: 100 });

export const AccountIdParams = Type.Object({ accountId: Type.String({ minLength: 1, maxLength: 100 }) });
export const KeyIdParams = Type.Object({ keyId: Type.String({ minLength: 1, maxLength: 100 }) });
export const SenderParams = Type.Object({
  accountId: Type.String({ minLength: 1, maxLength: 100 }),
  number: Type.String({ minLength: 1, maxLength: 100 }),
});
export const ProfileParams = Type.Object({
  accountId: Type.String({ minLength: 1, maxLength: 100 }),
  senderKey: Type.String({ minLength: 1, maxLength: SENDER_KEY_MAX }),
});
export const BrandParams = Type.Object({
  accountId: Type.String({ minLength: 1, maxLength: 100 }),
  brandId: Type.String({ minLength: 1, maxLength: 100 }),
});

export const CreateAccountBody = Type.Object({ name: Name }, { additionalProperties: false });
export const CreatedAccount = named(
  'CreatedAccount',
  Type.Object({
    accountId: Type.String(),
    apiKey: Type.String({ description: 'Shown only here; the gateway keeps its SHA-256' }),
    keyId: Type.String(),
  }),
);

export const AccountSummary = named(
  'AccountSummary',
  Type.Object({
    accountId: Type.String(),
    name: Type.String(),
    reportMode: StringEnum(REPORT_MODES),
    createdAt: Time('iso'),
  }),
);
export const AccountList = named('AccountList', Type.Object({ accounts: Type.Array(AccountSummary) }));

export const Key = named(
  'ApiKey',
  Type.Object({
    keyId: Type.String(),
    prefix: Type.String({ description: 'The first characters of the key, to tell keys apart' }),
    dlr: Type.Boolean(),
    createdAt: Time('iso'),
    revokedAt: Nullable(Time('iso')),
  }),
);
export const KeyList = named('ApiKeyList', Type.Object({ accountId: Type.String(), keys: Type.Array(Key) }));
export const CreatedKey = named(
  'CreatedKey',
  Type.Object({
    accountId: Type.String(),
    keyId: Type.String(),
    apiKey: Type.String(),
  }),
);
export const RevokedKey = named(
  'RevokedKey',
  Type.Object({ keyId: Type.String(), revoked: Type.Literal(true) }),
);
export const DlrBody = Type.Object({ dlr: Type.Boolean() }, { additionalProperties: false });
export const DlrResult = named('ApiKeyDlr', Type.Object({ keyId: Type.String(), dlr: Type.Boolean() }));

export const Sender = named('Sender', Type.Object({ number: Type.String(), createdAt: Time('iso') }));
export const SenderOfAccount = named(
  'AccountSender',
  Type.Object({
    accountId: Type.String(),
    number: Type.String(),
    createdAt: Time('iso'),
  }),
);
export const SenderList = named(
  'SenderList',
  Type.Object({ accountId: Type.String(), senders: Type.Array(Sender) }),
);
export const AddSenderBody = Type.Object(
  // Not Phone: a malformed number is the spec's A302 (invalid from), checked by the use case.
  { number: Type.String({ description: 'digits only, 8 to 15 (0212345678, 01012345678, 15881234)' }) },
  { additionalProperties: false },
);
export const RemovedSender = named(
  'RemovedSender',
  Type.Object({
    accountId: Type.String(),
    number: Type.String(),
    deleted: Type.Literal(true),
  }),
);

const ProfileFields = {
  name: Type.Optional(Name),
  senderKeyType: Type.Optional(StringEnum(SENDER_KEY_TYPES, 'S: one channel, G: a group; default: S')),
  channelId: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'default: senderKey' })),
  friendCount: Type.Optional(Type.Integer({ minimum: 0 })),
  businessVerified: Type.Optional(Type.Boolean()),
  channelPhoneNumber: Type.Optional(Nullable(Phone)),
  consentEvidence: Type.Optional(Type.Boolean()),
  status: Type.Optional(Type.String({ minLength: 1, maxLength: 20, description: 'default: A' })),
};
export const PutProfileBody = Type.Object(
  { senderKey: Type.String({ minLength: 1, maxLength: SENDER_KEY_MAX }), ...ProfileFields },
  { additionalProperties: false },
);
export const PatchProfileBody = Type.Object(ProfileFields, { additionalProperties: false });
export const Profile = named(
  'SenderProfile',
  Type.Object({
    accountId: Type.String(),
    senderKey: Type.String(),
    senderKeyType: Type.String(),
    channelId: Type.String(),
    name: Type.String(),
    friendCount: Type.Integer(),
    businessVerified: Type.Boolean(),
    channelPhoneNumber: Nullable(Type.String()),
    consentEvidence: Type.Boolean(),
    status: Type.String(),
    createdAt: Time('iso'),
  }),
);
export const ProfileList = named(
  'SenderProfileList',
  Type.Object({ accountId: Type.String(), senderProfiles: Type.Array(Profile) }),
);
export const RemovedProfile = named(
  'RemovedSenderProfile',
  Type.Object({
    accountId: Type.String(),
    senderKey: Type.String(),
    deleted: Type.Literal(true),
  }),
);

export const PutBrandBody = Type.Object(
  {
    brandId: Type.String({ minLength: 1, maxLength: 100 }),
    brandKey: Type.String({ minLength: 1, maxLength: 100 }),
    name: Name,
    status: Type.Optional(Type.String({ minLength: 1, maxLength: 20, description: 'default: ready' })),
  },
  { additionalProperties: false },
);
export const Brand = named(
  'RcsBrandRecord',
  Type.Object({
    accountId: Type.String(),
    brandId: Type.String(),
    brandKey: Type.String(),
    name: Type.String(),
    status: Type.String(),
    createdAt: Time('iso'),
  }),
);
export const BrandList = named(
  'RcsBrandRecordList',
  Type.Object({ accountId: Type.String(), rcsBrands: Type.Array(Brand) }),
);
export const RemovedBrand = named(
  'RemovedRcsBrand',
  Type.Object({
    accountId: Type.String(),
    brandId: Type.String(),
    deleted: Type.Literal(true),
  }),
);

export const WebhookBody = Type.Object(
  {
    url: Type.String({ minLength: 1, maxLength: 2048, description: 'http:// or https://' }),
    secret: Type.Optional(
      Type.String({ minLength: 8, maxLength: 256, description: 'HMAC-SHA256 key; generated when absent' }),
    ),
  },
  { additionalProperties: false },
);
export const WebhookSet = named(
  'WebhookSet',
  Type.Object({
    accountId: Type.String(),
    url: Type.String(),
    secretSet: Type.Boolean({ description: 'true: posts are signed with the secret now in force' }),
    secret: Type.Optional(
      Type.String({
        description:
          'Only when the gateway generated the secret (none was given): shown this once. A secret the operator gave is never echoed (write-only).',
      }),
    ),
  }),
);
export const WebhookCleared = named(
  'WebhookCleared',
  Type.Object({ accountId: Type.String(), url: Type.Null() }),
);

const Mode = StringEnum(REPORT_MODES);
export const ReportModeBody = Type.Object({ mode: Mode }, { additionalProperties: false });
export const ReportModeResult = named(
  'ReportModeSetting',
  Type.Object({ accountId: Type.String(), reportMode: Mode }),
);

export const LimitsBody = Type.Object(
  {
    sendPerSecond: Type.Optional(PerSecond),
    requestsPerSecond: Type.Optional(PerSecond),
  },
  { additionalProperties: false, description: 'null lifts a limit; an absent field keeps its value' },
);
export const Limits = named(
  'AccountLimits',
  Type.Object({
    accountId: Type.String(),
    sendPerSecond: Nullable(Type.Integer()),
    requestsPerSecond: Nullable(Type.Integer()),
  }),
);

export const AccountDetail = named(
  'Account',
  Type.Object({
    ...AccountSummary.properties,
    webhook: Type.Object({
      url: Nullable(Type.String()),
      secretSet: Type.Boolean({ description: 'The secret itself is shown only when it is set' }),
    }),
    limits: Type.Object({
      sendPerSecond: Nullable(Type.Integer()),
      requestsPerSecond: Nullable(Type.Integer()),
    }),
    keys: Type.Array(Key),
    senders: Type.Array(Sender),
    senderProfiles: Type.Array(Profile),
    rcsBrands: Type.Array(Brand),
  }),
);

/** What every failed operator call answers: the catalog code and its text with the detail. */
const ErrorBody = Type.Object({ code: Type.String(), result: Type.String() });

/** The OpenAPI part shared by every operator route. */
export function adminDoc(summary: string) {
  return { tags: ['admin'], summary, security: [{ adminToken: [] }] };
}

export function answers<T extends TSchema>(schema: T) {
  return { 200: schema, '4xx': ErrorBody };
}
