import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import express from 'express';
import Fastify from 'fastify';
import type { MoMessage, Report } from '../../clients/typescript/src/index.ts';
import {
  expressWebhookHandler,
  fastifyWebhookHandler,
  handleWebhook,
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

  test('verifySignature on a real delivery: valid; tampered body or timestamp, wrong secret, expired refused', async () => {
    const seen: { headers: IncomingHttpHeaders; raw: Buffer }[] = [];
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks);
        seen.push({ headers: req.headers, raw });
        const { msgKey } = JSON.parse(raw.toString('utf8'));
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ msgKey }));
      });
    });
    servers.push(server);
    await account('verify', '15880001', await listen(server));
    await mo('15880001', 'YES');
    const [delivery] = seen;
    assert.ok(delivery);
    const { headers, raw } = delivery;
    const text = raw.toString('utf8');
    const ts = Number(headers['x-svc-timestamp']);
    assert.deepEqual(verifySignature(raw, headers, SECRET), { valid: true, timestampMs: ts });
    // The body as a string, and the fetch API's Headers, work as well.
    assert.equal(verifySignature(text, headers, SECRET).valid, true);
    assert.equal(verifySignature(raw, new Headers(headers as Record<string, string>), SECRET).valid, true);

    // The headers of a genuine request with another body: the spec's signature alone passes it.
    const tampered = text.replace('"YES"', '"NO"');
    assert.notEqual(tampered, text);
    assert.deepEqual(verifySignature(tampered, headers, SECRET), { valid: false, reason: 'mismatch' });
    assert.deepEqual(verifySignature(Buffer.concat([raw, Buffer.from(' ')]), headers, SECRET), {
      valid: false,
      reason: 'mismatch',
    });
    assert.deepEqual(verifySignature(raw, { ...headers, 'x-svc-timestamp': String(ts + 1) }, SECRET), {
      valid: false,
      reason: 'mismatch',
    });
    const signature = String(headers['x-svc-signature']);
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;
    assert.deepEqual(verifySignature(raw, { ...headers, 'x-svc-signature': flipped }, SECRET), {
      valid: false,
      reason: 'mismatch',
    });
    assert.deepEqual(verifySignature(raw, headers, 'another-secret'), { valid: false, reason: 'mismatch' });
    assert.deepEqual(verifySignature(raw, { ...headers, 'x-svc-signature': undefined }, SECRET), {
      valid: false,
      reason: 'missing',
    });
    // The spec leaves the encoding open: uppercase hex and base64 (standard, URL-safe, unpadded)
    // are the same signature; anything else is malformed.
    const bytes = Buffer.from(signature, 'hex');
    for (const form of [
      signature.toUpperCase(),
      bytes.toString('base64'),
      bytes.toString('base64url'),
      bytes.toString('base64').replace(/=+$/, ''),
    ]) {
      assert.deepEqual(verifySignature(raw, { ...headers, 'x-svc-signature': form }, SECRET), {
        valid: true,
        timestampMs: ts,
      });
    }
    for (const bad of ['zz', signature.slice(2), Buffer.alloc(31).toString('base64')]) {
      assert.deepEqual(verifySignature(raw, { ...headers, 'x-svc-signature': bad }, SECRET), {
        valid: false,
        reason: 'malformed',
      });
    }

    // Signed as the spec describes (no body signature): valid by default; refused on request.
    const spec = { ...headers, 'x-omnigate-body-signature': undefined };
    assert.deepEqual(verifySignature(raw, spec, SECRET), { valid: true, timestampMs: ts });
    assert.deepEqual(verifySignature(raw, spec, SECRET, { requireBodySignature: true }), {
      valid: false,
      reason: 'missing',
    });
    // The handlers receive an Omnigate's posts, which always carry the body signature: they demand it.
    const parsed: unknown = JSON.parse(text);
    assert.equal(
      (await handleWebhook(spec, parsed, { secret: SECRET, toleranceSeconds: 0, onMo: async () => {} }, raw))
        .status,
      401,
    );
    assert.equal(
      (
        await handleWebhook(
          spec,
          parsed,
          { secret: SECRET, toleranceSeconds: 0, requireBodySignature: false, onMo: async () => {} },
          raw,
        )
      ).status,
      200,
    );
    // A body signature that is there is always checked.
    assert.deepEqual(verifySignature(tampered, headers, SECRET, { requireBodySignature: false }), {
      valid: false,
      reason: 'mismatch',
    });

    // A replay 301 s later is refused with the default tolerance (300 s), kept with a wider one.
    assert.deepEqual(verifySignature(raw, headers, SECRET, { nowMs: ts + 301_000 }), {
      valid: false,
      reason: 'expired',
    });
    assert.deepEqual(verifySignature(raw, headers, SECRET, { nowMs: ts - 301_000 }), {
      valid: false,
      reason: 'expired',
    });
    assert.equal(
      verifySignature(raw, headers, SECRET, { nowMs: ts + 301_000, toleranceSeconds: 600 }).valid,
      true,
    );
    assert.equal(
      verifySignature(raw, headers, SECRET, { nowMs: ts + 10 ** 9, toleranceSeconds: 0 }).valid,
      true,
    );
    // Only 0 turns the replay check off: a negative or NaN tolerance is a mistake, not "off".
    for (const toleranceSeconds of [-1, Number.NaN, Number.POSITIVE_INFINITY]) {
      assert.throws(
        () => verifySignature(raw, headers, SECRET, { nowMs: ts + 10 ** 9, toleranceSeconds }),
        RangeError,
      );
      assert.throws(() => nodeWebhookHandler({ secret: SECRET, toleranceSeconds }), RangeError);
      assert.throws(() => fastifyWebhookHandler({ secret: SECRET, toleranceSeconds }), RangeError);
    }
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
      'Express (express.json(), the parsed body serialised again)',
      async (o) => {
        const app = express();
        app.post('/hook', express.json(), expressWebhookHandler(o));
        const server = createServer(app);
        return { url: await listen(server), close: () => close(server) };
      },
    ],
    [
      'Express (express.json() keeping the raw body)',
      async (o) => {
        const app = express();
        const json = express.json({
          verify: (req: IncomingMessage & { rawBody?: Buffer }, _res, buf) => {
            req.rawBody = buf;
          },
        });
        app.post('/hook', json, expressWebhookHandler(o));
        const server = createServer(app);
        return { url: await listen(server), close: () => close(server) };
      },
    ],
    [
      'Express (express.raw())',
      async (o) => {
        const app = express();
        app.post('/hook', express.raw({ type: 'application/json' }), expressWebhookHandler(o));
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

        // A request not signed with the secret is refused before any callback; so is a body that
        // is not the one signed, under a valid X-SVC-Signature.
        const ts = String(Date.now());
        const hmac = (data: string) => createHmac('sha256', SECRET).update(data).digest('hex');
        const forged = (signature: string, bodySignature: string) =>
          fetch(receiver.url, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'x-svc-timestamp': ts,
              'x-svc-signature': signature,
              'x-omnigate-body-signature': bodySignature,
            },
            body: JSON.stringify({ ...mos[0], content: 'forged' }),
          });
        const signedBody = `${ts}.${JSON.stringify(mos[0])}`;
        assert.equal((await forged('ab'.repeat(32), 'ab'.repeat(32))).status, 401);
        assert.equal((await forged(hmac(ts), hmac(signedBody))).status, 401);
        assert.equal(mos.length, 1);
      } finally {
        await receiver.close();
      }
    });

    test(`${name} handler: a fault (a callback's, or its own) answers 500 with a fixed text, told to onError`, async () => {
      const errors: unknown[] = [];
      let secretLookup: 'works' | 'fails' = 'works';
      const receiver = await start({
        // A secret read from a vault that is down: handling throws before any callback.
        get secret(): string {
          if (secretLookup === 'fails') throw new Error('vault unreachable (token t-123)');
          return SECRET;
        },
        onMo: () => {
          throw new Error('INSERT failed: password=hunter2');
        },
        onError: (e) => {
          errors.push(e);
        },
      });
      try {
        const body = JSON.stringify({
          msgKey: `mo-fault-${i}`,
          serviceType: 'MO',
          msgType: 'SMS',
          to: '15880300',
          from: '01055550000',
          carrier: 'SKT',
          originator: '01055550000',
          content: 'YES',
          occurredTime: '2026-11-26 09:00:00',
        });
        const post = () => {
          const ts = String(Date.now());
          const hmac = (data: string) => createHmac('sha256', SECRET).update(data).digest('hex');
          return fetch(receiver.url, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'x-svc-timestamp': ts,
              'x-svc-signature': hmac(ts),
              'x-omnigate-body-signature': hmac(`${ts}.${body}`),
            },
            body,
            // Without the fix the request hangs: fail the test instead.
            signal: AbortSignal.timeout(5000),
          });
        };
        const thrown = await post();
        assert.equal(thrown.status, 500);
        assert.deepEqual(await thrown.json(), { error: 'webhook handling failed' });
        secretLookup = 'fails';
        const faulted = await post();
        assert.equal(faulted.status, 500);
        assert.deepEqual(await faulted.json(), { error: 'webhook handling failed' });
        assert.deepEqual(
          errors.map((e) => (e instanceof Error ? e.message : String(e))),
          ['INSERT failed: password=hunter2', 'vault unreachable (token t-123)'],
        );
      } finally {
        await receiver.close();
      }
    });
  }
});
