import { Type } from '@sinclair/typebox';
import { named } from '../../http/openapi/components.ts';
import { Nullable, StringEnum, Time } from '../../http/schema-types.ts';

/*
 * Schemas of the sandbox reviewer's list (free of server imports: the console takes its types
 * from here). Decisions stay with POST /sandbox/v1/reviews.
 */

export const REVIEW_STATUSES = ['REQ', 'APR', 'REJ', 'REG'] as const;
export const REVIEWS_PAGE_MAX = 200;
export const REVIEWS_PAGE_DEFAULT = 50;

export const ReviewsQuery = Type.Object({
  status: Type.Optional(
    StringEnum(
      REVIEW_STATUSES,
      'inspection status: REQ (waiting for a decision, the default), APR, REJ, REG',
    ),
  ),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 })),
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: REVIEWS_PAGE_MAX, default: REVIEWS_PAGE_DEFAULT }),
  ),
});

const ReviewButton = Type.Object(
  { type: Type.String(), name: Type.String() },
  { additionalProperties: true, description: 'as registered (urlMobile, urlPc, schemes ...)' },
);

const Titled = Type.Object({ title: Type.String(), description: Type.String() });

export const ReviewRequest = named(
  'ReviewRequest',
  Type.Object({
    accountId: Type.String(),
    accountName: Nullable(Type.String()),
    senderKey: Type.String(),
    templateCode: Type.String(),
    templateName: Type.String(),
    inspectionStatus: Type.String({ description: 'REG, REQ, APR or REJ' }),
    status: Type.String({ description: 'R (pending), A (active) or S (stopped)' }),
    requestedAt: Nullable(Time('iso', 'when the open review was requested (REQ only)')),
    requestComment: Nullable(Type.String({ description: "the client's comment on the open request" })),
    attachmentName: Nullable(Type.String({ description: 'the file attached to the open request' })),
    comment: Type.String({ description: 'the latest review comment (the decision, once decided)' }),
    modifiedAt: Time('iso'),
    template: Type.Object({
      msgType: Type.String({ description: 'AT or AI' }),
      templateMessageType: Type.String({ description: 'BA, EX, AD or MI' }),
      templateEmphasizeType: Type.String({ description: 'NONE, TEXT, IMAGE or ITEM_LIST' }),
      categoryCode: Type.String(),
      text: Type.String(),
      title: Nullable(Type.String()),
      subtitle: Nullable(Type.String()),
      header: Nullable(Type.String()),
      extra: Nullable(Type.String()),
      ad: Nullable(Type.String()),
      imgUrl: Nullable(Type.String()),
      itemHighlight: Nullable(
        Type.Object({
          title: Type.String(),
          description: Type.String(),
          imageUrl: Type.Optional(Type.String()),
        }),
      ),
      item: Nullable(Type.Object({ list: Type.Array(Titled), summary: Type.Optional(Nullable(Titled)) })),
      buttons: Type.Array(ReviewButton),
      variables: Type.Array(Type.Object({ key: Type.String(), example: Type.String() })),
    }),
  }),
);

export const ReviewsList = named(
  'ReviewsPage',
  Type.Object({
    reviews: Type.Array(ReviewRequest),
    offset: Type.Integer(),
    limit: Type.Integer(),
    hasMore: Type.Boolean(),
  }),
);
