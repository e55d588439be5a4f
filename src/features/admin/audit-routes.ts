import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { isoKst } from '../../clock.ts';
import type { Ctx } from '../../context.ts';
import { GatewayError } from '../../errors.ts';
import { listAudit } from '../../store/accounts/audit.ts';
import { AuditPage, AuditQuery } from './audit-schemas.ts';
import { opsAnswers, opsDoc } from './ops-doc.ts';

/** GET /admin/v1/audit: what operators did (src/http/audit-hook.ts records it), newest first. */
export const auditRoutes: FastifyPluginAsyncTypebox<{ ctx: Ctx }> = async (app, { ctx }) => {
  app.get(
    '/audit',
    {
      schema: {
        operationId: 'listAuditEntries',
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
