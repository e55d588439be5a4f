import { GatewayError } from '../../errors.ts';
import { success } from '../../http/envelope.ts';
import { RateLimiter } from '../../rules/token-bucket.ts';
import type { FeaturePlugin } from '../types.ts';
import { Directory } from './directory.ts';
import { SendBody } from './schema.ts';
import { sendMessages } from './send.ts';

/** POST /api/comm/v1/send/omni (and the short form /api/omni that the spec's overview names). */
export const sendRoutes: FeaturePlugin = async (app, { ctx }) => {
  const dir = new Directory(ctx);
  // sendPerSecond counts recipients, on wall time (as requestsPerSecond does).
  const recipients = new RateLimiter();
  for (const url of ['/api/comm/v1/send/omni', '/api/omni']) {
    app.post(
      url,
      {
        schema: {
          operationId: 'sendMessages',
          tags: ['send'],
          summary: 'Send to up to 200 recipients over an ordered messageFlow (failover)',
          description:
            'Each recipient gets its own result (msgKey, code). The answer means accepted; delivery comes in reports.',
          body: SendBody,
          security: [{ apiKey: [] }],
          hide: url === '/api/omni',
        },
      },
      async (req, reply) => {
        const principal = req.principal;
        if (!principal) throw new GatewayError('A401');
        const limit = principal.account.sendPerSecond;
        const n = req.body.destinations.length;
        const now = Date.now();
        if (!recipients.allow(principal.account.id, limit, n, now)) {
          // When to try again: a client honouring it is not refused again for the same request.
          reply.header('Retry-After', String(recipients.retryAfterSeconds(principal.account.id, n, now)));
          throw new GatewayError('A020', `at most ${limit} recipients per second`);
        }
        const out = await sendMessages(ctx, dir, principal, req.body);
        return success(req.id, { destinations: out.destinations }, { ref: req.body.ref ?? '' });
      },
    );
  }
};
