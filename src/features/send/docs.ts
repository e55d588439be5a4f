import { Type } from '@sinclair/typebox';
import type { RouteDocs } from '../../http/openapi/operation-doc.ts';
import { SEND, SEND_RULES } from './doc-codes.ts';
import { SendResult } from './schema.ts';

/*
 * What the OpenAPI document says of the send operation beyond its schemas: its description, the
 * codes it answers and a real answer (test/http/openapi-messaging.test.ts drives the same call and
 * checks the answer against the document). Loaded with the document, not at start.
 */

export const sendDocs: RouteDocs = {
  sendMessages: {
    description: `Sends one messageFlow to up to 200 recipients: each recipient gets the first channel, and the next one when it fails (failover). The answer means accepted, not delivered: delivery comes in reports, by the msgKey of each recipient. ${SEND_RULES} The same idempotencyKey again within its TTL sends nothing and answers A301 for each recipient with the msgKey of the first send.`,
    response: SendResult,
    dataFields: { ref: Type.String({ description: 'the request’s ref, echoed; "" when none' }) },
    errors: SEND,
    example: {
      destinations: [
        { to: '01012340001', msgKey: '0mwwt8le30000e740503e', code: 'A000', result: 'SUCCESS' },
        { to: '01012340002', msgKey: '0mwwt8le30001e740503e', code: 'A000', result: 'SUCCESS' },
        {
          to: '0101',
          msgKey: '',
          code: 'A306',
          result: 'Invalid recipient number (to): 0101 is not a valid number',
        },
      ],
    },
    exampleFields: { ref: 'batch-7' },
    requestExample: {
      destinations: [{ to: '01012340001', ref: 'order-1' }, { to: '01012340002' }, { to: '0101' }],
      messageFlow: [{ sms: { from: '0212345678', text: 'Your order has shipped' } }],
      ref: 'batch-7',
    },
  },
};
