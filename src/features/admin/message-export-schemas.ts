import { Type } from '@sinclair/typebox';
import { named } from '../../http/openapi/components.ts';
import { Nullable, StringEnum, Time } from '../../http/schema-types.ts';
import { MessageSearchQuery } from './message-schemas.ts';
import { opsDoc } from './ops-doc.ts';

/*
 * The export of a message search (GET /admin/v1/messages/export): the search's filters, a file
 * format, and the columns of each row. Free of server imports: the console takes its types here.
 */

export const EXPORT_FORMATS = ['csv', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const { cursor: _cursor, limit: _limit, ...filters } = MessageSearchQuery.properties;

export const MessageExportQuery = Type.Object(
  {
    format: StringEnum(
      EXPORT_FORMATS,
      'csv: a header row and a row per message (RFC 4180); json: one array of objects',
    ),
    ...filters,
  },
  { additionalProperties: false },
);

/** The columns, in the order the CSV writes them and the JSON objects hold them. */
export const EXPORT_COLUMNS = [
  'msgKey',
  'accountId',
  'accountName',
  'to',
  'sender',
  'channel',
  'step',
  'status',
  'reportCode',
  'reportText',
  'ref',
  'createdAt',
  'doneAt',
  'updatedAt',
  'requestId',
  'title',
  'text',
] as const;

export const MessageExportRow = named(
  'AdminMessageExport',
  Type.Object({
    msgKey: Type.String(),
    accountId: Type.String(),
    accountName: Nullable(Type.String()),
    to: Type.String({ description: 'the recipient number' }),
    sender: Nullable(
      Type.String({ description: 'the sender number of its current step; null for a profile or brand' }),
    ),
    channel: Nullable(Type.String({ description: 'the channel of its current step (sms, mms, rcs, ...)' })),
    step: Type.Integer({ description: 'the messageFlow index it is at (0: the first channel)' }),
    status: Type.String(),
    reportCode: Nullable(Type.String()),
    reportText: Nullable(Type.String()),
    ref: Nullable(Type.String({ description: "the destination's ref" })),
    createdAt: Time('iso', 'accepted'),
    doneAt: Nullable(Time('iso', 'final state reached')),
    updatedAt: Time('iso'),
    requestId: Type.String(),
    title: Nullable(Type.String({ description: "its current step's title, substituted" })),
    text: Nullable(
      Type.String({ description: "its current step's text as the recipient got it (a 2FA code masked)" }),
    ),
  }),
);

/** The JSON file: one array of rows. */
export const MessageExportFile = Type.Array(MessageExportRow);

/**
 * No response schema on the route: the answer is a stream, never serialized. ops-docs.ts documents
 * its JSON form (an array of AdminMessageExport) and says the CSV's columns.
 */
export const exportMessagesSchema = {
  operationId: 'exportMessages',
  ...opsDoc('Export a message search as CSV or JSON, newest first'),
  querystring: MessageExportQuery,
};
