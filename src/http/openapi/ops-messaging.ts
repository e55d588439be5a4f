import { type TSchema, Type } from '@sinclair/typebox';
import type { Code } from '../../errors.ts';
import {
  MessageInquiry,
  MoHistoryPage,
  OptOutPage,
  OptOutRemoved,
  OptOutsAdded,
  ReportAck,
  ReportBatch,
  ReportInquiry,
  TwoFactorLogEntry,
  UploadedImage,
  UploadedMmsImage,
  UploadedRcsMedia,
  UploadedTemplateImage,
} from './components-messaging.ts';
import type { OperationDoc, OperationDocs } from './operation-doc.ts';

/*
 * The messaging operations of the client API: send, reservations, reports and inquiries, MO
 * history, the opt-out list, two-factor authentication and the uploads. Examples are real
 * answers (test/http/openapi-messaging.test.ts drives the same calls and checks each answer
 * against the document).
 */

import { SEND, SEND_RULES } from '../../features/send/doc-codes.ts';
import { SendResult } from '../../features/send/schema.ts';

// ---- two-factor authentication: fields in `data` itself, beside code and result ----

/*
 * Marked optional only because the document's example envelope carries ref and resvKey alone
 * (document.ts builds it with success()); every 2FA answer, success or refusal, holds them.
 */
const resultMsg = Type.Optional(Type.String({ description: 'what was done, for people (always present)' }));
const userRef = Type.Optional(
  Type.String({ description: 'the userRef of the request, echoed; "" when none (always present)' }),
);
const twofaFields = (fields: Record<string, TSchema>) => ({ resultMsg, ...fields, userRef });
const always = (description: string) =>
  Type.Optional(Type.String({ description: `${description} (always present)` }));

// ---- uploads ----

const IMAGE_ERRORS: readonly Code[] = [
  'A210',
  'A212',
  'A213',
  'A214',
  'A215',
  'A218',
  'A219',
  'A220',
  'A221',
  'A222',
];
const FILE_BASE = 'http://127.0.0.1:8080/files';

function imageUpload(
  operationId: string,
  what: string,
  rules: string,
  example: { imgUrl: string; fileName?: string },
): OperationDoc {
  return {
    operationId,
    description: `Stores ${what} from a multipart/form-data part named file (${rules}). Without fileKey one is generated; uploading again under the same fileKey replaces the image and its URL. The image is kept for good (no expiry).`,
    response: example.fileName === undefined ? UploadedImage : UploadedTemplateImage,
    errors: IMAGE_ERRORS,
    example,
  };
}

export const messagingDocs: OperationDocs = {
  // ---- send ----
  'POST /api/comm/v1/send/omni': {
    operationId: 'sendMessages',
    description: `Sends one messageFlow to up to 200 recipients: each recipient gets the first channel, and the next one when it fails (failover). The answer means accepted, not delivered: delivery comes in reports, by the msgKey of each recipient. ${SEND_RULES} The same idempotencyKey again within its TTL sends nothing and answers A301 for each recipient with the msgKey of the first send.`,
    response: SendResult,
    dataFields: { ref: Type.String({ description: 'the request’s ref, echoed; "" when none' }) },
    errors: SEND,
    example: {
      destinations: [
        { to: '01012340001', msgKey: '0mwwt8le30000e740503e', code: 'A000', result: 'SUCCESS' },
        { to: '01012340002', msgKey: '0mwwt8le30001e740503e', code: 'A000', result: 'SUCCESS' },
        {
          to: '0101',
          msgKey: '',
          code: 'A306',
          result: 'Invalid recipient number (to): 0101 is not a valid number',
        },
      ],
    },
    exampleFields: { ref: 'batch-7' },
    requestExample: {
      destinations: [{ to: '01012340001', ref: 'order-1' }, { to: '01012340002' }, { to: '0101' }],
      messageFlow: [{ sms: { from: '0212345678', text: 'Your order has shipped' } }],
      ref: 'batch-7',
    },
  },

  // ---- reports and inquiries ----
  'GET /api/comm/v1/report/polling': {
    operationId: 'pollReports',
    description:
      'The reports waiting for the account (polling mode), up to 1,000 oldest first, as one batch: the same batch (same reportId) is answered again until it is acknowledged with DELETE. When nothing waits: reportId "" and report null (not []).',
    response: ReportBatch,
    errors: [],
    example: {
      reportId: 'rpt_0mwwt9fxu000054b0f67b',
      report: [
        {
          msgKey: '0mwwt9fxd000154b0f67b',
          serviceType: 'SMS',
          msgType: 'SM',
          reportType: 'STANDARD',
          reportCode: '10000',
          reportText: 'Delivered',
          reportTime: '2026-12-01 10:00:00',
          sendTime: '2026-12-01 10:00:00',
          carrier: 'SKT',
          ref: 'order-1',
        },
        {
          msgKey: '0mwwt9fxd000254b0f67b',
          serviceType: 'SMS',
          msgType: 'SM',
          reportType: 'STANDARD',
          reportCode: '10000',
          reportText: 'Delivered',
          reportTime: '2026-12-01 10:00:00',
          sendTime: '2026-12-01 10:00:00',
          carrier: 'SKT',
          ref: 'batch-7',
        },
      ],
    },
  },
  'DELETE /api/comm/v1/report/polling/{reportId}': {
    operationId: 'ackReports',
    description:
      'Acknowledges a polled batch: the next poll answers the next one. Acknowledging the same batch again answers A000 (a retried DELETE is safe); an unknown reportId, or another account’s, is A820. Answers the envelope, never an empty 204.',
    response: ReportAck,
    errors: ['A820'],
    example: { reportId: 'rpt_0mwwt9fxu000054b0f67b' },
  },
  'GET /api/comm/v1/report/inquiry/{msgKey}': {
    operationId: 'getReportInquiry',
    description:
      'Every report of one message, STANDARD and DLR alike, in the order they were made, whether they were polled, posted to the webhook or not yet taken. A message of the account without a report yet answers an empty list; an unknown msgKey, or another account’s, is A820.',
    response: ReportInquiry,
    errors: ['A820'],
    example: {
      msgKey: '0mwwt8le30000e740503e',
      report: [
        {
          msgKey: '0mwwt8le30000e740503e',
          serviceType: 'SMS',
          msgType: 'SM',
          reportType: 'STANDARD',
          reportCode: '10000',
          reportText: 'Delivered',
          reportTime: '2026-12-01 10:00:00',
          sendTime: '2026-12-01 10:00:00',
          carrier: 'SKT',
          ref: 'order-1',
        },
      ],
    },
  },
  'GET /api/comm/v1/message/inquiry/msgKey/{msgKey}': {
    operationId: 'getMessageInquiry',
    description:
      'One message, its state and each channel attempted for it, in messageFlow order (failover steps marked fallback Y); messages is empty while no channel has been tried. An unknown msgKey, or another account’s, is A820.',
    response: MessageInquiry,
    errors: ['A820'],
    example: {
      msgKey: '0mwwt8le30000e740503e',
      to: '01012340001',
      status: 'delivered',
      messages: [
        {
          msgKey: '0mwwt8le30000e740503e',
          serviceType: 'SMS',
          msgType: 'SM',
          channel: 'sms',
          fallback: 'N',
          reportCode: '10000',
          reportText: 'Delivered',
          carrier: 'SKT',
          status: 'delivered',
          sendTime: '2026-12-01 10:00:00',
          reportTime: '2026-12-01 10:00:00',
        },
      ],
    },
  },

  // ---- MO history ----
  'GET /api/comm/v1/message/history/mo': {
    operationId: 'listMoMessages',
    description:
      "Inbound (MO) messages sent to the account's numbers, newest first, with the state of their delivery to the account's webhook. Filters: date (yyyyMMdd, Korea time) and status; paged by offset and limit (1 to 1000, default 100). A filter that is not valid is A734.",
    response: MoHistoryPage,
    errors: ['A734'],
    example: {
      messages: [
        {
          msgKey: 'mo0mwwt8lii0000e740503e',
          serviceType: 'MO',
          msgType: 'SM',
          to: '0212345678',
          from: '01012340021',
          carrier: 'SKT',
          originator: '01012340021',
          content: 'STOP please',
          occurredTime: '2026-12-01T10:01:00+09:00',
          status: 'FAILED',
          attempts: 1,
          lastError:
            'account has no webhook URL; set one with PUT /admin/v1/accounts/acc_0mwwt8l020001e740503e/webhook',
          receivedAt: '2026-12-01T10:01:00+09:00',
          lastAttemptAt: '2026-12-01T10:01:00+09:00',
          nextAttemptAt: '2026-12-01T10:01:10+09:00',
          deliveredAt: null,
        },
      ],
      offset: 0,
      limit: 100,
      hasNext: false,
    },
  },

  // ---- opt-out list ----
  'GET /api/comm/v1/optout': {
    operationId: 'listOptOuts',
    description:
      "The account's opt-out list (numbers that get no advertising from it), in the order they came, whoever put them there: the recipient's own MO (source mo), the account (client) or the operator. Paged by cursor: ask again with cursor=next while next is not null. A phone filter that is not a number is A306.",
    response: OptOutPage,
    errors: ['A306'],
    example: {
      optOuts: [
        { phone: '01012340031', from: '', source: 'client', createdAt: '2026-12-01T10:01:00+09:00' },
        { phone: '01012340032', from: '', source: 'client', createdAt: '2026-12-01T10:01:00+09:00' },
      ],
      next: null,
    },
  },
  'POST /api/comm/v1/optout': {
    operationId: 'addOptOuts',
    description:
      "Puts 1 to 1000 numbers on the account's opt-out list (source client), for every sender number of the account or only for `from` (a registered sender number, else A327). Numbers already there stay as they are; answers how many were new and each number's entry.",
    response: OptOutsAdded,
    errors: ['A306', 'A327'],
    example: {
      added: 2,
      optOuts: [
        { phone: '01012340031', from: '', source: 'client', createdAt: '2026-12-01T10:01:00+09:00' },
        { phone: '01012340032', from: '', source: 'client', createdAt: '2026-12-01T10:01:00+09:00' },
      ],
    },
    requestExample: { phones: ['01012340031', '01012340032'] },
  },
  'DELETE /api/comm/v1/optout/{phone}': {
    operationId: 'removeOptOut',
    description:
      'Takes a number the account put on its list off it (the entry for `from`, or the one for every number when from is absent). A number not on the list is A820; one the recipient (by MO) or the operator put there is A824: only its opt-in message or the operator lifts it.',
    response: OptOutRemoved,
    errors: ['A306', 'A820', 'A824'],
    example: { phone: '01012340031', from: '', deleted: true },
  },

  // ---- two-factor authentication ----
  'POST /api/verify/v1/2fa/service/regist': {
    operationId: 'registerTwoFactorService',
    description:
      'Registers (or replaces) the service name put in front of the verification texts, at most 20 bytes (Korean syllables count 2). Like every 2FA answer, its fields are in `data` itself beside code, result and resultMsg, and a refusal holds the same fields, blank.',
    dataFields: twofaFields({ serviceName: always('the name registered') }),
    errors: ['A700'],
    exampleFields: { resultMsg: 'Service name registered', serviceName: 'Omni', userRef: '' },
    requestExample: { serviceName: 'Omni' },
  },
  'POST /api/verify/v1/2fa/service': {
    operationId: 'getTwoFactorService',
    description:
      'The registered service name and when it was registered; both "" (resultMsg "No service name registered") when there is none.',
    dataFields: twofaFields({
      serviceName: always('the registered name; "" when none'),
      regDate: always('when it was registered, yyyy-MM-dd HH:mm:ss Korea time; "" when none'),
    }),
    errors: [],
    exampleFields: {
      resultMsg: 'Service name found',
      serviceName: 'Omni',
      regDate: '2026-12-01 10:01:00',
      userRef: 'u-1',
    },
    requestExample: { userRef: 'u-1' },
  },
  'POST /api/verify/v1/2fa/service/delete': {
    operationId: 'deleteTwoFactorService',
    description:
      'Deletes the service name: verification texts then carry none. Deleting when none is registered succeeds too, so a retried delete is not an error.',
    dataFields: twofaFields({}),
    errors: [],
    exampleFields: { resultMsg: 'Service name deleted', userRef: '' },
    requestExample: {},
  },
  'POST /api/verify/v1/2fa/request': {
    operationId: 'requestTwoFactorCode',
    description:
      "Sends a 6-digit verification code (random, or authNumber) by SMS from the account's first registered sender number (A703 when it has none); the code is valid for 3 minutes. At most 5 requests per number within 3 minutes (A704). The SMS's reports carry the requestId as their ref; a recipient the spam filter refuses answers its code (A322-A324).",
    dataFields: twofaFields({ requestId: always('the key of this request, for verify and the logs') }),
    errors: ['A306', 'A322', 'A323', 'A324', 'A701', 'A703', 'A704'],
    exampleFields: {
      resultMsg: 'Verification code sent',
      requestId: '2fa0mwwt8ljb0000e740503e',
      userRef: 'login-9',
    },
    requestExample: { to: '01012340041', authNumber: '482913', userRef: 'login-9' },
  },
  'POST /api/verify/v1/2fa/verify': {
    operationId: 'verifyTwoFactorCode',
    description:
      "Verifies a code once, for requestId or, without it, the number's latest request that can still be verified. A wrong code is A706; after 5 wrong codes the request is locked (A709); an expired code is A707, a used one A708, an unknown request (or one for another number) A705.",
    dataFields: twofaFields({ requestId: always('the request verified') }),
    errors: ['A306', 'A701', 'A705', 'A706', 'A707', 'A708', 'A709'],
    exampleFields: { resultMsg: 'Verified', requestId: '2fa0mwwt8ljb0000e740503e', userRef: '' },
    requestExample: { to: '01012340041', authNumber: '482913', requestId: '2fa0mwwt8ljb0000e740503e' },
  },
  'POST /api/verify/v1/2fa/logs': {
    operationId: 'listTwoFactorLogs',
    description:
      'The verification requests made on one Korea-time day (requestDate yyyyMMdd, else A702), oldest first; only one with requestId. Expired and locked requests stay PENDING.',
    dataFields: twofaFields({
      list: Type.Optional(Type.Array(TwoFactorLogEntry, { description: 'the requests (always present)' })),
    }),
    errors: ['A702'],
    exampleFields: { resultMsg: 'SUCCESS', userRef: '' },
    requestExample: { requestDate: '20261201' },
  },

  // ---- uploads ----
  'POST /api/comm/v1/file/mms': {
    operationId: 'uploadMmsImage',
    description:
      'Stores an MMS image from a multipart/form-data part named file: a JPEG of at most 300 KiB and 1500x1440 pixels. Answers the fileKey to name in mms.fileKey (1 to 3 per message) and until when it can be sent: 7 days on the gateway clock. Without fileKey one is generated; the same fileKey again replaces the image and restarts its 7 days.',
    response: UploadedMmsImage,
    errors: ['A210', 'A211', 'A212', 'A213', 'A214', 'A215', 'A219'],
    example: { fileKey: 'mms_0mwwt8lan0000e740503e', expired: '2026-12-08T10:00:00+09:00' },
  },
  'POST /api/comm/v1/file/rcs': {
    operationId: 'uploadRcsMedia',
    description:
      'Stores an RCS media image from a multipart/form-data part named file (JPG, PNG or GIF, at most 1 MB). Answers media, the value for rcs.body.media, usable for 7 days as MMS images are. Without fileKey one is generated; the same fileKey again replaces the image.',
    response: UploadedRcsMedia,
    errors: IMAGE_ERRORS,
    example: { media: 'rcs_0mwwt8lby0000e740503e', expired: '2026-12-08T10:00:00+09:00' },
  },
  'POST /api/comm/v1/file/infomsg/template': imageUpload(
    'uploadInfomsgTemplateImage',
    'an informational template image',
    'JPG or PNG, at most 500 KB, at least 500 px wide, ratio 2:1',
    {
      imgUrl: `${FILE_BASE}/infomsg-template/img_0mwwt8lbe0000e740503e.a762483a292c6b0136c3f46ae0bf6b5d.png`,
      fileName: 'banner',
    },
  ),
  'POST /api/comm/v1/file/infomsg/itemHighlight': imageUpload(
    'uploadInfomsgItemHighlightImage',
    'an informational template item highlight image',
    'JPG or PNG, at most 500 KB, at least 108 px wide, ratio 1:1',
    {
      imgUrl: `${FILE_BASE}/infomsg-item-highlight/img_0mwwt8lbn0000e740503e.08f0ab1d4fed5509b5e509a60cd62f02.png`,
      fileName: 'item',
    },
  ),
  'POST /api/comm/v1/file/brandmessage/default': imageUpload(
    'uploadBrandMessageImage',
    'a brand message image',
    'JPG or PNG, at most 5 MB, at least 500 px wide, ratio from 2:1 to 3:4',
    {
      imgUrl: `${FILE_BASE}/brandmessage-default/img_0mwwt8lc30000e740503e.dd3281aeaa12a430bf8b5e8014a52583.png`,
    },
  ),
  'POST /api/comm/v1/file/brandmessage/wide': imageUpload(
    'uploadBrandMessageWideImage',
    'a brand message wide image',
    'JPG or PNG, at most 5 MB, at least 500 px wide, ratio from 2:1 to 1:1',
    {
      imgUrl: `${FILE_BASE}/brandmessage-wide/img_0mwwt8lca0000e740503e.3fdea0f556baf3adaeb9908f46afbcde.png`,
    },
  ),
  'POST /api/comm/v1/file/brandmessage/wideItemList/first': imageUpload(
    'uploadBrandMessageWideListFirstImage',
    'the first image of a brand message wide list',
    'JPG or PNG, at most 5 MB, at least 500 px wide, ratio 2:1',
    {
      imgUrl: `${FILE_BASE}/brandmessage-wide-list-first/img_0mwwt8lcf0000e740503e.f0ffd0a5a9a39d38db2465d66cc2c604.png`,
    },
  ),
  'POST /api/comm/v1/file/brandmessage/wideItemList': imageUpload(
    'uploadBrandMessageWideListImage',
    'the 2nd to 4th image of a brand message wide list',
    'JPG or PNG, at most 2 MB, at least 100 px wide, ratio 1:1',
    {
      imgUrl: `${FILE_BASE}/brandmessage-wide-list/img_0mwwt8lcr0000e740503e.93d0d2f064c4f23c40bce2c3f44da549.png`,
    },
  ),
  'POST /api/comm/v1/file/brandmessage/carouselFeed': imageUpload(
    'uploadBrandMessageCarouselFeedImage',
    'a brand message carousel feed image',
    'JPG or PNG, at most 5 MB, at least 500 px wide, ratio 2:1 or 1:1 (one ratio for every card of a carousel)',
    {
      imgUrl: `${FILE_BASE}/brandmessage-carousel-feed/img_0mwwt8lct0000e740503e.9ccf14176f275cac5a16c35e8b2e4fe5.png`,
    },
  ),
  'POST /api/comm/v1/file/brandmessage/carouselCommerce': imageUpload(
    'uploadBrandMessageCarouselCommerceImage',
    'a brand message carousel commerce image',
    'JPG or PNG, at most 5 MB, at least 500 px wide, ratio 2:1 or 1:1',
    {
      imgUrl: `${FILE_BASE}/brandmessage-carousel-commerce/img_0mwwt8lcw0000e740503e.d869d96f4177b80ea76014a50cb07978.png`,
    },
  ),
  'POST /api/comm/v1/file/brandmessage/catalog': imageUpload(
    'uploadBrandMessageCatalogImage',
    'a brand message catalog item image',
    'JPG or PNG, at most 2 MB, at least 500 px wide, ratio 1:1',
    {
      imgUrl: `${FILE_BASE}/brandmessage-catalog/img_0mwwt8ld00000e740503e.d6573184fc52aeac30817001d254eec4.png`,
    },
  ),
  'POST /api/comm/v1/file/brandmessage/catalog/oddFirst': imageUpload(
    'uploadBrandMessageCatalogOddFirstImage',
    'the first image of a brand message catalog with 3, 5 or 7 items',
    'JPG or PNG, at most 5 MB, at least 500 px wide, ratio 2:1',
    {
      imgUrl: `${FILE_BASE}/brandmessage-catalog-odd-first/img_0mwwt8ld30000e740503e.1a7c0e2b4c6be9e31efe185d5fed1c47.png`,
    },
  ),
};
