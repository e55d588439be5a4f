import { Type } from '@sinclair/typebox';

/*
 * Request schemas of friend groups, group tags and the audience checks. Lengths and number
 * formats are checked by the use cases, so that each gets its own result code.
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
