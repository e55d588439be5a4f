import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { isoKst } from '../../src/clock.ts';
import { sign } from '../../src/http/webhook-client.ts';
import { MO_DELIVERY_JOB } from '../../src/store/mo/mo.ts';
import { advance, settle } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { history, moAccount, moOf, Receiver, sendMo, setWebhook } from './mo-helpers.ts';

const SECRET = 'mo-receiver-secret-0123';
const NUMBER = '15885555';

describeEachDb('MO webhook delivery', (db) => {
  let t: TestGateway;
  let receiver: Receiver;
  let apiKey: string;
  let accountId: string;
  let seq = 0;
  const handset = () => `0109000${String(++seq).padStart(4, '0')}`;

  before(async () => {
    receiver = new Receiver(SECRET);
    const url = await receiver.start();
    t = await startTestGateway(db);
    ({ apiKey, accountId } = await moAccount(t, 'hooked', NUMBER, { url, secret: SECRET }));
  });
  after(async () => {
    await t.close();
    await receiver.stop();
  });

  async function jobsOf(msgKey: string) {
    const rows = await t.gw.ctx.store.db
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', MO_DELIVERY_JOB)
      .execute();
    return rows.filter((j) => (JSON.parse(j.payload) as { msgKey: string }).msgKey === msgKey);
  }

  test('an MO is posted signed, with exactly the spec body, and acknowledged once', async () => {
    receiver.mode = 'ok';
    const from = handset();
    const put = await t.request({
      method: 'PUT',
      url: `/sandbox/v1/handsets/${from}`,
      admin: true,
      body: { carrier: 'KT' },
    });
    assert.equal(put.statusCode, 200, put.body);
    const sentAt = t.gw.ctx.clock.now();
    const mo = await sendMo(t, { to: NUMBER, from, content: 'YES 2' });
    assert.equal(mo.accountId, accountId);
    assert.equal(mo.created, true);
    await settle(t);

    const { all, acked } = receiver.of(mo.msgKey);
    assert.equal(all.length, 1);
    assert.equal(acked, 1);
    const [got] = all;
    assert.ok(got?.signatureValid, 'the receiver verified X-SVC-Signature');
    assert.ok(got.bodySignatureValid, 'the receiver verified X-Omnigate-Body-Signature over the raw body');
    const ts = String(got.headers['x-svc-timestamp']);
    assert.equal(ts, String(t.gw.ctx.clock.now()));
    assert.equal(got.headers['x-svc-signature'], sign(SECRET, ts));
    assert.equal(got.headers.accept, 'application/json');
    assert.equal(got.headers['content-type'], 'application/json');
    assert.deepEqual(got.body, {
      msgKey: mo.msgKey,
      serviceType: 'MO',
      msgType: 'SM',
      to: NUMBER,
      from,
      carrier: 'KT',
      originator: from,
      content: 'YES 2',
      occurredTime: isoKst(sentAt),
    });
    for (const v of Object.values(got.body)) assert.equal(typeof v, 'string');

    const view = await moOf(t, mo.msgKey);
    assert.equal(view.status, 'DELIVERED');
    assert.equal(view.attempts, 1);
    assert.equal(view.lastError, null);
    assert.equal(view.deliveredAt, isoKst(t.gw.ctx.clock.now()));
    assert.equal(view.nextAttemptAt, null);
    assert.deepEqual(await jobsOf(mo.msgKey), [], 'the delivery job is done');
    await advance(t, 24 * 3600);
    assert.equal(receiver.of(mo.msgKey).all.length, 1, 'never posted again');
  });

  test('a given carrier and originator are posted as given', async () => {
    receiver.mode = 'ok';
    const mo = await sendMo(t, {
      to: NUMBER,
      from: '0801234567',
      originator: '01055556666',
      carrier: 'LGU',
      content: '',
    });
    await settle(t);
    const [got] = receiver.of(mo.msgKey).all;
    assert.equal(got?.body.from, '0801234567');
    assert.equal(got?.body.originator, '01055556666');
    assert.equal(got?.body.carrier, 'LGU');
    assert.equal(got?.body.content, '');
  });

  test('retries follow the schedule on the gateway clock: 10 s, then 30 s, then 1 min', async () => {
    receiver.mode = 'status500';
    const mo = await sendMo(t, { to: NUMBER, from: handset(), content: 'A' });
    await settle(t);
    const first = await moOf(t, mo.msgKey);
    assert.equal(first.status, 'FAILED');
    assert.equal(first.attempts, 1);
    assert.equal(first.lastError, 'webhook: HTTP 500');
    assert.equal(first.nextAttemptAt, isoKst(t.gw.ctx.clock.now() + 10_000));
    const [job] = await jobsOf(mo.msgKey);
    assert.equal(
      Number(job?.run_at),
      t.gw.ctx.clock.now() + 10_000,
      'the job waits for the MO’s next attempt',
    );

    await advance(t, 9.999);
    assert.equal(receiver.of(mo.msgKey).all.length, 1);
    receiver.mode = 'wrongKey';
    await advance(t, 0.001);
    assert.equal(receiver.of(mo.msgKey).all.length, 2);
    const second = await moOf(t, mo.msgKey);
    assert.equal(second.attempts, 2);
    assert.match(second.lastError ?? '', /answered msgKey ".*-other", expected/);
    assert.equal(second.nextAttemptAt, isoKst(t.gw.ctx.clock.now() + 30_000));

    receiver.mode = 'ok';
    await advance(t, 29);
    assert.equal(receiver.of(mo.msgKey).all.length, 2);
    await advance(t, 1);
    assert.equal(receiver.of(mo.msgKey).acked, 1);
    const done = await moOf(t, mo.msgKey);
    assert.equal(done.status, 'DELIVERED');
    assert.equal(done.attempts, 3);
    assert.equal(done.lastError, `webhook answered msgKey "${mo.msgKey}-other", expected "${mo.msgKey}"`);
  });

  test('no answer within 5 s is a failed attempt', async () => {
    receiver.mode = 'hang';
    const mo = await sendMo(t, { to: NUMBER, from: handset(), content: 'slow' });
    // The attempt ends when the 5 s abort fires (real time: a network timeout).
    await settle(t);
    const view = await moOf(t, mo.msgKey);
    assert.equal(view.status, 'FAILED');
    assert.equal(view.lastError, 'webhook: no answer within 5000 ms');
    receiver.mode = 'ok';
    await advance(t, 10);
    assert.equal(receiver.of(mo.msgKey).acked, 1);
    assert.equal((await moOf(t, mo.msgKey)).status, 'DELIVERED');
  });

  test('a receiver down for a while, across a gateway restart: each MO acknowledged exactly once', async () => {
    receiver.mode = 'status500';
    const keys: string[] = [];
    for (let i = 0; i < 3; i++)
      keys.push((await sendMo(t, { to: NUMBER, from: handset(), content: `v${i}` })).msgKey);
    await settle(t);
    receiver.mode = 'wrongKey';
    await advance(t, 10);
    await receiver.stop();
    await advance(t, 30);
    for (const k of keys) {
      const v = await moOf(t, k);
      assert.equal(v.status, 'FAILED');
      assert.equal(v.attempts, 3);
      // Refused, or the pooled keep-alive socket found closed: a network error either way.
      assert.match(v.lastError ?? '', /^webhook: network error: /);
    }

    await t.close();
    t = await startTestGateway(db);
    await receiver.start();
    receiver.mode = 'ok';
    // Still on the schedule kept in the database: the fourth attempt is due 1 min after the third.
    await advance(t, 59);
    for (const k of keys) assert.equal(receiver.of(k).all.length, 2);
    await advance(t, 1);
    for (const k of keys) {
      assert.equal(receiver.of(k).acked, 1);
      const v = await moOf(t, k);
      assert.equal(v.status, 'DELIVERED');
      assert.equal(v.attempts, 4);
    }
    for (let i = 0; i < 3; i++) await advance(t, 3600);
    for (const k of keys) {
      assert.equal(receiver.of(k).acked, 1, 'acknowledged exactly once');
      assert.equal(receiver.of(k).all.length, 3, 'and never posted after it');
    }
  });

  test('given up after 24 h, visible in both APIs, then redelivered on request', async () => {
    receiver.mode = 'status500';
    const mo = await sendMo(t, { to: NUMBER, from: handset(), content: 'late' });
    await settle(t);
    let view = await moOf(t, mo.msgKey);
    for (let i = 0; i < 40 && view.status !== 'GIVEN_UP'; i++) {
      await advance(t, 3600);
      view = await moOf(t, mo.msgKey);
    }
    assert.equal(view.status, 'GIVEN_UP');
    // Hourly steps: one attempt per hour; the 25th (24 h after the first) has no next within the limit.
    assert.equal(view.attempts, 25);
    assert.equal(receiver.of(mo.msgKey).all.length, 25);
    assert.equal(view.lastError, 'webhook: HTTP 500');
    assert.equal(view.nextAttemptAt, null);
    assert.equal(view.deliveredAt, null);
    assert.deepEqual(await jobsOf(mo.msgKey), []);
    await advance(t, 3600);
    assert.equal(receiver.of(mo.msgKey).all.length, 25, 'nothing after giving up');

    const client = await history(t, apiKey, '?status=GIVEN_UP');
    const seen = client.messages.find((m) => m.msgKey === mo.msgKey);
    assert.equal(seen?.status, 'GIVEN_UP');
    assert.equal(seen?.attempts, 25);
    assert.equal(seen?.lastError, 'webhook: HTTP 500');
    const admin = await t.request({
      method: 'GET',
      url: `/admin/v1/accounts/${accountId}/mo?status=GIVEN_UP`,
      admin: true,
    });
    assert.equal(admin.statusCode, 200, admin.body);
    assert.deepEqual(
      admin.json<{ messages: Array<{ msgKey: string }> }>().messages.map((m) => m.msgKey),
      [mo.msgKey],
    );

    receiver.mode = 'ok';
    const re = await t.request({ method: 'POST', url: `/admin/v1/mo/${mo.msgKey}/redeliver`, admin: true });
    assert.equal(re.statusCode, 200, re.body);
    const answered = re.json<{ status: string; nextAttemptAt: string; attempts: number }>();
    assert.equal(answered.status, 'PENDING');
    assert.equal(answered.nextAttemptAt, isoKst(t.gw.ctx.clock.now()));
    await settle(t);
    assert.equal(receiver.of(mo.msgKey).acked, 1);
    const done = await moOf(t, mo.msgKey);
    assert.equal(done.status, 'DELIVERED');
    assert.equal(done.attempts, 26);

    const again = await t.request({
      method: 'POST',
      url: `/admin/v1/mo/${mo.msgKey}/redeliver`,
      admin: true,
    });
    assert.equal(again.statusCode, 409);
    assert.equal(again.json<{ code: string }>().code, 'A733');
    await advance(t, 3600);
    assert.equal(receiver.of(mo.msgKey).acked, 1, 'an acknowledged MO is never posted again');
  });

  test('a redelivery of a failing MO restarts its schedule at once', async () => {
    receiver.mode = 'status500';
    const mo = await sendMo(t, { to: NUMBER, from: handset(), content: 'again' });
    await settle(t);
    await advance(t, 10);
    await advance(t, 30);
    assert.equal((await moOf(t, mo.msgKey)).attempts, 3);
    const re = await t.request({ method: 'POST', url: `/admin/v1/mo/${mo.msgKey}/redeliver`, admin: true });
    assert.equal(re.statusCode, 200, re.body);
    await settle(t);
    const view = await moOf(t, mo.msgKey);
    assert.equal(view.attempts, 4, 'posted at once');
    assert.equal(
      view.nextAttemptAt,
      isoKst(t.gw.ctx.clock.now() + 10_000),
      'the schedule starts over at 10 s',
    );
    assert.equal((await jobsOf(mo.msgKey)).length, 1, 'still one delivery job');
    receiver.mode = 'ok';
    await advance(t, 10);
    assert.equal(receiver.of(mo.msgKey).acked, 1);
  });

  test('an account without a webhook keeps its MOs failing on the schedule until one is set', async () => {
    const bare = await moAccount(t, 'bare', '15886666');
    const mo = await sendMo(t, { to: '15886666', from: handset(), content: 'no hook yet' });
    assert.equal(mo.accountId, bare.accountId);
    await settle(t);
    const view = await moOf(t, mo.msgKey);
    assert.equal(view.status, 'FAILED');
    assert.equal(view.attempts, 1);
    assert.match(view.lastError ?? '', /^account has no webhook URL/);
    assert.equal(receiver.of(mo.msgKey).all.length, 0);

    receiver.mode = 'ok';
    await setWebhook(t, bare.accountId, { url: receiver.url, secret: SECRET });
    await settle(t);
    assert.equal(receiver.of(mo.msgKey).all.length, 0, 'setting the URL does not post by itself');
    await advance(t, 10);
    assert.equal(receiver.of(mo.msgKey).acked, 1);
    assert.equal((await moOf(t, mo.msgKey)).status, 'DELIVERED');
  });
});
