import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Store } from '../../src/store/db/database.ts';
import { attemptsOfMessage } from '../../src/store/messages/admin-messages.ts';
import {
  type AttemptRow,
  attemptOf,
  findWaitingAttempts,
  finishAttempts,
  upsertAttempts,
} from '../../src/store/messages/attempts.ts';
import { insertMessages, insertSendRequest } from '../../src/store/messages/messages.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';

/* Attempts as receipts find and end them (store/messages/attempts.ts): a batch in one statement each. */

describeEachDb('attempts: found with their messages, ended in one statement', (db) => {
  let t: TestGateway;
  let store: Store;
  let accountId: string;
  before(async () => {
    t = await startTestGateway(db, { start: false });
    store = t.gw.ctx.store;
    accountId = (await t.createAccount('attempts')).accountId;
  });
  after(() => t.close());

  /** A send request of the test's account (its messages are inserted by each test). */
  const request = (id: string) => ({
    id,
    accountId,
    keyId: 'k',
    flow: '[]',
    paymentCode: null,
    groupKey: null,
    ref: null,
    dlr: false,
    resvKey: null,
  });

  const attempt = (msgKey: string, networkId: string, submittedAt: number): AttemptRow => ({
    msg_key: msgKey,
    step: 0,
    channel: 'sms',
    service_type: 'SMS',
    msg_type: 'SMS',
    connector: 'smsc',
    network_id: networkId,
    status: 'waiting',
    report_code: null,
    report_text: null,
    carrier: null,
    submitted_at: submittedAt,
    done_at: null,
  });

  test('waiting attempts come with their message; each ends with its own result, the rest untouched', async () => {
    const req = request('req_att1');
    const keys = ['att0001', 'att0002', 'att0003', 'att0004'];
    await insertSendRequest(store.db, store.caps, req, 1000);
    await insertMessages(
      store.db,
      store.caps,
      req,
      keys.map((k, i) => ({
        msgKey: k,
        to: `0101234000${i}`,
        destRef: `ref${i}`,
        vars: null,
        status: 'queued',
      })),
      1000,
    );
    // Two submissions the SMSC gave one id (it reused it): a receipt is for the newer.
    await upsertAttempts(store.db, store.caps, [
      attempt('att0001', 'n1', 2000),
      attempt('att0002', 'n2', 2000),
      attempt('att0003', 'n2', 2500),
      { ...attempt('att0004', 'n4', 2000), status: 'delivered' },
    ]);

    const found = await findWaitingAttempts(store.db, 'smsc', ['n1', 'n2', 'n4', 'n9']);
    const byId = new Map(found.map((w) => [w.attempt.network_id, w]));
    assert.deepEqual([...byId.keys()].sort(), ['n1', 'n2']);
    assert.equal(byId.get('n2')?.attempt.msg_key, 'att0003');
    const m1 = byId.get('n1')?.message;
    assert.equal(m1?.msgKey, 'att0001');
    assert.equal(m1?.requestId, 'req_att1');
    assert.equal(m1?.to, '01012340000');
    assert.equal(m1?.destRef, 'ref0');
    assert.equal(m1?.status, 'queued');
    assert.equal(m1?.step, 0);
    // Another connector's ids are not this one's.
    assert.deepEqual(await findWaitingAttempts(store.db, 'other', ['n1']), []);

    await finishAttempts(store.db, store.caps, [
      {
        msgKey: 'att0001',
        step: 0,
        status: 'delivered',
        code: '10000',
        text: 'Delivered',
        carrier: 'SKT',
        doneAt: 3001,
      },
      {
        msgKey: 'att0003',
        step: 0,
        status: 'failed',
        code: '30001',
        text: 'Absent',
        carrier: null,
        doneAt: 3002,
      },
    ]);
    const a1 = await attemptOf(store, 'att0001', 0);
    assert.deepEqual(
      [a1?.status, a1?.report_code, a1?.report_text, a1?.carrier, Number(a1?.done_at)],
      ['delivered', '10000', 'Delivered', 'SKT', 3001],
    );
    const a3 = await attemptOf(store, 'att0003', 0);
    assert.deepEqual(
      [a3?.status, a3?.report_code, a3?.report_text, a3?.carrier, Number(a3?.done_at)],
      ['failed', '30001', 'Absent', null, 3002],
    );
    // Not in the batch: still waiting, nothing written.
    const a2 = await attemptOf(store, 'att0002', 0);
    assert.deepEqual([a2?.status, a2?.report_code, a2?.done_at], ['waiting', null, null]);
    // The message page's view of an attempt keeps the network's own id.
    assert.deepEqual(
      (await attemptsOfMessage(store, 'att0001')).map((a) => [a.connector, a.networkId, a.status]),
      [['smsc', 'n1', 'delivered']],
    );
    // Nothing to end is no statement, and no error.
    await finishAttempts(store.db, store.caps, []);
  });

  test("a batch past one statement's share is ended whole", async () => {
    const req = request('req_att2');
    const keys = Array.from({ length: 1203 }, (_, i) => `attb${String(i).padStart(5, '0')}`);
    await insertSendRequest(store.db, store.caps, req, 1000);
    await insertMessages(
      store.db,
      store.caps,
      req,
      keys.map((k) => ({ msgKey: k, to: '01012345678', destRef: null, vars: null, status: 'queued' })),
      1000,
    );
    await upsertAttempts(
      store.db,
      store.caps,
      keys.map((k) => attempt(k, `id-${k}`, 2000)),
    );
    const found = await findWaitingAttempts(
      store.db,
      'smsc',
      keys.map((k) => `id-${k}`),
    );
    assert.equal(found.length, keys.length);
    await finishAttempts(
      store.db,
      store.caps,
      keys.map((k, i) => ({
        msgKey: k,
        step: 0,
        status: 'delivered',
        code: '10000',
        text: 'Delivered',
        carrier: null,
        doneAt: 5000 + i,
      })),
    );
    const last = await attemptOf(store, keys[keys.length - 1] ?? '', 0);
    assert.equal(Number(last?.done_at), 5000 + keys.length - 1);
    assert.deepEqual(
      await findWaitingAttempts(
        store.db,
        'smsc',
        keys.map((k) => `id-${k}`),
      ),
      [],
    );
  });
});
