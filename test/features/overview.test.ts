import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Static } from '@sinclair/typebox';
import type { Overview } from '../../src/features/admin/overview-schemas.ts';
import { connectorsFile, eventually, startSmppGateway } from '../connectors/smpp-helpers.ts';
import { advance, setHandset, settle } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { SmscSimulator } from '../helpers/smsc.ts';

type View = Static<typeof Overview>;

async function overview(t: TestGateway): Promise<View> {
  const res = await t.request({ method: 'GET', url: '/admin/v1/overview', admin: true });
  assert.equal(res.statusCode, 200, res.body);
  return res.json<View>();
}

describeEachDb('admin overview: the counters behind /metrics, the queue, the connectors', (db) => {
  let t: TestGateway;
  let apiKey: string;
  const sender = '0212345678';

  const sendSms = async (to: string[]) => {
    const res = await t.request({
      method: 'POST',
      url: '/api/comm/v1/send/omni',
      apiKey,
      body: {
        destinations: to.map((n) => ({ to: n })),
        messageFlow: [{ sms: { from: sender, text: 'overview test' } }],
      },
    });
    assert.equal(res.statusCode, 200, res.body);
    const codes = res.json<{ data: { data: { destinations: Array<{ code: string }> } } }>().data.data
      .destinations;
    assert.deepEqual(
      codes.map((d) => d.code),
      to.map(() => 'A000'),
    );
  };

  before(async () => {
    // Workers start later: the first sends stay queued, so the queue depth can be seen.
    t = await startTestGateway(db, { start: false });
    const acc = await t.createAccount('overview');
    apiKey = acc.apiKey;
    const res = await t.request({
      method: 'POST',
      url: `/admin/v1/accounts/${acc.accountId}/senders`,
      admin: true,
      body: { number: sender },
    });
    assert.equal(res.statusCode, 200, res.body);
  });
  after(() => t.close());

  test('refused without the admin token or with a client API key', async () => {
    const none = await t.request({ method: 'GET', url: '/admin/v1/overview' });
    assert.equal(none.statusCode, 401);
    assert.equal(none.json<{ code: string }>().code, 'A401');
    const client = await t.request({ method: 'GET', url: '/admin/v1/overview', apiKey });
    assert.equal(client.statusCode, 401);
  });

  test('accepted messages wait in the queue until the workers take them, then count as delivered', async () => {
    const before = await overview(t);
    assert.equal(before.messages.accepted, 0);
    assert.deepEqual(before.queue.queued, { count: 0, capped: false });
    assert.equal(before.instance.role, 'all');
    assert.equal(before.instance.sandbox, true);
    assert.match(before.readAt, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+09:00$/);
    assert.deepEqual(
      before.connectors.map((c) => [c.name, c.type, c.state]),
      [['sandbox', 'sandbox', 'up']],
    );

    await sendSms(['01020000001', '01020000002', '01020000003']);
    await sendSms(['01020000004']);
    const queued = await overview(t);
    assert.equal(queued.messages.accepted, 4);
    assert.deepEqual(queued.queue.queued, { count: 4, capped: false });
    assert.deepEqual(queued.queue.waiting, { count: 0, capped: false });
    // Each message is its own queue entry: no job stands for them.
    assert.deepEqual(queued.queue.jobs.kinds, []);
    assert.ok(queued.instance.uptimeSeconds >= before.instance.uptimeSeconds);

    t.gw.start();
    await settle(t);
    const done = await overview(t);
    assert.equal(done.messages.final.delivered, 4);
    assert.deepEqual(done.queue.queued, { count: 0, capped: false });
    assert.ok(done.http['2xx'] >= 4, 'the sends and readings were counted');
    assert.ok(done.http['4xx'] >= 2, 'the refusals were counted');
  });

  test('failed messages are counted by report code, with the text of a known code', async () => {
    await setHandset(t, '01020000010', { fail: { sms: '23003' } });
    await setHandset(t, '01020000011', { fail: { sms: '23003' } });
    await setHandset(t, '01020000012', { reachable: false });
    await sendSms(['01020000010', '01020000011', '01020000012']);
    await settle(t);
    const o = await overview(t);
    assert.equal(o.messages.final.failed, 3);
    assert.deepEqual(o.failures, [
      { code: '23003', text: null, count: 2 },
      { code: '30001', text: 'Recipient unreachable', count: 1 },
    ]);
    const metrics = (await t.request({ method: 'GET', url: '/metrics' })).body;
    assert.match(metrics, /^omnigate_message_failures_total\{code="23003"\} 2$/m);
    assert.match(metrics, /^omnigate_message_failures_total\{code="30001"\} 1$/m);
  });

  test('a message whose receipt is late counts as waiting until its result comes', async () => {
    await setHandset(t, '01020000020', { receiptDelaySeconds: 30 });
    const delivered = (await overview(t)).messages.final.delivered ?? 0;
    await sendSms(['01020000020']);
    await settle(t);
    const waiting = await overview(t);
    assert.deepEqual(waiting.queue.waiting, { count: 1, capped: false });
    assert.deepEqual(waiting.queue.queued, { count: 0, capped: false });
    await advance(t, 30);
    const after = await overview(t);
    assert.deepEqual(after.queue.waiting, { count: 0, capped: false });
    assert.equal(after.messages.final.delivered, delivered + 1);
  });

  test('the overview is in the OpenAPI document under the admin tag', async () => {
    const doc = (await t.request({ method: 'GET', url: '/docs/json' })).json<{
      paths: Record<string, { get?: { tags?: string[] } }>;
    }>();
    assert.deepEqual(doc.paths['/admin/v1/overview']?.get?.tags, ['admin']);
  });
});

describeEachDb('admin overview: SMPP binds', (db) => {
  let smsc: SmscSimulator;
  let t: TestGateway;
  before(async () => {
    smsc = await SmscSimulator.start({ systemId: 'omnigate', password: 'secret' });
    t = await startSmppGateway(db, connectorsFile(db, smsc, { binds: 2 }));
  });
  after(async () => {
    await t.close();
    await smsc.close();
  });

  const smpp = async () => {
    const c = (await overview(t)).connectors.find((x) => x.name === 'smsc');
    assert.ok(c, 'the SMPP connector is listed');
    return c;
  };

  test('each bind shows bound, then down or connecting while the SMSC refuses, then bound again', async () => {
    await eventually(async () => (await smpp()).state === 'up', 'both binds bound');
    const up = await smpp();
    assert.equal(up.type, 'smpp');
    assert.deepEqual(
      up.binds.map((b) => b.state),
      ['bound', 'bound'],
    );
    assert.equal(up.windowInUse, 0);
    assert.ok(up.windowSize > 0);

    smsc.refuseBinds(true);
    smsc.dropConnections();
    await eventually(async () => (await smpp()).state === 'down', 'no bind bound');
    const down = await smpp();
    for (const b of down.binds) assert.ok(['down', 'connecting'].includes(b.state), b.state);

    smsc.refuseBinds(false);
    await eventually(async () => (await smpp()).state === 'up', 'bound again');
    assert.ok((await smpp()).binds.some((b) => b.reconnects > 0));
  });
});
