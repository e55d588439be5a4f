import type { RouteDocs } from '../../http/openapi/operation-doc.ts';
import { MessageInquiry, ReportAck, ReportBatch, ReportInquiry } from './schemas.ts';

/*
 * What the OpenAPI document says of report polling and the inquiries beyond their schemas:
 * descriptions, the codes each answers and real answers (test/http/openapi-messaging.test.ts
 * drives the same calls and checks each answer against the document). Loaded with the document,
 * not at start.
 */

const REPORT_ID = 'rpt_0mwwt9fxu000054b0f67b';
const MSG_KEY = '0mwwt8le30000e740503e';

/** A delivered SMS's STANDARD report, as the examples' messages all got one. */
const reportExample = (msgKey: string, ref: string) => ({
  msgKey,
  serviceType: 'SMS',
  msgType: 'SM',
  reportType: 'STANDARD',
  reportCode: '10000',
  reportText: 'Delivered',
  reportTime: '2026-12-01 10:00:00',
  sendTime: '2026-12-01 10:00:00',
  carrier: 'SKT',
  ref,
});

export const reportDocs: RouteDocs = {
  pollReports: {
    description:
      'The reports waiting for the account (polling mode), up to 1,000 oldest first, as one batch: the same batch (same reportId) is answered again until it is acknowledged with DELETE. When nothing waits: reportId "" and report null (not []).',
    response: ReportBatch,
    errors: [],
    example: {
      reportId: REPORT_ID,
      report: [
        reportExample('0mwwt9fxd000154b0f67b', 'order-1'),
        reportExample('0mwwt9fxd000254b0f67b', 'batch-7'),
      ],
    },
  },
  ackReports: {
    description:
      'Acknowledges a polled batch: the next poll answers the next one. Acknowledging the same batch again answers A000 (a retried DELETE is safe); an unknown reportId, or another account’s, is A820. Answers the envelope, never an empty 204.',
    response: ReportAck,
    errors: ['A820'],
    example: { reportId: REPORT_ID },
  },
  getReportInquiry: {
    description:
      'Every report of one message, STANDARD and DLR alike, in the order they were made, whether they were polled, posted to the webhook or not yet taken. A message of the account without a report yet answers an empty list; an unknown msgKey, or another account’s, is A820.',
    response: ReportInquiry,
    errors: ['A820'],
    example: { msgKey: MSG_KEY, report: [reportExample(MSG_KEY, 'order-1')] },
  },
  getMessageInquiry: {
    description:
      'One message, its state and each channel attempted for it, in messageFlow order (failover steps marked fallback Y); messages is empty while no channel has been tried. An unknown msgKey, or another account’s, is A820.',
    response: MessageInquiry,
    errors: ['A820'],
    example: {
      msgKey: MSG_KEY,
      to: '01012340001',
      status: 'delivered',
      messages: [
        {
          msgKey: MSG_KEY,
          serviceType: 'SMS',
          msgType: 'SM',
          channel: 'sms',
          fallback: 'N',
          reportCode: '10000',
          reportText: 'Delivered',
          carrier: 'SKT',
          status: 'delivered',
          sendTime: '2026-12-01 10:00:00',
          reportTime: '2026-12-01 10:00:00',
        },
      ],
    },
  },
};
