import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { advance, type Client, inbox, send, settle, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';

/*
 * idempotencyKey and idempotencyTtl (spec, Shared behaviours 4; docs/decisions.md#sending): a replay within
 * the TTL answers HTTP 200, data.code A000 and A301 on every recipient with the msgKey of the
 * first send, and sends nothing. The TTL defaults to 86400 s. Keys are per account.
 */

interface DestResult {
  to: string;
  msgKey: string;
  code: string;
  result: string;
}

describeEachDb('send: idempotency', (db) => {
  let t: TestGateway;
  let c: Client;
  let n = 0;
  const phone = () => `0103${String(++n).padStart(7, '0')}`;
  let k = 0;
  const newKey = () => `key-${++k}-${Date.now()}`;

  before(async () => {
    // One instance: no need to follow a shared clock. The follower (gateway.ts) can set the
    // clock back to a value it read just before a move, so that the next move starts from the
    // old time; with a 60 s poll it does not run while this suite runs.
    t = await startTestGateway(db);
    c = await setupClient(t);
  });
  after(() => t.close());

  const body = (to: readonly string[], extra: Record<string, unknown> = {}) => ({
    destinations: to.map((p) => ({ to: p })),
    messageFlow: [{ sms: { from: c.sender, text: 'idem' } }],
    ...extra,
  });

  /** HTTP 200 and data.code A000; the recipients' results. */
  async function answered(b: unknown, who: Client = c): Promise<DestResult[]> {
    const res = await send(t, who, b);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().common.authCode, 'A000');
    assert.equal(res.json().data.code, 'A000', res.body);
    return res.json().data.data.destinations;
  }

  async function refused(b: unknown, code: string, field: string) {
    const res = await send(t, c, b);
    assert.equal(res.statusCode, 400, res.body);
    assert.equal(res.json().data.code, code, res.body);
    assert.ok(String(res.json().data.result).includes(field), res.json().data.result);
  }

  const codes = (ds: DestResult[]) => ds.map((d) => d.code);
  const keys = (ds: DestResult[]) => ds.map((d) => d.msgKey);
  const received = async (p: string) => (await inbox(t, p)).map((m) => m.msgKey);

  /** A replay: every recipient A301 with the msgKeys `first` got. */
  function isReplayOf(replay: DestResult[], first: DestResult[]) {
    assert.deepEqual(
      codes(replay),
      first.map(() => 'A301'),
    );
    assert.deepEqual(keys(replay), keys(first));
    assert.deepEqual(
      replay.map((d) => d.to),
      first.map((d) => d.to),
    );
    for (const d of replay) assert.match(d.result, /idempotency key/);
  }

  test('a replay within the TTL answers A301 with the first msgKeys and sends nothing', async () => {
    const [a, b, kr] = [phone(), phone(), phone()];
    const idempotencyKey = newKey();
    // A Korean E.164 recipient is stored as 010...: the replay still finds its msgKey.
    const req = body([a, 'bad-number', b, `82${kr.slice(1)}`], { idempotencyKey, idempotencyTtl: 600 });
    const first = await answered(req);
    assert.deepEqual(codes(first), ['A000', 'A306', 'A000', 'A000']);
    await settle(t);
    const replay = await answered(req);
    isReplayOf(replay, first);
    // The key names the request: a changed body under the same key is a replay as well.
    isReplayOf(
      await answered({ ...req, messageFlow: [{ sms: { from: c.sender, text: 'changed' } }] }),
      first,
    );
    await settle(t);
    assert.deepEqual(await received(a), [first[0]?.msgKey]);
    assert.deepEqual(await received(b), [first[2]?.msgKey]);
    assert.deepEqual(await received(kr), [first[3]?.msgKey]);
  });

  test('after the TTL the same key sends again, and then replays the new send', async () => {
    const to = phone();
    const req = body([to], { idempotencyKey: newKey(), idempotencyTtl: 60 });
    const first = await answered(req);
    await advance(t, 59);
    isReplayOf(await answered(req), first);
    await advance(t, 1);
    const second = await answered(req);
    assert.deepEqual(codes(second), ['A000']);
    assert.notEqual(second[0]?.msgKey, first[0]?.msgKey);
    isReplayOf(await answered(req), second);
    await settle(t);
    assert.deepEqual(await received(to), [...keys(first), ...keys(second)]);
  });

  test('the TTL defaults to 86400 s: a replay after 86399 s is refused, after 86400 s sent', async () => {
    const to = phone();
    const req = body([to], { idempotencyKey: newKey() });
    const first = await answered(req);
    await advance(t, 86_399);
    isReplayOf(await answered(req), first);
    await advance(t, 1);
    assert.deepEqual(codes(await answered(req)), ['A000']);
    await settle(t);
    assert.equal((await received(to)).length, 2);
  });

  test('null key and TTL count as absent: no key, the TTL default', async () => {
    const to = phone();
    const noKey = body([to], { idempotencyKey: null, idempotencyTtl: null });
    assert.deepEqual(codes(await answered(noKey)), ['A000']);
    assert.deepEqual(codes(await answered(noKey)), ['A000']);
    const withKey = body([to], { idempotencyKey: newKey(), idempotencyTtl: null });
    const first = await answered(withKey);
    await advance(t, 3600);
    isReplayOf(await answered(withKey), first);
  });

  test('A308: idempotencyKey empty or over 200 characters; 200 characters pass', async () => {
    const to = [phone()];
    await refused(body(to, { idempotencyKey: '' }), 'A308', 'idempotencyKey');
    await refused(body(to, { idempotencyKey: 'k'.repeat(201) }), 'A308', 'idempotencyKey');
    const long = body(to, { idempotencyKey: `${newKey()}-`.padEnd(200, 'k') });
    const first = await answered(long);
    isReplayOf(await answered(long), first);
  });

  test('A309: idempotencyTtl outside 0 to 86400; 86400 passes; 0 keeps the key no time', async () => {
    const to = [phone()];
    await refused(body(to, { idempotencyKey: newKey(), idempotencyTtl: -1 }), 'A309', 'idempotencyTtl');
    await refused(body(to, { idempotencyKey: newKey(), idempotencyTtl: 86_401 }), 'A309', 'idempotencyTtl');
    const day = body(to, { idempotencyKey: newKey(), idempotencyTtl: 86_400 });
    const first = await answered(day);
    isReplayOf(await answered(day), first);
    const zero = body(to, { idempotencyKey: newKey(), idempotencyTtl: 0 });
    assert.deepEqual(codes(await answered(zero)), ['A000']);
    assert.deepEqual(codes(await answered(zero)), ['A000']);
  });

  test('a refused request does not take the key: the corrected request is sent', async () => {
    const idempotencyKey = newKey();
    const to = phone();
    const wrong = {
      ...body([to], { idempotencyKey }),
      messageFlow: [{ sms: { from: '0299997777', text: 'x' } }],
    };
    await refused(wrong, 'A327', 'sms.from');
    const all306 = body(['nope'], { idempotencyKey });
    assert.deepEqual(codes(await answered(all306)), ['A306']);
    const first = await answered(body([to], { idempotencyKey }));
    assert.deepEqual(codes(first), ['A000']);
    isReplayOf(await answered(body([to], { idempotencyKey })), first);
  });

  test('keys are per account: another account may use the same key', async () => {
    const other = await setupClient(t, 'other');
    const idempotencyKey = newKey();
    const [a, b] = [phone(), phone()];
    const mine = await answered(body([a], { idempotencyKey }));
    const theirs = await answered(
      { ...body([b], { idempotencyKey }), messageFlow: [{ sms: { from: other.sender, text: 'o' } }] },
      other,
    );
    assert.deepEqual(codes(theirs), ['A000']);
    isReplayOf(await answered(body([a], { idempotencyKey })), mine);
    isReplayOf(
      await answered(
        { ...body([b], { idempotencyKey }), messageFlow: [{ sms: { from: other.sender, text: 'o' } }] },
        other,
      ),
      theirs,
    );
    await settle(t);
    assert.deepEqual(await received(a), keys(mine));
    assert.deepEqual(await received(b), keys(theirs));
  });

  /** Two requests with one key at once: exactly one is sent, the other is its replay. */
  async function race(idempotencyKey: string, to: readonly string[], ttl?: number) {
    const req = body(to, { idempotencyKey, ...(ttl === undefined ? {} : { idempotencyTtl: ttl }) });
    const [x, y] = await Promise.all([answered(req), answered(req)]);
    const sent = codes(x).every((code) => code === 'A000') ? x : y;
    const replay = sent === x ? y : x;
    assert.deepEqual(
      codes(sent),
      to.map(() => 'A000'),
      `one request is sent (key ${idempotencyKey})`,
    );
    isReplayOf(replay, sent);
    return sent;
  }

  test('two concurrent requests with one key: one is sent, the other is a replay (10 keys)', async () => {
    const sent: Array<[string[], DestResult[]]> = [];
    for (let i = 0; i < 10; i++) {
      const to = [phone(), phone()];
      sent.push([to, await race(newKey(), to)]);
    }
    // And all ten pairs at once.
    const burst = Array.from({ length: 10 }, () => [phone(), phone()]);
    const results = await Promise.all(burst.map((to) => race(newKey(), to)));
    burst.forEach((to, i) => {
      sent.push([to, results[i] as DestResult[]]);
    });
    await settle(t);
    for (const [to, first] of sent) {
      for (const [i, p] of to.entries()) assert.deepEqual(await received(p), [first[i]?.msgKey], p);
    }
  });

  test('two concurrent requests taking over an expired key: one is sent (5 keys)', async () => {
    const pairs = Array.from({ length: 5 }, () => ({ key: newKey(), to: [phone()] }));
    const firsts = await Promise.all(
      pairs.map((p) => answered(body(p.to, { idempotencyKey: p.key, idempotencyTtl: 5 }))),
    );
    await advance(t, 5);
    const seconds = await Promise.all(pairs.map((p) => race(p.key, p.to, 5)));
    await settle(t);
    for (const [i, p] of pairs.entries()) {
      assert.deepEqual(await received(p.to[0] as string), [firsts[i]?.[0]?.msgKey, seconds[i]?.[0]?.msgKey]);
    }
  });
});
