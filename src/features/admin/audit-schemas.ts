import { Type } from '@sinclair/typebox';
import { named } from '../../http/openapi/components.ts';
import { Nullable, Time } from '../../http/schema-types.ts';
import { Cursor, Limit } from './ops-doc.ts';

/* Schemas of the audit log (GET /admin/v1/audit): what operators did, newest first. */

export const AuditQuery = Type.Object({ limit: Limit, cursor: Cursor });

export const AuditEntry = named(
  'AuditEntry',
  Type.Object({
    id: Type.Integer(),
    at: Time('iso', 'when it was answered (real time, not the sandbox clock)'),
    actor: Type.String({
      description:
        '`token <print>` (the admin token: first 16 hex digits of its SHA-256), ' +
        '`console <session> (token <print>)`, or `cli <user>`',
    }),
    action: Type.String({
      description: 'METHOD and route, e.g. `POST /admin/v1/accounts/:accountId/keys`',
    }),
    target: Type.Record(Type.String(), Type.String(), { description: 'the path parameters' }),
    status: Type.Integer({ description: 'the HTTP status it was answered with' }),
    trId: Type.String(),
  }),
);

export const AuditPage = named(
  'AuditPage',
  Type.Object({
    entries: Type.Array(AuditEntry),
    next: Nullable(
      Type.String({ description: 'Ask again with cursor=<next> for older entries; null: no more' }),
    ),
  }),
);
