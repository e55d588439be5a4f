import type { RouteDocs } from '../../http/openapi/operation-doc.ts';
import { addRule, adminAdd, adminList, adminRemove, listRules, removeRule } from './schemas.ts';

/*
 * What the OpenAPI document says of the operator's spam-filter rules and opt-out lists (under
 * /admin/v1) beyond their schemas. Every example is the body of a real call of the scenario of
 * test/http/openapi-admin.test.ts (a test gateway on the manual clock). Loaded with the document,
 * not at start.
 */

const ACCOUNT_ID = 'acc_0mwwtc7s500014d356f40';
const ADDED_AT = '2026-11-25T10:10:00+09:00';

const loanSpamRule = {
  ruleId: 'pol_0mwwtc8uy00004d356f40',
  accountId: null,
  kind: 'text',
  match: 'contains',
  pattern: '무담보대출',
  note: 'loan spam',
  createdAt: ADDED_AT,
};

/** The two numbers the operator put on the account's list, for its number 0212345678. */
const optOuts = ['01012345678', '01087654321'].map((phone) => ({
  phone,
  from: '0212345678',
  source: 'operator',
  createdAt: ADDED_AT,
}));

export const policyAdminDocs: RouteDocs = {
  // ---- spam-filter rules ----
  addPolicyRule: {
    description:
      'Adds a spam-filter rule, global or for one account: text (contains: A322 on a recipient whose text ' +
      'holds the phrase), sender (exact or prefix: A323) or recipient (exact or prefix: A324). Applies at ' +
      'once here and within a second on other instances. A300 for a kind, match or pattern that does not ' +
      'fit; A820 when the account is unknown.',
    response: addRule.response[200],
    errors: ['A820'],
    example: loanSpamRule,
    requestExample: { kind: 'text', pattern: '무담보대출', note: 'loan spam' },
  },
  listPolicyRules: {
    description:
      'Spam-filter rules, oldest first: of one account (accountId), the global ones (accountId=global) or ' +
      'all, by kind; follow `next` for more. A300 for an unknown kind.',
    response: listRules.response[200],
    errors: [],
    paging: 'cursor',
    example: {
      rules: [
        loanSpamRule,
        {
          ruleId: 'pol_0mwwtc8vd00004d356f40',
          accountId: ACCOUNT_ID,
          kind: 'recipient',
          match: 'prefix',
          pattern: '0109999',
          note: null,
          createdAt: ADDED_AT,
        },
      ],
      next: null,
    },
  },
  removePolicyRule: {
    description: 'Removes a spam-filter rule (at once here, within a second elsewhere). A820 when unknown.',
    response: removeRule.response[200],
    errors: ['A820'],
    example: { ruleId: 'pol_0mwwtc8vd00004d356f40', deleted: true },
  },

  // ---- opt-out lists ----
  adminListOptOuts: {
    description:
      "An account's opt-out list in the order numbers came, whoever put them there (mo, client, operator); " +
      'one number with `phone`; follow `next` for more. A306 for a phone that is not a number; A820 when ' +
      'the account is unknown.',
    response: adminList.response[200],
    errors: ['A306', 'A820'],
    paging: 'cursor',
    example: { accountId: ACCOUNT_ID, optOuts, next: null },
  },
  adminAddOptOuts: {
    description:
      "Puts 1 to 1000 numbers on an account's opt-out list (source operator), for one of its sender numbers " +
      '(`from`) or for every number of the account; answers how many were new and the entries. A306 for a ' +
      'number that is not one, A327 for a from the account has not registered, A820 when the account is unknown.',
    response: adminAdd.response[200],
    errors: ['A306', 'A327', 'A820'],
    example: { accountId: ACCOUNT_ID, added: 2, optOuts },
    requestExample: { phones: ['01012345678', '01087654321'], from: '0212345678' },
  },
  adminRemoveOptOut: {
    description:
      "Takes a number off an account's opt-out list, whoever put it there (the operator may lift any " +
      "entry); `from` names the sender number's entry, absent the account-wide one. A306 for a phone that " +
      'is not a number; A820 when the account is unknown or the number is not on the list.',
    response: adminRemove.response[200],
    errors: ['A306', 'A820'],
    example: { accountId: ACCOUNT_ID, phone: '01087654321', from: '0212345678', deleted: true },
  },
};
