import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Store } from '../../src/store/db/database.ts';
import { insertMessages, insertSendRequest, type NewMessage } from '../../src/store/messages/messages.ts';
import { claimDueMessages, moveClaims } from '../../src/store/messages/queue.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';

/* The message row as its own queue entry (store/messages/queue.ts, migration 0025). */

const LEASE = 30_000;

describeEachDb('message queue: claims on the message rows', (db) => {
  let t: TestGateway;
  let store: Store;
  let accountId: string;
  let seq = 0;
  before(async () => {
    t = await startTestGateway(db, { start: false });
    store = t.gw.ctx.store;
    accountId = (await t.createAccount('queue')).accountId;
  });
  after(() => t.close());

  /** A request of `n` messages accepted at `at`, queued (due then) or held. */
  async function accept(n: number, at: number, status: NewMessage['status'] = 'queued'): Promise<string[]> {
    const id = `req_q${++seq}`;
    const req = {
      id,
      accountId,
      keyId: 'k',
      flow: '[]',
      paymentCode: null,
      groupKey: null,
      ref: null,
      dlr: false,
      resvKey: null,
    };
    const messages = Array.from({ length: n }, (_, i) => ({
      msgKey: `m${String(seq).padStart(4, '0')}${String(i).padStart(4, '0')}`,
      to: '01012345678',
      destRef: null,
      vars: null,
      status,
    }));
    await insertSendRequest(store.db, store.caps, req, at);
    await insertMessages(store.db, store.caps, req, messages, at);
    return messages.map((m) => m.msgKey);
  }

  async function drain(now: number): Promise<void> {
    // Whatever earlier tests left due is taken out of the way (claimed far ahead).
    while ((await claimDueMessages(store, now, now + 10 * 365 * 86_400_000, 1000)).length > 0);
  }

  test('due messages are claimed oldest first, once, and again when the lease runs out', async () => {
    const t0 = 1_000_000;
    await drain(t0 + 10_000);
    const late = await accept(2, t0 + 5_000);
    const early = await accept(3, t0);
    await accept(2, t0, 'held');
    const first = await claimDueMessages(store, t0 + 1_000, t0 + 1_000 + LEASE, 10);
    assert.deepEqual(
      first.map((r) => r.msgKey),
      early,
      'only the due ones, not the held',
    );
    assert.ok(first.every((r) => r.status === 'queued' && r.tries === 0 && r.nextAt === t0));
    const second = await claimDueMessages(store, t0 + 6_000, t0 + 6_000 + LEASE, 10);
    assert.deepEqual(
      second.map((r) => r.msgKey),
      late,
      'a claim under way is not taken again',
    );
    // The first claim's engine died: its lease runs out, and its messages are due again.
    const again = await claimDueMessages(store, t0 + 1_000 + LEASE, t0 + 1_000 + 2 * LEASE, 10);
    assert.deepEqual(
      again.map((r) => r.msgKey),
      early,
    );
    // ... except those the caller says it is still submitting.
    const keep = early.slice(0, 1);
    const other = await claimDueMessages(store, t0 + 1_000 + 2 * LEASE, t0 + 1_000 + 3 * LEASE, 10, keep);
    assert.deepEqual(other.map((r) => r.msgKey).sort(), [...early.slice(1), ...late].sort());
  });

  test('a claim is moved (renewed, handed back) only while it is still held under its lease', async () => {
    const t0 = 50_000_000;
    await drain(t0);
    const keys = await accept(3, t0);
    const lease = t0 + LEASE;
    assert.equal((await claimDueMessages(store, t0, lease, 10)).length, 3);
    // One was moved on by its pass meanwhile; another engine took one over (a later lease).
    await store.db
      .updateTable('messages')
      .set({ status: 'delivered', next_at: null })
      .where('msg_key', '=', keys[0] ?? '')
      .execute();
    await store.db
      .updateTable('messages')
      .set({ claimed_until: lease + 5 })
      .where('msg_key', '=', keys[1] ?? '')
      .execute();
    assert.equal(
      await moveClaims(store.db, keys, lease, { leaseUntil: lease + LEASE }),
      1,
      'renewed: the one still held',
    );
    assert.equal(
      await moveClaims(store.db, keys, lease, { dueAt: t0 }),
      0,
      'the old lease holds none any more',
    );
    assert.equal(await moveClaims(store.db, keys, lease + LEASE, { dueAt: t0 }), 1, 'handed back: due again');
    const due = await claimDueMessages(store, t0, t0 + LEASE, 10);
    assert.deepEqual(
      due.map((r) => r.msgKey),
      [keys[2]],
    );
  });

  test('claims made at once never take one message twice', async () => {
    const t0 = 90_000_000;
    await drain(t0);
    const keys = await accept(200, t0);
    const claims = await Promise.all(
      Array.from({ length: 8 }, () => claimDueMessages(store, t0, t0 + LEASE, 40)),
    );
    const taken = claims.flatMap((c) => c.map((r) => r.msgKey));
    assert.equal(new Set(taken).size, taken.length, 'no message in two claims');
    assert.deepEqual([...taken].sort(), [...keys].sort(), 'every due message claimed');
  });
});
