import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { history, type MoView, moAccount } from '../features/mo-helpers.ts';
import { describeEachDb } from '../helpers/db.ts';
import type { TestGateway } from '../helpers/gateway.ts';
import { SmscSimulator } from '../helpers/smsc.ts';
import { connectorsFile, eventually, startSmppGateway } from './smpp-helpers.ts';

describeEachDb('SMPP connector: MO messages', (db) => {
  let smsc: SmscSimulator;
  let t: TestGateway;
  let apiKey: string;
  let file: string;
  const MO_NUMBER = '15887001';

  before(async () => {
    smsc = await SmscSimulator.start({ systemId: 'omnigate', password: 'secret' });
    file = connectorsFile(db, smsc);
    t = await startSmppGateway(db, file);
    await smsc.waitFor(() => smsc.sessions().length > 0, 'the bind');
    ({ apiKey } = await moAccount(t, 'mo-owner', MO_NUMBER));
  });
  after(async () => {
    await t.close();
    await smsc.close();
  });

  /** The account's MO messages from `from`, once `count` of them are there. */
  async function mosFrom(from: string, count: number): Promise<MoView[]> {
    let found: MoView[] = [];
    await eventually(async () => {
      found = (await history(t, apiKey, '?limit=100')).messages.filter((m) => m.from === from);
      return found.length >= count;
    }, `${count} MO from ${from}`);
    return found;
  }

  test('an MO becomes a message of the account that owns the number', async () => {
    const from = '01073000001';
    assert.deepEqual(await smsc.sendMo({ from, to: MO_NUMBER, text: 'Hello there' }), [0]);
    const [mo, ...more] = await mosFrom(from, 1);
    assert.equal(more.length, 0);
    assert.equal(mo?.to, MO_NUMBER);
    assert.equal(mo?.content, 'Hello there');
  });

  test('Korean text (UCS2) and E.164 numbers are read as the gateway keeps them', async () => {
    assert.deepEqual(await smsc.sendMo({ from: '821073000002', to: MO_NUMBER, text: '안녕하세요' }), [0]);
    const [mo] = await mosFrom('01073000002', 1);
    assert.equal(mo?.content, '안녕하세요');
  });

  test('concatenated parts, out of order and one repeated, make one MO', async () => {
    const from = '01073000003';
    const text = 'part one / part two / part three';
    const statuses = await smsc.sendMo({ from, to: MO_NUMBER, text, parts: 3, order: [3, 1, 3, 2], ref: 77 });
    assert.deepEqual(statuses, [0, 0, 0, 0]);
    const mos = await mosFrom(from, 1);
    assert.equal(mos.length, 1);
    assert.equal(mos[0]?.content, text);
  });

  test('parts marked by sar_* TLVs are reassembled too', async () => {
    const from = '01073000004';
    const text = '두 부분으로 나뉜 메시지입니다';
    await smsc.sendMo({ from, to: MO_NUMBER, text, parts: 2, sar: true, ref: 9 });
    const mos = await mosFrom(from, 1);
    assert.equal(mos.length, 1);
    assert.equal(mos[0]?.content, text);
  });

  test('an MO to a number no account owns is acknowledged and dropped', async () => {
    const from = '01073000005';
    assert.deepEqual(await smsc.sendMo({ from, to: '15889999', text: 'nobody' }), [0]);
    const all = (await history(t, apiKey, '?limit=100')).messages;
    assert.equal(all.filter((m) => m.from === from).length, 0);
  });

  test('parts left by an MO that never completed do not mix into a later one with the same reference', async () => {
    const from = '01073000008';
    // Two of three parts of an MO whose last part never comes.
    await smsc.sendMo({
      from,
      to: MO_NUMBER,
      text: 'OLD-ONE|OLD-TWO|OLD-333',
      parts: 3,
      order: [1, 2],
      ref: 200,
    });
    const res = await t.request({
      method: 'POST',
      url: '/sandbox/v1/clock',
      admin: true,
      body: { advanceSeconds: 11 * 60 },
    });
    assert.equal(res.statusCode, 200, res.body);
    // A new MO under the same reference, its last part first.
    const text = 'new-one|new-two|new-333';
    await smsc.sendMo({ from, to: MO_NUMBER, text, parts: 3, order: [3, 1, 2], ref: 200 });
    const mos = await mosFrom(from, 1);
    assert.equal(mos.length, 1);
    assert.equal(mos[0]?.content, text);
  });

  test('parts that straddle a gateway restart are reassembled once', async () => {
    const from = '01073000006';
    const text = 'first half|second half';
    // Part 2 reaches this gateway; part 1 reaches the next one, after a restart.
    await smsc.sendMo({ from, to: MO_NUMBER, text, parts: 2, order: [2], ref: 5 });
    await t.close();
    await smsc.waitFor(() => smsc.sessions().length === 0, 'the unbind');
    t = await startSmppGateway(db, file);
    await smsc.waitFor(() => smsc.sessions().length > 0, 'the bind after the restart');
    await smsc.sendMo({ from, to: MO_NUMBER, text, parts: 2, order: [1], ref: 5 });
    const mos = await mosFrom(from, 1);
    assert.equal(mos.length, 1);
    assert.equal(mos[0]?.content, text);
  });
});
