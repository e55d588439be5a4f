import type { RouteDocs } from '../../http/openapi/operation-doc.ts';
import { MoHistoryPage } from './schemas.ts';

/*
 * What the OpenAPI document says of the client's MO history beyond its schemas: its description,
 * the codes it answers and a real answer (test/http/openapi-messaging.test.ts drives the same call
 * and checks the answer against the document). Loaded with the document, not at start.
 */

export const moDocs: RouteDocs = {
  listMoMessages: {
    description:
      "Inbound (MO) messages sent to the account's numbers, newest first, with the state of their delivery to the account's webhook. Filters: date (yyyyMMdd, Korea time), status, occurredTime (sent at or after), from and to. Paged by cursor: pass the answer's lastSeq as lastSeq while hasNext is true (or by offset, as before; limit 1 to 1000, default 100). A filter that is not valid is A734.",
    response: MoHistoryPage,
    errors: ['A734'],
    paging: 'lastSeq',
    example: {
      messages: [
        {
          msgKey: 'mo0mwwt8lii0000e740503e',
          serviceType: 'MO',
          msgType: 'SM',
          to: '0212345678',
          from: '01012340021',
          carrier: 'SKT',
          originator: '01012340021',
          content: 'STOP please',
          occurredTime: '2026-12-01T10:01:00+09:00',
          status: 'FAILED',
          attempts: 1,
          lastError:
            'account has no webhook URL; set one with PUT /admin/v1/accounts/acc_0mwwt8l020001e740503e/webhook',
          receivedAt: '2026-12-01T10:01:00+09:00',
          lastAttemptAt: '2026-12-01T10:01:00+09:00',
          nextAttemptAt: '2026-12-01T10:01:10+09:00',
          deliveredAt: null,
        },
      ],
      offset: 0,
      limit: 100,
      hasNext: false,
      lastSeq: 1,
    },
  },
};
