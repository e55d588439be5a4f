import type { RouteDocs } from '../../http/openapi/operation-doc.ts';
import { adminList as moList, adminRedeliver as moRedeliver, adminShow as moShow } from '../mo/schemas.ts';
import { AuditPage } from './audit-schemas.ts';
import { BroadcastPage, BroadcastRow, ReservationPage, ReservationRow } from './campaign-schemas.ts';
import { Delivery, DeliveryPage } from './delivery-schemas.ts';
import { MessageExportFile } from './message-export-schemas.ts';
import { MessageRequest } from './message-request-schemas.ts';
import { MessageDetail, MessagePage } from './message-schemas.ts';
import { Overview } from './overview-schemas.ts';

/*
 * What the OpenAPI document says of the operator's views across accounts (/admin/v1: MO messages,
 * messages, reservations, broadcasts, webhook deliveries, the audit log and the live overview)
 * beyond their schemas. Every example is the body of a real call, made against a test gateway on
 * the manual clock (from 2026-11-25 10:00 Korea time) by the scenario of
 * test/http/openapi-admin.test.ts, with the ids that call made; the audit log and the overview read
 * real time. Loaded with the document, not at start.
 */

const ACCOUNT_ID = 'acc_0mwwtc7s500014d356f40';
/** When the scenario made its records (the manual clock's start), as most operator records write it. */
const MADE_AT = '2026-11-25T10:00:00+09:00';
const MSG_KEY = '0mwwtc8ac00004d356f40';
const REQUEST_ID = 'req_0mwwtc8ab00004d356f40';

/** The MO whose first webhook post failed, with its delivery as `over` leaves it. */
const moMessage = (over: Record<string, unknown>) => ({
  msgKey: 'mo0mwwtc8hd00004d356f40',
  serviceType: 'MO',
  msgType: 'SM',
  to: '0212345678',
  from: '01051000001',
  carrier: 'SKT',
  originator: '01051000001',
  content: '배송 언제 오나요?',
  occurredTime: MADE_AT,
  status: 'FAILED',
  attempts: 1,
  lastError: 'webhook: HTTP 500',
  receivedAt: MADE_AT,
  lastAttemptAt: MADE_AT,
  nextAttemptAt: '2026-11-25T10:00:10+09:00',
  deliveredAt: null,
  ...over,
});

/** The scenario's receiver (a loopback port of its own), answering HTTP 500. */
const HOOK_URL = 'http://127.0.0.1:41873/hooks/mo';

/** A failed webhook post of the scenario, made at MADE_AT (its X-SVC-Timestamp). */
const failedPost = {
  at: MADE_AT,
  acknowledged: false,
  request: {
    method: 'POST',
    url: HOOK_URL,
    headers: [
      { name: 'X-SVC-Timestamp', value: '1795568400000', masked: false },
      { name: 'X-SVC-Signature', value: '••••••••', masked: true },
      { name: 'X-IB-Timestamp', value: '1795568400000', masked: false },
      { name: 'X-IB-Signature', value: '••••••••', masked: true },
      { name: 'X-Omnigate-Body-Signature', value: '••••••••', masked: true },
      { name: 'Accept', value: 'application/json', masked: false },
      { name: 'Content-Type', value: 'application/json', masked: false },
    ],
  },
  status: 500,
  error: 'webhook: HTTP 500',
};

/** The delivered SMS of the search and the message page. */
const messageRow = {
  msgKey: MSG_KEY,
  accountId: ACCOUNT_ID,
  requestId: REQUEST_ID,
  to: '01051000010',
  status: 'delivered',
  step: 0,
  reportCode: '10000',
  reportText: 'Delivered',
  ref: null,
  createdAt: MADE_AT,
  updatedAt: MADE_AT,
  doneAt: MADE_AT,
};

/** A reservation of two destinations held for 10:15, as the operator API answers it in `status`. */
const reservationExample = (status: string, actions: string[], over: Record<string, unknown> = {}) => ({
  accountId: ACCOUNT_ID,
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
  ...over,
});

/** The broadcast to the friend group vip, 4 of its 20 sent, in `status`. */
const broadcastExample = (status: string, actions: string[], doneAt: string | null = null) => ({
  accountId: ACCOUNT_ID,
  requestId: 1,
  accountRequestId: 1,
  status,
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
  doneAt,
  progress: { sent: 4, expected: 20 },
  actions,
});

/** The report of that SMS, whose first webhook post failed, with its delivery as `over` leaves it. */
const reportDelivery = (over: Record<string, unknown>) => ({
  kind: 'report',
  msgKey: MSG_KEY,
  reportId: 1,
  accountId: ACCOUNT_ID,
  status: 'FAILED',
  attempts: 1,
  lastError: 'webhook: HTTP 500',
  nextAttemptAt: '2026-11-25T10:00:01+09:00',
  running: false,
  deliveredAt: null,
  createdAt: MADE_AT,
  summary: 'STANDARD 10000 Delivered',
  ...over,
});

const auditEntry = (id: number, status: number, trId: string) => ({
  id,
  at: '2026-11-26T09:27:22+09:00',
  actor: 'token 5c3dac12081c73ec',
  action: 'DELETE /admin/v1/accounts/:accountId/opt-outs/:phone',
  target: { accountId: ACCOUNT_ID, phone: '01087654321' },
  status,
  trId,
});

const WALK_END = { next: null, searchedUntil: null };

export const adminOpsDocs: RouteDocs = {
  // ---- MO messages ----
  adminListMo: {
    description:
      "The account's MO messages with their webhook delivery, newest first, by receipt day (date, " +
      'yyyyMMdd) and status, paged by offset and limit (1 to 1000, default 100; hasNext says more follow). ' +
      'A734 names a bad filter; A820 when the account is unknown. `webhookConfigured` says whether the ' +
      'account has a webhook now: without one its MOs are not failing but waiting for one.',
    response: moList.response[200],
    errors: ['A734', 'A820'],
    paging: 'offset',
    example: {
      accountId: ACCOUNT_ID,
      webhookConfigured: true,
      messages: [moMessage({})],
      offset: 0,
      limit: 100,
      hasNext: false,
      lastSeq: 1,
    },
  },
  adminGetMo: {
    description:
      'One MO message of any account, with its webhook delivery: status, attempts, last error, next and ' +
      'last attempt; whether the account has a webhook (`webhookConfigured`: without one the MO waits, ' +
      'and nothing is posted), the body posted, and every post in order: each failed one with its time, ' +
      'request (URL, headers by name with the signatures masked) and the status or error, then the one ' +
      'that delivered it (its status, kept with the delivery). A732 when unknown.',
    response: moShow.response[200],
    errors: ['A732'],
    example: {
      accountId: ACCOUNT_ID,
      ...moMessage({}),
      webhookConfigured: true,
      webhookUrl: HOOK_URL,
      webhookBody: {
        msgKey: 'mo0mwwtc8hd00004d356f40',
        serviceType: 'MO',
        msgType: 'SM',
        to: '0212345678',
        from: '01051000001',
        carrier: 'SKT',
        originator: '01051000001',
        content: '배송 언제 오나요?',
        occurredTime: MADE_AT,
      },
      webhookAttempts: [failedPost],
      earlierAttemptsOmitted: false,
    },
  },
  redeliverMo: {
    description:
      'Delivers an MO to its webhook again: a new retry schedule starts now (first attempt at once, then ' +
      'the usual delays and a new 24-hour limit). Answers the MO as restarted. A732 when unknown; A733 ' +
      'once the webhook acknowledged it (never posted again).',
    response: moRedeliver.response[200],
    errors: ['A732', 'A733'],
    example: { accountId: ACCOUNT_ID, ...moMessage({ status: 'PENDING', nextAttemptAt: MADE_AT }) },
  },

  // ---- messages, reservations, broadcasts of every account ----
  searchMessages: {
    description:
      'Messages of every account, newest first: by msgKey (one message), by account (with from/until), or ' +
      'along the msgKeys. Filters no index serves (to, status, sender, text; from/until without an account) ' +
      'are checked on at most 5000 messages a call: follow `next` (null: nothing older), `searchedUntil` ' +
      'says how far the call looked. `sender` finds the messages whose flow sends from that number at any ' +
      "step; `text` those whose title or text at any step, with the recipient's #{key} values substituted, " +
      'holds it in any case. Each row says the sender and text of its current step. A300 for a bad time, ' +
      'a cursor of another search or from after until.',
    response: MessagePage,
    errors: [],
    paging: 'cursor',
    example: {
      messages: [{ ...messageRow, sender: '0212345678', title: null, text: '주문하신 상품이 출발했습니다' }],
      ...WALK_END,
    },
  },
  exportMessages: {
    description:
      'The whole result of a message search (the filters of searchMessages, without cursor and limit), ' +
      'newest first, as a file: `format=csv` answers text/csv (UTF-8 with a byte order mark, a header row, ' +
      'RFC 4180 quoting; a cell that starts with =, +, - or @ gets a leading apostrophe so that a spreadsheet ' +
      'shows it as text), `format=json` one JSON array of AdminMessageExport objects (the CSV has the same ' +
      'columns in the same order). The body is streamed, a page of 1000 messages at a time, with ' +
      'Content-Disposition naming the file by the gateway clock (messages-20261125-100000.csv). Not one ' +
      'window but every one: a filter no index serves (to, status, sender, text; from/until without an ' +
      'account) walks every message, a query of 1000 rows after another. A300 for a missing or unknown ' +
      'format, a bad time or from after until.',
    response: MessageExportFile,
    errors: [],
    example: [
      {
        msgKey: MSG_KEY,
        accountId: ACCOUNT_ID,
        accountName: 'Acme Shop',
        to: '01051000010',
        sender: '0212345678',
        channel: 'sms',
        step: 0,
        status: 'delivered',
        reportCode: '10000',
        reportText: 'Delivered',
        ref: null,
        createdAt: MADE_AT,
        doneAt: MADE_AT,
        updatedAt: MADE_AT,
        requestId: REQUEST_ID,
        title: null,
        text: '주문하신 상품이 출발했습니다',
      },
    ],
  },
  adminGetMessage: {
    description:
      "One message of any account: its state, its request's messageFlow, every attempt (failover steps " +
      'included, in flow order) and its reports with how they reach the client and whether they were ' +
      'acknowledged; a report by webhook lists every post of it (`webhookAttempts`: each failed post with ' +
      'its request and status or error, then the acknowledged one). A820 when unknown.',
    response: MessageDetail,
    errors: ['A820'],
    example: {
      ...messageRow,
      accountName: 'Acme Shop',
      webhookUrl: HOOK_URL,
      request: {
        requestId: REQUEST_ID,
        resvKey: null,
        groupKey: null,
        ref: null,
        flow: [{ step: 0, channel: 'sms', serviceType: 'SMS', msgType: 'SM' }],
      },
      attempts: [
        {
          step: 0,
          fallback: false,
          channel: 'sms',
          serviceType: 'SMS',
          msgType: 'SM',
          connector: 'sandbox',
          networkId: `${MSG_KEY}-0`,
          status: 'delivered',
          reportCode: '10000',
          reportText: 'Delivered',
          carrier: 'SKT',
          submittedAt: MADE_AT,
          doneAt: MADE_AT,
        },
      ],
      reports: [
        {
          reportId: 1,
          reportType: 'STANDARD',
          way: 'webhook',
          acknowledged: false,
          acknowledgedAt: null,
          createdAt: MADE_AT,
          body: {
            msgKey: MSG_KEY,
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
          webhookAttempts: [failedPost],
          earlierAttemptsOmitted: false,
        },
      ],
    },
  },
  adminGetMessageRequest: {
    description:
      "The send a message came from, rebuilt from what the gateway keeps: the request's messageFlow as " +
      'validated and stored (a 2FA code masked as it is at rest: `masked`), ref, paymentCode, groupKey, ' +
      "the idempotency key while it is kept (until its TTL ends), a reservation's time and name, and this " +
      "message's destination (`to` as the client gave it, ref, replaceWords and variables); and the answer " +
      'its client got, recipient by recipient in order (refused ones with their code and result). For a ' +
      "reservation the answer is that of the request that made it (an update's new request has none); " +
      'recipients added later were answered by their own call (`answerNote`). A820 when unknown.',
    response: MessageRequest,
    errors: ['A820'],
    example: {
      msgKey: MSG_KEY,
      requestId: REQUEST_ID,
      accountId: ACCOUNT_ID,
      acceptedAt: MADE_AT,
      resvKey: null,
      masked: false,
      destinationCount: 2,
      body: {
        destinations: [{ to: '01051000010' }],
        messageFlow: [{ sms: { from: '0212345678', text: '주문하신 상품이 출발했습니다' } }],
      },
      answer: {
        total: 2,
        accepted: 1,
        refused: 1,
        removed: 0,
        destinations: [
          { seq: 1, to: '01051000010', msgKey: MSG_KEY, code: 'A000', result: 'SUCCESS' },
          {
            seq: 2,
            to: '0105',
            msgKey: '',
            code: 'A306',
            result: 'Invalid recipient number (to): 0105 is not a valid number',
          },
        ],
      },
      answerNote: null,
    },
  },
  adminListReservations: {
    description:
      'Reservations of every account, newest first, with their messages by state, progress (sent of ' +
      'expected) and the actions their state allows now. Filters are checked on at most 5000 rows a call ' +
      '(follow `next`; `searchedUntil` says how far the call looked). A300 for a cursor of another list.',
    response: ReservationPage,
    errors: [],
    paging: 'cursor',
    example: { reservations: [reservationExample('PENDING', ['stop', 'cancel'])], ...WALK_END },
  },
  adminStopReservation: {
    description:
      "Stops a PENDING or PROCESSING reservation with the client API's own use case, as its account would; " +
      'answers the reservation as it now is. A820 when unknown; A824 naming the state it is in.',
    response: ReservationRow,
    errors: ['A820', 'A824'],
    example: reservationExample('STOPPED', ['resume', 'cancel']),
  },
  adminResumeReservation: {
    description:
      'Resumes a STOPPED reservation (back to PENDING) as its account would; answers the reservation as it ' +
      'now is. A820 when unknown; A824 naming the state it is in.',
    response: ReservationRow,
    errors: ['A820', 'A824'],
    example: reservationExample('PENDING', ['stop', 'cancel']),
  },
  adminCancelReservation: {
    description:
      'Cancels a PENDING or STOPPED reservation as its account would: its messages are never sent. Answers ' +
      'the reservation as it now is. A820 when unknown; A824 naming the state it is in.',
    response: ReservationRow,
    errors: ['A820', 'A824'],
    example: reservationExample('CANCELLED', [], { destinationCount: 0, messages: { cancelled: 2 } }),
  },
  adminListBroadcasts: {
    description:
      'Brand message broadcasts of every account, newest first, with progress (sendCount of expectedCount) ' +
      'and the actions their state allows now; by account, senderKey and status. Each row has `requestId`, ' +
      "the broadcast's key across accounts (what the operator's routes take), and `accountRequestId`, the " +
      "account's own number for it (the requestId its client API shows). Filters are checked on at " +
      'most 5000 rows a call (follow `next`). A300 for a cursor of another list.',
    response: BroadcastPage,
    errors: [],
    paging: 'cursor',
    example: { broadcasts: [broadcastExample('SENDING', ['pause', 'terminate'])], ...WALK_END },
  },
  adminPauseBroadcast: {
    description:
      "Pauses a SENDING broadcast with the client API's own use case, as its account and profile would; " +
      'sendCount keeps what was sent. A820 when unknown; A824 naming the state it is in.',
    response: BroadcastRow,
    errors: ['A820', 'A824'],
    example: broadcastExample('PAUSED', ['resume', 'terminate']),
  },
  adminResumeBroadcast: {
    description:
      'Resumes a PAUSED broadcast (back to READY: it goes on by itself, at once when its start time has ' +
      'passed). A820 when unknown; A824 naming the state it is in.',
    response: BroadcastRow,
    errors: ['A820', 'A824'],
    example: broadcastExample('READY', ['terminate']),
  },
  adminTerminateBroadcast: {
    description:
      'Terminates a READY, SENDING or PAUSED broadcast: nothing more is sent, what was handed over goes ' +
      'on. A820 when unknown; A824 naming the state it is in.',
    response: BroadcastRow,
    errors: ['A820', 'A824'],
    example: broadcastExample('TERMINATED', [], '2026-11-25 10:10:00'),
  },

  // ---- webhook deliveries ----
  listWebhookDeliveries: {
    description:
      'Webhook deliveries of MO messages (kind=mo) or of reports delivered by webhook (kind=report), newest ' +
      'first, with attempts, last error, next retry and delivered time; by state (pending, failed, ' +
      'delivered) and account. Filters are checked on at most 5000 rows a call (follow `next`). A300 for a ' +
      'cursor of another list.',
    response: DeliveryPage,
    errors: [],
    paging: 'cursor',
    example: { kind: 'report', deliveries: [reportDelivery({})], ...WALK_END },
  },
  redeliverReport: {
    description:
      'Delivers a report to its webhook again: its waiting job moves to now with its attempts reset, a dead ' +
      'one is revived, a missing one added (never two jobs). A824 for an acknowledged report, a report ' +
      'delivered by polling or one being posted right now; A820 when unknown.',
    response: Delivery,
    errors: ['A820', 'A824'],
    example: reportDelivery({ status: 'PENDING', attempts: 0, nextAttemptAt: MADE_AT }),
  },

  // ---- audit log and overview ----
  listAuditEntries: {
    description:
      'Operator actions, newest first: every call of /admin/v1 and /sandbox/v1 that may change something ' +
      '(refused ones included), console sign-ins and sign-outs, and CLI commands; who, what, on what (the ' +
      'path parameters), when (real time) and the status answered. Bodies are never kept. A300 for a ' +
      'cursor that is not an earlier `next`.',
    response: AuditPage,
    errors: [],
    paging: 'cursor',
    example: {
      entries: [auditEntry(54, 404, 'mwwtc8xd000982853'), auditEntry(53, 200, 'mwwtc8x3000982853')],
      next: '53',
    },
  },
  getOverview: {
    description:
      "A live reading: this instance's message and HTTP counters since it started (those of /metrics), " +
      'failures by report code, the queue read from the database with bounded counts, and each connector ' +
      'with its binds. Cheap enough to poll every 2 s; rates are differences of two readings over uptimeSeconds. ' +
      '`traffic` holds the last 15 minutes of accepted, delivered and failed messages per second (null before ' +
      'the instance started); with trafficSince=<an earlier traffic.until>, only the seconds after it (this ' +
      'example), so a poll reads a few seconds, not 900.',
    response: Overview,
    errors: [],
    example: {
      readAt: '2026-11-26T09:27:22+09:00',
      instance: { role: 'all', uptimeSeconds: 4.059, sandbox: true },
      messages: { accepted: 7, final: { delivered: 5 } },
      failures: [],
      http: { '2xx': 65, '3xx': 0, '4xx': 24, '5xx': 0 },
      queue: {
        queued: { count: 0, capped: false },
        waiting: { count: 0, capped: false },
        jobs: {
          kinds: [
            { kind: 'broadcast.tick', ready: 1, dead: 0 },
            { kind: 'engine.sweep', ready: 1, dead: 0 },
            { kind: 'mo.deliver', ready: 1, dead: 0 },
            { kind: 'report.webhook', ready: 5, dead: 0 },
            { kind: 'reservation.fire', ready: 1, dead: 0 },
            { kind: 'retention.purge', ready: 1, dead: 0 },
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
      traffic: {
        from: 1795652839,
        until: 1795652841,
        accepted: [2, 2, 2],
        delivered: [2, 2, 1],
        failed: [0, 0, 0],
      },
    },
  },
};
