import type { TSchema } from '@sinclair/typebox';
import type { Code } from '../../errors.ts';
import type { RouteDocs } from '../../http/openapi/operation-doc.ts';
import { SENDER_KEY, wrap } from './docs-common.ts';
import {
  AudiencePossible,
  FriendCount,
  FriendGroup,
  FriendGroupAccepted,
  FriendGroupChanged,
  FriendGroupFile,
  FriendGroupList,
  GroupTags,
} from './friend-group-schema.ts';

/*
 * What the OpenAPI document says of the group tag, audience check and friend group operations
 * beyond their schemas: descriptions, the codes each answers and real answers
 * (test/http/openapi-center.test.ts drives the same calls and checks each answer against the
 * document). Loaded with the document, not at start.
 */

/** What a list of numbers (fileKey or phoneNumbers) can be refused for. */
const NUMBERS: readonly Code[] = ['A553', 'A554', 'A555', 'A556', 'A217'];

const friendGroup = (schema: TSchema) => wrap('friendGroup', schema);

const CREATED = '2026-11-23T09:00:11+09:00';
const PROCESSED = '2026-11-23T09:00:21+09:00';

const groupTagExample = (groupTagKey: string, groupTagName: string) => ({
  senderKey: SENDER_KEY,
  groupTagKey,
  groupTagName,
  createdAt: CREATED,
  modifiedAt: CREATED,
});

/** A processed friend group: vip (20 numbers, all friends) unless `over` says otherwise. */
const groupExample = (over: Record<string, unknown>) => ({
  senderKey: SENDER_KEY,
  friendGroupKey: 'vip',
  requestId: 'FGR0mwwtgack0001e9e43402',
  status: 'COMPLETED',
  userCount: 20,
  friendCount: 20,
  phoneNumberCount: 20,
  createdAt: CREATED,
  modifiedAt: PROCESSED,
  ...over,
});

/** The group from-file as a registration or a change of its numbers leaves it (IN_PROGRESS). */
const fromFileAccepted = (over: Record<string, unknown>) => ({
  senderKey: SENDER_KEY,
  friendGroupKey: 'from-file',
  requestId: 'FGR0mwwtgacb0001e9e43402',
  status: 'IN_PROGRESS',
  phoneNumberCount: 12,
  createdAt: CREATED,
  modifiedAt: PROCESSED,
  ...over,
});

/** A change of the numbers of from-file. */
const numbersRequest = (phoneNumbers: string[]) => ({
  friendGroup: { senderKey: SENDER_KEY, friendGroupKey: 'from-file', phoneNumbers },
});

export const friendGroupDocs: RouteDocs = {
  /* ---------- group tags ---------- */

  createGroupTag: {
    description:
      'Creates a group tag of a sender profile (senderKey inside groupTag or beside it). Key and name are unique ' +
      'per profile (A763, A764); a profile has at most 100 tags (A766). Answers the tag as groupTags[0].',
    response: GroupTags,
    errors: ['A340', 'A761', 'A762', 'A763', 'A764', 'A766'],
    example: { groupTags: [groupTagExample('vip', 'VIP 고객')] },
    requestExample: { senderKey: SENDER_KEY, groupTag: { groupTagKey: 'vip', groupTagName: 'VIP 고객' } },
  },
  renameGroupTag: {
    description:
      'Renames a group tag (A765 when the profile has no such key; A764 when another tag has the name). Answers ' +
      'the tag as groupTags[0].',
    response: GroupTags,
    errors: ['A340', 'A761', 'A762', 'A764', 'A765'],
    example: { groupTags: [groupTagExample('vip', '우수 고객')] },
    requestExample: { senderKey: SENDER_KEY, groupTag: { groupTagKey: 'vip', groupTagName: '우수 고객' } },
  },
  getGroupTag: {
    description: 'One group tag, as groupTags[0] (A765 when the profile has no such key).',
    response: GroupTags,
    errors: ['A340', 'A765'],
    example: { groupTags: [groupTagExample('vip', '우수 고객')] },
  },
  listGroupTags: {
    description: 'Every group tag of a sender profile.',
    response: GroupTags,
    errors: ['A340'],
    example: { groupTags: [groupTagExample('new', '신규 고객'), groupTagExample('vip', '우수 고객')] },
  },
  deleteGroupTag: {
    description: 'Deletes a group tag (A765 when the profile has no such key). Answers no data.',
    errors: ['A340', 'A765'],
  },

  /* ---------- audience checks ---------- */

  countBroadcastAudience: {
    description:
      'How many a broadcast of msgType would reach: the friends a completed friend group holds (A558 while it is ' +
      'IN_PROGRESS), or without friendGroupKey all friends of the profile the gateway knows (the sandbox ' +
      'handsets). msgType must be a brand message type (A523).',
    response: AudiencePossible,
    errors: ['A340', 'A523', 'A552', 'A558'],
    example: { possible: 20 },
  },
  countFriendsAmongNumbers: {
    description:
      'How many of the given numbers (at least 10, A760; at most 10,000; each one well-formed, A553) are friends ' +
      'of the profile now. A duplicate counts once.',
    response: AudiencePossible,
    errors: ['A340', 'A553', 'A555', 'A760'],
    example: { possible: 12 },
    requestExample: {
      senderKey: SENDER_KEY,
      phoneNumbers: [
        '01072000001',
        '01072000002',
        '01072000003',
        '01072000004',
        '01072000005',
        '01072000006',
        '01072000007',
        '01072000008',
        '01072000009',
        '01072000010',
        '01072000011',
        '01072000012',
      ],
    },
  },
  getFriendCount: {
    description: 'The friend count of the profile’s channel, as the operator set it.',
    response: FriendCount,
    errors: ['A340'],
    example: { count: 0 },
  },

  /* ---------- friend groups ---------- */

  uploadFriendGroupNumbers: {
    description:
      'Uploads a phone-number list for a sender profile (form-data: senderKey, file: UTF-8 text, one number a ' +
      'line or CSV with the number first; at most 4 MiB and 100,000 numbers). A malformed line refuses the whole ' +
      'file (A553). The answer’s fileKey names the list in a registration or change for 24 hours; the file itself ' +
      'is not kept.',
    response: friendGroup(FriendGroupFile),
    errors: ['A210', 'A212', 'A340', 'A553', 'A555', 'A556', 'A557'],
    example: {
      friendGroup: {
        fileKey: 'FGF0mwwtgaaz0000e9e43402',
        expiredAt: '2026-11-24T09:00:11+09:00',
        phoneNumberCount: 12,
      },
    },
  },
  createFriendGroup: {
    description:
      'Registers a friend group with its numbers (exactly one of fileKey and phoneNumbers, A554). It is ' +
      'IN_PROGRESS until processed a few seconds later on the gateway clock, which finds its users and friends. ' +
      'friendGroupKey is generated when absent; one the profile already has is A551.',
    response: friendGroup(FriendGroupAccepted),
    errors: ['A340', 'A550', 'A551', ...NUMBERS],
    example: { friendGroup: fromFileAccepted({ modifiedAt: CREATED }) },
    requestExample: {
      friendGroup: {
        senderKey: SENDER_KEY,
        friendGroupKey: 'from-file',
        fileKey: 'FGF0mwwtgaaz0000e9e43402',
      },
    },
  },
  getFriendGroup: {
    description:
      'One friend group with the counts of its last processing (0 before the first; unchanged while a change is ' +
      'IN_PROGRESS).',
    response: friendGroup(FriendGroup),
    errors: ['A340', 'A552'],
    example: { friendGroup: groupExample({}) },
  },
  listFriendGroups: {
    description:
      'The friend groups of a sender profile, optionally of one status (IN_PROGRESS, COMPLETED or C).',
    response: friendGroup(FriendGroupList),
    errors: ['A340'],
    example: {
      friendGroup: {
        friendGroups: [
          groupExample({
            friendGroupKey: 'from-file',
            requestId: 'FGR0mwwtgacb0001e9e43402',
            userCount: 12,
            friendCount: 12,
            phoneNumberCount: 12,
          }),
          groupExample({}),
        ],
        totalCount: 2,
      },
    },
  },
  addFriendGroupNumbers: {
    description:
      'Adds numbers to a friend group (exactly one of fileKey and phoneNumbers): the group goes back to ' +
      'IN_PROGRESS and is processed again. Numbers already in it change nothing; changedCount tells how many ' +
      'were added. A group holds at most 100,000 numbers (A555).',
    response: friendGroup(FriendGroupChanged),
    errors: ['A340', 'A552', ...NUMBERS],
    example: {
      friendGroup: fromFileAccepted({
        requestId: 'FGR0mwwtgaes0000e9e43402',
        phoneNumberCount: 15,
        changedCount: 3,
      }),
    },
    requestExample: numbersRequest(['01073000001', '01073000002', '01073000003']),
  },
  removeFriendGroupNumbers: {
    description:
      'Removes numbers from a friend group (exactly one of fileKey and phoneNumbers): the group goes back to ' +
      'IN_PROGRESS and is processed again; changedCount tells how many were in it.',
    response: friendGroup(FriendGroupChanged),
    errors: ['A340', 'A552', ...NUMBERS],
    example: {
      friendGroup: fromFileAccepted({
        requestId: 'FGR0mwwtgafd0000e9e43402',
        phoneNumberCount: 13,
        changedCount: 2,
      }),
    },
    requestExample: numbersRequest(['01071000001', '01071000002']),
  },
  deleteFriendGroup: {
    description:
      'Deletes a friend group and its numbers. A group that a broadcast not yet ended (READY, SENDING or PAUSED) ' +
      'sends to cannot be deleted (A824). Answers no data.',
    errors: ['A340', 'A552', 'A824'],
  },
};
