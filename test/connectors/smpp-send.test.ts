import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { drain, phones, reportsOf, sendAll, sendOne, sms } from '../engine/delivery-helpers.ts';
import type { Client } from '../helpers/client.ts';
import { inbox } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import type { TestGateway } from '../helpers/gateway.ts';
import { SmscSimulator, submittedText } from '../helpers/smsc.ts';
import { finalOf, smppSuite } from './smpp-helpers.ts';

describeEachDb('SMPP connector: sending', (db) => {
  let smsc: SmscSimulator;
  let t: TestGateway;
  let c: Client;
  const next = phones('71');

  before(async () => {
    smsc = await SmscSimulator.start({ systemId: 'omnigate', password: 'secret' });
    ({ t, c } = await smppSuite(db, smsc, { concatenation: true }, [
      { channel: 'sms', connector: 'smsc', numbers: ['01071'] },
      { channel: 'lms', connector: 'smsc', numbers: ['01071'] },
    ]));
  });
  after(async () => {
    await t.close();
    await smsc.close();
  });

  const submittedTo = (to: string) => smsc.submitted.filter((m) => m.destinationAddr === to);

  test('an SMS goes to the SMSC and its receipt makes the delivered report', async () => {
    const to = next();
    const key = await sendOne(t, c, { to, replaceWords: { name: 'Kim' } }, [sms(c, 'Hello #{name}')]);
    const view = await finalOf(t, c, key);
    assert.equal(view.status, 'delivered');
    const [m, ...more] = submittedTo(to);
    assert.ok(m);
    assert.equal(more.length, 0);
    assert.equal(m.sourceAddr, c.sender);
    assert.equal(m.dataCoding, 0);
    assert.equal(m.registeredDelivery & 1, 1);
    assert.deepEqual(submittedText(m), { text: 'Hello Kim', concat: null });
    const reports = await reportsOf(t, c, key);
    assert.equal(reports.length, 1);
    assert.equal(reports[0]?.reportCode, '10000');
    // Nothing went to the simulated handset: the route took it.
    assert.equal((await inbox(t, to)).length, 0);
  });

  test('a number no route names stays with the sandbox', async () => {
    const to = '01099990001';
    const key = await sendOne(t, c, to, [sms(c, 'sandbox')]);
    assert.equal((await finalOf(t, c, key)).status, 'delivered');
    assert.equal(submittedTo(to).length, 0);
    assert.equal((await inbox(t, to)).length, 1);
  });

  test('Korean text goes as UCS2', async () => {
    const to = next();
    const key = await sendOne(t, c, to, [sms(c, '안녕하세요')]);
    assert.equal((await finalOf(t, c, key)).status, 'delivered');
    const [m] = submittedTo(to);
    assert.ok(m);
    assert.equal(m.dataCoding, 8);
    assert.equal(submittedText(m).text, '안녕하세요');
  });

  test('an LMS goes as concatenated parts and is delivered when every part is', async () => {
    const to = next();
    const text = '가'.repeat(150);
    const key = await sendOne(t, c, to, [{ mms: { msgType: 'LM', from: c.sender, title: '제목', text } }]);
    const view = await finalOf(t, c, key);
    assert.equal(view.status, 'delivered');
    const parts = submittedTo(to).map(submittedText);
    assert.equal(parts.length, 3);
    const refs = new Set(parts.map((p) => p.concat?.ref));
    assert.equal(refs.size, 1);
    assert.deepEqual(
      parts.map((p) => [p.concat?.seq, p.concat?.total]),
      [
        [1, 3],
        [2, 3],
        [3, 3],
      ],
    );
    assert.equal(parts.map((p) => p.text).join(''), `제목\n${text}`);
    assert.equal((await reportsOf(t, c, key)).length, 1);
  });

  test('every message of a 200-recipient send reaches the SMSC exactly once', async () => {
    const tos = Array.from({ length: 200 }, () => next());
    const keys = await sendAll(t, c, tos, [sms(c, 'bulk')]);
    for (const k of keys) assert.equal((await finalOf(t, c, k)).status, 'delivered');
    for (const to of tos) assert.equal(submittedTo(to).length, 1, to);
    const reports = (await drain(t, c)).filter((r) => keys.includes(r.msgKey));
    assert.equal(reports.length, 200);
  });
});
