import type { LightMyRequestResponse } from 'fastify';
import pino, { type Logger } from 'pino';
import { loadConfig } from '../../src/config.ts';
import type { JobHandler } from '../../src/engine/runner.ts';
import type { FeaturePlugin } from '../../src/features/types.ts';
import { createGateway, type Gateway } from '../../src/gateway.ts';
import type { Resolve } from '../../src/http/outbound.ts';
import type { TestDb } from './db.ts';

export const ADMIN_TOKEN = 'test-admin-token-0123456789abcdef';

export interface TestGateway {
  readonly gw: Gateway;
  /** A request to the app (no network), with the admin token when `admin` is set. */
  request(opts: {
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    url: string;
    body?: unknown;
    headers?: Record<string, string>;
    admin?: boolean;
    apiKey?: string;
  }): Promise<LightMyRequestResponse>;
  /** Creates an account through the operator API; returns its id and API key. */
  createAccount(name?: string): Promise<{ accountId: string; apiKey: string; keyId: string }>;
  close(): Promise<void>;
}

export interface TestGatewayOptions {
  clock?: 'system' | 'manual';
  env?: Record<string, string>;
  handlers?: ReadonlyMap<string, JobHandler>;
  /** Start the workers (default true). */
  start?: boolean;
  clientPlugins?: readonly FeaturePlugin[];
  logger?: Logger;
  /** How the outbound policy resolves names (a stub: no test resolves a name on the network). */
  resolve?: Resolve;
}

/**
 * What the tests' webhook receivers need: they listen on the loopback, which the gateway refuses
 * unless allowed, as an operator allows a receiver on the same machine. A test of the refusals
 * sets OMNIGATE_WEBHOOK_ALLOW itself (env).
 */
export const LOOPBACK_ALLOWED = '127.0.0.0/8,::1';

/** A whole gateway on the suite's database, as `npm start` builds it, driven through inject(). */
export async function startTestGateway(db: TestDb, options: TestGatewayOptions = {}): Promise<TestGateway> {
  const config = loadConfig({
    DATABASE_URL: db.url,
    OMNIGATE_DATA_DIR: db.dir,
    OMNIGATE_ADMIN_TOKEN: ADMIN_TOKEN,
    OMNIGATE_CLOCK: options.clock ?? 'manual',
    OMNIGATE_JOB_POLL_MS: '50',
    OMNIGATE_SHUTDOWN_GRACE_MS: '2000',
    OMNIGATE_WEBHOOK_ALLOW: LOOPBACK_ALLOWED,
    ...options.env,
  });
  const gw = await createGateway(config, {
    logger: options.logger ?? pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    ...(options.clientPlugins ? { clientPlugins: options.clientPlugins } : {}),
    ...(db.schema ? { schema: db.schema } : {}),
    ...(options.handlers ? { handlers: options.handlers } : {}),
    ...(options.resolve ? { resolve: options.resolve } : {}),
  });
  await gw.app.ready();
  if (options.start !== false) gw.start();
  const t: TestGateway = {
    gw,
    request({ method, url, body, headers = {}, admin, apiKey }) {
      const h: Record<string, string> = { ...headers };
      if (admin) h.authorization = `Bearer ${ADMIN_TOKEN}`;
      if (apiKey) h.authorization = apiKey;
      return gw.app.inject({
        method,
        url,
        headers: h,
        ...(body === undefined
          ? {}
          : typeof body === 'string'
            ? { payload: body }
            : { payload: JSON.stringify(body) }),
        ...(body !== undefined && typeof body !== 'string' && !h['content-type']
          ? { headers: { ...h, 'content-type': 'application/json' } }
          : {}),
      });
    },
    async createAccount(name = 'acme') {
      const res = await t.request({ method: 'POST', url: '/admin/v1/accounts', admin: true, body: { name } });
      if (res.statusCode !== 200 && res.statusCode !== 201) {
        throw new Error(`account creation failed: ${res.statusCode} ${res.body}`);
      }
      return res.json<{ accountId: string; apiKey: string; keyId: string }>();
    },
    close: () => gw.stop(),
  };
  return t;
}
