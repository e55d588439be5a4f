import { type TSchema, Type } from '@sinclair/typebox';
import type { RouteDocs } from '../../http/openapi/operation-doc.ts';
import { Time } from '../../http/schema-types.ts';
import { TwoFactorLogEntry } from './schema.ts';

/*
 * What the OpenAPI document says of the two-factor authentication operations beyond their
 * schemas: descriptions, the codes each answers and real answers (test/http/openapi-messaging.test.ts
 * drives the same calls and checks each answer against the document). Loaded with the document,
 * not at start.
 */

// ---- fields in `data` itself, beside code and result ----

/*
 * Marked optional only because the document's example envelope carries ref and resvKey alone
 * (document.ts builds it with success()); every 2FA answer, success or refusal, holds them.
 */
const resultMsg = Type.Optional(Type.String({ description: 'what was done, for people (always present)' }));
const userRef = Type.Optional(
  Type.String({ description: 'the userRef of the request, echoed; "" when none (always present)' }),
);
const twofaFields = (fields: Record<string, TSchema>) => ({ resultMsg, ...fields, userRef });
const always = (description: string) =>
  Type.Optional(Type.String({ description: `${description} (always present)` }));

const REQUEST_ID = '2fa0mwwt8ljb0000e740503e';

export const twofaDocs: RouteDocs = {
  registerTwoFactorService: {
    description:
      'Registers (or replaces) the service name put in front of the verification texts, at most 20 bytes (Korean syllables count 2). Like every 2FA answer, its fields are in `data` itself beside code, result and resultMsg, and a refusal holds the same fields, blank.',
    dataFields: twofaFields({ serviceName: always('the name registered') }),
    errors: ['A700'],
    exampleFields: { resultMsg: 'Service name registered', serviceName: 'Omni', userRef: '' },
    requestExample: { serviceName: 'Omni' },
  },
  getTwoFactorService: {
    description:
      'The registered service name and when it was registered; both "" (resultMsg "No service name registered") when there is none.',
    dataFields: twofaFields({
      serviceName: always('the registered name; "" when none'),
      regDate: Type.Optional(Time('koreaOrEmpty', 'when it was registered; "" when none (always present)')),
    }),
    errors: [],
    exampleFields: {
      resultMsg: 'Service name found',
      serviceName: 'Omni',
      regDate: '2026-12-01 10:01:00',
      userRef: 'u-1',
    },
    requestExample: { userRef: 'u-1' },
  },
  deleteTwoFactorService: {
    description:
      'Deletes the service name: verification texts then carry none. Deleting when none is registered succeeds too, so a retried delete is not an error.',
    dataFields: twofaFields({}),
    errors: [],
    exampleFields: { resultMsg: 'Service name deleted', userRef: '' },
    requestExample: {},
  },
  requestTwoFactorCode: {
    description:
      "Sends a 6-digit verification code (random, or authNumber) by SMS from the account's first registered sender number (A703 when it has none); the code is valid for 3 minutes. At most 5 requests per number within 3 minutes (A704). The SMS's reports carry the requestId as their ref; a recipient the spam filter refuses answers its code (A322-A324).",
    dataFields: twofaFields({ requestId: always('the key of this request, for verify and the logs') }),
    errors: ['A306', 'A322', 'A323', 'A324', 'A701', 'A703', 'A704'],
    exampleFields: { resultMsg: 'Verification code sent', requestId: REQUEST_ID, userRef: 'login-9' },
    requestExample: { to: '01012340041', authNumber: '482913', userRef: 'login-9' },
  },
  verifyTwoFactorCode: {
    description:
      "Verifies a code once, for requestId or, without it, the number's latest request that can still be verified. A wrong code is A706; after 5 wrong codes the request is locked (A709); an expired code is A707, a used one A708, an unknown request (or one for another number) A705.",
    dataFields: twofaFields({ requestId: always('the request verified') }),
    errors: ['A306', 'A701', 'A705', 'A706', 'A707', 'A708', 'A709'],
    exampleFields: { resultMsg: 'Verified', requestId: REQUEST_ID, userRef: '' },
    requestExample: { to: '01012340041', authNumber: '482913', requestId: REQUEST_ID },
  },
  listTwoFactorLogs: {
    description:
      'The verification requests made on one Korea-time day (requestDate yyyyMMdd, else A702), oldest first; only one with requestId. Expired and locked requests stay PENDING.',
    dataFields: twofaFields({
      list: Type.Optional(Type.Array(TwoFactorLogEntry, { description: 'the requests (always present)' })),
    }),
    errors: ['A702'],
    exampleFields: { resultMsg: 'SUCCESS', userRef: '' },
    requestExample: { requestDate: '20261201' },
  },
};
