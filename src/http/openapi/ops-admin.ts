import * as K from './components-admin.ts';
import type { OperationDocs } from './operation-doc.ts';

/*
 * The operator API (/admin/v1): plain JSON, `response` is the whole body; a refusal is
 * OperatorError `{code, result}`. Every example is the body of a real call, made against a test
 * gateway on the manual clock (from 2026-11-25 10:00 Korea time) by the scenario of
 * test/http/openapi-admin.test.ts, with the ids that call made; the session's expiry, the audit
 * log and the overview read real time. The request examples are the bodies of those calls (the
 * admin token left out).
 */

/** A reservation of two destinations held for 10:15, as the operator API answers it in `status`. */
function heldReservation(status: string, actions: string[]) {
  return {
    accountId: 'acc_0mwwtc7s500014d356f40',
    seq: 1,
    resvKey: 'rsv_0mwwtc8l100004d356f40',
    resvName: '주말 특가',
    resvSendTime: '2026-11-25 10:15:00',
    status,
    destinationCount: 2,
    messages: { held: 2 },
    createdAt: '2026-11-25 10:00:00',
    updatedAt: '2026-11-25 10:00:00',
    progress: { sent: 0, expected: 2 },
    actions,
  };
}

export const adminDocs: OperationDocs = {
  // ---- the console session ----
  'POST /admin/v1/session': {
    operationId: 'signInConsole',
    description:
      'Exchanges the admin token for an httpOnly, SameSite=Strict session cookie (12 hours) and answers the ' +
      'CSRF token the console sends as X-CSRF-Token on every change. A wrong token is A401; after 3 wrong ' +
      'tokens from one address each further try must wait twice as long as the last (A020 with Retry-After). ' +
      'Needs no Authorization header.',
    response: K.ConsoleSession,
    errors: ['A020'],
    example: {
      csrfToken: 'QwySS8VFVMTT_0IZA46lQ5IGplxPvjeE',
      expiresAt: '2026-11-26T21:27:21+09:00',
      sandbox: true,
      clock: 'manual',
    },
    requestExample: {
      token: '<the admin token>',
    },
  },
  'GET /admin/v1/session': {
    operationId: 'getConsoleSession',
    description:
      "The console session of the request's cookie: its CSRF token, when it expires, whether the sandbox " +
      'is on and which clock runs. A401 without a session cookie (the Bearer token alone has no session) ' +
      'or when the session has ended.',
    response: K.ConsoleSession,
    errors: [],
    example: {
      csrfToken: 'QwySS8VFVMTT_0IZA46lQ5IGplxPvjeE',
      expiresAt: '2026-11-26T21:27:21+09:00',
      sandbox: true,
      clock: 'manual',
    },
  },
  'DELETE /admin/v1/session': {
    operationId: 'signOutConsole',
    description:
      'Ends the console session on every instance and clears the cookie (with its X-CSRF-Token header). ' +
      'A401 without a session cookie.',
    errors: [],
    example: {
      signedOut: true,
    },
  },

  // ---- accounts and their keys ----
  'POST /admin/v1/accounts': {
    operationId: 'createAccount',
    description:
      'Creates an account and its first API key in one transaction. The key is answered only here: the ' +
      'gateway keeps its SHA-256. The account starts with polling reports, no webhook and no limits.',
    response: K.CreatedAccount,
    errors: [],
    example: {
      accountId: 'acc_0mwwtc7s500014d356f40',
      apiKey: 'og_tl8Rr1aMMJAsBGotZrzvQNWgS4yU9cGHjeVw8h3a22w',
      keyId: 'key_0mwwtc7s500004d356f40',
    },
    requestExample: {
      name: 'Acme Shop',
    },
  },
  'GET /admin/v1/accounts': {
    operationId: 'listAccounts',
    description: 'Every account with its name, report mode and creation time (not paged).',
    response: K.AccountList,
    errors: [],
    example: {
      accounts: [
        {
          accountId: 'acc_0mwwtc7s500014d356f40',
          name: 'Acme Shop',
          reportMode: 'webhook',
          createdAt: '2026-11-25T10:00:00+09:00',
        },
        {
          accountId: 'acc_0mwwtc7se00014d356f40',
          name: 'Other',
          reportMode: 'polling',
          createdAt: '2026-11-25T10:00:00+09:00',
        },
      ],
    },
  },
  'GET /admin/v1/accounts/{accountId}': {
    operationId: 'getAccount',
    description:
      'The account with its webhook (whether a secret is set, never the secret), limits, API keys (prefix ' +
      'only), sender numbers, sender profiles and RCS brands. A820 when unknown.',
    response: K.Account,
    errors: ['A820'],
    example: {
      accountId: 'acc_0mwwtc7s500014d356f40',
      name: 'Acme Shop',
      reportMode: 'webhook',
      createdAt: '2026-11-25T10:00:00+09:00',
      webhook: {
        url: 'http://127.0.0.1:46153/hooks/mo',
        secretSet: true,
      },
      limits: {
        sendPerSecond: 200,
        requestsPerSecond: null,
      },
      keys: [
        {
          keyId: 'key_0mwwtc7s500004d356f40',
          prefix: 'og_tl8Rr1a',
          dlr: true,
          createdAt: '2026-11-25T10:00:00+09:00',
          revokedAt: null,
        },
        {
          keyId: 'key_0mwwtc84100004d356f40',
          prefix: 'og_U7vvKzw',
          dlr: false,
          createdAt: '2026-11-25T10:00:00+09:00',
          revokedAt: '2026-11-25T10:00:00+09:00',
        },
      ],
      senders: [
        {
          number: '0212345678',
          createdAt: '2026-11-25T10:00:00+09:00',
        },
      ],
      senderProfiles: [
        {
          accountId: 'acc_0mwwtc7s500014d356f40',
          senderKey: 'sk-acme-shop',
          senderKeyType: 'S',
          channelId: '@acmeshop',
          name: 'Acme Shop',
          friendCount: 1200,
          businessVerified: true,
          channelPhoneNumber: '0212345678',
          consentEvidence: false,
          status: 'A',
          createdAt: '2026-11-25T10:00:00+09:00',
        },
      ],
      rcsBrands: [
        {
          accountId: 'acc_0mwwtc7s500014d356f40',
          brandId: 'acme-brand',
          brandKey: 'BK-ACME-0001',
          name: 'Acme',
          status: 'ready',
          createdAt: '2026-11-25T10:00:00+09:00',
        },
      ],
    },
  },
  'POST /admin/v1/accounts/{accountId}/keys': {
    operationId: 'createApiKey',
    description:
      'Another API key for the account, answered only here (rotation: create the new key, move the clients, ' +
      'revoke the old one). Takes no body. A820 when the account is unknown.',
    response: K.CreatedKey,
    errors: ['A820'],
    example: {
      accountId: 'acc_0mwwtc7s500014d356f40',
      keyId: 'key_0mwwtc84100004d356f40',
      apiKey: 'og_U7vvKzw0WaiGBc1W3P57qpBJJp8nVg0qzu4k3e2mMvs',
    },
  },
  'GET /admin/v1/accounts/{accountId}/keys': {
    operationId: 'listApiKeys',
    description:
      "The account's API keys, revoked ones included, without the keys themselves: a prefix tells them apart. " +
      'A820 when the account is unknown.',
    response: K.ApiKeyList,
    errors: ['A820'],
    example: {
      accountId: 'acc_0mwwtc7s500014d356f40',
      keys: [
        {
          keyId: 'key_0mwwtc7s500004d356f40',
          prefix: 'og_tl8Rr1a',
          dlr: true,
          createdAt: '2026-11-25T10:00:00+09:00',
          revokedAt: null,
        },
        {
          keyId: 'key_0mwwtc84100004d356f40',
          prefix: 'og_U7vvKzw',
          dlr: false,
          createdAt: '2026-11-25T10:00:00+09:00',
          revokedAt: '2026-11-25T10:00:00+09:00',
        },
      ],
    },
  },
  'DELETE /admin/v1/keys/{keyId}': {
    operationId: 'revokeApiKey',
    description:
      'Revokes an API key for good; revoking it again answers the same. This instance refuses the key at ' +
      'once, other instances within their 5-second key cache. A820 when the key is unknown.',
    response: K.RevokedKey,
    errors: ['A820'],
    example: {
      keyId: 'key_0mwwtc84100004d356f40',
      revoked: true,
    },
  },
  'PATCH /admin/v1/keys/{keyId}': {
    operationId: 'setApiKeyDlr',
    description:
      "Turns international DLR records on or off for the key's sends (off by default). A820 when the key " +
      'is unknown, A824 when it is revoked.',
    response: K.ApiKeyDlr,
    errors: ['A820', 'A824'],
    example: {
      keyId: 'key_0mwwtc7s500004d356f40',
      dlr: true,
    },
    requestExample: {
      dlr: true,
    },
  },

  // ---- account settings ----
  'PUT /admin/v1/accounts/{accountId}/webhook': {
    operationId: 'setWebhook',
    description:
      'Sets where MO messages and (in webhook report mode) reports are posted, and the HMAC-SHA256 secret ' +
      'that signs them: generated when absent, stored sealed, and answered only here. The URL must be an ' +
      'absolute http(s) URL (A300) whose host is not, and does not resolve to, a loopback, private, ' +
      'link-local or other non-public address, unless OMNIGATE_WEBHOOK_ALLOW lists it (A750, naming why). ' +
      'A820 when the account is unknown.',
    response: K.WebhookSet,
    errors: ['A750', 'A820'],
    example: {
      accountId: 'acc_0mwwtc7se00014d356f40',
      url: 'https://hooks.example.com/omnigate',
      secret: '9ea360fb94214aaee689f4f20c79ed02ae77f5c811a38297a130b396e750d836',
    },
    requestExample: {
      url: 'https://hooks.example.com/omnigate',
    },
  },
  'DELETE /admin/v1/accounts/{accountId}/webhook': {
    operationId: 'clearWebhook',
    description:
      'Removes the webhook URL and secret. Refused (A824) while the report mode is webhook: switch the ' +
      'account to polling first. A820 when the account is unknown.',
    response: K.WebhookCleared,
    errors: ['A820', 'A824'],
    example: {
      accountId: 'acc_0mwwtc7se00014d356f40',
      url: null,
    },
  },
  'PUT /admin/v1/accounts/{accountId}/report-mode': {
    operationId: 'setReportMode',
    description:
      'Delivers reports by polling (the client fetches and deletes them) or to the webhook. Webhook mode ' +
      'needs a webhook URL first (A824). A820 when the account is unknown.',
    response: K.ReportModeSetting,
    errors: ['A820', 'A824'],
    example: {
      accountId: 'acc_0mwwtc7s500014d356f40',
      reportMode: 'webhook',
    },
    requestExample: {
      mode: 'webhook',
    },
  },
  'PUT /admin/v1/accounts/{accountId}/limits': {
    operationId: 'setLimits',
    description:
      "Sets the account's per-second limits: requestsPerSecond caps its client API requests (A020), " +
      'sendPerSecond the recipients it submits. null lifts a limit, an absent field keeps it; the answer ' +
      'is both limits as they now are. Per instance, in wall time. A820 when the account is unknown.',
    response: K.AccountLimits,
    errors: ['A820'],
    example: {
      accountId: 'acc_0mwwtc7s500014d356f40',
      sendPerSecond: 200,
      requestsPerSecond: null,
    },
    requestExample: {
      sendPerSecond: 200,
      requestsPerSecond: null,
    },
  },

  // ---- sender numbers ----
  'POST /admin/v1/accounts/{accountId}/senders': {
    operationId: 'addSender',
    description:
      'Registers a sender number (the `from` of SMS, LMS and MMS, and the number MO messages arrive on); ' +
      'registering it again answers the first registration. A302 for a number that is not 8 to 15 digits; ' +
      'A820 when the account is unknown.',
    response: K.AccountSender,
    errors: ['A302', 'A820'],
    example: {
      accountId: 'acc_0mwwtc7s500014d356f40',
      number: '0212345678',
      createdAt: '2026-11-25T10:00:00+09:00',
    },
    requestExample: {
      number: '0212345678',
    },
  },
  'GET /admin/v1/accounts/{accountId}/senders': {
    operationId: 'listSenders',
    description: "The account's sender numbers. A820 when the account is unknown.",
    response: K.SenderList,
    errors: ['A820'],
    example: {
      accountId: 'acc_0mwwtc7s500014d356f40',
      senders: [
        {
          number: '0212345678',
          createdAt: '2026-11-25T10:00:00+09:00',
        },
        {
          number: '15881234',
          createdAt: '2026-11-25T10:00:00+09:00',
        },
      ],
    },
  },
  'DELETE /admin/v1/accounts/{accountId}/senders/{number}': {
    operationId: 'removeSender',
    description:
      'Removes a sender number: sends from it are refused from then on. A820 when the account or the ' +
      'number of the account is unknown.',
    response: K.RemovedSender,
    errors: ['A820'],
    example: {
      accountId: 'acc_0mwwtc7s500014d356f40',
      number: '15881234',
      deleted: true,
    },
  },

  // ---- sender profiles ----
  'POST /admin/v1/accounts/{accountId}/sender-profiles': {
    operationId: 'putSenderProfile',
    description:
      'Registers a messaging channel profile (senderKey), or updates the given fields when the account ' +
      'has it already (absent fields keep their values). A new profile takes the defaults: type S, ' +
      'channelId and name = senderKey, 0 friends, status A. A824 when the senderKey belongs to another ' +
      'account; A820 when the account is unknown.',
    response: K.SenderProfile,
    errors: ['A820', 'A824'],
    example: {
      accountId: 'acc_0mwwtc7s500014d356f40',
      senderKey: 'sk-acme-shop',
      senderKeyType: 'S',
      channelId: '@acmeshop',
      name: 'Acme Shop',
      friendCount: 0,
      businessVerified: true,
      channelPhoneNumber: '0212345678',
      consentEvidence: false,
      status: 'A',
      createdAt: '2026-11-25T10:00:00+09:00',
    },
    requestExample: {
      senderKey: 'sk-acme-shop',
      channelId: '@acmeshop',
      name: 'Acme Shop',
      businessVerified: true,
      channelPhoneNumber: '0212345678',
    },
  },
  'GET /admin/v1/accounts/{accountId}/sender-profiles': {
    operationId: 'listSenderProfiles',
    description: "The account's messaging channel profiles. A820 when the account is unknown.",
    response: K.SenderProfileList,
    errors: ['A820'],
    example: {
      accountId: 'acc_0mwwtc7s500014d356f40',
      senderProfiles: [
        {
          accountId: 'acc_0mwwtc7s500014d356f40',
          senderKey: 'sk-acme-old',
          senderKeyType: 'S',
          channelId: 'sk-acme-old',
          name: 'sk-acme-old',
          friendCount: 0,
          businessVerified: false,
          channelPhoneNumber: null,
          consentEvidence: false,
          status: 'A',
          createdAt: '2026-11-25T10:00:00+09:00',
        },
        {
          accountId: 'acc_0mwwtc7s500014d356f40',
          senderKey: 'sk-acme-shop',
          senderKeyType: 'S',
          channelId: '@acmeshop',
          name: 'Acme Shop',
          friendCount: 0,
          businessVerified: true,
          channelPhoneNumber: '0212345678',
          consentEvidence: false,
          status: 'A',
          createdAt: '2026-11-25T10:00:00+09:00',
        },
      ],
    },
  },
  'GET /admin/v1/accounts/{accountId}/sender-profiles/{senderKey}': {
    operationId: 'getSenderProfile',
    description:
      'One messaging channel profile of the account. A820 when the account or the profile is unknown.',
    response: K.SenderProfile,
    errors: ['A820'],
    example: {
      accountId: 'acc_0mwwtc7s500014d356f40',
      senderKey: 'sk-acme-shop',
      senderKeyType: 'S',
      channelId: '@acmeshop',
      name: 'Acme Shop',
      friendCount: 1200,
      businessVerified: true,
      channelPhoneNumber: '0212345678',
      consentEvidence: false,
      status: 'A',
      createdAt: '2026-11-25T10:00:00+09:00',
    },
  },
  'PATCH /admin/v1/accounts/{accountId}/sender-profiles/{senderKey}': {
    operationId: 'updateSenderProfile',
    description:
      'Changes the given fields of a messaging channel profile (the others keep their values) and answers ' +
      'the whole profile. A820 when the account or the profile is unknown.',
    response: K.SenderProfile,
    errors: ['A820'],
    example: {
      accountId: 'acc_0mwwtc7s500014d356f40',
      senderKey: 'sk-acme-shop',
      senderKeyType: 'S',
      channelId: '@acmeshop',
      name: 'Acme Shop',
      friendCount: 1200,
      businessVerified: true,
      channelPhoneNumber: '0212345678',
      consentEvidence: false,
      status: 'A',
      createdAt: '2026-11-25T10:00:00+09:00',
    },
    requestExample: {
      friendCount: 1200,
    },
  },
  'DELETE /admin/v1/accounts/{accountId}/sender-profiles/{senderKey}': {
    operationId: 'removeSenderProfile',
    description: 'Removes a messaging channel profile. A820 when the account or the profile is unknown.',
    response: K.RemovedSenderProfile,
    errors: ['A820'],
    example: {
      accountId: 'acc_0mwwtc7s500014d356f40',
      senderKey: 'sk-acme-old',
      deleted: true,
    },
  },

  // ---- RCS brands ----
  'POST /admin/v1/accounts/{accountId}/rcs-brands': {
    operationId: 'adminPutRcsBrand',
    description:
      'Registers an RCS brand, or updates it when the account has this brandId already (an absent status ' +
      'keeps its value; a new brand starts `ready`). A brandId and a brandKey each name one brand of one ' +
      'account: A824 when either belongs to another. A820 when the account is unknown.',
    response: K.RcsBrandRecord,
    errors: ['A820', 'A824'],
    example: {
      accountId: 'acc_0mwwtc7s500014d356f40',
      brandId: 'acme-brand',
      brandKey: 'BK-ACME-0001',
      name: 'Acme',
      status: 'ready',
      createdAt: '2026-11-25T10:00:00+09:00',
    },
    requestExample: {
      brandId: 'acme-brand',
      brandKey: 'BK-ACME-0001',
      name: 'Acme',
    },
  },
  'GET /admin/v1/accounts/{accountId}/rcs-brands': {
    operationId: 'adminListRcsBrands',
    description: "The account's RCS brands. A820 when the account is unknown.",
    response: K.RcsBrandRecordList,
    errors: ['A820'],
    example: {
      accountId: 'acc_0mwwtc7s500014d356f40',
      rcsBrands: [
        {
          accountId: 'acc_0mwwtc7s500014d356f40',
          brandId: 'acme-brand',
          brandKey: 'BK-ACME-0001',
          name: 'Acme',
          status: 'ready',
          createdAt: '2026-11-25T10:00:00+09:00',
        },
        {
          accountId: 'acc_0mwwtc7s500014d356f40',
          brandId: 'acme-old',
          brandKey: 'BK-OLD',
          name: 'Old',
          status: 'ready',
          createdAt: '2026-11-25T10:00:00+09:00',
        },
      ],
    },
  },
  'GET /admin/v1/accounts/{accountId}/rcs-brands/{brandId}': {
    operationId: 'adminGetRcsBrand',
    description: 'One RCS brand of the account. A820 when the account or the brand is unknown.',
    response: K.RcsBrandRecord,
    errors: ['A820'],
    example: {
      accountId: 'acc_0mwwtc7s500014d356f40',
      brandId: 'acme-brand',
      brandKey: 'BK-ACME-0001',
      name: 'Acme',
      status: 'ready',
      createdAt: '2026-11-25T10:00:00+09:00',
    },
  },
  'DELETE /admin/v1/accounts/{accountId}/rcs-brands/{brandId}': {
    operationId: 'adminRemoveRcsBrand',
    description: 'Removes an RCS brand of the account. A820 when the account or the brand is unknown.',
    response: K.RemovedRcsBrand,
    errors: ['A820'],
    example: {
      accountId: 'acc_0mwwtc7s500014d356f40',
      brandId: 'acme-old',
      deleted: true,
    },
  },

  // ---- MO messages ----
  'GET /admin/v1/accounts/{accountId}/mo': {
    operationId: 'adminListMo',
    description:
      "The account's MO messages with their webhook delivery, newest first, by receipt day (date, " +
      'yyyyMMdd) and status, paged by offset and limit (1 to 1000, default 100; hasNext says more follow). ' +
      'A734 names a bad filter; A820 when the account is unknown.',
    response: K.AdminMoPage,
    errors: ['A734', 'A820'],
    example: {
      accountId: 'acc_0mwwtc7s500014d356f40',
      messages: [
        {
          msgKey: 'mo0mwwtc8hd00004d356f40',
          serviceType: 'MO',
          msgType: 'SM',
          to: '0212345678',
          from: '01051000001',
          carrier: 'SKT',
          originator: '01051000001',
          content: '배송 언제 오나요?',
          occurredTime: '2026-11-25T10:00:00+09:00',
          status: 'FAILED',
          attempts: 1,
          lastError: 'webhook: HTTP 500',
          receivedAt: '2026-11-25T10:00:00+09:00',
          lastAttemptAt: '2026-11-25T10:00:00+09:00',
          nextAttemptAt: '2026-11-25T10:00:10+09:00',
          deliveredAt: null,
        },
      ],
      offset: 0,
      limit: 100,
      hasNext: false,
    },
  },
  'GET /admin/v1/mo/{msgKey}': {
    operationId: 'adminGetMo',
    description:
      'One MO message of any account, with its webhook delivery: status, attempts, last error, next and ' +
      'last attempt. A732 when unknown.',
    response: K.AdminMoMessage,
    errors: ['A732'],
    example: {
      accountId: 'acc_0mwwtc7s500014d356f40',
      msgKey: 'mo0mwwtc8hd00004d356f40',
      serviceType: 'MO',
      msgType: 'SM',
      to: '0212345678',
      from: '01051000001',
      carrier: 'SKT',
      originator: '01051000001',
      content: '배송 언제 오나요?',
      occurredTime: '2026-11-25T10:00:00+09:00',
      status: 'FAILED',
      attempts: 1,
      lastError: 'webhook: HTTP 500',
      receivedAt: '2026-11-25T10:00:00+09:00',
      lastAttemptAt: '2026-11-25T10:00:00+09:00',
      nextAttemptAt: '2026-11-25T10:00:10+09:00',
      deliveredAt: null,
    },
  },
  'POST /admin/v1/mo/{msgKey}/redeliver': {
    operationId: 'redeliverMo',
    description:
      'Delivers an MO to its webhook again: a new retry schedule starts now (first attempt at once, then ' +
      'the usual delays and a new 24-hour limit). Answers the MO as restarted. A732 when unknown; A733 ' +
      'once the webhook acknowledged it (never posted again).',
    response: K.AdminMoMessage,
    errors: ['A732', 'A733'],
    example: {
      accountId: 'acc_0mwwtc7s500014d356f40',
      msgKey: 'mo0mwwtc8hd00004d356f40',
      serviceType: 'MO',
      msgType: 'SM',
      to: '0212345678',
      from: '01051000001',
      carrier: 'SKT',
      originator: '01051000001',
      content: '배송 언제 오나요?',
      occurredTime: '2026-11-25T10:00:00+09:00',
      status: 'PENDING',
      attempts: 1,
      lastError: 'webhook: HTTP 500',
      receivedAt: '2026-11-25T10:00:00+09:00',
      lastAttemptAt: '2026-11-25T10:00:00+09:00',
      nextAttemptAt: '2026-11-25T10:00:00+09:00',
      deliveredAt: null,
    },
  },

  // ---- messages, reservations, broadcasts of every account ----
  'GET /admin/v1/messages': {
    operationId: 'searchMessages',
    description:
      'Messages of every account, newest first: by msgKey (one message), by account (with from/until), or ' +
      'along the msgKeys. Filters no index serves (to, status; from/until without an account) are checked ' +
      'on at most 5000 messages a call: follow `next` (null: nothing older), `searchedUntil` says how far ' +
      'the call looked. A300 for a bad time, a cursor of another search or from after until.',
    response: K.AdminMessagePage,
    errors: [],
    example: {
      messages: [
        {
          msgKey: '0mwwtc8ac00004d356f40',
          accountId: 'acc_0mwwtc7s500014d356f40',
          requestId: 'req_0mwwtc8ab00004d356f40',
          to: '01051000010',
          status: 'delivered',
          step: 0,
          reportCode: '10000',
          reportText: 'Delivered',
          ref: null,
          createdAt: '2026-11-25T10:00:00+09:00',
          updatedAt: '2026-11-25T10:00:00+09:00',
          doneAt: '2026-11-25T10:00:00+09:00',
        },
      ],
      next: null,
      searchedUntil: null,
    },
  },
  'GET /admin/v1/messages/{msgKey}': {
    operationId: 'adminGetMessage',
    description:
      "One message of any account: its state, its request's messageFlow, every attempt (failover steps " +
      'included, in flow order) and its reports with how they reach the client and whether they were ' +
      'acknowledged. A820 when unknown.',
    response: K.AdminMessageDetail,
    errors: ['A820'],
    example: {
      msgKey: '0mwwtc8ac00004d356f40',
      accountId: 'acc_0mwwtc7s500014d356f40',
      requestId: 'req_0mwwtc8ab00004d356f40',
      to: '01051000010',
      status: 'delivered',
      step: 0,
      reportCode: '10000',
      reportText: 'Delivered',
      ref: null,
      createdAt: '2026-11-25T10:00:00+09:00',
      updatedAt: '2026-11-25T10:00:00+09:00',
      doneAt: '2026-11-25T10:00:00+09:00',
      accountName: 'Acme Shop',
      request: {
        requestId: 'req_0mwwtc8ab00004d356f40',
        resvKey: null,
        groupKey: null,
        ref: null,
        flow: [
          {
            step: 0,
            channel: 'sms',
            serviceType: 'SMS',
            msgType: 'SM',
          },
        ],
      },
      attempts: [
        {
          step: 0,
          fallback: false,
          channel: 'sms',
          serviceType: 'SMS',
          msgType: 'SM',
          connector: 'sandbox',
          networkId: '0mwwtc8ac00004d356f40-0',
          status: 'delivered',
          reportCode: '10000',
          reportText: 'Delivered',
          carrier: 'SKT',
          submittedAt: '2026-11-25T10:00:00+09:00',
          doneAt: '2026-11-25T10:00:00+09:00',
        },
      ],
      reports: [
        {
          reportId: 1,
          reportType: 'STANDARD',
          way: 'webhook',
          acknowledged: false,
          acknowledgedAt: null,
          createdAt: '2026-11-25T10:00:00+09:00',
          body: {
            msgKey: '0mwwtc8ac00004d356f40',
            serviceType: 'SMS',
            msgType: 'SM',
            reportType: 'STANDARD',
            reportCode: '10000',
            reportText: 'Delivered',
            reportTime: '2026-11-25 10:00:00',
            sendTime: '2026-11-25 10:00:00',
            carrier: 'SKT',
            ref: '',
          },
        },
      ],
    },
  },
  'GET /admin/v1/reservations': {
    operationId: 'adminListReservations',
    description:
      'Reservations of every account, newest first, with their messages by state, progress (sent of ' +
      'expected) and the actions their state allows now. Filters are checked on at most 5000 rows a call ' +
      '(follow `next`; `searchedUntil` says how far the call looked). A300 for a cursor of another list.',
    response: K.AdminReservationPage,
    errors: [],
    example: {
      reservations: [heldReservation('PENDING', ['stop', 'cancel'])],
      next: null,
      searchedUntil: null,
    },
  },
  'POST /admin/v1/reservations/{resvKey}/stop': {
    operationId: 'adminStopReservation',
    description:
      "Stops a PENDING or PROCESSING reservation with the client API's own use case, as its account would; " +
      'answers the reservation as it now is. A820 when unknown; A824 naming the state it is in.',
    response: K.AdminReservation,
    errors: ['A820', 'A824'],
    example: heldReservation('STOPPED', ['resume', 'cancel']),
  },
  'POST /admin/v1/reservations/{resvKey}/resume': {
    operationId: 'adminResumeReservation',
    description:
      'Resumes a STOPPED reservation (back to PENDING) as its account would; answers the reservation as it ' +
      'now is. A820 when unknown; A824 naming the state it is in.',
    response: K.AdminReservation,
    errors: ['A820', 'A824'],
    example: heldReservation('PENDING', ['stop', 'cancel']),
  },
  'POST /admin/v1/reservations/{resvKey}/cancel': {
    operationId: 'adminCancelReservation',
    description:
      'Cancels a PENDING or STOPPED reservation as its account would: its messages are never sent. Answers ' +
      'the reservation as it now is. A820 when unknown; A824 naming the state it is in.',
    response: K.AdminReservation,
    errors: ['A820', 'A824'],
    example: {
      accountId: 'acc_0mwwtc7s500014d356f40',
      seq: 1,
      resvKey: 'rsv_0mwwtc8l100004d356f40',
      resvName: '주말 특가',
      resvSendTime: '2026-11-25 10:15:00',
      status: 'CANCELLED',
      destinationCount: 0,
      messages: {
        cancelled: 2,
      },
      createdAt: '2026-11-25 10:00:00',
      updatedAt: '2026-11-25 10:00:00',
      progress: {
        sent: 0,
        expected: 2,
      },
      actions: [],
    },
  },
  'GET /admin/v1/broadcasts': {
    operationId: 'adminListBroadcasts',
    description:
      'Brand message broadcasts of every account, newest first, with progress (sendCount of expectedCount) ' +
      'and the actions their state allows now; by account, senderKey and status. Each row has `requestId`, ' +
      "the broadcast's key across accounts (what the operator's routes take), and `accountRequestId`, the " +
      "account's own number for it (the requestId its client API shows). Filters are checked on at " +
      'most 5000 rows a call (follow `next`). A300 for a cursor of another list.',
    response: K.AdminBroadcastPage,
    errors: [],
    example: {
      broadcasts: [
        {
          accountId: 'acc_0mwwtc7s500014d356f40',
          requestId: 1,
          accountRequestId: 1,
          status: 'SENDING',
          sendStartAt: '2026-11-25 10:10:00',
          campaignId: '',
          tpsLimit: 4,
          pushAlarm: 'Y',
          expectedCount: 20,
          sendCount: 4,
          senderKey: 'sk-acme-shop',
          templateCode: 'PLAIN',
          msgType: 'TEXT',
          friendGroupKey: 'vip',
          doneAt: null,
          progress: {
            sent: 4,
            expected: 20,
          },
          actions: ['pause', 'terminate'],
        },
      ],
      next: null,
      searchedUntil: null,
    },
  },
  'POST /admin/v1/broadcasts/{requestId}/pause': {
    operationId: 'adminPauseBroadcast',
    description:
      "Pauses a SENDING broadcast with the client API's own use case, as its account and profile would; " +
      'sendCount keeps what was sent. A820 when unknown; A824 naming the state it is in.',
    response: K.AdminBroadcast,
    errors: ['A820', 'A824'],
    example: {
      accountId: 'acc_0mwwtc7s500014d356f40',
      requestId: 1,
      accountRequestId: 1,
      status: 'PAUSED',
      sendStartAt: '2026-11-25 10:10:00',
      campaignId: '',
      tpsLimit: 4,
      pushAlarm: 'Y',
      expectedCount: 20,
      sendCount: 4,
      senderKey: 'sk-acme-shop',
      templateCode: 'PLAIN',
      msgType: 'TEXT',
      friendGroupKey: 'vip',
      doneAt: null,
      progress: {
        sent: 4,
        expected: 20,
      },
      actions: ['resume', 'terminate'],
    },
  },
  'POST /admin/v1/broadcasts/{requestId}/resume': {
    operationId: 'adminResumeBroadcast',
    description:
      'Resumes a PAUSED broadcast (back to READY: it goes on by itself, at once when its start time has ' +
      'passed). A820 when unknown; A824 naming the state it is in.',
    response: K.AdminBroadcast,
    errors: ['A820', 'A824'],
    example: {
      accountId: 'acc_0mwwtc7s500014d356f40',
      requestId: 1,
      accountRequestId: 1,
      status: 'READY',
      sendStartAt: '2026-11-25 10:10:00',
      campaignId: '',
      tpsLimit: 4,
      pushAlarm: 'Y',
      expectedCount: 20,
      sendCount: 4,
      senderKey: 'sk-acme-shop',
      templateCode: 'PLAIN',
      msgType: 'TEXT',
      friendGroupKey: 'vip',
      doneAt: null,
      progress: {
        sent: 4,
        expected: 20,
      },
      actions: ['terminate'],
    },
  },
  'POST /admin/v1/broadcasts/{requestId}/terminate': {
    operationId: 'adminTerminateBroadcast',
    description:
      'Terminates a READY, SENDING or PAUSED broadcast: nothing more is sent, what was handed over goes ' +
      'on. A820 when unknown; A824 naming the state it is in.',
    response: K.AdminBroadcast,
    errors: ['A820', 'A824'],
    example: {
      accountId: 'acc_0mwwtc7s500014d356f40',
      requestId: 1,
      accountRequestId: 1,
      status: 'TERMINATED',
      sendStartAt: '2026-11-25 10:10:00',
      campaignId: '',
      tpsLimit: 4,
      pushAlarm: 'Y',
      expectedCount: 20,
      sendCount: 4,
      senderKey: 'sk-acme-shop',
      templateCode: 'PLAIN',
      msgType: 'TEXT',
      friendGroupKey: 'vip',
      doneAt: '2026-11-25 10:10:00',
      progress: {
        sent: 4,
        expected: 20,
      },
      actions: [],
    },
  },

  // ---- webhook deliveries ----
  'GET /admin/v1/webhook-deliveries': {
    operationId: 'listWebhookDeliveries',
    description:
      'Webhook deliveries of MO messages (kind=mo) or of reports delivered by webhook (kind=report), newest ' +
      'first, with attempts, last error, next retry and delivered time; by state (pending, failed, ' +
      'delivered) and account. Filters are checked on at most 5000 rows a call (follow `next`). A300 for a ' +
      'cursor of another list.',
    response: K.WebhookDeliveryPage,
    errors: [],
    example: {
      kind: 'report',
      deliveries: [
        {
          kind: 'report',
          msgKey: '0mwwtc8ac00004d356f40',
          reportId: 1,
          accountId: 'acc_0mwwtc7s500014d356f40',
          status: 'FAILED',
          attempts: 1,
          lastError: 'webhook: HTTP 500',
          nextAttemptAt: '2026-11-25T10:00:01+09:00',
          running: false,
          deliveredAt: null,
          createdAt: '2026-11-25T10:00:00+09:00',
          summary: 'STANDARD 10000 Delivered',
        },
      ],
      next: null,
      searchedUntil: null,
    },
  },
  'POST /admin/v1/reports/{reportId}/redeliver': {
    operationId: 'redeliverReport',
    description:
      'Delivers a report to its webhook again: its waiting job moves to now with its attempts reset, a dead ' +
      'one is revived, a missing one added (never two jobs). A824 for an acknowledged report, a report ' +
      'delivered by polling or one being posted right now; A820 when unknown.',
    response: K.WebhookDelivery,
    errors: ['A820', 'A824'],
    example: {
      kind: 'report',
      msgKey: '0mwwtc8ac00004d356f40',
      reportId: 1,
      accountId: 'acc_0mwwtc7s500014d356f40',
      status: 'PENDING',
      attempts: 0,
      lastError: 'webhook: HTTP 500',
      nextAttemptAt: '2026-11-25T10:00:00+09:00',
      running: false,
      deliveredAt: null,
      createdAt: '2026-11-25T10:00:00+09:00',
      summary: 'STANDARD 10000 Delivered',
    },
  },

  // ---- audit log and overview ----
  'GET /admin/v1/audit': {
    operationId: 'listAuditEntries',
    description:
      'Operator actions, newest first: every call of /admin/v1 and /sandbox/v1 that may change something ' +
      '(refused ones included), console sign-ins and sign-outs, and CLI commands; who, what, on what (the ' +
      'path parameters), when (real time) and the status answered. Bodies are never kept. A300 for a ' +
      'cursor that is not an earlier `next`.',
    response: K.AuditPage,
    errors: [],
    example: {
      entries: [
        {
          id: 54,
          at: '2026-11-26T09:27:22+09:00',
          actor: 'token 5c3dac12081c73ec',
          action: 'DELETE /admin/v1/accounts/:accountId/opt-outs/:phone',
          target: {
            accountId: 'acc_0mwwtc7s500014d356f40',
            phone: '01087654321',
          },
          status: 404,
          trId: 'mwwtc8xd000982853',
        },
        {
          id: 53,
          at: '2026-11-26T09:27:22+09:00',
          actor: 'token 5c3dac12081c73ec',
          action: 'DELETE /admin/v1/accounts/:accountId/opt-outs/:phone',
          target: {
            accountId: 'acc_0mwwtc7s500014d356f40',
            phone: '01087654321',
          },
          status: 200,
          trId: 'mwwtc8x3000982853',
        },
      ],
      next: '53',
    },
  },
  'GET /admin/v1/overview': {
    operationId: 'getOverview',
    description:
      "A live reading: this instance's message and HTTP counters since it started (those of /metrics), " +
      'failures by report code, the queue read from the database with bounded counts, and each connector ' +
      'with its binds. Cheap enough to poll every 2 s; rates are differences of two readings over uptimeSeconds.',
    response: K.Overview,
    errors: [],
    example: {
      readAt: '2026-11-26T09:27:22+09:00',
      instance: {
        role: 'all',
        uptimeSeconds: 4.059,
        sandbox: true,
      },
      messages: {
        accepted: 7,
        final: {
          delivered: 5,
        },
      },
      failures: [],
      http: {
        '2xx': 65,
        '3xx': 0,
        '4xx': 24,
        '5xx': 0,
      },
      queue: {
        queued: {
          count: 0,
          capped: false,
        },
        waiting: {
          count: 0,
          capped: false,
        },
        jobs: {
          kinds: [
            {
              kind: 'broadcast.tick',
              ready: 1,
              dead: 0,
            },
            {
              kind: 'engine.sweep',
              ready: 1,
              dead: 0,
            },
            {
              kind: 'mo.deliver',
              ready: 1,
              dead: 0,
            },
            {
              kind: 'report.webhook',
              ready: 5,
              dead: 0,
            },
            {
              kind: 'reservation.fire',
              ready: 1,
              dead: 0,
            },
            {
              kind: 'retention.purge',
              ready: 1,
              dead: 0,
            },
          ],
          capped: false,
        },
      },
      connectors: [
        {
          name: 'sandbox',
          type: 'sandbox',
          state: 'up',
          channels: ['sms', 'mms', 'infomsg', 'rcs', 'brandmessage'],
          binds: [],
          windowInUse: 0,
          windowSize: 0,
          queued: 0,
          throughputLimit: null,
        },
      ],
    },
  },

  // ---- spam-filter rules ----
  'POST /admin/v1/policy/rules': {
    operationId: 'addPolicyRule',
    description:
      'Adds a spam-filter rule, global or for one account: text (contains: A322 on a recipient whose text ' +
      'holds the phrase), sender (exact or prefix: A323) or recipient (exact or prefix: A324). Applies at ' +
      'once here and within a second on other instances. A300 for a kind, match or pattern that does not ' +
      'fit; A820 when the account is unknown.',
    response: K.PolicyRule,
    errors: ['A820'],
    example: {
      ruleId: 'pol_0mwwtc8uy00004d356f40',
      accountId: null,
      kind: 'text',
      match: 'contains',
      pattern: '무담보대출',
      note: 'loan spam',
      createdAt: '2026-11-25T10:10:00+09:00',
    },
    requestExample: {
      kind: 'text',
      pattern: '무담보대출',
      note: 'loan spam',
    },
  },
  'GET /admin/v1/policy/rules': {
    operationId: 'listPolicyRules',
    description:
      'Spam-filter rules, oldest first: of one account (accountId), the global ones (accountId=global) or ' +
      'all, by kind; follow `next` for more. A300 for an unknown kind.',
    response: K.PolicyRulePage,
    errors: [],
    example: {
      rules: [
        {
          ruleId: 'pol_0mwwtc8uy00004d356f40',
          accountId: null,
          kind: 'text',
          match: 'contains',
          pattern: '무담보대출',
          note: 'loan spam',
          createdAt: '2026-11-25T10:10:00+09:00',
        },
        {
          ruleId: 'pol_0mwwtc8vd00004d356f40',
          accountId: 'acc_0mwwtc7s500014d356f40',
          kind: 'recipient',
          match: 'prefix',
          pattern: '0109999',
          note: null,
          createdAt: '2026-11-25T10:10:00+09:00',
        },
      ],
      next: null,
    },
  },
  'DELETE /admin/v1/policy/rules/{ruleId}': {
    operationId: 'removePolicyRule',
    description: 'Removes a spam-filter rule (at once here, within a second elsewhere). A820 when unknown.',
    response: K.RemovedPolicyRule,
    errors: ['A820'],
    example: {
      ruleId: 'pol_0mwwtc8vd00004d356f40',
      deleted: true,
    },
  },

  // ---- opt-out lists ----
  'GET /admin/v1/accounts/{accountId}/opt-outs': {
    operationId: 'adminListOptOuts',
    description:
      "An account's opt-out list in the order numbers came, whoever put them there (mo, client, operator); " +
      'one number with `phone`; follow `next` for more. A306 for a phone that is not a number; A820 when ' +
      'the account is unknown.',
    response: K.AccountOptOutPage,
    errors: ['A306', 'A820'],
    example: {
      accountId: 'acc_0mwwtc7s500014d356f40',
      optOuts: [
        {
          phone: '01012345678',
          from: '0212345678',
          source: 'operator',
          createdAt: '2026-11-25T10:10:00+09:00',
        },
        {
          phone: '01087654321',
          from: '0212345678',
          source: 'operator',
          createdAt: '2026-11-25T10:10:00+09:00',
        },
      ],
      next: null,
    },
  },
  'POST /admin/v1/accounts/{accountId}/opt-outs': {
    operationId: 'adminAddOptOuts',
    description:
      "Puts 1 to 1000 numbers on an account's opt-out list (source operator), for one of its sender numbers " +
      '(`from`) or for every number of the account; answers how many were new and the entries. A306 for a ' +
      'number that is not one, A327 for a from the account has not registered, A820 when the account is unknown.',
    response: K.AccountOptOutsAdded,
    errors: ['A306', 'A327', 'A820'],
    example: {
      accountId: 'acc_0mwwtc7s500014d356f40',
      added: 2,
      optOuts: [
        {
          phone: '01012345678',
          from: '0212345678',
          source: 'operator',
          createdAt: '2026-11-25T10:10:00+09:00',
        },
        {
          phone: '01087654321',
          from: '0212345678',
          source: 'operator',
          createdAt: '2026-11-25T10:10:00+09:00',
        },
      ],
    },
    requestExample: {
      phones: ['01012345678', '01087654321'],
      from: '0212345678',
    },
  },
  'DELETE /admin/v1/accounts/{accountId}/opt-outs/{phone}': {
    operationId: 'adminRemoveOptOut',
    description:
      "Takes a number off an account's opt-out list, whoever put it there (the operator may lift any " +
      "entry); `from` names the sender number's entry, absent the account-wide one. A306 for a phone that " +
      'is not a number; A820 when the account is unknown or the number is not on the list.',
    response: K.AccountOptOutRemoved,
    errors: ['A306', 'A820'],
    example: {
      accountId: 'acc_0mwwtc7s500014d356f40',
      phone: '01087654321',
      from: '0212345678',
      deleted: true,
    },
  },
};
