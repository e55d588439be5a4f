import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { sql } from 'kysely';
import { describeEachDb } from '../helpers/db.ts';
import { serveProcess } from '../helpers/process.ts';

const TOKEN = 'crash-test-admin-token';
const REQUESTS = 50;
const PER_REQUEST = 200;

async function admin(base: string, path: string, body: unknown): Promise<Record<string, string>> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, string>;
}

/**
 * A 10,000-recipient burst, the gateway killed with SIGKILL in the middle of it, then restarted:
 * every message the client was told was accepted is delivered, and none is delivered twice.
 */
describeEachDb('SIGKILL during a burst', (db) => {
  test('no accepted message is lost and none is delivered twice after a restart', {
    timeout: 120_000,
  }, async (t) => {
    const store = await db.openStore();
    const env = {
      DATABASE_URL: db.processUrl,
      OMNIGATE_DATA_DIR: join(db.dir, 'data'),
      OMNIGATE_ADMIN_TOKEN: TOKEN,
      LOG_LEVEL: 'warn',
      // A short lease: the killed gateway's claimed work is taken over 3 s after the restart.
      OMNIGATE_JOB_LEASE_MS: '3000',
    };
    const first = await serveProcess(env);
    const acc = await admin(first.base, '/admin/v1/accounts', { name: 'burst' });
    await admin(first.base, `/admin/v1/accounts/${acc.accountId}/senders`, { number: '0212345678' });

    const acked = new Set<string>();
    let answered = 0;
    let killed = false;
    const sends = Array.from({ length: REQUESTS }, async (_, r) => {
      const destinations = Array.from({ length: PER_REQUEST }, (_, i) => ({
        to: `010${String(10_000_000 + r * PER_REQUEST + i)}`,
      }));
      try {
        const res = await fetch(`${first.base}/api/comm/v1/send/omni`, {
          method: 'POST',
          headers: { authorization: acc.apiKey ?? '', 'content-type': 'application/json' },
          body: JSON.stringify({
            destinations,
            messageFlow: [{ sms: { from: '0212345678', text: `burst ${r}` } }],
          }),
        });
        const body = (await res.json()) as {
          data: { data: { destinations: Array<{ msgKey: string; code: string }> } };
        };
        for (const d of body.data.data.destinations) if (d.code === 'A000') acked.add(d.msgKey);
        answered += 1;
        // Kill once part of the burst is answered: later requests and deliveries are cut mid-way.
        if (answered === Math.floor(REQUESTS / 3) && !killed) {
          killed = true;
          first.child.kill('SIGKILL');
        }
      } catch {
        // The connection died with the gateway: that request was not acknowledged.
      }
    });
    await Promise.all(sends);
    await first.exit;
    assert.ok(killed, 'the gateway was killed during the burst');
    assert.ok(acked.size >= PER_REQUEST, `some requests were acknowledged before the kill (${acked.size})`);

    const second = await serveProcess(env);
    try {
      // Wait (bounded) until every stored message has reached a final state.
      const deadline = Date.now() + 90_000;
      for (;;) {
        const open = await store.db
          .selectFrom('messages')
          .select(sql<number>`count(*)`.as('n'))
          .where('status', 'not in', ['delivered', 'failed', 'uncertain'])
          .executeTakeFirstOrThrow();
        if (Number(open.n) === 0) break;
        if (Date.now() > deadline) assert.fail(`${open.n} messages still not final after the restart`);
        await new Promise((r) => setTimeout(r, 100));
      }
      const stored = await store.db.selectFrom('messages').select(['msg_key', 'status']).execute();
      const status = new Map(stored.map((m) => [m.msg_key, m.status]));
      for (const k of acked)
        assert.equal(status.get(k), 'delivered', `acknowledged message ${k} is delivered`);
      const doubled = await store.db
        .selectFrom('sandbox_inbox')
        .select(['msg_key', sql<number>`count(*)`.as('n')])
        .groupBy('msg_key')
        .having(sql`count(*)`, '>', 1)
        .execute();
      assert.deepEqual(doubled, [], 'no message reached a handset twice');
      const inboxRows = await store.db
        .selectFrom('sandbox_inbox')
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirstOrThrow();
      assert.equal(Number(inboxRows.n), stored.length, 'every stored message reached its handset once');
      const reports = await store.db
        .selectFrom('reports')
        .select(['msg_key', sql<number>`count(*)`.as('n')])
        .groupBy('msg_key')
        .having(sql`count(*)`, '>', 1)
        .execute();
      assert.deepEqual(reports, [], 'one report per message');
      t.diagnostic(`acknowledged ${acked.size}, stored ${stored.length}`);
    } finally {
      second.child.kill('SIGTERM');
      await second.exit;
    }
  });
});
