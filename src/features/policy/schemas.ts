import { type Static, Type } from '@sinclair/typebox';
import { named } from '../../http/openapi/components.ts';
import { ClientEnvelope, Time as FormattedTime, Nullable, StringEnum } from '../../http/schema-types.ts';
import { OPT_OUT_SOURCES } from '../../store/policy/opt-outs.ts';
import { RULE_KINDS, RULE_MATCHES } from '../../store/policy/policy-rules.ts';
import { Cursor, Limit, opsAnswers, opsDoc } from '../admin/ops-doc.ts';

/** Schemas of the anti-spam and opt-out routes (operator and client): validation and OpenAPI. */

const Phones = Type.Array(Type.String(), { description: '1 to 1000 recipient numbers (01012345678 form)' });
const FromField = Type.Optional(
  Type.String({
    description: "a sender number of the account; '' or absent: every number of the account",
  }),
);

/** One number on an account's list: the client's and the operator's lists show the same record. */
export const OptOutEntry = named(
  'OptOutEntry',
  Type.Object({
    phone: Type.String(),
    from: Type.String({
      description: "the sender number it opted out of; '' for every number of the account",
    }),
    source: StringEnum(OPT_OUT_SOURCES, "mo: the recipient's own message; client: the account; operator"),
    createdAt: FormattedTime('iso', 'when it went on the list'),
  }),
);
export type OptOutView = Static<typeof OptOutEntry>;

export const OptOutPage = named(
  'OptOutPage',
  Type.Object({
    optOuts: Type.Array(OptOutEntry),
    next: Nullable(Type.String({ description: 'Ask again with cursor=<next> for more; null: no more' })),
  }),
);

const OptOutQuery = Type.Object({
  phone: Type.Optional(Type.String({ description: 'only this number' })),
  cursor: Cursor,
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, description: '1 to 1000; default 100' })),
});

const AddOptOuts = Type.Object({ phones: Phones, from: FromField });
const Added = named(
  'OptOutsAdded',
  Type.Object({
    added: Type.Integer({ description: 'how many were not on the list yet' }),
    optOuts: Type.Array(OptOutEntry),
  }),
);
const PhoneParams = Type.Object({ phone: Type.String({ minLength: 1, maxLength: 30 }) });
const FromQuery = Type.Object({ from: FromField });
const Removed = named(
  'OptOutRemoved',
  Type.Object({ phone: Type.String(), from: Type.String(), deleted: Type.Literal(true) }),
);

export { Added as OptOutsAdded, Removed as OptOutRemoved };

const client = (operationId: string, summary: string) => ({
  operationId,
  tags: ['optout'],
  summary,
  security: [{ apiKey: [] }],
});

export const clientList = {
  ...client(
    'listOptOuts',
    "The account's opt-out list: numbers that get no advertising from it, in the order they came",
  ),
  querystring: OptOutQuery,
  response: { 200: ClientEnvelope(OptOutPage) },
};
export const clientAdd = {
  ...client('addOptOuts', 'Put numbers on the opt-out list (source client)'),
  body: AddOptOuts,
  response: { 200: ClientEnvelope(Added) },
};
export const clientRemove = {
  ...client(
    'removeOptOut',
    'Take a number the account put on the list off it (A824 for one the recipient or the operator put there)',
  ),
  params: PhoneParams,
  querystring: FromQuery,
  response: { 200: ClientEnvelope(Removed) },
};

const AccountParams = Type.Object({ accountId: Type.String({ minLength: 1, maxLength: 100 }) });

export const adminList = {
  operationId: 'adminListOptOuts',
  ...opsDoc("An account's opt-out list"),
  params: AccountParams,
  querystring: OptOutQuery,
  response: opsAnswers(
    named('AccountOptOutPage', Type.Composite([Type.Object({ accountId: Type.String() }), OptOutPage])),
  ),
};
export const adminAdd = {
  operationId: 'adminAddOptOuts',
  ...opsDoc("Put numbers on an account's opt-out list (source operator)"),
  params: AccountParams,
  body: AddOptOuts,
  response: opsAnswers(
    named('AccountOptOutsAdded', Type.Composite([Type.Object({ accountId: Type.String() }), Added])),
  ),
};
export const adminRemove = {
  operationId: 'adminRemoveOptOut',
  ...opsDoc("Take a number off an account's opt-out list, whoever put it there"),
  params: Type.Composite([AccountParams, PhoneParams]),
  querystring: FromQuery,
  response: opsAnswers(
    named('AccountOptOutRemoved', Type.Composite([Type.Object({ accountId: Type.String() }), Removed])),
  ),
};

const Rule = named(
  'PolicyRule',
  Type.Object({
    ruleId: Type.String(),
    accountId: Nullable(Type.String({ description: 'null: every account' })),
    kind: StringEnum(
      RULE_KINDS,
      'text: A322 on a text containing the pattern; sender: A323; recipient: A324',
    ),
    match: StringEnum(RULE_MATCHES, 'contains (text); exact or prefix (numbers)'),
    pattern: Type.String(),
    note: Nullable(Type.String()),
    createdAt: FormattedTime('iso'),
  }),
);

export const addRule = {
  operationId: 'addPolicyRule',
  ...opsDoc(
    'Add a spam-filter rule',
    'A text rule refuses a recipient (A322) whose text or title, after #{key} substitution, contains the ' +
      'pattern (compared without case, whitespace or full-width forms); a sender rule refuses every recipient ' +
      'of a flow sending from the number (A323); a recipient rule refuses the number (A324). accountId null or absent: every account.',
  ),
  body: Type.Object({
    accountId: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 100 }))),
    kind: Type.String({ description: RULE_KINDS.join(', ') }),
    match: Type.Optional(
      Type.String({ description: 'text: contains (default); numbers: exact (default) or prefix' }),
    ),
    pattern: Type.String({ minLength: 1, description: 'a phrase (text) or digits (numbers)' }),
    note: Type.Optional(Nullable(Type.String())),
  }),
  response: opsAnswers(Rule),
};
export const listRules = {
  operationId: 'listPolicyRules',
  ...opsDoc('Spam-filter rules, oldest first'),
  querystring: Type.Object({
    accountId: Type.Optional(
      Type.String({ description: 'an account id, or "global" for the rules of every account' }),
    ),
    kind: Type.Optional(Type.String({ description: RULE_KINDS.join(', ') })),
    cursor: Cursor,
    limit: Limit,
  }),
  response: opsAnswers(
    named('PolicyRulePage', Type.Object({ rules: Type.Array(Rule), next: Nullable(Type.String()) })),
  ),
};
export const removeRule = {
  operationId: 'removePolicyRule',
  ...opsDoc('Remove a spam-filter rule'),
  params: Type.Object({ ruleId: Type.String({ minLength: 1, maxLength: 100 }) }),
  response: opsAnswers(
    named('RemovedPolicyRule', Type.Object({ ruleId: Type.String(), deleted: Type.Literal(true) })),
  ),
};
