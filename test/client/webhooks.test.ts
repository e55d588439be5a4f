import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import express from 'express';
import Fastify from 'fastify';
import type { MoMessage, Report } from '../../clients/typescript/src/index.ts';
import {
  expressWebhookHandler,
  fastifyWebhookHandler,
  nodeWebhookHandler,
  verifySignature,
  type WebhookHandlerOptions,
} from '../../clients/typescript/src/webhooks.ts';
import { settle } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { clientOf, type Served, serveGateway } from './helpers.ts';

const SECRET = 'whsec-client-test-0123456789';

async function listen(server: Server): Promise<string> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
}

function close(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

describeEachDb('client: webhooks', (db) => {
  let s: Served;
  const servers: Server[] = [];
  before(async () => {
    s = await serveGateway(db);
  });
  after(async () => {
    await s.t.close();
    for (const server of servers) await close(server);
  });

  const admin = async (method: 'PUT' | 'POST', url: string, body: unknown) => {
    const res = await s.t.request({ method, url, admin: true, body });
    assert.equal(res.statusCode, 200, res.body);
  };

  /** An account whose MO number is `number` and whose webhook is `url`. */
  async function account(name: string, number: string, url: string) {
    const { c, client } = await clientOf(s, name);
    await admin('POST', `/admin/v1/accounts/${c.accountId}/senders`, { number });
    await admin('PUT', `/admin/v1/accounts/${c.accountId}/webhook`, { url, secret: SECRET });
    return { c, client };
  }

  /** An MO from a sandbox handset to `to`, delivered by the gateway's workers. */
  async function mo(to: string, content: string): Promise<string> {
    const res = await s.t.request({
      method: 'POST',
      url: '/sandbox/v1/mo',
      admin: true,
      body: { to, from: '01055550000', content },
    });
    assert.equal(res.statusCode, 200, res.body);
    await settle(s.t);
    return res.json<{ msgKey: string }>().msgKey;
  }

  test('verifySignature on a real delivery: valid; tampered, wrong secret, expired refused', async () => {
    const seen: IncomingHttpHeaders[] = [];
    const server = createServer((req, res) => {
      seen.push(req.headers);
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const { msgKey } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ msgKey }));
      });
    });
    servers.push(server);
    await account('verify', '15880001', await listen(server));
    await mo('15880001', 'YES');
    const [headers] = seen;
    assert.ok(headers);
    const ts = Number(headers['x-svc-timestamp']);
    const ok = verifySignature(headers, SECRET);
    assert.deepEqual(ok, { valid: true, timestampMs: ts });
    // The fetch API's Headers work as well.
    assert.equal(verifySignature(new Headers(headers as Record<string, string>), SECRET).valid, true);
    const signature = String(headers['x-svc-signature']);
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;
    assert.deepEqual(verifySignature({ ...headers, 'x-svc-signature': flipped }, SECRET), {
      valid: false,
      reason: 'mismatch',
    });
    assert.deepEqual(verifySignature({ ...headers, 'x-svc-timestamp': String(ts + 1) }, SECRET), {
      valid: false,
      reason: 'mismatch',
    });
    assert.deepEqual(verifySignature(headers, 'another-secret'), { valid: false, reason: 'mismatch' });
    assert.deepEqual(verifySignature({ ...headers, 'x-svc-signature': undefined }, SECRET), {
      valid: false,
      reason: 'missing',
    });
    assert.deepEqual(verifySignature({ ...headers, 'x-svc-signature': signature.toUpperCase() }, SECRET), {
      valid: false,
      reason: 'malformed',
    });
    // A replay 301 s later is refused with the default tolerance (300 s), kept with a wider one.
    assert.deepEqual(verifySignature(headers, SECRET, { nowMs: ts + 301_000 }), {
      valid: false,
      reason: 'expired',
    });
    assert.deepEqual(verifySignature(headers, SECRET, { nowMs: ts - 301_000 }), {
      valid: false,
      reason: 'expired',
    });
    assert.equal(
      verifySignature(headers, SECRET, { nowMs: ts + 301_000, toleranceSeconds: 600 }).valid,
      true,
    );
    assert.equal(verifySignature(headers, SECRET, { nowMs: ts + 10 ** 9, toleranceSeconds: 0 }).valid, true);
  });

  /** Each handler, behind its framework: an MO and a report reach the callbacks and are acknowledged. */
  const frameworks: [
    string,
    (o: WebhookHandlerOptions) => Promise<{ url: string; close(): Promise<void> }>,
  ][] = [
    [
      'node:http',
      async (o) => {
        const server = createServer(nodeWebhookHandler(o));
        return { url: await listen(server), close: () => close(server) };
      },
    ],
    [
      'Express (no body parser)',
      async (o) => {
        const app = express();
        app.post('/hook', expressWebhookHandler(o));
        const server = createServer(app);
        return { url: await listen(server), close: () => close(server) };
      },
    ],
    [
      'Express (express.json())',
      async (o) => {
        const app = express();
        app.post('/hook', express.json(), expressWebhookHandler(o));
        const server = createServer(app);
        return { url: await listen(server), close: () => close(server) };
      },
    ],
    [
      'Fastify',
      async (o) => {
        const app = Fastify();
        app.post('/hook', fastifyWebhookHandler(o));
        await app.listen({ port: 0, host: '127.0.0.1' });
        return {
          url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/hook`,
          close: () => app.close(),
        };
      },
    ],
  ];

  for (const [i, [name, start]] of frameworks.entries()) {
    test(`${name} handler: verifies, hands MOs and reports to the callbacks, answers {msgKey}`, async () => {
      const mos: MoMessage[] = [];
      const reports: Report[] = [];
      let failNext = false;
      const receiver = await start({
        secret: SECRET,
        onMo: (m) => {
          if (failNext) {
            failNext = false;
            throw new Error('database down');
          }
          mos.push(m);
        },
        onReport: (r) => {
          reports.push(r);
        },
      });
      try {
        const number = `1588010${i}`;
        const { c, client } = await account(`handler-${i}`, number, receiver.url);
        const msgKey = await mo(number, 'YES 2');
        assert.deepEqual(
          mos.map((m) => [m.msgKey, m.serviceType, m.to, m.from, m.content]),
          [[msgKey, 'MO', number, '01055550000', 'YES 2']],
        );
        const history = await client.messages.moHistory();
        assert.equal(history.data.messages[0]?.status, 'DELIVERED');

        // A callback that throws is a 500: the gateway keeps the MO and tries again later.
        failNext = true;
        const failed = await mo(number, 'NO');
        const again = await client.messages.moHistory();
        const entry = again.data.messages.find((m) => m.msgKey === failed);
        assert.equal(entry?.status, 'FAILED');
        assert.match(entry?.lastError ?? '', /500/);

        // Reports in webhook mode go to onReport.
        await admin('PUT', `/admin/v1/accounts/${c.accountId}/report-mode`, { mode: 'webhook' });
        const [sent] = await client.sms('01055551234', { from: c.sender, text: 'report me' });
        await settle(s.t);
        assert.deepEqual(
          reports.map((r) => [r.msgKey, r.reportType, r.reportCode]),
          [[sent?.msgKey, 'STANDARD', '10000']],
        );
        assert.equal((await client.reports.inquiry(sent?.msgKey ?? '')).data.report.length, 1);

        // A request not signed with the secret is refused before any callback.
        const forged = await fetch(receiver.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-svc-timestamp': String(Date.now()),
            'x-svc-signature': 'ab'.repeat(32),
          },
          body: JSON.stringify({ msgKey: 'x', serviceType: 'MO' }),
        });
        assert.equal(forged.status, 401);
        assert.equal(mos.length, 1);
      } finally {
        await receiver.close();
      }
    });
  }
});
