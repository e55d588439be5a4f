import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { isoKst } from '../../clock.ts';
import type { Ctx } from '../../context.ts';
import { GatewayError } from '../../errors.ts';
import { Nullable } from '../../http/schema-types.ts';
import { listAudit } from '../../store/accounts/audit.ts';
import { Cursor, Limit, opsAnswers, opsDoc, Time } from './ops-doc.ts';

const AuditQuery = Type.Object({ limit: Limit, cursor: Cursor });

/** The answer of GET /admin/v1/audit (named in the OpenAPI document: http/openapi/components-admin.ts). */
export const AuditPage = Type.Object({
  entries: Type.Array(
    Type.Object({
      id: Type.Integer(),
      at: Time('when it was answered (real time, not the sandbox clock)'),
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
  ),
  next: Nullable(
    Type.String({ description: 'Ask again with cursor=<next> for older entries; null: no more' }),
  ),
});

/** GET /admin/v1/audit: what operators did (src/http/audit-hook.ts records it), newest first. */
export const auditRoutes: FastifyPluginAsyncTypebox<{ ctx: Ctx }> = async (app, { ctx }) => {
  app.get(
    '/audit',
    {
      schema: {
        ...opsDoc(
          'Operator actions, newest first',
          'Every call of /admin/v1 and /sandbox/v1 that may change something, refused ones included, ' +
            'and every operator command of the CLI: who, what, on what, when, and the answer.',
        ),
        querystring: AuditQuery,
        response: opsAnswers(AuditPage),
      },
    },
    async (req) => {
      const { cursor } = req.query;
      if (cursor !== undefined && !/^[1-9]\d{0,15}$/.test(cursor)) {
        throw new GatewayError('A300', 'cursor must be the next of an earlier answer');
      }
      const page = await listAudit(
        ctx.store,
        cursor === undefined ? null : Number(cursor),
        req.query.limit ?? 50,
      );
      return {
        entries: page.entries.map((e) => ({ ...e, at: isoKst(e.at) })),
        next: page.next === null ? null : String(page.next),
      };
    },
  );
};
