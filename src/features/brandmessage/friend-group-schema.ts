import { type Static, Type } from '@sinclair/typebox';
import { named } from '../../http/openapi/components.ts';
import { StringEnum, Time } from '../../http/schema-types.ts';

/*
 * The contract of friend groups, group tags and the audience checks: what each route takes and
 * the records it answers. Lengths and number formats are checked by the use cases, so that each
 * gets its own result code. Descriptions and real examples are in friend-group-docs.ts, loaded
 * with the OpenAPI document.
 */

const SenderKey = Type.String({ minLength: 1, maxLength: 40 });
const PhoneNumbers = Type.Array(Type.String(), {
  description: 'digits only: 010... or E.164 without +; 1 to 10,000 per request',
});

export const NumberListForm = Type.Object({
  senderKey: Type.String({ description: 'the sender profile the list is for' }),
  file: Type.String({
    format: 'binary',
    description:
      'UTF-8 text, at most 4 MiB and 100,000 numbers: one number per line, or CSV with the number in the first column (a first line without digits is a header)',
  }),
});

export const RegisterBody = Type.Object({
  friendGroup: Type.Object({
    senderKey: SenderKey,
    friendGroupKey: Type.Optional(
      Type.String({ description: '1-50 characters of A-Z a-z 0-9 . _ -; generated when absent' }),
    ),
    fileKey: Type.Optional(
      Type.String({ description: 'an uploaded list (exactly one of fileKey, phoneNumbers)' }),
    ),
    phoneNumbers: Type.Optional(PhoneNumbers),
  }),
});

export const ChangeBody = Type.Object({
  friendGroup: Type.Object({
    senderKey: SenderKey,
    friendGroupKey: Type.String({ minLength: 1 }),
    fileKey: Type.Optional(Type.String()),
    phoneNumbers: Type.Optional(PhoneNumbers),
  }),
});

export const GroupQuery = Type.Object({
  senderKey: SenderKey,
  friendGroupKey: Type.String({ minLength: 1 }),
});

export const GroupListQuery = Type.Object({
  senderKey: SenderKey,
  status: Type.Optional(Type.String({ description: 'IN_PROGRESS, or COMPLETED (also C)' })),
});

export const GroupParams = Type.Object({
  senderKey: Type.String({ minLength: 1 }),
  friendGroupKey: Type.String({ minLength: 1 }),
});

export const GroupTagBody = Type.Object({
  senderKey: Type.Optional(Type.String({ minLength: 1, description: 'or inside groupTag' })),
  groupTag: Type.Object({
    senderKey: Type.Optional(Type.String({ minLength: 1 })),
    groupTagKey: Type.String({ description: '1-50 characters of A-Z a-z 0-9 . _ -' }),
    groupTagName: Type.String({ description: '1-50 characters, not blank' }),
  }),
});

export const GroupTagQuery = Type.Object({
  senderKey: SenderKey,
  groupTagKey: Type.String({ minLength: 1 }),
});
export const SenderKeyQuery = Type.Object({ senderKey: SenderKey });
export const GroupTagParams = Type.Object({
  senderKey: Type.String({ minLength: 1 }),
  groupTagKey: Type.String({ minLength: 1 }),
});

export const PossibleQuery = Type.Object({
  senderKey: SenderKey,
  msgType: Type.String({ minLength: 1, description: 'a brand message type (TEXT, FT, FI, FW, ... FG)' }),
  friendGroupKey: Type.Optional(Type.String({ description: 'omit for all friends' })),
});

export const FriendPossibleBody = Type.Object({
  senderKey: SenderKey,
  phoneNumbers: Type.Array(Type.String(), { description: 'at least 10, at most 10,000' }),
});

export const CompleteBody = Type.Object({
  senderKey: Type.Optional(Type.String({ minLength: 1 })),
  friendGroupKey: Type.Optional(Type.String({ minLength: 1 })),
});

// ---- the answers ----

const Str = (description?: string) => Type.String(description ? { description } : {});
const Int = (description?: string) => Type.Integer(description ? { description } : {});

export const GroupTag = named(
  'GroupTag',
  Type.Object(
    {
      senderKey: Str(),
      groupTagKey: Str(),
      groupTagName: Str(),
      createdAt: Time('iso'),
      modifiedAt: Time('iso'),
    },
    { description: 'A group tag of a sender profile' },
  ),
);
export type GroupTagView = Static<typeof GroupTag>;

export const GroupTags = named(
  'GroupTags',
  Type.Object(
    { groupTags: Type.Array(GroupTag) },
    { description: 'Group tags (one entry when a single tag was created, renamed or read)' },
  ),
);
export type GroupTagsT = Static<typeof GroupTags>;

const FriendGroupStatus = StringEnum(
  ['IN_PROGRESS', 'COMPLETED'] as const,
  'IN_PROGRESS until processed (a few seconds), then COMPLETED',
);

export const FriendGroupFile = named(
  'FriendGroupFile',
  Type.Object(
    {
      fileKey: Str('Names the list in a registration or a change'),
      expiredAt: Time('iso', 'from then on the fileKey is unknown (24 hours)'),
      phoneNumberCount: Int('Distinct numbers in the list'),
    },
    { description: 'An uploaded phone-number list' },
  ),
);
export type NumberFileUploaded = Static<typeof FriendGroupFile>;

const acceptedFields = {
  senderKey: Str(),
  friendGroupKey: Str(),
  requestId: Str('The request that processing answers'),
  status: FriendGroupStatus,
  phoneNumberCount: Int('Numbers in the group now'),
  createdAt: Time('iso'),
  modifiedAt: Time('iso'),
};

export const FriendGroupAccepted = named(
  'FriendGroupAccepted',
  Type.Object(acceptedFields, { description: 'A friend group registration, accepted (IN_PROGRESS)' }),
);
/** What registration and the number changes answer: the request's outcome, before processing. */
export type FriendGroupAcceptedView = Static<typeof FriendGroupAccepted>;

export const FriendGroupChanged = named(
  'FriendGroupChanged',
  Type.Object(
    {
      ...acceptedFields,
      changedCount: Int('Numbers added that were not in the group, or removed that were'),
    },
    { description: 'A change of a friend group’s numbers, accepted (processed again)' },
  ),
);
export type FriendGroupChangedView = Static<typeof FriendGroupChanged>;

export const FriendGroup = named(
  'FriendGroup',
  Type.Object(
    {
      senderKey: Str(),
      friendGroupKey: Str(),
      requestId: Str(),
      status: FriendGroupStatus,
      userCount: Int('App users found by the last processing (0 before the first)'),
      friendCount: Int('Friends of the profile found by the last processing'),
      phoneNumberCount: Int('Numbers in the group now'),
      createdAt: Time('iso'),
      modifiedAt: Time('iso'),
    },
    { description: 'A friend group with the counts of its last processing' },
  ),
);
/**
 * A friend group as the client API shows it (`data.data.friendGroup`): the spec's fields, plus
 * senderKey and phoneNumberCount (numbers in the group now). userCount and friendCount are those
 * of the last processing: 0 until the first one, unchanged while a change is IN_PROGRESS.
 */
export type FriendGroupView = Static<typeof FriendGroup>;

export const FriendGroupList = named(
  'FriendGroupList',
  Type.Object(
    { friendGroups: Type.Array(FriendGroup), totalCount: Int() },
    { description: 'The friend groups of a sender profile' },
  ),
);
export type FriendGroupListT = Static<typeof FriendGroupList>;

export const AudiencePossible = named(
  'AudiencePossible',
  Type.Object({ possible: Int('How many would receive it') }, { description: 'An audience count' }),
);
export type AudiencePossibleT = Static<typeof AudiencePossible>;

export const FriendCount = named(
  'FriendCount',
  Type.Object({ count: Int('The channel’s friends') }, { description: 'A sender profile’s friend count' }),
);
export type FriendCountT = Static<typeof FriendCount>;
