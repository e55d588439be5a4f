import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { test } from 'node:test';
import { sql } from 'kysely';
import { setupClient } from '../helpers/client.ts';
import { describeEachDb, makeTestDb } from '../helpers/db.ts';
import { startTestGateway } from '../helpers/gateway.ts';
import { serveProcess } from '../helpers/process.ts';
import { FaultProxy } from './fault-proxy.ts';
import { eventually } from './relay-helpers.ts';

const TOKEN = 'upstream-crash-admin-token';
const REQUESTS = 3;
const PER_REQUEST = 150;

async function call(
  base: string,
  path: string,
  auth: string,
  body?: unknown,
): Promise<Record<string, unknown>> {
  const res = await fetch(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

/**
 * The relay (a real `omnigate serve`) is killed with SIGKILL while the upstream holds the answer
 * to a request it already took; restarted, the relay repeats that request under its key: every
 * message reaches the upstream's handsets once, and every one ends delivered on the relay.
 */
describeEachDb('upstream connector: the relay SIGKILLed mid-batch', (db) => {
  test('0 lost, 0 doubled, counted on the upstream inbox', { timeout: 120_000 }, async (t) => {
    const second = makeTestDb(db.dialect);
    const up = await startTestGateway(second.db, { clock: 'system' });
    await up.gw.app.listen({ port: 0, host: '127.0.0.1' });
    const upUrl = `http://127.0.0.1:${(up.gw.app.server.address() as AddressInfo).port}`;
    const upClient = await setupClient(up, 'upstream-client');
    const proxy = await FaultProxy.start(upUrl);
    proxy.faults.push('hold');
    const file = join(db.dir, 'connectors-crash.json');
    writeFileSync(
      file,
      JSON.stringify({
        connectors: [
          {
            name: 'hq',
            type: 'upstream',
            baseUrl: proxy.url,
            apiKeyEnv: 'HQ_API_KEY',
            reports: 'polling',
            pollIntervalSeconds: 0.1,
            timeoutSeconds: 2,
          },
        ],
        routes: [{ channel: 'sms', connector: 'hq' }],
      }),
    );
    const store = await db.openStore();
    const env = {
      DATABASE_URL: db.processUrl,
      OMNIGATE_DATA_DIR: join(db.dir, 'data'),
      OMNIGATE_ADMIN_TOKEN: TOKEN,
      OMNIGATE_CONNECTORS: file,
      HQ_API_KEY: upClient.apiKey,
      LOG_LEVEL: 'warn',
      OMNIGATE_JOB_LEASE_MS: '2000',
    };
    const first = await serveProcess(env);
    const acc = await call(first.base, '/admin/v1/accounts', `Bearer ${TOKEN}`, { name: 'relay' });
    const apiKey = String(acc.apiKey);
    await call(first.base, `/admin/v1/accounts/${acc.accountId}/senders`, `Bearer ${TOKEN}`, {
      number: upClient.sender,
    });
    const sent: string[] = [];
    for (let r = 0; r < REQUESTS; r++) {
      const res = (await call(first.base, '/api/comm/v1/send/omni', apiKey, {
        destinations: Array.from({ length: PER_REQUEST }, (_, i) => ({
          to: `010${20_000_000 + r * 1000 + i}`,
        })),
        messageFlow: [{ sms: { from: upClient.sender, text: `crash ${r}` } }],
      })) as { data: { data: { destinations: Array<{ msgKey: string; code: string }> } } };
      for (const d of res.data.data.destinations) if (d.code === 'A000') sent.push(d.msgKey);
    }
    assert.equal(sent.length, REQUESTS * PER_REQUEST);
    // The upstream took a request and is answering it: the relay dies before the answer.
    await eventually('a request held', async () => (proxy.holding > 0 ? true : undefined), 30_000);
    first.child.kill('SIGKILL');
    await first.exit;
    proxy.release();
    const second2 = await serveProcess(env);
    try {
      await eventually(
        'every message final on the relay',
        async () => {
          const open = await store.db
            .selectFrom('messages')
            .select(sql<number>`count(*)`.as('n'))
            .where('status', 'not in', ['delivered', 'failed', 'uncertain'])
            .executeTakeFirstOrThrow();
          return Number(open.n) === 0 ? true : undefined;
        },
        90_000,
      );
      const statuses = await store.db.selectFrom('messages').select(['msg_key', 'status']).execute();
      assert.equal(statuses.length, sent.length);
      for (const m of statuses) assert.equal(m.status, 'delivered', `${m.msg_key} delivered`);
      const perPhone = await up.gw.ctx.store.db
        .selectFrom('sandbox_inbox')
        .select(['phone', sql<number>`count(*)`.as('n')])
        .groupBy('phone')
        .execute();
      assert.equal(perPhone.length, sent.length, 'every message reached the upstream handset');
      assert.deepEqual(
        perPhone.filter((p) => Number(p.n) !== 1),
        [],
        'none reached it twice',
      );
      t.diagnostic(`upstream sends seen ${proxy.sends}, forwarded ${proxy.forwarded}`);
    } finally {
      second2.child.kill('SIGTERM');
      await second2.exit;
      await proxy.close();
      await up.close();
      await second.cleanup();
    }
  });
});
