import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { up as numbersUp } from '../../src/store/schema/migrations/0026_broadcast_numbers.ts';
import { type Client, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { api, completedGroup, numbers, plainTemplate, refusedWith, setClock } from './broadcast-helpers.ts';

/*
 * A broadcast's requestId is its account's own number: one counter across accounts told every
 * account how many broadcasts the others had made (an account's first could be "2").
 */
describeEachDb('broadcast requestId: numbered per account', (db) => {
  let t: TestGateway;
  let a: Client;
  let b: Client;
  before(async () => {
    t = await startTestGateway(db, { clock: 'manual' });
    await setClock(t, '2026-11-23 10:00:00');
    a = await setupClient(t, 'first');
    b = await setupClient(t, 'second');
    for (const c of [a, b]) {
      await plainTemplate(t, c, 'PLAIN');
      await completedGroup(t, c, 'g', numbers(c === a ? '71' : '72', 10));
    }
  });
  after(() => t.close());

  async function made(c: Client): Promise<string> {
    const res = await api(t, c).create({
      templateCode: 'PLAIN',
      friendGroupKey: 'g',
      sendStartAt: '2026-11-24 11:00:00',
      tpsLimit: 5,
    });
    return api(t, c).record(res).requestId;
  }

  test('each account counts from 1; the other account’s number is not found', async () => {
    assert.equal(await made(a), '1');
    assert.equal(await made(a), '2');
    assert.equal(
      await made(b),
      '1',
      'the second account’s first broadcast is its 1, whatever the first made',
    );
    assert.equal(await made(a), '3');
    // The same number, each its own: B's 1 is B's, A's 1 is A's.
    assert.equal((await api(t, a).status(1)).senderKey, a.senderKey);
    assert.equal((await api(t, b).status(1)).senderKey, b.senderKey);
    refusedWith(await api(t, b).get(2), 'A820');
    // B acts on its own 1; A's 1 is untouched.
    assert.equal(api(t, b).record(await api(t, b).act('terminate', 1)).status, 'TERMINATED');
    assert.equal((await api(t, a).status(1)).status, 'READY');
    // The operator's list names both numbers: its own key (for its routes) and the account's.
    const list = await t.request({
      method: 'GET',
      url: `/admin/v1/broadcasts?accountId=${b.accountId}`,
      admin: true,
    });
    const [row] = list.json<{ broadcasts: Array<{ requestId: number; accountRequestId: number }> }>()
      .broadcasts;
    assert.equal(row?.accountRequestId, 1);
    assert.ok((row?.requestId ?? 0) > 1, 'the key across accounts');
    const acted = await t.request({
      method: 'POST',
      url: `/admin/v1/broadcasts/${await firstKeyOf(a)}/terminate`,
      admin: true,
      body: {},
    });
    assert.equal(acted.statusCode, 200, acted.body);
    assert.equal(
      (await api(t, a).status(1)).status,
      'TERMINATED',
      'the operator’s action reached the account’s 1',
    );
  });

  async function firstKeyOf(c: Client): Promise<number> {
    const r = await t.gw.ctx.store.db
      .selectFrom('broadcasts')
      .select('request_id')
      .where('account_id', '=', c.accountId)
      .where('account_request_id', '=', 1)
      .executeTakeFirstOrThrow();
    return Number(r.request_id);
  }

  test('migration 0026 keeps the numbers clients hold and goes on from each account’s highest', async () => {
    // As the version before left them: no account numbers, no counters.
    const s = t.gw.ctx.store.db;
    await sql`update broadcasts set account_request_id = null`.execute(s);
    await sql`update accounts set broadcast_seq = 0`.execute(s);
    await s.schema.dropIndex('broadcasts_account_request').execute();
    await s.schema.alterTable('broadcasts').dropColumn('account_request_id').execute();
    await s.schema.alterTable('accounts').dropColumn('broadcast_seq').execute();
    const keys = await s
      .selectFrom('broadcasts')
      .select(['request_id', 'account_id'])
      .orderBy('request_id')
      .execute();
    await numbersUp(s, t.gw.ctx.store.caps);
    const after = await s
      .selectFrom('broadcasts')
      .select(['request_id', 'account_request_id'])
      .orderBy('request_id')
      .execute();
    assert.deepEqual(
      after.map((r) => Number(r.account_request_id)),
      keys.map((r) => Number(r.request_id)),
      'a broadcast made before is found by the number its client got',
    );
    const highest = Math.max(
      ...keys.filter((k) => k.account_id === a.accountId).map((k) => Number(k.request_id)),
    );
    assert.equal(await made(a), String(highest + 1));
  });
});
