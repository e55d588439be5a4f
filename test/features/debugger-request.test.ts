import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { StatementCounts } from '../../src/store/db/statement-counts.ts';
import { type Client, send, settle, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { call, BASE as RESV, START as RESV_START, setClock } from './reservation-helpers.ts';
import { ok, post } from './twofa-helpers.ts';

/*
 * The debugger's stored request (issue 33): GET /admin/v1/messages/{msgKey}/request rebuilds the
 * validated body from what the gateway keeps and the answer the client got, refused recipients
 * and numbers given in another form included; an all-accepted send writes nothing more for it.
 */

interface Entry {
  to: string;
  msgKey: string;
  code: string;
  result: string;
}

interface StoredRequest {
  msgKey: string;
  requestId: string;
  accountId: string;
  acceptedAt: string;
  resvKey: string | null;
  masked: boolean;
  destinationCount: number;
  body: Record<string, unknown> & { destinations: Record<string, unknown>[]; messageFlow: unknown[] };
  answer: {
    total: number;
    accepted: number;
    refused: number;
    removed: number;
    destinations: Array<Entry & { seq: number }>;
  } | null;
  answerNote: string | null;
}

async function storedRequest(t: TestGateway, msgKey: string): Promise<StoredRequest> {
  const res = await t.request({ method: 'GET', url: `/admin/v1/messages/${msgKey}/request`, admin: true });
  assert.equal(res.statusCode, 200, res.body);
  return res.json();
}

async function answerColumn(t: TestGateway, requestId: string): Promise<string | null> {
  const row = await t.gw.ctx.store.db
    .selectFrom('send_requests')
    .select('answer')
    .where('id', '=', requestId)
    .executeTakeFirstOrThrow();
  return row.answer;
}

describeEachDb('debugger: the stored request and its answer', (db) => {
  let t: TestGateway;
  let c: Client;
  /** The message of the first test, sent with an idempotency key of the default TTL. */
  let keyed = '';

  before(async () => {
    t = await startTestGateway(db);
    await setClock(t, RESV_START);
    c = await setupClient(t, 'Debug Shop');
  });
  after(() => t.close());

  test('three recipients, one refused (A306), one given in E.164 form: the body and the answer as sent', async () => {
    const body = {
      destinations: [
        { to: '01071000001', replaceWords: { name: 'Kim' }, ref: 'line-1' },
        { to: '0107', replaceWords: { name: 'Nobody' } },
        { to: '821071000003', replaceWords: { name: 'Lee' } },
      ],
      messageFlow: [{ sms: { from: c.sender, text: 'Hello #{name}' } }],
      ref: 'order-17',
      paymentCode: 'dept-9',
      groupKey: 'spring',
      idempotencyKey: 'debug-key-1',
    };
    const res = await send(t, c, body);
    assert.equal(res.statusCode, 200, res.body);
    const answered: Entry[] = res.json().data.data.destinations;
    assert.deepEqual(
      answered.map((d) => d.code),
      ['A000', 'A306', 'A000'],
    );
    await settle(t);
    const [first, , third] = answered;
    assert.ok(first && third);

    const view = await storedRequest(t, third.msgKey);
    assert.equal(view.accountId, c.accountId);
    assert.equal(view.masked, false);
    assert.equal(view.destinationCount, 3);
    // The answer, recipient by recipient, exactly as the client got it, in its order.
    assert.deepEqual(
      view.answer?.destinations,
      answered.map((d, i) => ({ seq: i + 1, ...d })),
    );
    assert.deepEqual(
      { ...view.answer, destinations: undefined },
      { total: 3, accepted: 2, refused: 1, removed: 0, destinations: undefined },
    );
    assert.match(view.answer?.destinations[1]?.result ?? '', /0107 is not a valid number/);
    // The validated body: this message's destination with its number as given, the flow as stored.
    assert.deepEqual(view.body, {
      destinations: [{ to: '821071000003', replaceWords: { name: 'Lee' } }],
      messageFlow: [{ sms: { from: c.sender, text: 'Hello #{name}' } }],
      ref: 'order-17',
      paymentCode: 'dept-9',
      groupKey: 'spring',
      idempotencyKey: 'debug-key-1',
    });
    const other = await storedRequest(t, first.msgKey);
    assert.deepEqual(other.body.destinations, [
      { to: '01071000001', ref: 'line-1', replaceWords: { name: 'Kim' } },
    ]);
    assert.deepEqual(other.answer, view.answer);
    // The rare case is written in the request's own row.
    assert.notEqual(await answerColumn(t, view.requestId), null);

    keyed = third.msgKey;
  });

  test('an idempotency key with a TTL of its own is found while it lasts', async () => {
    const res = await send(t, c, {
      destinations: [{ to: '01071000011' }],
      messageFlow: [{ sms: { from: c.sender, text: 'short key' } }],
      idempotencyKey: 'debug-key-ttl',
      idempotencyTtl: 600,
    });
    const msgKey: string = res.json().data.data.destinations[0].msgKey;
    await settle(t);
    const view = await storedRequest(t, msgKey);
    assert.equal(view.body.idempotencyKey, 'debug-key-ttl');
    // The key's own life is the one word kept (the key is then found at one point of its index).
    assert.deepEqual(JSON.parse((await answerColumn(t, view.requestId)) ?? 'null'), {
      n: 1,
      x: [],
      t: 600_000,
    });
    assert.deepEqual(view.answer?.destinations, [
      { seq: 1, to: '01071000011', msgKey, code: 'A000', result: 'SUCCESS' },
    ]);
  });

  test('numbers all given in E.164 form are one word of the record, not an entry each', async () => {
    const given = ['821071000031', '821071000032', '8201071000033', '01071000034'];
    const res = await send(t, c, {
      destinations: given.map((to) => ({ to })),
      messageFlow: [{ sms: { from: c.sender, text: 'forms' } }],
    });
    const keys: string[] = res.json().data.data.destinations.map((d: { msgKey: string }) => d.msgKey);
    await settle(t);
    const view = await storedRequest(t, keys[0] ?? '');
    // The usual form is the record's word; the two others are entries of their own.
    assert.deepEqual(JSON.parse((await answerColumn(t, view.requestId)) ?? 'null'), {
      n: 4,
      x: [
        { i: 2, to: '8201071000033', msgKey: keys[2] },
        { i: 3, to: '01071000034', msgKey: keys[3] },
      ],
      f: 'e164',
    });
    assert.deepEqual(
      view.answer?.destinations.map((d) => [d.to, d.msgKey]),
      given.map((to, i) => [to, keys[i]]),
      'the answer as the client got it',
    );
  });

  test('a 2FA code stays masked in the stored request, as it is at rest', async () => {
    const to = '01071000021';
    const requested = ok(await post(t, c, '/request', { to, authNumber: '391732' }));
    await settle(t);
    const row = await t.gw.ctx.store.db
      .selectFrom('twofa_requests')
      .innerJoin('messages', 'messages.request_id', 'twofa_requests.send_request_id')
      .select('messages.msg_key')
      .where('twofa_requests.id', '=', requested.requestId ?? '')
      .executeTakeFirstOrThrow();
    const res = await t.request({
      method: 'GET',
      url: `/admin/v1/messages/${row.msg_key}/request`,
      admin: true,
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.doesNotMatch(res.body, /391732/);
    const view: StoredRequest = res.json();
    assert.equal(view.masked, true);
    assert.deepEqual(view.body.messageFlow, [
      { sms: { from: c.sender, text: '인증번호 [******]을 입력해주세요.' } },
    ]);
    assert.equal(view.body.ref, requested.requestId);
    assert.deepEqual(view.body.destinations, [{ to }]);
  });

  test('a reservation: its time and name, and the first answer after an update of its texts', async () => {
    const made = await call<{ destinations: Entry[] }>(t, c, 'POST', RESV, {
      destinations: [{ to: '01071000031' }, { to: 'not-a-number' }, { to: '01071000033' }],
      messageFlow: [{ sms: { from: c.sender, text: 'Weekend sale' } }],
      resvSendTime: '2026-12-02 10:00:00',
      resvName: 'weekend',
    });
    assert.equal(made.data.code, 'A000', made.raw);
    const answered = made.data.data.destinations;
    const resvKey = made.data.resvKey ?? '';
    const updated = await call(t, c, 'PUT', `${RESV}/resvKey/${resvKey}`, {
      messageFlow: [{ sms: { from: c.sender, text: 'Weekend sale: 20% off' } }],
    });
    assert.equal(updated.data.code, 'A000', updated.raw);
    const added = await call<{ destinations: Entry[] }>(
      t,
      c,
      'POST',
      `${RESV}/resvKey/${resvKey}/destinations`,
      {
        destinations: [{ to: '01071000034' }],
      },
    );
    assert.equal(added.data.code, 'A000', added.raw);

    const view = await storedRequest(t, answered[0]?.msgKey ?? '');
    assert.equal(view.resvKey, resvKey);
    assert.deepEqual(view.body.messageFlow, [{ sms: { from: c.sender, text: 'Weekend sale: 20% off' } }]);
    assert.equal(view.body.resvSendTime, '2026-12-02 10:00:00');
    assert.equal(view.body.resvName, 'weekend');
    assert.deepEqual(
      view.answer?.destinations,
      answered.map((d, i) => ({ seq: i + 1, ...d })),
    );
    assert.equal(view.answerNote, null);
    // A recipient added later was answered by its own call: the page says so.
    const late = await storedRequest(t, added.data.data.destinations[0]?.msgKey ?? '');
    assert.match(late.answerNote ?? '', /added to the reservation later/);
    assert.deepEqual(late.body.destinations, [{ to: '01071000034' }]);
  });

  test('once the key’s TTL is over the gateway keeps it no more, and the body no longer shows it', async () => {
    const before = await storedRequest(t, keyed);
    assert.equal(before.body.idempotencyKey, 'debug-key-1');
    const clock = await t.request({
      method: 'POST',
      url: '/sandbox/v1/clock',
      admin: true,
      body: { advanceSeconds: 86_401 },
    });
    assert.equal(clock.statusCode, 200, clock.body);
    const later = await storedRequest(t, keyed);
    assert.equal(later.body.idempotencyKey, undefined);
    assert.deepEqual(later.answer, before.answer);
  });

  test('an unknown msgKey is A820', async () => {
    const res = await t.request({ method: 'GET', url: '/admin/v1/messages/nope/request', admin: true });
    assert.equal(res.statusCode, 404, res.body);
    assert.equal(res.json().code, 'A820');
  });
});

const copy = (c: StatementCounts): StatementCounts => structuredClone(c);
function delta(before: StatementCounts, after: StatementCounts) {
  return {
    inserts: after.statements.insert - before.statements.insert,
    updates: after.statements.update - before.statements.update,
    inserted: after.rows.inserted - before.rows.inserted,
    updated: after.rows.updated - before.rows.updated,
  };
}

describeEachDb('debugger: what a send writes for it', (db) => {
  let t: TestGateway;
  let c: Client;

  before(async () => {
    // No workers: only the send itself writes.
    t = await startTestGateway(db, { start: false });
    c = await setupClient(t, 'Counted');
  });
  after(() => t.close());

  async function counted(destinations: Array<{ to: string }>) {
    const start = copy(t.gw.ctx.store.counts);
    const res = await send(t, c, {
      destinations,
      messageFlow: [{ sms: { from: c.sender, text: 'counted' } }],
      idempotencyKey: `count-${destinations.map((d) => d.to).join('-')}`,
    });
    assert.equal(res.json().data.code, 'A000', res.body);
    const d = delta(start, t.gw.ctx.store.counts);
    const msgKey: string =
      res.json().data.data.destinations.find((x: Entry) => x.code === 'A000')?.msgKey ?? '';
    const { request_id } = await t.gw.ctx.store.db
      .selectFrom('messages')
      .select('request_id')
      .where('msg_key', '=', msgKey)
      .executeTakeFirstOrThrow();
    return { ...d, answer: await answerColumn(t, request_id) };
  }

  test('an all-accepted send writes its key, request and messages only; a refusal adds no row', async () => {
    // The key, the request, two messages: three INSERTs, as before the debugger.
    assert.deepEqual(await counted([{ to: '01072000001' }, { to: '01072000002' }]), {
      inserts: 3,
      updates: 0,
      inserted: 4,
      updated: 0,
      answer: null,
    });
    // A refused recipient is kept in the request's own row: the same statements, one message less.
    const refused = await counted([{ to: '01072000003' }, { to: '12' }]);
    assert.deepEqual(
      { ...refused, answer: refused.answer !== null },
      {
        inserts: 3,
        updates: 0,
        inserted: 3,
        updated: 0,
        answer: true,
      },
    );
  });
});
