import type { RouteDocs } from '../../http/openapi/operation-doc.ts';
import { OptOutPage, OptOutRemoved, OptOutsAdded } from './schemas.ts';

/*
 * What the OpenAPI document says of the client's opt-out list beyond its schemas: descriptions,
 * the codes each operation answers and real answers (test/http/openapi-messaging.test.ts drives
 * the same calls and checks each answer against the document). Loaded with the document, not at
 * start.
 */

/** A number the account put on its list, for every one of its sender numbers. */
const optOutExample = (phone: string) => ({
  phone,
  from: '',
  source: 'client',
  createdAt: '2026-12-01T10:01:00+09:00',
});

const OPT_OUTS = [optOutExample('01012340031'), optOutExample('01012340032')];

export const policyDocs: RouteDocs = {
  listOptOuts: {
    description:
      "The account's opt-out list (numbers that get no advertising from it), in the order they came, whoever put them there: the recipient's own MO (source mo), the account (client) or the operator. Paged by cursor: ask again with cursor=next while next is not null. A phone filter that is not a number is A306.",
    response: OptOutPage,
    errors: ['A306'],
    paging: 'cursor',
    example: { optOuts: OPT_OUTS, next: null },
  },
  addOptOuts: {
    description:
      "Puts 1 to 1000 numbers on the account's opt-out list (source client), for every sender number of the account or only for `from` (a registered sender number, else A327). Numbers already there stay as they are; answers how many were new and each number's entry.",
    response: OptOutsAdded,
    errors: ['A306', 'A327'],
    example: { added: 2, optOuts: OPT_OUTS },
    requestExample: { phones: ['01012340031', '01012340032'] },
  },
  removeOptOut: {
    description:
      'Takes a number the account put on its list off it (the entry for `from`, or the one for every number when from is absent). A number not on the list is A820; one the recipient (by MO) or the operator put there is A824: only its opt-in message or the operator lifts it.',
    response: OptOutRemoved,
    errors: ['A306', 'A820', 'A824'],
    example: { phone: '01012340031', from: '', deleted: true },
  },
};
