import { Type } from '@sinclair/typebox';
import { VIDEO_STATES } from '../../features/brandmessage/video-rules.ts';
import { sandboxMo } from '../../features/mo/schemas.ts';
import { ActiveHandset, HandsetsList, ReadView } from '../../features/sandbox/activity-schemas.ts';
import { ReviewRequest, ReviewsList } from '../../features/sandbox/review-schemas.ts';
import { ClockView } from '../../features/sandbox/schemas.ts';
import { TimelineItem, TimelinePage } from '../../features/sandbox/timeline-schemas.ts';
import { HandsetView, InboxCleared, InboxView } from '../../features/sandbox/world-schemas.ts';
import { Nullable, StringEnum } from '../schema-types.ts';
import { named } from './components.ts';

/*
 * Named records of the sandbox control API (/sandbox/v1) and of the system routes: the routes' own
 * response schemas, reused as they are (schema-convert.ts writes them in OpenAPI 3.0's terms).
 */

const Time = Type.String({ description: 'ISO 8601, Korea time (+09:00)' });

export const Clock = named('Clock', ClockView);
export const Handset = named('Handset', HandsetView);
export const InboxMessage = named('InboxMessage', InboxView.properties.messages.items);
export const InboxPage = named('InboxPage', InboxView);
export const InboxClearedView = named('InboxCleared', InboxCleared);
export const ActiveHandsetView = named('ActiveHandset', ActiveHandset);
export const HandsetsPage = named('HandsetsPage', HandsetsList);
export const ReadMark = named('ReadMark', ReadView);
export const TimelineEntry = named('TimelineItem', TimelineItem);
export const TimelinePageView = named('TimelinePage', TimelinePage);
export const Review = named('ReviewRequest', ReviewRequest);
export const ReviewsPage = named('ReviewsPage', ReviewsList);
export const ReceivedMo = named('ReceivedMo', sandboxMo.response[200]);

export const Health = named(
  'Health',
  Type.Object({ status: StringEnum(['ok'] as const, 'always ok: the process answers') }),
);
export const Readiness = named(
  'Readiness',
  Type.Object({
    status: StringEnum(
      ['ready', 'not ready'] as const,
      'ready (200): the database answers and every migration is applied; not ready (503) otherwise',
    ),
  }),
);

/*
 * What the sandbox answers of records the client API owns (an informational template, a friend
 * group, a video). Left unnamed here: the client API's catalogs name those records, and a copy
 * identical to a named one becomes a $ref to it.
 */

const Titled = Type.Object({ title: Type.String(), description: Type.String() });

/** The informational template after a sandbox review decision (the client API's template record). */
export const DecidedTemplate = Type.Object({
  senderKey: Type.String(),
  senderKeyType: Type.String({ description: 'S (a sender profile) or G (a group)' }),
  templateCode: Type.String(),
  templateName: Type.String(),
  templateMessageType: Type.String({ description: 'BA, EX, AD or MI' }),
  templateEmphasizeType: Type.String({ description: 'NONE, TEXT, IMAGE or ITEM_LIST' }),
  msgType: Type.String({ description: 'AT or AI' }),
  text: Type.String(),
  extra: Nullable(Type.String()),
  ad: Nullable(Type.String()),
  title: Nullable(Type.String()),
  subtitle: Nullable(Type.String()),
  header: Nullable(Type.String()),
  itemHighlight: Nullable(
    Type.Object({ title: Type.String(), description: Type.String(), imageUrl: Type.Optional(Type.String()) }),
  ),
  item: Nullable(Type.Object({ list: Type.Array(Titled), summary: Type.Optional(Nullable(Titled)) })),
  previewMessage: Nullable(Type.String()),
  securityFlag: Type.Boolean(),
  categoryCode: Type.String(),
  variables: Type.Array(Type.Object({ key: Type.String(), example: Type.String() })),
  buttons: Type.Array(
    Type.Object(
      {
        type: Type.String(),
        name: Type.String(),
        urlMobile: Type.Optional(Type.String()),
        urlPc: Type.Optional(Type.String()),
        schemeAndroid: Type.Optional(Type.String()),
        schemeIos: Type.Optional(Type.String()),
      },
      { additionalProperties: false },
    ),
  ),
  imgUrl: Nullable(Type.String()),
  imgName: Nullable(Type.String()),
  inspectionStatus: StringEnum(['REG', 'REQ', 'APR', 'REJ'] as const),
  status: StringEnum(['R', 'A', 'S'] as const, 'R (pending), A (active) or S (stopped)'),
  comment: Type.String({ description: 'the latest review comment (the decision)' }),
  comments: Type.Array(
    Type.Object({
      type: StringEnum(['REQ', 'CANCEL', 'APR', 'REJ'] as const),
      comment: Type.String(),
      createdAt: Time,
      attachment: Nullable(Type.Object({ fileName: Type.String(), url: Type.String() })),
    }),
    { description: 'the review history, oldest first' },
  ),
  createdAt: Time,
  modifiedAt: Time,
});

/** POST /sandbox/v1/friend-groups/complete: the groups it processed (the client API's record). */
export const CompletedFriendGroups = Type.Object({
  friendGroups: Type.Array(
    Type.Object({
      senderKey: Type.String(),
      friendGroupKey: Type.String(),
      requestId: Type.String(),
      status: StringEnum(['IN_PROGRESS', 'COMPLETED'] as const),
      userCount: Type.Integer({ description: 'messaging-app users among the numbers (last processing)' }),
      friendCount: Type.Integer({ description: "friends of the profile's channel (last processing)" }),
      phoneNumberCount: Type.Integer({ description: 'numbers in the group now' }),
      createdAt: Time,
      modifiedAt: Time,
    }),
  ),
});

/** POST /sandbox/v1/videos/{vid}/state: the video in its new state (the client API's record). */
export const MovedVideo = Type.Object({
  video: Type.Object({
    vid: Type.String(),
    status: StringEnum(VIDEO_STATES),
    title: Type.String(),
    thumbnailUrl: Nullable(Type.String({ description: 'set once the video reached a usable state' })),
    videoUrl: Type.String(),
    fileName: Type.String(),
    fileSize: Type.Integer(),
    senderKey: Type.String(),
    modifiedAt: Time,
    regDate: Type.String({ description: 'yyyy-MM-dd HH:mm:ss, Korea time' }),
    updateDate: Type.String({ description: 'yyyy-MM-dd HH:mm:ss, Korea time' }),
  }),
});
