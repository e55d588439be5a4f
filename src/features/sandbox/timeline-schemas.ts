import { Type } from '@sinclair/typebox';
import { named } from '../../http/openapi/components.ts';
import { Nullable, StringEnum, Time } from '../../http/schema-types.ts';

/*
 * What the console shows of a handset: every step sent to it, delivered (the phone shows it) or
 * failed at the handset (a marked event, not a gap), and the MO messages it sent itself. Free of
 * server imports: the console takes its types from here.
 */

/** An MO's webhook delivery (store/mo/mo.ts MO_STATUSES; timeline.ts checks they agree). */
export const SENT_MO_STATUSES = ['PENDING', 'FAILED', 'DELIVERED', 'GIVEN_UP'] as const;

export const TimelineItem = named(
  'TimelineItem',
  Type.Object({
    id: Type.Integer({ description: 'arrival order; the cursor of paging and of the live stream' }),
    kind: Type.Union([Type.Literal('message'), Type.Literal('failure'), Type.Literal('mo')], {
      description:
        'message: the handset shows it; failure: the step failed at the handset (see failure); mo: the handset sent it, an MO message (see mo)',
    }),
    channel: Type.String({
      description: 'sms, mms, infomsg, rcs or brandmessage; mo for an MO the handset sent',
    }),
    msgType: Nullable(Type.String({ description: 'SM, LM, MM, AT, AI, the RCS or brand message type' })),
    from: Nullable(
      Type.String({
        description: 'the sender; for an MO, the number the sender entered (the handset by default)',
      }),
    ),
    title: Nullable(Type.String()),
    text: Type.String({ description: 'after #{key} substitution; for an MO, its content' }),
    msgKey: Type.String({ description: "the message's; for an MO, the MO's (GET /admin/v1/mo/{msgKey})" }),
    step: Type.Integer({ description: 'the messageFlow index' }),
    failover: Type.Boolean({ description: 'true when an earlier step of the message failed (step > 0)' }),
    receivedAt: Time('iso'),
    payload: Type.Object(
      {},
      {
        additionalProperties: true,
        description: 'the channel object as sent; for an MO: to, from, originator, carrier, content',
      },
    ),
    failure: Nullable(
      Type.Object({ code: Type.String({ description: 'the report code' }), text: Type.String() }),
    ),
    media: Type.Record(Type.String(), Type.String(), {
      description:
        'the URL each uploaded file the payload names is served at, by its key (an MMS fileKey, an RCS body.media); a key missing here names no file (unknown or expired)',
    }),
    mo: Nullable(
      Type.Object(
        {
          to: Type.String({ description: 'the MO number it was sent to' }),
          status: Nullable(
            StringEnum(
              SENT_MO_STATUSES,
              "its delivery to the account's webhook when the item was read (the live stream sends an item once: GET /admin/v1/mo/{msgKey} follows it); null once the MO is no longer kept",
            ),
          ),
        },
        { description: 'kind mo: where the MO went and its webhook delivery; null for the other kinds' },
      ),
    ),
  }),
);

/** GET /sandbox/v1/handsets/{phone}/timeline: a page size of 1 to TIMELINE_PAGE_MAX. */
export const TIMELINE_PAGE_MAX = 200;
export const TIMELINE_PAGE_DEFAULT = 50;

export const TimelineQuery = Type.Object({
  before: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: Number.MAX_SAFE_INTEGER,
      description: 'show the rows before this id (olderCursor of the page before)',
    }),
  ),
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: TIMELINE_PAGE_MAX,
      default: TIMELINE_PAGE_DEFAULT,
      description: `rows per page, 1 to ${TIMELINE_PAGE_MAX}`,
    }),
  ),
});

export const TimelinePage = named(
  'TimelinePage',
  Type.Object({
    phone: Type.String(),
    items: Type.Array(TimelineItem, {
      description:
        'the newest `limit` rows before `before`, oldest first (a phone shows the newest at the bottom)',
    }),
    hasOlder: Type.Boolean({ description: 'rows older than the first item exist' }),
    olderCursor: Nullable(Type.Integer({ description: 'pass as `before` for the older page (null: none)' })),
  }),
);

export const StreamQuery = Type.Object({
  since: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: Number.MAX_SAFE_INTEGER,
      description:
        'send the rows after this id (0: all); default: only rows that arrive from now on. The Last-Event-ID header, when present, wins',
    }),
  ),
});

/** The `gap` event of the live stream: rows left out because more arrived than one look sends. */
export const StreamGap = Type.Object({
  afterId: Type.Integer({ description: 'the last id sent before the gap' }),
  beforeId: Type.Integer({ description: 'the first id sent after the gap' }),
  skipped: Type.Integer({ description: 'rows between the two: load them with the timeline endpoint' }),
});
