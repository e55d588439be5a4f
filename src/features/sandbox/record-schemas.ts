import { Type } from '@sinclair/typebox';
import { Nullable, StringEnum, Time } from '../../http/schema-types.ts';
import { VIDEO_STATES } from '../brandmessage/video-rules.ts';

/*
 * What the sandbox answers of records the client API owns (an informational template, a friend
 * group, a video), as the OpenAPI document describes them. Left unnamed: the client API names
 * those records, and a copy identical to a named one becomes a $ref to it. Loaded with the
 * document (docs.ts), not at start.
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
      createdAt: Time('iso'),
      attachment: Nullable(Type.Object({ fileName: Type.String(), url: Type.String() })),
    }),
    { description: 'the review history, oldest first' },
  ),
  createdAt: Time('iso'),
  modifiedAt: Time('iso'),
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
      createdAt: Time('iso'),
      modifiedAt: Time('iso'),
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
    modifiedAt: Time('iso'),
    regDate: Time('korea'),
    updateDate: Time('korea'),
  }),
});
