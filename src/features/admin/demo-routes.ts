import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Ctx } from '../../context.ts';
import { createDemo } from './demo.ts';
import { DemoAccount } from './demo-schemas.ts';
import * as S from './schemas.ts';

/** A Host header that is a host name or address with an optional port, nothing a shell would read. */
const PLAIN_HOST = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/;

/**
 * The address the caller reached the gateway at (behind a trusted proxy, the one the visitor
 * used), so that the lines work from where the console or the curl call was made; the configured
 * public URL when the Host header is anything else.
 */
export function requestBaseUrl(req: FastifyRequest, fallback: string): string {
  const host = req.host;
  if (!PLAIN_HOST.test(host) || (req.protocol !== 'http' && req.protocol !== 'https')) return fallback;
  return `${req.protocol}://${host}`;
}

/** POST /admin/v1/demo: `omnigate demo` as an operator call (audited as every other one). */
export const demoRoutes: FastifyPluginAsyncTypebox<{ ctx: Ctx }> = async (app, { ctx }) => {
  app.post(
    '/demo',
    {
      schema: {
        operationId: 'createDemo',
        ...S.adminDoc(
          'Create (or reuse) the demo account and answer curl lines of a first send on every channel',
        ),
        response: S.answers(DemoAccount),
      },
    },
    async (req) => createDemo(ctx, { baseUrl: requestBaseUrl(req, ctx.config.publicUrl) }),
  );
};
