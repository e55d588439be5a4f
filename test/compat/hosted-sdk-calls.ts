/*
 * Every call the hosted service's JavaScript SDK makes, as data: icomm-api/bizgo-sdk-comm-js
 * v1.2.0 (its Go twin icomm-api/bizgo-sdk-comm-go and the spec repository icomm-api/bizgo-api-spec
 * describe the same API). Facts only (names, methods, paths, query parameters, headers, bodies,
 * the response fields the SDK reads, its signature and error rules), written out by hand; none of
 * the SDK's code is copied. Each entry names the SDK file it comes from.
 *
 * hosted-sdk.test.ts drives Omnigate with requests of exactly these shapes.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** How the SDK retries (src/transport.ts RetryPolicy, spec `x-sdk-retry`). */
export type Retry = 'safe' | 'rateLimitOnly';

export interface SdkCall {
  /** `<resource>.<method>` as the SDK names it (`client.reservations.recipients.list`). */
  readonly name: string;
  /** The spec's operationId (src/generated/operations.ts OPERATIONS key). */
  readonly operationId: string;
  readonly method: HttpMethod;
  /** Path template; `{x}` are path parameters, each encodeURIComponent'ed (src/util.ts segment). */
  readonly path: string;
  /** Query parameters: name → what the SDK sends (formats as the SDK writes them). */
  readonly query?: Readonly<Record<string, string>>;
  /** Request body: `json <SchemaName>` or `form <field:kind,...>` (multipart, boundary set by fetch). */
  readonly body?: string;
  /** Where the SDK takes its return value from (`x-sdk-result`), e.g. `data.data`. */
  readonly result: string;
  /** Response fields the SDK's hand-written code or its result types read. */
  readonly reads?: readonly string[];
  /** Cursor/offset/page iteration the SDK's `iter<Method>()` does. */
  readonly pages?: string;
  readonly retry: Retry;
  /** The SDK file the facts come from. */
  readonly source: string;
}

const OPS = 'src/generated/operations.ts';
const TYPES = 'src/generated/types.ts';

// ---- headers, bodies, envelope: src/transport.ts, src/identity.ts, src/idempotency.ts ----

/** Headers the SDK sets on every request (src/transport.ts Transport#send). */
export const SDK_HEADERS = {
  /** The API key itself, no `Bearer`/`ApiKey` prefix (a prefix is answered 401 by the hosted service). */
  Authorization: '<API key>',
  Accept: 'application/json',
  /** src/identity.ts: `bizgo-sdk-comm-js/<version> <node|bun|deno>/<runtime version> (<os>; <arch>)[ app/<name>-<version>]`. */
  'User-Agent': 'bizgo-sdk-comm-js/1.2.0 node/22.11.0 (linux; x64)',
  'X-Bizgo-Client': 'bizgo-sdk-comm-js/1.2.0',
} as const;

/** Content-Type of a JSON body; a multipart body's Content-Type (with its boundary) is left to fetch. */
export const JSON_CONTENT_TYPE = 'application/json';

/**
 * Idempotency travels in the body, never in a header (src/idempotency.ts, README): with
 * `idempotencyKey` the SDK adds `idempotencyTtl: 86400` unless one is given (0 included), because
 * the hosted service answers a key without TTL with A309. Sends without a key are retried on 429 only.
 */
export const DEFAULT_IDEMPOTENCY_TTL = 86400;

/**
 * `send.bulk` chunk keys (src/resources/send.ts bulkIdempotencyKey): `<prefix>-<chunkSize>-<start>-<hash8>`,
 * hash8 = first 8 hex digits of SHA-256 over the chunk's phone numbers joined by "\n" (UTF-8);
 * chunks of `chunkSize` (1-200, default 200), `concurrency` (default 4) in flight.
 */
export const BULK = { maxChunk: 200, defaultConcurrency: 4, keyLimit: 200 } as const;

/**
 * How the SDK reads every answer (src/transport.ts parseEnvelope, src/errors.ts errorClass):
 * - 3xx: InvalidResponseError (redirects are never followed; fetch `redirect: 'manual'`).
 * - not JSON: an APIError by status when >= 400, else InvalidResponseError.
 * - `common.authCode` present and not A000: APIError, layer `gateway`, message `common.authResult`.
 * - else `data.code` present and not A000: APIError, layer `service`, message `data.result`.
 * - else HTTP >= 400: APIError, layer `gateway`, code null.
 * - the tracking id is `common.infobankTrId` (optional; only shown in messages and errors).
 * Class: gateway A400 BadRequest, A401 Authentication, A403 PermissionDenied, A404 NotFound; service
 * A001/A002/A100 Authentication, A110/A111 PermissionDenied, A020 RateLimit, A301 DuplicateRequest;
 * otherwise by HTTP status (400 BadRequest, 401 Authentication, 403 PermissionDenied, 404 NotFound,
 * 429 RateLimit, 5xx InternalServer, other 4xx BadRequest, else APIError). A service code answered
 * with HTTP < 400 is classed by the status the code table gives it (spec/error-codes.json).
 * So a 409 with `data.code` A824 is a BadRequestError (409 has no class of its own), as the hosted
 * service's 400/A824 is.
 */
export const ENVELOPE_RULES = {
  gatewayCodeField: 'common.authCode',
  gatewayMessageField: 'common.authResult',
  serviceCodeField: 'data.code',
  serviceMessageField: 'data.result',
  trackingIdField: 'common.infobankTrId',
  gatewayClasses: {
    A400: 'BadRequestError',
    A401: 'AuthenticationError',
    A403: 'PermissionDeniedError',
    A404: 'NotFoundError',
  },
  serviceClasses: {
    A001: 'AuthenticationError',
    A002: 'AuthenticationError',
    A100: 'AuthenticationError',
    A110: 'PermissionDeniedError',
    A111: 'PermissionDeniedError',
    A020: 'RateLimitError',
    A301: 'DuplicateRequestError',
  },
  statusClasses: {
    400: 'BadRequestError',
    401: 'AuthenticationError',
    403: 'PermissionDeniedError',
    404: 'NotFoundError',
    429: 'RateLimitError',
  },
  /** Retried: `safe` on 429, 500, 502, 503, 504 and network errors; `rateLimitOnly` on 429 only; max 2 retries. */
  retryableStatus: [429, 500, 502, 503, 504],
} as const;

/**
 * Per-recipient codes in a send answer (src/results.ts SendResult): A000 `succeeded` (its msgKey in
 * `msgKeys`), A301 `duplicates` (already accepted under the same idempotencyKey; not an error, not
 * sent again), anything else `failed`.
 */
export const SEND_RESULT_RULES = { succeeded: 'A000', duplicate: 'A301' } as const;

// ---- webhooks: src/webhooks.ts, src/generated/webhooks.ts ----

/**
 * Report and MO webhooks as the SDK's WebhookReceiver verifies them (src/webhooks.ts):
 * - headers `X-IB-Timestamp` and `X-IB-Signature`, looked up case-insensitively;
 * - signature = HMAC-SHA256 keyed with the secret (UTF-8) over the timestamp header value (UTF-8),
 *   nothing else (no body signature header exists in the SDK);
 * - accepted encodings: hex in any case, or base64 (the SDK notes the encoding is unconfirmed),
 *   compared in constant time;
 * - timestamp: 1 to 16 digits; 13 or more digits are epoch milliseconds, fewer are seconds;
 *   |now - timestamp| must be <= 300 s (default tolerance; `null` turns the check off);
 * - body: at most 1 MB, JSON nesting at most 64, a JSON object; report bodies need string
 *   `msgKey`, `serviceType`, `reportTime`, `reportType`, `reportCode`; MO bodies need string `msgKey`,
 *   `serviceType` "MO", `msgType` "SM", `to`, `from`, `carrier`, `originator`, `content`, `occurredTime`;
 * - one report per post; the answer is `{"msgKey": "<the same>"}` within 5 s (else up to 3 resends);
 *   a verification failure is answered 401.
 * Counsel (상담톡) webhooks carry no signature and are not checked for one.
 */
export const WEBHOOK_RULES = {
  timestampHeader: 'X-IB-Timestamp',
  signatureHeader: 'X-IB-Signature',
  algorithm: 'HMAC-SHA256',
  signedContent: 'the timestamp header value',
  encodings: ['hex (any case)', 'base64'],
  bodySignatureHeader: null,
  toleranceSeconds: 300,
  millisecondsFromDigits: 13,
  maxTimestampDigits: 16,
  maxBodyBytes: 1024 * 1024,
  maxJsonDepth: 64,
  reportRequired: ['msgKey', 'serviceType', 'reportTime', 'reportType', 'reportCode'],
  moRequired: [
    'msgKey',
    'serviceType',
    'msgType',
    'to',
    'from',
    'carrier',
    'originator',
    'content',
    'occurredTime',
  ],
  ack: '{"msgKey": "<received msgKey>"}',
  source: 'src/webhooks.ts, src/generated/webhooks.ts, src/generated/types.ts',
} as const;

// ---- channel objects (src/channels.ts, src/generated/types.ts) ----

/**
 * The `messageFlow` keys the SDK's channel helpers write: each entry holds exactly one.
 * `send.lms` is `mms` without `fileKey`; `send.mms` is `mms` with `fileKey` (1-3 keys).
 */
export const CHANNEL_KEYS = {
  sms: 'sms',
  lms: 'mms',
  mms: 'mms',
  international: 'international',
  rcs: 'rcs',
  alimtalk: 'alimtalk',
  brandMessage: 'brandmessage',
  naverTalk: 'navertalk',
} as const;

/** Fields of each channel object (src/generated/types.ts *Message); `?` marks optional ones. */
export const CHANNEL_FIELDS = {
  sms: ['from', 'text', 'ttl?', 'originCID?'],
  mms: ['from', 'title?', 'text', 'fileKey?', 'ttl?', 'originCID?'],
  international: ['from', 'text', 'ttl?', 'clientSubId?'],
  rcs: [
    'from',
    'formatId',
    'brandKey',
    'body{title?,description?,media?}',
    'buttons?',
    'brandId?',
    'groupId?',
    'expiryOption?',
    'copyAllowed?',
    'header?',
    'footer?',
    'agencyId?',
    'agencyKey?',
    'ttl?',
  ],
  alimtalk: [
    'msgType? (AT|AI; required unless sendType template)',
    'senderKey',
    'templateCode',
    'sendType? (template)',
    'responseMethod?',
    'timeout? (digits)',
    'text? (required unless sendType template)',
    'title?',
    'header?',
    'link?',
    'attachment?{button,item,itemHighlight}',
    'supplement?',
    'price?',
    'currencyType?',
  ],
  brandmessage: [
    'sendType',
    'msgType',
    'senderKey',
    'templateCode?',
    'text?/content?',
    'targeting?',
    'pushAlarm?',
    'originCID?',
    'unsubscribePhoneNumber?',
    'unsubscribeAuthNumber?',
    'discountRate?',
    'attachment?',
    'carousel?',
  ],
} as const;

/** A recipient (src/generated/types.ts Destination): `to`, `replaceWords?`, `ref?`. Strings become `{to}`. */
export const DESTINATION_FIELDS = ['to', 'replaceWords?', 'ref?'] as const;

// ---- the calls ----

function call(
  name: string,
  operationId: string,
  method: HttpMethod,
  path: string,
  retry: Retry,
  source: string,
  more: Partial<Pick<SdkCall, 'query' | 'body' | 'result' | 'reads' | 'pages'>> = {},
): SdkCall {
  return { name, operationId, method, path, retry, source, result: 'data.data', ...more };
}

const DEST_READS = [
  'data.data.destinations[].to',
  '.msgKey',
  '.code',
  '.result',
  'data.ref',
  'common.infobankTrId',
];
const DATES = 'yyyyMMdd (a Date becomes the KST date)';
const PAGE = (items: string) =>
  `cursor: request lastSeq ← data.data.lastSeq; stop when hasNext is false, lastSeq missing or unmoved; items ${items}`;

/** The hand-written resources: send, files, reports, messages (src/resources/*.ts). */
export const RESOURCE_CALLS: readonly SdkCall[] = [
  call('send.omni', 'sendOmni', 'POST', '/api/comm/v1/send/omni', 'rateLimitOnly', 'src/resources/send.ts', {
    body: 'json SendOmniRequest {destinations[] (≤200; a string becomes {to}), messageFlow[] (from `messages`), ref?, groupKey?, paymentCode?, idempotencyKey?, idempotencyTtl? (86400 when a key is set)}',
    reads: DEST_READS,
  }),
  call(
    'send.request',
    'sendOmni',
    'POST',
    '/api/comm/v1/send/omni',
    'rateLimitOnly',
    'src/resources/send.ts',
    {
      body: 'json SendOmniRequest as given (validated), idempotencyTtl 86400 added with a key',
      reads: DEST_READS,
    },
  ),
  call('send.sms', 'sendOmni', 'POST', '/api/comm/v1/send/omni', 'rateLimitOnly', 'src/resources/send.ts', {
    body: 'json {destinations, messageFlow: [{sms: {from, text}}], ref?, idempotencyKey?, idempotencyTtl?}',
    reads: DEST_READS,
  }),
  call('send.lms', 'sendOmni', 'POST', '/api/comm/v1/send/omni', 'rateLimitOnly', 'src/resources/send.ts', {
    body: 'json {destinations, messageFlow: [{mms: {from, title?, text}}], ref?, idempotencyKey?, idempotencyTtl?}',
    reads: DEST_READS,
  }),
  call('send.mms', 'sendOmni', 'POST', '/api/comm/v1/send/omni', 'rateLimitOnly', 'src/resources/send.ts', {
    body: 'json {destinations, messageFlow: [{mms: {from, title?, text, fileKey: [..≤3]}}], ref?, idempotencyKey?, idempotencyTtl?}',
    reads: DEST_READS,
  }),
  call('send.bulk', 'sendOmni', 'POST', '/api/comm/v1/send/omni', 'rateLimitOnly', 'src/resources/send.ts', {
    body: 'json per chunk of ≤200: {destinations, messageFlow, ref?, groupKey?, paymentCode?, idempotencyKey: <prefix>-<chunkSize>-<start>-<hash8>?, idempotencyTtl?}',
    reads: DEST_READS,
  }),
  call(
    'files.uploadMms',
    'uploadMmsFile',
    'POST',
    '/api/comm/v1/file/mms',
    'rateLimitOnly',
    'src/resources/files.ts',
    {
      body: 'form file (jpg ≤300KB, Blob typed from the file name, default name image.jpg), fileKey?, imageName?',
      reads: ['data.data.fileKey', 'data.data.expired'],
    },
  ),
  call(
    'files.uploadRcs',
    'uploadRcsFile',
    'POST',
    '/api/comm/v1/file/rcs',
    'rateLimitOnly',
    'src/resources/files.ts',
    {
      body: 'form file, fileKey?, imageName?',
      reads: ['data.data.media', 'data.data.expired'],
    },
  ),
  call(
    'files.uploadBrandMessage',
    'uploadBrandMessage<Kind>Image',
    'POST',
    '/api/comm/v1/file/brandmessage/{kind}',
    'rateLimitOnly',
    'src/resources/files.ts',
    {
      body: 'form file, fileKey?, imageName?; kind ∈ default, wide, wideItemList, wideItemList/first, carouselFeed, carouselCommerce (the slash kept)',
      reads: ['data.data.imgUrl'],
    },
  ),
  call(
    'reports.poll',
    'getReportPolling',
    'GET',
    '/api/comm/v1/report/polling',
    'safe',
    'src/resources/reports.ts',
    {
      reads: ['data.data.reportId (string, "" when none)', 'data.data.report[] (null or [] when none)'],
    },
  ),
  call(
    'reports.ack',
    'ackReportPolling',
    'DELETE',
    '/api/comm/v1/report/polling/{reportId}',
    'safe',
    'src/resources/reports.ts',
    {
      result: 'none',
    },
  ),
  call(
    'reports.consume',
    'getReportPolling+ackReportPolling',
    'GET',
    '/api/comm/v1/report/polling',
    'safe',
    'src/resources/reports.ts',
    {
      reads: ['data.data.reportId', 'data.data.report[]'],
      pages: 'poll, handle, DELETE /report/polling/{reportId}; repeat until a poll has no reports',
    },
  ),
  call(
    'reports.inquiry',
    'getReportInquiry',
    'GET',
    '/api/comm/v1/report/inquiry/{msgKey}',
    'safe',
    'src/resources/reports.ts',
    {
      reads: ['data.data.report[]'],
    },
  ),
  call(
    'messages.status',
    'getMessageStatusByMsgKey',
    'GET',
    '/api/comm/v1/message/inquiry/msgKey/{msgKey}',
    'safe',
    'src/resources/messages.ts',
    {
      reads: ['data.data.messages[]'],
    },
  ),
  call(
    'messages.statusByRequestId',
    'getMessageStatusByRequestId',
    'GET',
    '/api/comm/v1/message/inquiry/requestId/{requestId}',
    'safe',
    'src/resources/messages.ts',
    {
      reads: ['data.data.messages[]'],
    },
  ),
  call(
    'messages.statistics',
    'getMessageStatistics',
    'GET',
    '/api/comm/v1/message/statistics',
    'safe',
    'src/resources/messages.ts',
    {
      query: {
        startDate: DATES,
        endDate: `${DATES}, optional`,
        serviceType: 'SMS|MMS|RCS|ALIMTALK|BRANDMESSAGE, optional',
        groupKey: 'optional',
      },
      reads: ['data.data.statistics[]'],
    },
  ),
  call(
    'messages.history',
    'getMessageHistory',
    'GET',
    '/api/comm/v1/message/history',
    'safe',
    'src/resources/messages.ts',
    {
      query: {
        requestTime: "yyyy-MM-dd'T'HH:mm:ss KST (a string is sent as is)",
        serviceType: 'one or several, comma-separated',
        groupKey: 'optional',
        lastSeq: 'integer, optional',
        limit: '1-1000, optional (server default 100)',
      },
      reads: ['data.data.messages[]', 'data.data.lastSeq (number)', 'data.data.hasNext (=== true)'],
      pages: PAGE('data.data.messages'),
    },
  ),
  call(
    'messages.mo',
    'getMoByMsgKey',
    'GET',
    '/api/comm/v1/message/inquiry/mo/msgKey/{msgKey}',
    'safe',
    'src/resources/messages.ts',
    {
      reads: ['data.data.messages[]'],
    },
  ),
  call(
    'messages.moHistory',
    'getMoHistory',
    'GET',
    '/api/comm/v1/message/history/mo',
    'safe',
    'src/resources/messages.ts',
    {
      query: {
        occurredTime: "yyyy-MM-dd'T'HH:mm:ss+09:00 (a string must carry an offset)",
        from: 'optional',
        to: 'optional',
        lastSeq: 'integer, optional',
        limit: '1-1000, optional',
      },
      reads: ['data.data.messages[]', 'data.data.lastSeq (number)', 'data.data.hasNext (=== true)'],
      pages: PAGE('data.data.messages'),
    },
  ),
];

/** The generated resources (src/generated/resources.ts from OPERATIONS): arguments by name, body in `body`. */
export const GENERATED_CALLS: readonly SdkCall[] = [
  // reservations
  call('reservations.create', 'createReservation', 'POST', '/api/comm/v1/reservation', 'rateLimitOnly', OPS, {
    body: 'json ReservationCreateRequest {destinations (1-200), messageFlow, resvSendTime (yyyy-MM-dd HH:mm:ss), resvName? (≤100), paymentCode? (≤20), ref? (≤200)}',
    result: 'data',
    reads: ['data.resvKey', 'data.data.destinations[]', 'data.ref'],
  }),
  call('reservations.list', 'listReservations', 'GET', '/api/comm/v1/reservation/list', 'safe', OPS, {
    query: {
      resvSendTime: 'required string; the README example writes yyyy-MM-dd HH:mm:ss',
      paymentCode: 'optional',
      lastSeq: 'integer, optional',
      limit: 'integer ≥1, optional',
    },
    reads: ['data.data.reservations[]', 'data.data.lastSeq (number, 0 when empty)', 'data.data.hasNext'],
    pages: PAGE('data.data.reservations'),
  }),
  call(
    'reservations.get',
    'getReservation',
    'GET',
    '/api/comm/v1/reservation/resvKey/{resvKey}',
    'safe',
    OPS,
    {
      reads: ['data.data (Reservation)'],
    },
  ),
  call(
    'reservations.update',
    'updateReservation',
    'PUT',
    '/api/comm/v1/reservation/resvKey/{resvKey}',
    'safe',
    OPS,
    {
      body: 'json ReservationUpdateRequest {resvSendTime (yyyy-MM-dd HH:mm:ss), resvName?}',
    },
  ),
  call(
    'reservations.cancel',
    'cancelReservation',
    'POST',
    '/api/comm/v1/reservation/resvKey/{resvKey}/cancel',
    'rateLimitOnly',
    OPS,
  ),
  call(
    'reservations.pause',
    'stopReservation',
    'POST',
    '/api/comm/v1/reservation/resvKey/{resvKey}/stop',
    'rateLimitOnly',
    OPS,
  ),
  call(
    'reservations.resume',
    'resumeReservation',
    'POST',
    '/api/comm/v1/reservation/resvKey/{resvKey}/resume',
    'rateLimitOnly',
    OPS,
  ),
  call(
    'reservations.recipients.list',
    'listReservationRecipients',
    'GET',
    '/api/comm/v1/reservation/resvKey/{resvKey}/destinations',
    'safe',
    OPS,
    {
      query: {
        lastSeq: 'integer, optional (the previous page’s data.data.lastSeq)',
        limit: 'integer ≥1, optional',
      },
      reads: ['data.data.destinations[]', 'data.data.lastSeq (number)', 'data.data.hasNext'],
      pages: PAGE('data.data.destinations'),
    },
  ),
  call(
    'reservations.recipients.create',
    'addReservationRecipients',
    'POST',
    '/api/comm/v1/reservation/resvKey/{resvKey}/destinations',
    'rateLimitOnly',
    OPS,
    {
      body: 'json ReservationRecipientCreateRequest {destinations}',
      reads: ['data.data.destinations[]'],
    },
  ),
  call(
    'reservations.recipients.delete',
    'deleteReservationRecipient',
    'DELETE',
    '/api/comm/v1/reservation/resvKey/{resvKey}/destinations/msgKey/{msgKey}',
    'safe',
    OPS,
    {
      result: 'none',
    },
  ),
  // insights
  ...(['alimtalk', 'brandmessage'] as const).flatMap((ch) => {
    const res = ch === 'alimtalk' ? 'alimtalk' : 'brandMessage';
    const q = {
      startDate: 'required, yyyyMMdd',
      endDate: 'required, yyyyMMdd',
      senderKey: 'required, comma-separated list',
      templateCode: 'optional, comma-separated list',
    };
    const id = ch === 'alimtalk' ? 'Alimtalk' : 'BrandMessage';
    return [
      call(
        `insights.${res}.get`,
        `get${id}Insight`,
        'GET',
        `/api/comm/v1/center/statistics/${ch}`,
        'safe',
        OPS,
        { query: q },
      ),
      call(
        `insights.${res}.getHourly`,
        `get${id}HourlyInsight`,
        'GET',
        `/api/comm/v1/center/statistics/${ch}/reaction/hourly`,
        'safe',
        OPS,
        { query: q },
      ),
      call(
        `insights.${res}.getByTemplate`,
        `get${id}TemplateInsight`,
        'GET',
        `/api/comm/v1/center/statistics/${ch}/template`,
        'safe',
        OPS,
        { query: q },
      ),
    ];
  }),
  call(
    'insights.rcs.getMessage',
    'getRcsMessageInsight',
    'GET',
    '/api/comm/v1/center/rcs/brandId/{brandId}/stat/message',
    'safe',
    OPS,
    {
      query: { startDate: 'required', endDate: 'required', groupId: 'required', chatbotId: 'optional' },
      result: 'data.rcs',
    },
  ),
  call(
    'insights.rcs.getMessageButton',
    'getRcsMessageButtonInsight',
    'GET',
    '/api/comm/v1/center/rcs/brandId/{brandId}/stat/messageButton',
    'safe',
    OPS,
    {
      query: { startDate: 'required', endDate: 'required', groupId: 'required', chatbotId: 'optional' },
      result: 'data.rcs',
    },
  ),
  call(
    'insights.rcs.getPersistentMenu',
    'getRcsPersistentMenuInsight',
    'GET',
    '/api/comm/v1/center/rcs/brandId/{brandId}/stat/persistentMenu',
    'safe',
    OPS,
    { query: { startDate: 'required', endDate: 'required', chatbotId: 'required' }, result: 'data.rcs' },
  ),
  call(
    'insights.rcs.getBrandProfile',
    'getRcsBrandProfileInsight',
    'GET',
    '/api/comm/v1/center/rcs/brandId/{brandId}/stat/brandProfile',
    'safe',
    OPS,
    { query: { startDate: 'required', endDate: 'required' }, result: 'data.rcs' },
  ),
  // kakao sender profiles, categories, groups, sanctions
  call(
    'kakao.senders.requestToken',
    'requestKakaoSenderToken',
    'POST',
    '/api/comm/v1/account/kakao/sender/token',
    'rateLimitOnly',
    OPS,
    { body: 'json KakaoSenderTokenRequest', result: 'data' },
  ),
  call('kakao.senders.find', 'findKakaoSender', 'GET', '/api/comm/v1/account/kakao/sender', 'safe', OPS, {
    query: { uuid: 'optional', senderKey: 'optional' },
    result: 'data.kakao.senderProfile',
  }),
  call(
    'kakao.senders.create',
    'createKakaoSender',
    'POST',
    '/api/comm/v1/account/kakao/sender',
    'rateLimitOnly',
    OPS,
    {
      body: 'json KakaoSenderCreateRequest; headers token, phoneNumber (required)',
      result: 'data.kakao.senderProfile',
    },
  ),
  call(
    'kakao.senders.list',
    'listKakaoSenderProfiles',
    'GET',
    '/api/comm/v1/account/kakao/sender/profiles',
    'safe',
    OPS,
    {
      query: {
        startDate: 'optional',
        endDate: 'optional',
        senderKey: 'optional',
        page: 'integer',
        rows: 'integer',
      },
      result: 'data',
      pages: 'page: page/rows, items data.channels, hasNext data.hasNext, total data.totalCount',
    },
  ),
  call('kakao.senders.get', 'getKakaoSender', 'GET', '/api/comm/v1/center/kakao/sender', 'safe', OPS, {
    query: { senderKey: 'required' },
    result: 'data.data.kakao.senderProfile',
  }),
  call(
    'kakao.senders.recover',
    'recoverKakaoSender',
    'POST',
    '/api/comm/v1/center/kakao/sender/recover',
    'rateLimitOnly',
    OPS,
    { body: 'json KakaoSenderRecoverRequest', result: 'none' },
  ),
  call(
    'kakao.categories.list',
    'listKakaoSenderCategories',
    'GET',
    '/api/comm/v1/center/kakao/sender/category/list',
    'safe',
    OPS,
    { result: 'data.data.kakao.categories' },
  ),
  call(
    'kakao.categories.get',
    'getKakaoSenderCategory',
    'GET',
    '/api/comm/v1/center/kakao/sender/category',
    'safe',
    OPS,
    { query: { code: 'required' }, result: 'data.data.kakao.category' },
  ),
  call('kakao.groups.list', 'listKakaoGroups', 'GET', '/api/comm/v1/center/kakao/group', 'safe', OPS, {
    query: { senderKey: 'optional' },
    result: 'data.data.kakao.groups',
  }),
  call(
    'kakao.groups.addSender',
    'addKakaoGroupSender',
    'POST',
    '/api/comm/v1/center/kakao/group',
    'rateLimitOnly',
    OPS,
    { body: 'json KakaoGroupSenderAddRequest', result: 'none' },
  ),
  call(
    'kakao.groups.removeSender',
    'removeKakaoGroupSender',
    'DELETE',
    '/api/comm/v1/center/kakao/group/groupKey/{groupKey}/senderKey/{senderKey}',
    'safe',
    OPS,
    { result: 'none' },
  ),
  call(
    'kakao.sanctions.getSender',
    'getKakaoSenderSanction',
    'GET',
    '/api/comm/v1/center/kakao/abusing/block/sender',
    'safe',
    OPS,
    { query: { date: 'required yyyyMMdd', senderKey: 'required' }, result: 'data.data.kakao.abusing' },
  ),
  call(
    'kakao.sanctions.getGroupTemplateExclusion',
    'getKakaoGroupTemplateSenderExclusion',
    'GET',
    '/api/comm/v1/center/kakao/abusing/block/senderGroup',
    'safe',
    OPS,
    {
      query: {
        date: 'required yyyyMMdd',
        senderKey: 'required',
        groupKey: 'required',
        templateCode: 'required',
      },
      result: 'data.data.kakao.abusing',
    },
  ),
  call(
    'kakao.sanctions.getTemplate',
    'getKakaoTemplateSanction',
    'GET',
    '/api/comm/v1/center/kakao/abusing/block/template',
    'safe',
    OPS,
    {
      query: { date: 'required yyyyMMdd', senderKey: 'required', templateCode: 'required' },
      result: 'data.data.kakao.abusing',
    },
  ),
  // alimtalk templates (the spec Omnigate implements names this channel `infomsg`)
  call(
    'alimtalk.templates.get',
    'getAlimtalkTemplate',
    'GET',
    '/api/comm/v1/center/alimtalk/template',
    'safe',
    OPS,
    { query: { senderKey: 'required', templateCode: 'required' }, result: 'data.data.alimtalk' },
  ),
  call(
    'alimtalk.templates.create',
    'createAlimtalkTemplate',
    'POST',
    '/api/comm/v1/center/alimtalk/template',
    'rateLimitOnly',
    OPS,
    { body: 'json AlimtalkTemplateSaveRequest {alimtalk: {...}}', result: 'data.data.alimtalk' },
  ),
  call(
    'alimtalk.templates.update',
    'updateAlimtalkTemplate',
    'PUT',
    '/api/comm/v1/center/alimtalk/template',
    'safe',
    OPS,
    { body: 'json AlimtalkTemplateSaveRequest', result: 'data.data.alimtalk' },
  ),
  call(
    'alimtalk.templates.list',
    'listAlimtalkTemplates',
    'GET',
    '/api/comm/v1/center/alimtalk/template/list',
    'safe',
    OPS,
    {
      query: {
        senderKey: 'required',
        senderKeyType: 'G|S',
        status: 'optional',
        inspectionStatus: 'REG|REQ|APR|REJ',
        templateType: 'optional',
        offset: 'integer ≥0',
        limit: 'integer ≥1',
      },
      result: 'data.data.alimtalk.templates',
      pages: 'offset: offset/limit, items data.data.alimtalk.templates',
    },
  ),
  call(
    'alimtalk.templates.listModified',
    'listModifiedAlimtalkTemplates',
    'GET',
    '/api/comm/v1/center/alimtalk/template/lastModified',
    'safe',
    OPS,
    {
      query: {
        senderKey: 'required, ≤40',
        senderKeyType: 'G|S',
        since: 'optional',
        page: 'integer ≥1',
        count: 'integer ≥1',
      },
      result: 'data.data.alimtalk.templates',
      pages: 'page: page/count',
    },
  ),
  call(
    'alimtalk.templates.delete',
    'deleteAlimtalkTemplate',
    'DELETE',
    '/api/comm/v1/center/alimtalk/template/senderKey/{senderKey}/templateCode/{templateCode}',
    'safe',
    OPS,
    { result: 'none' },
  ),
  call(
    'alimtalk.templates.requestInspection',
    'requestAlimtalkTemplateInspection',
    'POST',
    '/api/comm/v1/center/alimtalk/template/request',
    'rateLimitOnly',
    OPS,
    {
      body: 'json AlimtalkTemplateInspectionRequest, or form senderKey, senderKeyType, templateCode, comment, attachment (files)',
      result: 'none',
    },
  ),
  call(
    'alimtalk.templates.cancelInspection',
    'cancelAlimtalkTemplateInspection',
    'POST',
    '/api/comm/v1/center/alimtalk/template/request/cancel',
    'rateLimitOnly',
    OPS,
    { body: 'json AlimtalkTemplateInspectionCancelRequest', result: 'none' },
  ),
  call(
    'alimtalk.templateCategories.list',
    'listAlimtalkTemplateCategories',
    'GET',
    '/api/comm/v1/center/alimtalk/category',
    'safe',
    OPS,
    { query: { categoryCode: 'optional' } },
  ),
  call(
    'alimtalk.publicTemplates.list',
    'listAlimtalkPublicTemplates',
    'GET',
    '/api/comm/v1/center/alimtalk/public/template',
    'safe',
    OPS,
    {
      query: { since: 'optional', page: 'integer ≥1', count: '1-1000' },
      result: 'data.data.templates',
      pages: 'page: page/count',
    },
  ),
  call(
    'files.uploadAlimtalkTemplateImage',
    'uploadAlimtalkTemplateImage',
    'POST',
    '/api/comm/v1/file/alimtalk/template',
    'rateLimitOnly',
    OPS,
    { body: 'form file, fileKey?, imageName?' },
  ),
  call(
    'files.uploadAlimtalkItemHighlightImage',
    'uploadAlimtalkItemHighlightImage',
    'POST',
    '/api/comm/v1/file/alimtalk/itemHighlight',
    'rateLimitOnly',
    OPS,
    { body: 'form file, fileKey?, imageName?' },
  ),
  // brand message: broadcasts, audience, permission
  call(
    'brandMessage.groupSends.get',
    'getBrandMessageGroupSend',
    'GET',
    '/api/comm/v1/center/brandmessage/groupMessage',
    'safe',
    OPS,
    { query: { senderKey: 'required', requestId: 'required integer' } },
  ),
  call(
    'brandMessage.groupSends.create',
    'createBrandMessageGroupSend',
    'POST',
    '/api/comm/v1/center/brandmessage/groupMessage',
    'rateLimitOnly',
    OPS,
    { body: 'json BrandMessageGroupSendCreateRequest' },
  ),
  call(
    'brandMessage.groupSends.resume',
    'resumeBrandMessageGroupSend',
    'POST',
    '/api/comm/v1/center/brandmessage/groupMessage/resume',
    'rateLimitOnly',
    OPS,
    { body: 'json BrandMessageGroupSendControlRequest' },
  ),
  call(
    'brandMessage.groupSends.pause',
    'pauseBrandMessageGroupSend',
    'POST',
    '/api/comm/v1/center/brandmessage/groupMessage/pause',
    'rateLimitOnly',
    OPS,
    { body: 'json BrandMessageGroupSendControlRequest' },
  ),
  call(
    'brandMessage.groupSends.terminate',
    'terminateBrandMessageGroupSend',
    'POST',
    '/api/comm/v1/center/brandmessage/groupMessage/terminate',
    'rateLimitOnly',
    OPS,
    { body: 'json BrandMessageGroupSendControlRequest' },
  ),
  call(
    'brandMessage.audience.checkPossible',
    'checkBrandMessageAudiencePossible',
    'GET',
    '/api/comm/v1/center/brandmessage/groupMessage/possible',
    'safe',
    OPS,
    { query: { senderKey: 'required', msgType: 'required', friendGroupKey: 'optional' } },
  ),
  call(
    'brandMessage.audience.checkPossibleByPhoneNumbers',
    'checkBrandMessageAudiencePossibleByPhoneNumbers',
    'POST',
    '/api/comm/v1/center/brandmessage/groupMessage/friend/possible',
    'safe',
    OPS,
    { body: 'json {senderKey, phoneNumbers}' },
  ),
  call(
    'brandMessage.audience.getFriendCount',
    'getBrandMessageFriendCount',
    'GET',
    '/api/comm/v1/center/brandmessage/groupMessage/friendCount',
    'safe',
    OPS,
    { query: { senderKey: 'required' } },
  ),
  call(
    'brandMessage.audience.estimate',
    'estimateBrandMessageGroupSendDuration',
    'GET',
    '/api/comm/v1/center/brandmessage/groupMessage/estimate',
    'safe',
    OPS,
    {
      query: {
        senderKey: 'required',
        startTime: 'required',
        count: 'required integer',
        target: 'NONE|FRIEND_GROUP',
      },
    },
  ),
  call(
    'brandMessage.permissions.check',
    'checkBrandMessageSendPermission',
    'GET',
    '/api/comm/v1/center/brandmessage/sendPermission',
    'safe',
    OPS,
    { query: { senderKey: 'required, ≤40' }, result: 'none' },
  ),
  call(
    'brandMessage.permissions.apply',
    'applyBrandMessageSendPermission',
    'POST',
    '/api/comm/v1/center/brandmessage/sendPermission',
    'rateLimitOnly',
    OPS,
    { body: 'json BrandMessagePermissionApplyRequest', result: 'none' },
  ),
  // brand message: images, videos
  ...(
    [
      ['files.uploadBrandMessageDefault', 'uploadBrandMessageDefaultImage', 'default'],
      ['files.uploadBrandMessageWide', 'uploadBrandMessageWideImage', 'wide'],
      [
        'files.uploadBrandMessageWideItemListFirst',
        'uploadBrandMessageWideItemListFirstImage',
        'wideItemList/first',
      ],
      ['files.uploadBrandMessageWideItemList', 'uploadBrandMessageWideItemListImage', 'wideItemList'],
      ['files.uploadBrandMessageCarouselFeed', 'uploadBrandMessageCarouselFeedImage', 'carouselFeed'],
      [
        'files.uploadBrandMessageCarouselCommerce',
        'uploadBrandMessageCarouselCommerceImage',
        'carouselCommerce',
      ],
      ['files.uploadBrandMessageCatalog', 'uploadBrandMessageCatalogImage', 'catalog'],
      [
        'files.uploadBrandMessageCatalogOddFirst',
        'uploadBrandMessageCatalogOddFirstImage',
        'catalog/oddFirst',
      ],
    ] as const
  ).map(([name, id, kind]) =>
    call(name, id, 'POST', `/api/comm/v1/file/brandmessage/${kind}`, 'rateLimitOnly', OPS, {
      body: 'form file, fileKey?, imageName?',
      reads: ['data.data.imgUrl'],
    }),
  ),
  call(
    'brandMessage.videos.registerUpload',
    'registerBrandMessageVideoUpload',
    'POST',
    '/api/comm/v1/center/brandmessage/video/upload/register',
    'rateLimitOnly',
    OPS,
    { body: 'json BrandMessageVideoUploadRegisterRequest' },
  ),
  call(
    'brandMessage.videos.registerExisting',
    'registerBrandMessageExistingVideo',
    'POST',
    '/api/comm/v1/center/brandmessage/video/register',
    'rateLimitOnly',
    OPS,
    { body: 'json BrandMessageVideoRegisterRequest' },
  ),
  call(
    'brandMessage.videos.get',
    'getBrandMessageVideo',
    'GET',
    '/api/comm/v1/center/brandmessage/video',
    'safe',
    OPS,
    { query: { vid: 'required', senderKey: 'required, ≤40' } },
  ),
  call(
    'brandMessage.videos.list',
    'listBrandMessageVideos',
    'GET',
    '/api/comm/v1/center/brandmessage/video/list',
    'safe',
    OPS,
    {
      query: { senderKey: 'required, ≤40', date: 'yyyyMMdd', offset: 'integer ≥0', limit: '1-1000' },
      pages: 'offset: offset/limit, items data.data.videos, total data.data.totalCount',
    },
  ),
  // brand message: templates
  call(
    'brandMessage.templates.get',
    'getBrandMessageTemplate',
    'GET',
    '/api/comm/v1/center/brandmessage/template',
    'safe',
    OPS,
    { query: { senderKey: 'required', templateCode: 'required', sendType: 'basic|free' } },
  ),
  call(
    'brandMessage.templates.create',
    'createBrandMessageTemplate',
    'POST',
    '/api/comm/v1/center/brandmessage/template',
    'rateLimitOnly',
    OPS,
    { body: 'json BrandMessageTemplateRequest {brandmessage: {...}}' },
  ),
  call(
    'brandMessage.templates.update',
    'updateBrandMessageTemplate',
    'PUT',
    '/api/comm/v1/center/brandmessage/template',
    'safe',
    OPS,
    { body: 'json BrandMessageTemplateRequest' },
  ),
  call(
    'brandMessage.templates.list',
    'listBrandMessageTemplates',
    'GET',
    '/api/comm/v1/center/brandmessage/template/list',
    'safe',
    OPS,
    {
      query: {
        senderKey: 'required',
        senderKeyType: 'optional',
        status: 'optional',
        templateType: 'optional',
        offset: 'integer ≥0',
        limit: 'integer ≥1',
      },
      pages: 'offset: offset/limit, items data.data.brandmessage.templates',
    },
  ),
  call(
    'brandMessage.templates.listLastModified',
    'listBrandMessageTemplatesLastModified',
    'GET',
    '/api/comm/v1/center/brandmessage/template/lastModified',
    'safe',
    OPS,
    {
      query: {
        senderKey: 'required, ≤40',
        senderKeyType: 'optional',
        since: 'optional',
        page: 'integer ≥1',
        count: 'integer ≥1',
      },
      pages: 'page: page/count, items data.data.brandmessage.templates',
    },
  ),
  call(
    'brandMessage.templates.delete',
    'deleteBrandMessageTemplate',
    'DELETE',
    '/api/comm/v1/center/brandmessage/template/senderKey/{senderKey}/templateCode/{templateCode}',
    'safe',
    OPS,
    { result: 'none' },
  ),
  // brand message: group tags, friend groups, marketing consent, opt-out text
  call(
    'brandMessage.groupTags.list',
    'listBrandMessageGroupTags',
    'GET',
    '/api/comm/v1/center/brandmessage/groupTag/list',
    'safe',
    OPS,
    { query: { senderKey: 'required' } },
  ),
  call(
    'brandMessage.groupTags.get',
    'getBrandMessageGroupTag',
    'GET',
    '/api/comm/v1/center/brandmessage/groupTag',
    'safe',
    OPS,
    { query: { senderKey: 'required', groupTagKey: 'required' } },
  ),
  call(
    'brandMessage.groupTags.create',
    'createBrandMessageGroupTag',
    'POST',
    '/api/comm/v1/center/brandmessage/groupTag',
    'rateLimitOnly',
    OPS,
    { body: 'json BrandMessageGroupTagRequest {groupTag}' },
  ),
  call(
    'brandMessage.groupTags.update',
    'updateBrandMessageGroupTag',
    'PUT',
    '/api/comm/v1/center/brandmessage/groupTag',
    'safe',
    OPS,
    { body: 'json BrandMessageGroupTagRequest' },
  ),
  call(
    'brandMessage.groupTags.delete',
    'deleteBrandMessageGroupTag',
    'DELETE',
    '/api/comm/v1/center/brandmessage/groupTag/senderKey/{senderKey}/groupTagKey/{groupTagKey}',
    'safe',
    OPS,
    { result: 'none' },
  ),
  call(
    'brandMessage.friendGroups.uploadFile',
    'uploadBrandMessageFriendGroupFile',
    'POST',
    '/api/comm/v1/center/brandmessage/friendGroup/file',
    'rateLimitOnly',
    OPS,
    { body: 'form senderKey, file' },
  ),
  call(
    'brandMessage.friendGroups.get',
    'getBrandMessageFriendGroup',
    'GET',
    '/api/comm/v1/center/brandmessage/friendGroup',
    'safe',
    OPS,
    { query: { senderKey: 'required', friendGroupKey: 'required' } },
  ),
  call(
    'brandMessage.friendGroups.create',
    'createBrandMessageFriendGroup',
    'POST',
    '/api/comm/v1/center/brandmessage/friendGroup',
    'rateLimitOnly',
    OPS,
    { body: 'json BrandMessageFriendGroupRequest {friendGroup}' },
  ),
  call(
    'brandMessage.friendGroups.list',
    'listBrandMessageFriendGroups',
    'GET',
    '/api/comm/v1/center/brandmessage/friendGroup/list',
    'safe',
    OPS,
    { query: { senderKey: 'required' } },
  ),
  call(
    'brandMessage.friendGroups.delete',
    'deleteBrandMessageFriendGroup',
    'DELETE',
    '/api/comm/v1/center/brandmessage/friendGroup/senderKey/{senderKey}/friendGroupKey/{friendGroupKey}',
    'safe',
    OPS,
    { result: 'none' },
  ),
  call(
    'brandMessage.friendGroups.addPhoneNumbers',
    'addBrandMessageFriendGroupPhoneNumbers',
    'POST',
    '/api/comm/v1/center/brandmessage/friendGroup/phoneNumber/update',
    'rateLimitOnly',
    OPS,
    { body: 'json BrandMessageFriendGroupRequest' },
  ),
  call(
    'brandMessage.friendGroups.deletePhoneNumbers',
    'deleteBrandMessageFriendGroupPhoneNumbers',
    'POST',
    '/api/comm/v1/center/brandmessage/friendGroup/phoneNumber/delete',
    'rateLimitOnly',
    OPS,
    { body: 'json BrandMessageFriendGroupRequest' },
  ),
  call(
    'brandMessage.friendGroups.listPhoneNumberRequests',
    'listBrandMessageFriendGroupPhoneNumberRequests',
    'GET',
    '/api/comm/v1/center/brandmessage/friendGroup/phoneNumber/requests',
    'safe',
    OPS,
    {
      query: {
        senderKey: 'required',
        friendGroupKey: 'required',
        lastRequestId: 'optional',
        count: 'integer ≥1',
      },
      pages: 'cursor: lastRequestId ← data.data.friendGroups[-1].requestId, hasNext data.data.hasNext',
    },
  ),
  call(
    'brandMessage.friendGroups.getPhoneNumberRequest',
    'getBrandMessageFriendGroupPhoneNumberRequest',
    'GET',
    '/api/comm/v1/center/brandmessage/friendGroup/phoneNumber/request',
    'safe',
    OPS,
    { query: { senderKey: 'required', friendGroupKey: 'required', requestId: 'required' } },
  ),
  call(
    'brandMessage.marketingAgreements.uploadEvidence',
    'uploadBrandMessageMarketingAgreeEvidence',
    'POST',
    '/api/comm/v1/center/brandmessage/marketingAgree',
    'rateLimitOnly',
    OPS,
    { body: 'form senderKey, file' },
  ),
  call(
    'brandMessage.unsubscribeContents.register',
    'registerBrandMessageUnsubscribeContent',
    'POST',
    '/api/comm/v1/center/brandmessage/unSubscribeContent',
    'rateLimitOnly',
    OPS,
    { body: 'json BrandMessageUnsubscribeContentRequest', result: 'none' },
  ),
  // RCS center
  call('rcs.brands.get', 'getRcsBrand', 'GET', '/api/comm/v1/center/rcs/brand', 'safe', OPS, {
    query: { brandId: 'required' },
  }),
  call('rcs.brands.update', 'updateRcsBrand', 'PUT', '/api/comm/v1/center/rcs/brand', 'rateLimitOnly', OPS, {
    body: 'form brandId, regBrand (JSON part), brandProfile?, brandBackground?, seasonDocFile?',
  }),
  call('rcs.chatbots.list', 'listRcsChatbots', 'GET', '/api/comm/v1/center/rcs/chatbot/list', 'safe', OPS, {
    query: { brandId: 'required', offset: 'integer', limit: 'integer' },
    pages: 'offset: items data.data.rcs.chatbot',
  }),
  call('rcs.chatbots.get', 'getRcsChatbot', 'GET', '/api/comm/v1/center/rcs/chatbot', 'safe', OPS, {
    query: { brandId: 'required', chatbotId: 'required' },
  }),
  call(
    'rcs.chatbots.update',
    'updateRcsChatbot',
    'PUT',
    '/api/comm/v1/center/rcs/chatbot',
    'rateLimitOnly',
    OPS,
    { body: 'form brandId, chatbot (JSON part), subNumCertificate?' },
  ),
  call(
    'rcs.chatbots.cancel',
    'cancelRcsChatbotApproval',
    'PUT',
    '/api/comm/v1/center/rcs/brandId/{brandId}/chatbotId/{chatbotId}/cancel',
    'safe',
    OPS,
  ),
  call(
    'rcs.chatbots.delete',
    'deleteRcsChatbot',
    'DELETE',
    '/api/comm/v1/center/rcs/brandId/{brandId}/chatbotId/{chatbotId}',
    'safe',
    OPS,
  ),
  call(
    'rcs.chatbots.getUsableQueries',
    'getRcsChatbotUsableQueries',
    'GET',
    '/api/comm/v1/center/rcs/usableQuery/chatbotId/{chatbotId}',
    'safe',
    OPS,
  ),
  call(
    'rcs.commonFormats.list',
    'listRcsCommonFormats',
    'GET',
    '/api/comm/v1/center/rcs/messagebase/common/list',
    'safe',
    OPS,
  ),
  call(
    'rcs.commonFormats.get',
    'getRcsCommonFormat',
    'GET',
    '/api/comm/v1/center/rcs/messagebase/common',
    'safe',
    OPS,
    { query: { messagebaseId: 'required' } },
  ),
  call(
    'rcs.templateForms.list',
    'listRcsTemplateForms',
    'GET',
    '/api/comm/v1/center/rcs/messagebase/messagebaseform/list',
    'safe',
    OPS,
    {
      query: { offset: 'integer', limit: '100-1000' },
      pages: 'offset: items data.data.rcs.messageForms, total data.data.rcs.pagination.total',
    },
  ),
  call(
    'rcs.templateForms.get',
    'getRcsTemplateForm',
    'GET',
    '/api/comm/v1/center/rcs/messagebase/messagebaseform',
    'safe',
    OPS,
    { query: { messagebaseformId: 'required' } },
  ),
  call(
    'rcs.templates.list',
    'listRcsTemplates',
    'GET',
    '/api/comm/v1/center/rcs/messagebase/list',
    'safe',
    OPS,
  ),
  call('rcs.templates.get', 'getRcsTemplate', 'GET', '/api/comm/v1/center/rcs/messagebase', 'safe', OPS, {
    query: { messagebaseId: 'required' },
  }),
  call(
    'rcs.templates.create',
    'createRcsTemplate',
    'POST',
    '/api/comm/v1/center/rcs/messagebase',
    'rateLimitOnly',
    OPS,
    { body: 'json RcsTemplateRequest' },
  ),
  call(
    'rcs.templates.update',
    'updateRcsTemplate',
    'PUT',
    '/api/comm/v1/center/rcs/messagebase',
    'safe',
    OPS,
    { body: 'json RcsTemplateRequest' },
  ),
  call(
    'rcs.templates.cancel',
    'cancelRcsTemplateApproval',
    'PUT',
    '/api/comm/v1/center/rcs/brandId/{brandId}/messagebaseId/{messagebaseId}/cancel',
    'safe',
    OPS,
  ),
  call(
    'rcs.templates.delete',
    'deleteRcsTemplate',
    'DELETE',
    '/api/comm/v1/center/rcs/brandId/{brandId}/messagebaseId/{messagebaseId}',
    'safe',
    OPS,
  ),
  call(
    'rcs.templateImages.get',
    'getRcsTemplateImage',
    'GET',
    '/api/comm/v1/center/rcs/messagebase/file',
    'safe',
    OPS,
    { query: { brandId: 'required', fileId: 'required' } },
  ),
  call(
    'rcs.templateImages.upload',
    'uploadRcsTemplateImage',
    'POST',
    '/api/comm/v1/center/rcs/messagebase/file',
    'rateLimitOnly',
    OPS,
    { body: 'form brandId, file' },
  ),
  call(
    'rcs.templateImages.listFormLogos',
    'listRcsTemplateFormLogos',
    'GET',
    '/api/comm/v1/center/rcs/messagebase/messagebaseform/logo',
    'safe',
    OPS,
    { query: { messagebaseformId: 'required' } },
  ),
  // counsel talk (상담톡)
  call(
    'counsel.messages.sendPlain',
    'sendCounselPlain',
    'POST',
    '/api/comm/v1/cstalk/plain',
    'rateLimitOnly',
    OPS,
    { body: 'json CounselPlainMessageRequest', result: 'data' },
  ),
  call(
    'counsel.messages.sendRich',
    'sendCounselRich',
    'POST',
    '/api/comm/v1/cstalk/rich',
    'rateLimitOnly',
    OPS,
    { body: 'json CounselRichMessageRequest', result: 'data' },
  ),
  call('counsel.sessions.end', 'endCounselSession', 'POST', '/api/comm/v1/cstalk/end', 'rateLimitOnly', OPS, {
    body: 'json CounselEndRequest',
  }),
  call(
    'counsel.sessions.endWithBot',
    'endCounselSessionWithBot',
    'POST',
    '/api/comm/v1/cstalk/endWithBot',
    'rateLimitOnly',
    OPS,
    { body: 'json CounselEndWithBotRequest' },
  ),
  call(
    'counsel.users.block',
    'blockCounselUser',
    'POST',
    '/api/comm/v1/center/cstalk/profile/user/block',
    'rateLimitOnly',
    OPS,
    { body: 'json CounselUserBlockRequest', result: 'none' },
  ),
  call(
    'counsel.users.unblock',
    'unblockCounselUser',
    'POST',
    '/api/comm/v1/center/cstalk/profile/user/unblock',
    'rateLimitOnly',
    OPS,
    { body: 'json CounselUserBlockRequest', result: 'none' },
  ),
  call(
    'counsel.sessions.get',
    'getCounselSession',
    'GET',
    '/api/comm/v1/center/cstalk/session',
    'safe',
    OPS,
    { query: { userKey: 'required, 1-20' } },
  ),
  call(
    'counsel.certs.get',
    'getCounselCertStatus',
    'GET',
    '/api/comm/v1/center/cstalk/cert/status',
    'safe',
    OPS,
    { query: { certTxId: 'required' } },
  ),
  call(
    'counsel.files.uploadImage',
    'uploadCounselImage',
    'POST',
    '/api/comm/v1/file/cstalk/image',
    'rateLimitOnly',
    OPS,
    { body: 'form file, fileKey?, imageName?, senderKey, imageType' },
  ),
  call(
    'counsel.files.upload',
    'uploadCounselFile',
    'POST',
    '/api/comm/v1/file/cstalk',
    'rateLimitOnly',
    OPS,
    { body: 'form file, fileKey?, imageName?, senderKey, fileType' },
  ),
  call(
    'counsel.channels.activate',
    'activateCounsel',
    'POST',
    '/api/comm/v1/center/cstalk/sender/activate',
    'rateLimitOnly',
    OPS,
    { body: 'json CounselSenderActivationRequest', result: 'none' },
  ),
  call(
    'counsel.channels.deactivate',
    'deactivateCounsel',
    'POST',
    '/api/comm/v1/center/cstalk/sender/deactivate',
    'rateLimitOnly',
    OPS,
    { body: 'json CounselSenderActivationRequest', result: 'none' },
  ),
  call(
    'counsel.channels.activateChat',
    'activateCounselChat',
    'POST',
    '/api/comm/v1/center/cstalk/sender/chat/activate',
    'rateLimitOnly',
    OPS,
    { body: 'json CounselSenderRequest', result: 'none' },
  ),
  call(
    'counsel.channels.deactivateChat',
    'deactivateCounselChat',
    'POST',
    '/api/comm/v1/center/cstalk/sender/chat/deactivate',
    'rateLimitOnly',
    OPS,
    { body: 'json CounselSenderRequest', result: 'none' },
  ),
  call(
    'counsel.consultTime.get',
    'getCounselConsultTime',
    'GET',
    '/api/comm/v1/center/cstalk/consult/time',
    'safe',
    OPS,
    { query: { senderKey: 'required' } },
  ),
  call(
    'counsel.consultTime.save',
    'saveCounselConsultTime',
    'POST',
    '/api/comm/v1/center/cstalk/consult/time',
    'rateLimitOnly',
    OPS,
    { body: 'json CounselConsultTimeSaveRequest', result: 'none' },
  ),
  call(
    'counsel.systemMessages.list',
    'listCounselSystemMessages',
    'GET',
    '/api/comm/v1/center/cstalk/system/message',
    'safe',
    OPS,
    { query: { senderKey: 'required', id: 'optional' } },
  ),
  call(
    'counsel.systemMessages.create',
    'createCounselSystemMessage',
    'POST',
    '/api/comm/v1/center/cstalk/system/message',
    'rateLimitOnly',
    OPS,
    { body: 'json CounselSystemMessageCreateRequest' },
  ),
  call(
    'counsel.systemMessages.delete',
    'deleteCounselSystemMessage',
    'DELETE',
    '/api/comm/v1/center/cstalk/system/message/senderKey/{senderKey}/id/{id}',
    'safe',
    OPS,
    { result: 'none' },
  ),
  call(
    'counsel.systemMessages.requestApproval',
    'requestCounselSystemMessageApproval',
    'POST',
    '/api/comm/v1/center/cstalk/system/message/approval/request',
    'rateLimitOnly',
    OPS,
    { body: 'json CounselSenderRequest', result: 'none' },
  ),
  call(
    'counsel.systemMessages.cancelApproval',
    'cancelCounselSystemMessageApproval',
    'POST',
    '/api/comm/v1/center/cstalk/system/message/approval/cancel',
    'rateLimitOnly',
    OPS,
    { body: 'json CounselSenderRequest', result: 'none' },
  ),
  call(
    'counsel.messages.delete',
    'deleteCounselMessage',
    'POST',
    '/api/comm/v1/center/cstalk/chat/delete',
    'rateLimitOnly',
    OPS,
    { body: 'json CounselMessageDeleteRequest {cstalk: {senderKey, userKey, msgKey}}', result: 'none' },
  ),
];

export const SDK_CALLS: readonly SdkCall[] = [...RESOURCE_CALLS, ...GENERATED_CALLS];

export function sdkCall(name: string): SdkCall {
  const found = SDK_CALLS.find((c) => c.name === name);
  if (!found) throw new Error(`no SDK call ${name}`);
  return found;
}

// ---- response records the SDK types (src/generated/types.ts) ----

/** A field's JSON type as the SDK types it; every response field is optional there. */
export type FieldType = 'string' | 'number' | 'boolean' | 'string[]' | 'object';

/** Response records: field → type (src/generated/types.ts; every field optional, extra fields allowed). */
export const RECORDS = {
  /** SendDestinationResult: data.data.destinations[] of a send and a reservation. */
  sendDestination: { to: 'string', msgKey: 'string', code: 'string', result: 'string' },
  /** FileUploadResult / RcsFileUploadResult / BrandMessageFileUploadResult. */
  mmsUpload: { fileKey: 'string', expired: 'string' },
  rcsUpload: { media: 'string', expired: 'string' },
  brandUpload: { imgUrl: 'string' },
  /** Report: polling, inquiry. */
  report: {
    msgKey: 'string',
    serviceType: 'string',
    msgType: 'string',
    sendTime: 'string',
    reportTime: 'string',
    reportType: 'string',
    reportCode: 'string',
    reportText: 'string',
    carrier: 'string',
    userType: 'string',
    resCnt: 'string',
    ref: 'string',
  },
  /** MessageStatus: message inquiry, send history. */
  messageStatus: {
    msgKey: 'string',
    serviceType: 'string',
    msgType: 'string',
    to: 'string',
    fallback: 'string',
    responseCode: 'string',
    responseText: 'string',
    requestTime: 'string',
    sendTime: 'string',
    reportTime: 'string',
    reportType: 'string',
    reportCode: 'string',
    reportText: 'string',
    userType: 'string',
    carrier: 'string',
    ref: 'string',
  },
  /** MoMessage: MO history and inquiry. */
  mo: {
    msgKey: 'string',
    serviceType: 'string',
    msgType: 'string',
    to: 'string',
    from: 'string',
    originator: 'string',
    content: 'string',
    carrier: 'string',
    occurredTime: 'string',
  },
  /** Reservation: list, get. Status PENDING, PROCESSING, STOPPED, CANCELLED (others allowed). */
  reservation: {
    seq: 'number',
    resvKey: 'string',
    paymentCode: 'string',
    resvName: 'string',
    productType: 'string',
    status: 'string',
    adYn: 'string',
    resvSendTime: 'string',
    resvData: 'string',
    expectedCnt: 'number',
    sentCnt: 'number',
    successCnt: 'number',
    failCnt: 'number',
    updateDate: 'string',
    regDate: 'string',
  },
  /** ReservationRecipient: data.data.destinations[] of recipients.list. */
  reservationRecipient: {
    msgKey: 'string',
    destSeq: 'number',
    to: 'string',
    destData: 'string',
    status: 'string',
    responseCode: 'string',
    responseText: 'string',
  },
  /** ReservationListResult / ReservationRecipientListResult / MessageStatusListResult paging. */
  cursorPage: { lastSeq: 'number', hasNext: 'boolean' },
  /** ReportPollingResult. */
  reportPolling: { reportId: 'string' },
} as const satisfies Record<string, Readonly<Record<string, FieldType>>>;

export const RECORD_SOURCE = TYPES;
