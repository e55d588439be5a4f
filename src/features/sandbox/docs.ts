import type { RouteDocs } from '../../http/openapi/operation-doc.ts';
import { sandboxMo } from '../mo/schemas.ts';
import { HandsetsList, ReadView } from './activity-schemas.ts';
import { CompletedFriendGroups, DecidedTemplate, MovedVideo } from './record-schemas.ts';
import { ReviewsList } from './review-schemas.ts';
import { ClockView } from './schemas.ts';
import { TimelinePage } from './timeline-schemas.ts';
import { HandsetView, InboxCleared, InboxView } from './world-schemas.ts';

/*
 * What the OpenAPI document says of the sandbox control API (/sandbox/v1) beyond its schemas. The
 * examples are real answers of a gateway on the manual clock (one account, acme, and the handset
 * 01012345678); test/http/openapi-sandbox.test.ts drives the same calls. Loaded with the document,
 * not at start.
 */

const PHONE = '01012345678';
const ACCOUNT = 'acc_0mwwtbcd10001fead2c1f';
const SENDER_KEY = 'sk-acc_0mwwtbcd10001fead2c1f';
const AT = '2026-11-22T09:45:00+09:00';
const MSG_KEY = '0mwwtbcg80001fead2c1f';
const TEXT = '홍길동님, 주문이 발송되었습니다.';

const handsetSet = {
  phone: PHONE,
  configured: true,
  carrier: 'KT',
  reachable: true,
  rcs: { unified: true, android: true },
  appUser: {
    connected: true,
    lastActiveAt: '2026-11-20T12:00:00+09:00',
    signedUpAt: '2025-11-22T09:45:00+09:00',
  },
  friendOf: [SENDER_KEY],
  fail: { rcs: '30100' },
  receiptDelaySeconds: 30,
  defaults: ['reachable', 'rcs', 'appUser.signedUpAt'],
  updatedAt: AT,
};

const templateRecord = {
  msgType: 'AT',
  templateMessageType: 'BA',
  templateEmphasizeType: 'NONE',
  categoryCode: '002001',
  text: '#{name}님, 주문 #{order}이 완료되었습니다.',
};
const variables = [
  { key: 'name', example: '홍길동' },
  { key: 'order', example: 'A-1001' },
];
const buttons = [{ type: 'WL', name: '주문 확인', urlMobile: 'https://shop.example/o/#{order}' }];

export const sandboxDocs: RouteDocs = {
  getSandboxClock: {
    description:
      "The gateway's clock: `manual` when started with OMNIGATE_CLOCK=manual (it moves only through POST), `system` otherwise: the system time, run ahead by `offsetSeconds` once POST moved it (null on the manual clock). Reservations, receipt delays, expiries and retries all follow this clock.",
    response: ClockView,
    errors: [],
    example: {
      now: '2026-11-26T09:26:39.960+09:00',
      epochMs: 1795652799960,
      kind: 'manual',
      offsetSeconds: null,
    },
  },
  advanceSandboxClock: {
    description:
      "Moves the clock forward by `advanceSeconds`, or sets it to `set` (give exactly one); the work that became due then runs (reservations, broadcasts, receipts, retries, expiries). The manual clock goes wherever it is told, back included. The system clock only moves forward: it runs `offsetSeconds` ahead of the system time, and `advanceSeconds` 0 or a `set` before the gateway's time is refused with A824. Either is stored, so a restart or another instance keeps it.",
    response: ClockView,
    errors: ['A824'],
    example: {
      now: '2026-11-26T09:27:39.960+09:00',
      epochMs: 1795652859960,
      kind: 'manual',
      offsetSeconds: null,
    },
    requestExample: { advanceSeconds: 60 },
  },
  setHandset: {
    description:
      'Replaces what the simulated handset is: carrier, reachability, RCS support, messaging-app user, the channels it befriended, failure codes by channel and the receipt delay. A property left out takes its default (listed in `defaults`). The answer is the whole handset, defaults filled in.',
    response: HandsetView,
    errors: ['A306'],
    example: handsetSet,
    requestExample: {
      carrier: 'KT',
      appUser: { connected: true, lastActiveAt: '2026-11-20T12:00:00+09:00' },
      friendOf: [SENDER_KEY],
      fail: { rcs: '30100' },
      receiptDelaySeconds: 30,
    },
  },
  getHandset: {
    description:
      'The handset as messages to it will find it, every default filled in; `configured` false means it was never set (or was reset). A defaulted app-user time is the current clock time.',
    response: HandsetView,
    errors: ['A306'],
    example: handsetSet,
  },
  resetHandset: {
    description:
      'Resets the handset to the defaults and answers it as it now is (`configured` false). Its inbox and timeline stay: DELETE /sandbox/v1/handsets/{phone}/inbox empties them.',
    response: HandsetView,
    errors: ['A306'],
    example: {
      phone: PHONE,
      configured: false,
      carrier: 'LGU+',
      reachable: true,
      rcs: { unified: true, android: true },
      appUser: { connected: true, lastActiveAt: AT, signedUpAt: '2025-11-22T09:45:00+09:00' },
      friendOf: null,
      fail: {},
      receiptDelaySeconds: 0,
      defaults: ['carrier', 'reachable', 'rcs', 'appUser', 'friendOf', 'fail', 'receiptDelaySeconds'],
      updatedAt: null,
    },
  },
  getInbox: {
    description:
      'The messages delivered to the handset in arrival order: the text after #{key} substitution and the channel object as delivered; `step` is the messageFlow index that delivered it. Failed steps and the MOs the handset sent are not here (see the timeline). Page with `since` = `lastId` while `hasNext` is true.',
    response: InboxView,
    errors: ['A306'],
    example: {
      phone: PHONE,
      messages: [
        {
          id: 2,
          channel: 'sms',
          from: '0212345678',
          title: null,
          text: TEXT,
          msgKey: MSG_KEY,
          step: 1,
          receivedAt: AT,
          payload: { from: '0212345678', text: TEXT },
        },
      ],
      lastId: 2,
      hasNext: false,
    },
  },
  clearInbox: {
    description:
      "Empties the handset's inbox, with its failure events, the MOs it sent (their timeline entries; the MOs stay) and its read mark. `deleted` counts the delivered messages removed. The handset's settings stay.",
    response: InboxCleared,
    errors: ['A306'],
    example: { phone: PHONE, deleted: 1 },
  },
  listActiveHandsets: {
    description:
      'The numbers that received anything (delivered or failed) or sent an MO from the sandbox, most recent activity first, with their row and unread counts (capped at 99; an MO the handset sent is activity, never counted). Each request reads a bounded part of the table, so a page can come back short, even empty, with `hasMore` true: ask again with `after`. `search` keeps numbers holding those digits.',
    response: HandsetsList,
    errors: [],
    example: {
      handsets: [
        {
          phone: PHONE,
          count: 2,
          countCapped: false,
          unread: 2,
          unreadCapped: false,
          lastId: 2,
          lastAt: AT,
        },
      ],
      hasMore: false,
      after: null,
    },
  },
  markHandsetRead: {
    description:
      "Moves the handset's read mark up to the row `upTo` (left out, as in `{}`: its newest row). The mark never moves down nor past the newest row. Answers the mark and the rows still unread.",
    response: ReadView,
    errors: ['A306'],
    example: { phone: PHONE, readId: 2, unread: 0, unreadCapped: false },
    requestExample: { upTo: 2 },
  },
  getTimeline: {
    description:
      'Every step sent to the handset: delivered messages (`kind` message) and steps that failed at the handset (`kind` failure, with the report code), and the MO messages the handset sent through POST /sandbox/v1/mo (`kind` mo: `mo.to` the MO number, `mo.status` its webhook delivery as it was when read), in one order. The newest `limit` rows before `before`, oldest first, as a phone shows them; `failover` marks a step after an earlier one failed. Page back with `before` = `olderCursor` while `hasOlder` is true.',
    response: TimelinePage,
    errors: ['A306'],
    example: {
      phone: PHONE,
      items: [
        {
          id: 1,
          kind: 'failure',
          channel: 'infomsg',
          msgType: 'AT',
          from: null,
          title: null,
          text: TEXT,
          msgKey: MSG_KEY,
          step: 0,
          failover: false,
          receivedAt: AT,
          payload: {
            msgType: 'AT',
            senderKey: SENDER_KEY,
            templateCode: 'TPL-001',
            text: TEXT,
            templateMessageType: 'BA',
            templateEmphasizeType: 'NONE',
            attachment: { button: [] },
          },
          failure: { code: '30003', text: 'NoSendAvailableException' },
          media: {},
          mo: null,
        },
        {
          id: 2,
          kind: 'message',
          channel: 'sms',
          msgType: 'SM',
          from: '0212345678',
          title: null,
          text: TEXT,
          msgKey: MSG_KEY,
          step: 1,
          failover: true,
          receivedAt: AT,
          payload: { from: '0212345678', text: TEXT },
          failure: null,
          media: {},
          mo: null,
        },
        {
          id: 3,
          kind: 'mo',
          channel: 'mo',
          msgType: 'SM',
          from: PHONE,
          title: null,
          text: '수신거부',
          msgKey: 'mo0mwwtbchu0000fead2c1f',
          step: 0,
          failover: false,
          receivedAt: AT,
          payload: { to: '0212345678', from: PHONE, originator: PHONE, carrier: 'LGU+', content: '수신거부' },
          failure: null,
          media: {},
          mo: { to: '0212345678', status: 'DELIVERED' },
        },
      ],
      hasOlder: false,
      olderCursor: null,
    },
  },
  streamTimeline: {
    description:
      'Server-Sent Events of the timeline rows as they arrive (what reaches the handset, and the MOs it sends): event `item` (id: the row id; data: a TimelineItem as JSON) and event `gap` (data: `{afterId, beforeId, skipped}` when more than 100 rows arrived between two looks; load the skipped ones with the timeline). It resumes after the `Last-Event-ID` header (A300 when not an id) or `since`; with neither, only new rows. A `: ping` comment every 15 s and `retry: 2000`; a console session that ends closes the stream.',
    media: {
      type: 'text/event-stream',
      description:
        'An endless event stream: `item` events (TimelineItem JSON), `gap` events, `: ping` comments',
    },
    errors: ['A306'],
  },
  listSandboxReviews: {
    description:
      'The informational templates waiting for the sandbox reviewer (REQ), oldest request first, with what a decision needs: the account, the request comment and attachment name, and the template (texts, items, buttons, variables). `status` APR, REJ or REG lists those instead, latest change first. Page with `offset` and `limit` while `hasMore` is true.',
    response: ReviewsList,
    errors: [],
    paging: 'offset',
    example: {
      reviews: [
        {
          accountId: ACCOUNT,
          accountName: 'acme',
          senderKey: SENDER_KEY,
          templateCode: 'ORDER-001',
          templateName: '주문 완료 안내',
          inspectionStatus: 'REQ',
          status: 'R',
          requestedAt: AT,
          requestComment: '검수 부탁드립니다',
          attachmentName: null,
          comment: '검수 부탁드립니다',
          modifiedAt: AT,
          template: {
            ...templateRecord,
            title: null,
            subtitle: null,
            header: null,
            extra: null,
            ad: null,
            imgUrl: null,
            itemHighlight: null,
            item: null,
            buttons,
            variables,
          },
        },
      ],
      offset: 0,
      limit: 50,
      hasMore: false,
    },
  },
  decideSandboxReview: {
    description:
      'Decides an informational template under review (inspectionStatus REQ) as the platform reviewer would: approve makes it APR and active (A), reject makes it REJ. The comment joins the review history. Answers the template record as the client API shows it; a template not under review is A824.',
    response: DecidedTemplate,
    errors: ['A529', 'A820', 'A824'],
    example: {
      senderKey: SENDER_KEY,
      senderKeyType: 'S',
      templateCode: 'ORDER-001',
      templateName: '주문 완료 안내',
      templateMessageType: 'BA',
      templateEmphasizeType: 'NONE',
      msgType: 'AT',
      text: templateRecord.text,
      extra: null,
      ad: null,
      title: null,
      subtitle: null,
      header: null,
      itemHighlight: null,
      item: null,
      previewMessage: null,
      securityFlag: false,
      categoryCode: '002001',
      variables,
      buttons,
      imgUrl: null,
      imgName: null,
      inspectionStatus: 'APR',
      status: 'A',
      comment: '승인',
      comments: [
        { type: 'REQ', comment: '검수 부탁드립니다', createdAt: AT, attachment: null },
        { type: 'APR', comment: '승인', createdAt: AT, attachment: null },
      ],
      createdAt: AT,
      modifiedAt: AT,
    },
    requestExample: {
      senderKey: SENDER_KEY,
      templateCode: 'ORDER-001',
      decision: 'approve',
      comment: '승인',
    },
  },
  completeFriendGroups: {
    description:
      'Processes IN_PROGRESS friend groups now instead of waiting for the clock: all of them (`{}`; a POST without a body is taken as `{}`), those of a senderKey, or one group. Answers the groups processed, now COMPLETED with their user and friend counts. A named group that does not exist is A552; one already COMPLETED is answered as it is.',
    response: CompletedFriendGroups,
    errors: ['A552'],
    example: {
      friendGroups: [
        {
          senderKey: SENDER_KEY,
          friendGroupKey: 'vip',
          requestId: 'FGR0mwwtbch70001fead2c1f',
          status: 'COMPLETED',
          userCount: 12,
          friendCount: 12,
          phoneNumberCount: 12,
          createdAt: AT,
          modifiedAt: AT,
        },
      ],
    },
    requestExample: { senderKey: SENDER_KEY, friendGroupKey: 'vip' },
  },
  setVideoState: {
    description:
      "Moves a brand message video to any state of the spec's list, unchecked (a test of VIOLATED or ERROR needs no real platform). ENCODING then finishes by itself on the clock (PUBLIC); a usable state gets its thumbnail. Answers the video as the client API shows it.",
    response: MovedVideo,
    errors: ['A770'],
    example: {
      video: {
        vid: 'v0mwwtbche0000fead2c1f',
        status: 'PUBLIC',
        title: 'spring-sale',
        thumbnailUrl:
          'https://gw.example.test/files/video-thumbnail/v0mwwtbche0000fead2c1f.thumb.cbe31b8983417b90fda7a127d9a9454f.png',
        videoUrl: 'https://tv.omnigate.invalid/ch-acc_0mwwtbcd10001fead2c1f/videos/v0mwwtbche0000fead2c1f',
        fileName: 'spring-sale.mp4',
        fileSize: 2048,
        senderKey: SENDER_KEY,
        modifiedAt: AT,
        regDate: '2026-11-22 09:45:00',
        updateDate: '2026-11-22 09:45:00',
      },
    },
    requestExample: { status: 'PUBLIC' },
  },
  injectMo: {
    description:
      "A handset sends an MO message to `to`, the sender number an account registered: it is stored and delivered to that account's MO webhook, as one from the network would be, and it appears in the sending handset's timeline (`originator`, else `from`) as `kind` mo, live. The carrier defaults to the sending handset's. The same `networkId` again is the same MO (`created` false, the first msgKey).",
    response: sandboxMo.response[200],
    errors: ['A730', 'A731'],
    example: { msgKey: 'mo0mwwtbchu0000fead2c1f', accountId: ACCOUNT, created: true },
    requestExample: { to: '0212345678', from: PHONE, content: '수신거부', networkId: 'net-1' },
  },
};
