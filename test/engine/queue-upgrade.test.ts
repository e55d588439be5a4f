import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { sql } from 'kysely';
import { openStore } from '../../src/store/db/database.ts';
import { enqueueJobs } from '../../src/store/jobs/jobs.ts';
import { advance, drainReports, reserve, settle } from '../features/reservation-helpers.ts';
import { type Client, inbox, send, setHandset, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';

/*
 * Migration 0025 (the message row as its own queue entry) carries a database the gateway wrote
 * before it forward, with messages in every state: delivered, failed, waiting for a receipt,
 * queued with their `dispatch` jobs, held by a reservation. The rows are written by the gateway
 * itself; what 0025 changed is then put back as the version before wrote it (queued messages with
 * no due time and a dispatch job per request, no `tries`, the index messages_due), and the next
 * start migrates and sends every message once, with one report each.
 */

const D = '01025250001';
const F = '01025250002';
const W = '01025250003';
const Q = ['01025250004', '01025250005', '01025250006', '01025250007'];
const R = '01025250008';
const LEGACY = '01025250009';

describeEachDb('migration 0025: messages as their own queue entries', (db) => {
  const open: TestGateway[] = [];
  after(async () => {
    for (const g of open) await g.close();
  });

  async function sms(t: TestGateway, c: Client, to: readonly string[], text: string): Promise<string[]> {
    const res = await send(t, c, {
      destinations: to.map((x) => ({ to: x })),
      messageFlow: [{ sms: { from: c.sender, text } }],
    });
    const dests = res.json<{ data: { data: { destinations: { code: string; msgKey: string }[] } } }>().data
      .data.destinations;
    for (const d of dests) assert.equal(d.code, 'A000');
    return dests.map((d) => d.msgKey);
  }

  test('a database of the version before is migrated and every message is sent once, reported once', async () => {
    // The version before: messages delivered, failed and waiting, then queued and held.
    const before = await startTestGateway(db);
    open.push(before);
    const c = await setupClient(before);
    await setHandset(before, F, { fail: { sms: '23003' } });
    await setHandset(before, W, { receiptDelaySeconds: 60 });
    const keys = new Map<string, string>();
    for (const [to, key] of [D, F, W].map((to) => [to, sms(before, c, [to], `to ${to}`)] as const))
      keys.set(to, (await key)[0] ?? '');
    await settle(before);
    await before.gw.runner?.stop();
    const queued = [
      ...(await sms(before, c, Q.slice(0, 1), 'queued one')),
      ...(await sms(before, c, Q.slice(1), 'queued three')),
    ];
    const resv = await reserve(before, c, { to: [R] });
    const now = before.gw.ctx.clock.now();
    await before.close();

    const store = await openStore(db.url, db.schema ? { schema: db.schema } : {});
    const requests = await store.db
      .selectFrom('messages')
      .select('request_id')
      .distinct()
      .where('status', '=', 'queued')
      .execute();
    assert.equal(requests.length, 2);
    await enqueueJobs(
      store.db,
      requests.map((r) => ({ kind: 'dispatch', payload: { requestId: r.request_id, n: 3 }, runAt: now })),
      now,
    );
    await sql`update messages set next_at = null where status = 'queued'`.execute(store.db);
    await sql`drop index messages_queued`.execute(store.db);
    await sql`drop index messages_waiting`.execute(store.db);
    await sql`create index messages_due on messages (next_at) where next_at is not null`.execute(store.db);
    await sql`alter table messages drop column tries`.execute(store.db);
    await sql`alter table messages drop column claimed_until`.execute(store.db);
    await sql`delete from omnigate_migrations where name = '0025_message_queue'`.execute(store.db);
    const waitingBefore = await store.db
      .selectFrom('messages')
      .select(['msg_key', 'next_at', 'updated_at', 'status'])
      .orderBy('msg_key')
      .execute();
    await store.close();

    // The next start migrates.
    const t = await startTestGateway(db, { start: false });
    open.push(t);
    const rows = await t.gw.ctx.store.db
      .selectFrom('messages')
      .select(['msg_key', 'status', 'next_at', 'tries'])
      .orderBy('msg_key')
      .execute();
    assert.deepEqual(
      rows.map((r) => [r.msg_key, r.status, r.next_at === null ? null : Number(r.next_at), r.tries]),
      waitingBefore.map((r) => [
        r.msg_key,
        r.status,
        // Queued: due since they were written; the others as they were.
        r.status === 'queued' ? Number(r.updated_at) : r.next_at === null ? null : Number(r.next_at),
        0,
      ]),
    );
    const statuses = rows.map((r) => r.status).sort();
    assert.deepEqual(statuses, [
      'delivered',
      'failed',
      'held',
      'queued',
      'queued',
      'queued',
      'queued',
      'waiting',
    ]);
    const jobs = await t.gw.ctx.store.db
      .selectFrom('jobs')
      .select('kind')
      .where('kind', '=', 'dispatch')
      .execute();
    assert.equal(jobs.length, 0, 'the dispatch jobs went');

    // An instance of the version before, still running during the upgrade, accepts one more:
    // queued with no due time, and its dispatch job.
    const legacy = await sms(t, c, [LEGACY], 'legacy');
    const legacyReq = await t.gw.ctx.store.db
      .selectFrom('messages')
      .select('request_id')
      .where('msg_key', '=', legacy[0] ?? '')
      .executeTakeFirstOrThrow();
    await t.gw.ctx.store.db
      .updateTable('messages')
      .set({ next_at: null })
      .where('msg_key', 'in', legacy)
      .execute();
    const at = t.gw.ctx.clock.now();
    await enqueueJobs(
      t.gw.ctx.store.db,
      [{ kind: 'dispatch', payload: { requestId: legacyReq.request_id, n: 1 }, runAt: at }],
      at,
    );

    t.gw.start();
    await settle(t);
    await advance(t, 60);
    await advance(t, 15 * 60);
    for (const to of [D, F, W, ...Q, R, LEGACY]) {
      assert.equal((await inbox(t, to)).length, to === F ? 0 : 1, `${to}: once`);
    }
    const all = [...keys.values(), ...queued, ...resv.msgKeys, ...legacy];
    const reports = await drainReports(t, c, all);
    assert.deepEqual(
      reports.map((r) => [r.msgKey, r.reportCode]),
      all
        .map((k) => [k, k === keys.get(F) ? '23003' : '10000'])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
      'one report per message',
    );
  });
});
