import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  AuthError,
  NotFoundError,
  Omnigate,
  OmnigateError,
  StateError,
  steps,
  ValidationError,
} from '../../clients/typescript/src/index.ts';
import { inbox, setHandset, settle } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { clientOf, numbers, type Served, serveGateway } from './helpers.ts';

describeEachDb('client: sends and errors', (db) => {
  let s: Served;
  before(async () => {
    s = await serveGateway(db);
  });
  after(() => s.t.close());

  test('send answers one result per recipient, in order, and the handsets receive', async () => {
    const { c, client } = await clientOf(s, 'send-results');
    const [a, b] = numbers('11', 2);
    const answer = await client.send({
      destinations: [{ to: a ?? '', replaceWords: { name: 'Kim' } }, { to: 'not-a-number' }, { to: b ?? '' }],
      messageFlow: [steps.sms({ from: c.sender, text: 'Hello #{name}' })],
      ref: 'order-1',
    });
    assert.equal(answer.code, 'A000');
    assert.equal(answer.ref, 'order-1');
    const got = answer.data.destinations;
    assert.deepEqual(
      got.map((d) => [d.to, d.code]),
      [
        [a, 'A000'],
        ['not-a-number', 'A306'],
        [b, 'A000'],
      ],
    );
    assert.equal(got[1]?.msgKey, '');
    await settle(s.t);
    const received = await inbox(s.t, a ?? '');
    assert.equal(received.length, 1);
    assert.equal(received[0]?.text, 'Hello Kim');
    assert.equal(received[0]?.msgKey, got[0]?.msgKey);
  });

  test('channel helpers: sms, lms, rcs, infomsg; results carry to and ref', async () => {
    const { c, client } = await clientOf(s, 'helpers');
    const [a, b, d, e] = numbers('12', 4);
    const sms = await client.sms({ to: a ?? '', ref: 'r-a' }, { from: c.sender, text: 'short' });
    assert.deepEqual(
      sms.map((r) => [r.to, r.ref, r.code]),
      [[a, 'r-a', 'A000']],
    );
    const lms = await client.lms([b ?? ''], { from: c.sender, title: 'Title', text: 'long '.repeat(30) });
    const rcs = await client.rcs(d ?? '', {
      brandKey: c.brandKey,
      formatId: 'SS000000',
      body: { description: 'rcs' },
    });
    const info = await client.infomsg(e ?? '', {
      msgType: 'AT',
      senderKey: c.senderKey,
      templateCode: 'TPL-001',
      text: 'info',
    });
    for (const r of [...lms, ...rcs, ...info]) assert.equal(r.code, 'A000', r.result);
    await settle(s.t);
    assert.equal((await inbox(s.t, b ?? ''))[0]?.channel, 'mms');
    assert.equal((await inbox(s.t, d ?? ''))[0]?.channel, 'rcs');
    assert.equal((await inbox(s.t, e ?? ''))[0]?.channel, 'infomsg');
  });

  test('sendFlow: a recipient whose first step fails gets the next one (failover), one msgKey', async () => {
    const { c, client } = await clientOf(s, 'failover');
    const [appUser, noApp] = numbers('13', 2);
    // No messaging app: the informational message fails and the SMS step is tried.
    await setHandset(s.t, noApp ?? '', { appUser: null });
    const results = await client.sendFlow(
      [appUser ?? '', noApp ?? ''],
      [
        steps.infomsg({ msgType: 'AT', senderKey: c.senderKey, templateCode: 'TPL-001', text: 'info first' }),
        steps.sms({ from: c.sender, text: 'sms fallback' }),
      ],
    );
    assert.deepEqual(
      results.map((r) => r.code),
      ['A000', 'A000'],
    );
    await settle(s.t);
    const first = await inbox(s.t, appUser ?? '');
    const second = await inbox(s.t, noApp ?? '');
    assert.deepEqual(
      first.map((m) => m.channel),
      ['infomsg'],
    );
    assert.deepEqual(
      second.map((m) => [m.channel, m.text, m.msgKey]),
      [['sms', 'sms fallback', results[1]?.msgKey]],
    );
    const view = await client.messages.inquiry(results[1]?.msgKey ?? '');
    assert.equal(view.data.status, 'delivered');
    assert.deepEqual(
      view.data.messages.map((m) => [m.channel, m.fallback]),
      [
        ['infomsg', 'N'],
        ['sms', 'Y'],
      ],
    );
  });

  test('typed errors: a wrong key is AuthError, a broken rule ValidationError, an unknown key NotFoundError', async () => {
    const { c, client } = await clientOf(s, 'errors');
    const stranger = new Omnigate({ baseUrl: s.baseUrl, apiKey: 'not-a-key' });
    await assert.rejects(stranger.reports.poll(), (err) => {
      assert.ok(err instanceof AuthError);
      assert.equal(err.code, 'A401');
      assert.equal(err.status, 401);
      return true;
    });
    await assert.rejects(
      client.send({ destinations: [], messageFlow: [steps.sms({ from: c.sender, text: 'x' })] }),
      (err) => {
        assert.ok(err instanceof ValidationError);
        assert.ok(err instanceof OmnigateError);
        assert.equal(err.code, 'A307');
        assert.equal(err.status, 400);
        assert.match(err.result, /^No destination/);
        assert.ok(err.providerTrId.length > 0);
        return true;
      },
    );
    await assert.rejects(client.reports.inquiry('no-such-key'), (err) => {
      assert.ok(err instanceof NotFoundError);
      assert.equal(err.code, 'A820');
      return true;
    });
    // A state conflict (409) is its own kind: the request was right, the reservation's state is not.
    const resv = await client.reservations.create({
      destinations: [{ to: '01099990003' }],
      messageFlow: [steps.sms({ from: c.sender, text: 'later' })],
      // 30 days ahead, Korea time (the served gateway runs on the system clock).
      resvSendTime: new Date(Date.now() + 30 * 86_400_000 + 9 * 3_600_000)
        .toISOString()
        .slice(0, 19)
        .replace('T', ' '),
    });
    const resvKey = resv.resvKey ?? '';
    await client.reservations.cancel(resvKey);
    await assert.rejects(client.reservations.cancel(resvKey), (err) => {
      assert.ok(err instanceof StateError);
      assert.ok(err instanceof ValidationError, 'still a ValidationError: older catches keep working');
      assert.deepEqual([err.code, err.status], ['A824', 409]);
      return true;
    });
    // A refusal of the whole chunk gives each of its recipients the code (bulk keeps one list).
    const refused = await client.sms(['01099990001', '01099990002'], { from: '0299999999', text: 'x' });
    assert.deepEqual(
      refused.map((r) => [r.code, r.msgKey]),
      [
        ['A327', ''],
        ['A327', ''],
      ],
    );
  });
});
