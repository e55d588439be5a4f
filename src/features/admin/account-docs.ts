import type { RouteDocs } from '../../http/openapi/operation-doc.ts';
import * as S from './schemas.ts';

/*
 * What the OpenAPI document says of the operator's account operations (/admin/v1: accounts, their
 * API keys and settings, sender numbers, sender profiles, RCS brands) beyond their schemas. Every
 * example is the body of a real call, made against a test gateway on the manual clock (from
 * 2026-11-25 10:00 Korea time) by the scenario of test/http/openapi-admin.test.ts, with the ids
 * that call made; the request examples are the bodies of those calls (the admin token left out).
 * Loaded with the document, not at start.
 */

const ACCOUNT_ID = 'acc_0mwwtc7s500014d356f40';
const OTHER_ACCOUNT_ID = 'acc_0mwwtc7se00014d356f40';
/** When the scenario made its records (the manual clock's start), as the operator API writes it. */
const MADE_AT = '2026-11-25T10:00:00+09:00';

const FIRST_KEY_ID = 'key_0mwwtc7s500004d356f40';
const SECOND_KEY_ID = 'key_0mwwtc84100004d356f40';

/** The account's first key, with DLR records on. */
const firstKey = {
  keyId: FIRST_KEY_ID,
  prefix: 'og_tl8Rr1a',
  dlr: true,
  createdAt: MADE_AT,
  revokedAt: null,
};
/** The second key, revoked. */
const secondKey = {
  keyId: SECOND_KEY_ID,
  prefix: 'og_U7vvKzw',
  dlr: false,
  createdAt: MADE_AT,
  revokedAt: MADE_AT,
};

const shopSender = { number: '0212345678', createdAt: MADE_AT };

const profileExample = (over: Record<string, unknown>) => ({
  accountId: ACCOUNT_ID,
  senderKey: 'sk-acme-shop',
  senderKeyType: 'S',
  channelId: '@acmeshop',
  name: 'Acme Shop',
  friendCount: 1200,
  businessVerified: true,
  channelPhoneNumber: '0212345678',
  consentEvidence: false,
  status: 'A',
  createdAt: MADE_AT,
  ...over,
});

const brandExample = (over: Record<string, unknown>) => ({
  accountId: ACCOUNT_ID,
  brandId: 'acme-brand',
  brandKey: 'BK-ACME-0001',
  name: 'Acme',
  status: 'ready',
  createdAt: MADE_AT,
  ...over,
});

const shopSummary = { accountId: ACCOUNT_ID, name: 'Acme Shop', reportMode: 'webhook', createdAt: MADE_AT };

export const adminAccountDocs: RouteDocs = {
  // ---- accounts and their keys ----
  createAccount: {
    description:
      'Creates an account and its first API key in one transaction. The key is answered only here: the ' +
      'gateway keeps its SHA-256. The account starts with polling reports, no webhook and no limits.',
    response: S.CreatedAccount,
    errors: [],
    example: {
      accountId: ACCOUNT_ID,
      apiKey: 'og_tl8Rr1aMMJAsBGotZrzvQNWgS4yU9cGHjeVw8h3a22w',
      keyId: FIRST_KEY_ID,
    },
    requestExample: { name: 'Acme Shop' },
  },
  listAccounts: {
    description: 'Every account with its name, report mode and creation time (not paged).',
    response: S.AccountList,
    errors: [],
    example: {
      accounts: [
        shopSummary,
        { accountId: OTHER_ACCOUNT_ID, name: 'Other', reportMode: 'polling', createdAt: MADE_AT },
      ],
    },
  },
  getAccount: {
    description:
      'The account with its webhook (whether a secret is set, never the secret), limits, API keys (prefix ' +
      'only), sender numbers, sender profiles and RCS brands. A820 when unknown.',
    response: S.AccountDetail,
    errors: ['A820'],
    example: {
      ...shopSummary,
      webhook: { url: 'http://127.0.0.1:46153/hooks/mo', secretSet: true },
      limits: { sendPerSecond: 200, requestsPerSecond: null },
      keys: [firstKey, secondKey],
      senders: [shopSender],
      senderProfiles: [profileExample({})],
      rcsBrands: [brandExample({})],
    },
  },
  createApiKey: {
    description:
      'Another API key for the account, answered only here (rotation: create the new key, move the clients, ' +
      'revoke the old one). Takes no body. A820 when the account is unknown.',
    response: S.CreatedKey,
    errors: ['A820'],
    example: {
      accountId: ACCOUNT_ID,
      keyId: SECOND_KEY_ID,
      apiKey: 'og_U7vvKzw0WaiGBc1W3P57qpBJJp8nVg0qzu4k3e2mMvs',
    },
  },
  listApiKeys: {
    description:
      "The account's API keys, revoked ones included, without the keys themselves: a prefix tells them apart. " +
      'A820 when the account is unknown.',
    response: S.KeyList,
    errors: ['A820'],
    example: { accountId: ACCOUNT_ID, keys: [firstKey, secondKey] },
  },
  revokeApiKey: {
    description:
      'Revokes an API key for good; revoking it again answers the same. This instance refuses the key at ' +
      'once, other instances within their 5-second key cache. A820 when the key is unknown.',
    response: S.RevokedKey,
    errors: ['A820'],
    example: { keyId: SECOND_KEY_ID, revoked: true },
  },
  setApiKeyDlr: {
    description:
      "Turns international DLR records on or off for the key's sends (off by default). A820 when the key " +
      'is unknown, A824 when it is revoked.',
    response: S.DlrResult,
    errors: ['A820', 'A824'],
    example: { keyId: FIRST_KEY_ID, dlr: true },
    requestExample: { dlr: true },
  },

  // ---- account settings ----
  setWebhook: {
    description:
      'Sets where MO messages and (in webhook report mode) reports are posted, and the HMAC-SHA256 secret ' +
      'that signs them: generated when absent, stored sealed, and answered only here. The URL must be an ' +
      'absolute http(s) URL (A300) whose host is not, and does not resolve to, a loopback, private, ' +
      'link-local or other non-public address, unless OMNIGATE_WEBHOOK_ALLOW lists it (A750, naming why). ' +
      'A820 when the account is unknown.',
    response: S.WebhookSet,
    errors: ['A750', 'A820'],
    example: {
      accountId: OTHER_ACCOUNT_ID,
      url: 'https://hooks.example.com/omnigate',
      secretSet: true,
      secret: '9ea360fb94214aaee689f4f20c79ed02ae77f5c811a38297a130b396e750d836',
    },
    requestExample: { url: 'https://hooks.example.com/omnigate' },
  },
  clearWebhook: {
    description:
      'Removes the webhook URL and secret. Refused (A824) while the report mode is webhook: switch the ' +
      'account to polling first. A820 when the account is unknown.',
    response: S.WebhookCleared,
    errors: ['A820', 'A824'],
    example: { accountId: OTHER_ACCOUNT_ID, url: null },
  },
  setReportMode: {
    description:
      'Delivers reports by polling (the client fetches and deletes them) or to the webhook. Webhook mode ' +
      'needs a webhook URL first (A824). A820 when the account is unknown.',
    response: S.ReportModeResult,
    errors: ['A820', 'A824'],
    example: { accountId: ACCOUNT_ID, reportMode: 'webhook' },
    requestExample: { mode: 'webhook' },
  },
  setLimits: {
    description:
      "Sets the account's per-second limits: requestsPerSecond caps its client API requests (A020), " +
      'sendPerSecond the recipients it submits. null lifts a limit, an absent field keeps it; the answer ' +
      'is both limits as they now are. Per instance, in wall time. A820 when the account is unknown.',
    response: S.Limits,
    errors: ['A820'],
    example: { accountId: ACCOUNT_ID, sendPerSecond: 200, requestsPerSecond: null },
    requestExample: { sendPerSecond: 200, requestsPerSecond: null },
  },

  // ---- sender numbers ----
  addSender: {
    description:
      'Registers a sender number (the `from` of SMS, LMS and MMS, and the number MO messages arrive on); ' +
      'registering it again answers the first registration. A302 for a number that is not 8 to 15 digits; ' +
      'A820 when the account is unknown.',
    response: S.SenderOfAccount,
    errors: ['A302', 'A820'],
    example: { accountId: ACCOUNT_ID, ...shopSender },
    requestExample: { number: '0212345678' },
  },
  listSenders: {
    description: "The account's sender numbers. A820 when the account is unknown.",
    response: S.SenderList,
    errors: ['A820'],
    example: { accountId: ACCOUNT_ID, senders: [shopSender, { number: '15881234', createdAt: MADE_AT }] },
  },
  removeSender: {
    description:
      'Removes a sender number: sends from it are refused from then on. A820 when the account or the ' +
      'number of the account is unknown.',
    response: S.RemovedSender,
    errors: ['A820'],
    example: { accountId: ACCOUNT_ID, number: '15881234', deleted: true },
  },

  // ---- sender profiles ----
  putSenderProfile: {
    description:
      'Registers a messaging channel profile (senderKey), or updates the given fields when the account ' +
      'has it already (absent fields keep their values). A new profile takes the defaults: type S, ' +
      'channelId and name = senderKey, 0 friends, status A. A824 when the senderKey belongs to another ' +
      'account; A820 when the account is unknown.',
    response: S.Profile,
    errors: ['A820', 'A824'],
    example: profileExample({ friendCount: 0 }),
    requestExample: {
      senderKey: 'sk-acme-shop',
      channelId: '@acmeshop',
      name: 'Acme Shop',
      businessVerified: true,
      channelPhoneNumber: '0212345678',
    },
  },
  listSenderProfiles: {
    description: "The account's messaging channel profiles. A820 when the account is unknown.",
    response: S.ProfileList,
    errors: ['A820'],
    example: {
      accountId: ACCOUNT_ID,
      senderProfiles: [
        profileExample({
          senderKey: 'sk-acme-old',
          channelId: 'sk-acme-old',
          name: 'sk-acme-old',
          friendCount: 0,
          businessVerified: false,
          channelPhoneNumber: null,
        }),
        profileExample({ friendCount: 0 }),
      ],
    },
  },
  getSenderProfile: {
    description:
      'One messaging channel profile of the account. A820 when the account or the profile is unknown.',
    response: S.Profile,
    errors: ['A820'],
    example: profileExample({}),
  },
  updateSenderProfile: {
    description:
      'Changes the given fields of a messaging channel profile (the others keep their values) and answers ' +
      'the whole profile. A820 when the account or the profile is unknown.',
    response: S.Profile,
    errors: ['A820'],
    example: profileExample({}),
    requestExample: { friendCount: 1200 },
  },
  removeSenderProfile: {
    description: 'Removes a messaging channel profile. A820 when the account or the profile is unknown.',
    response: S.RemovedProfile,
    errors: ['A820'],
    example: { accountId: ACCOUNT_ID, senderKey: 'sk-acme-old', deleted: true },
  },

  // ---- RCS brands ----
  adminPutRcsBrand: {
    description:
      'Registers an RCS brand, or updates it when the account has this brandId already (an absent status ' +
      'keeps its value; a new brand starts `ready`). A brandId and a brandKey each name one brand of one ' +
      'account: A824 when either belongs to another. A820 when the account is unknown.',
    response: S.Brand,
    errors: ['A820', 'A824'],
    example: brandExample({}),
    requestExample: { brandId: 'acme-brand', brandKey: 'BK-ACME-0001', name: 'Acme' },
  },
  adminListRcsBrands: {
    description: "The account's RCS brands. A820 when the account is unknown.",
    response: S.BrandList,
    errors: ['A820'],
    example: {
      accountId: ACCOUNT_ID,
      rcsBrands: [brandExample({}), brandExample({ brandId: 'acme-old', brandKey: 'BK-OLD', name: 'Old' })],
    },
  },
  adminGetRcsBrand: {
    description: 'One RCS brand of the account. A820 when the account or the brand is unknown.',
    response: S.Brand,
    errors: ['A820'],
    example: brandExample({}),
  },
  adminRemoveRcsBrand: {
    description: 'Removes an RCS brand of the account. A820 when the account or the brand is unknown.',
    response: S.RemovedBrand,
    errors: ['A820'],
    example: { accountId: ACCOUNT_ID, brandId: 'acme-old', deleted: true },
  },
};
