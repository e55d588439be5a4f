import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { advance, inbox, send, settle } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { FaultProxy } from './fault-proxy.ts';
import { eventually, pollReports, type Relay, startRelay } from './relay-helpers.ts';

/* The upstream misbehaves (throttles, fails, loses its answer, goes away): nothing is lost, and
 * nothing reaches a handset twice. Retries are due on the relay's manual clock. */

describeEachDb('upstream connector: faults of the upstream', (db) => {
  let r: Relay;
  let proxy: FaultProxy;
  let n = 0;
  const phone = () => `0106${String(++n).padStart(7, '0')}`;
  const reports = new Map<string, Array<Record<string, string>>>();

  before(async () => {
    proxy = await FaultProxy.start();
    r = await startRelay(db, {
      baseUrl: (upUrl) => {
        proxy.target = upUrl;
        return proxy.url;
      },
    });
  });
  after(async () => {
    await r.close();
    await proxy.close();
  });

  async function sendTo(tos: readonly string[]): Promise<string[]> {
    const res = await send(r.relay, r.client, {
      destinations: tos.map((to) => ({ to })),
      messageFlow: [{ sms: { from: r.client.sender, text: 'fault test' } }],
    });
    assert.equal(res.statusCode, 200, res.body);
    return (res.json().data.data.destinations as Array<{ msgKey: string }>).map((d) => d.msgKey);
  }

  async function delivered(keys: readonly string[]): Promise<void> {
    for (const k of keys) {
      const rep = await eventually(`report of ${k}`, async () => {
        await pollReports(r.relay, r.client.apiKey, reports);
        return reports.get(k)?.find((x) => x.reportType === 'STANDARD');
      });
      assert.equal(rep.reportCode, '10000', JSON.stringify(rep));
    }
  }

  async function received(to: string): Promise<number> {
    return (await inbox(r.up, to)).length;
  }

  async function status(msgKey: string): Promise<string> {
    const res = await r.relay.request({
      method: 'GET',
      url: `/api/comm/v1/message/inquiry/msgKey/${msgKey}`,
      apiKey: r.client.apiKey,
    });
    return res.json().data.data.status as string;
  }

  test('429 (Retry-After) and 500: the same request again once due, delivered once', async () => {
    for (const fault of ['429', '500'] as const) {
      const tos = [phone(), phone()];
      proxy.faults.push(fault);
      const forwarded = proxy.forwarded;
      const keys = await sendTo(tos);
      await eventually(`the ${fault}`, async () => (proxy.faults.length === 0 ? true : undefined));
      await settle(r.relay);
      for (const k of keys)
        assert.equal(await status(k), 'queued', `after ${fault} the message waits its retry`);
      assert.equal(proxy.forwarded, forwarded, 'nothing reached the upstream');
      await advance(r.relay, 2);
      await delivered(keys);
      for (const to of tos) assert.equal(await received(to), 1, `${fault}: one message on ${to}`);
    }
  });

  test('an answer lost after the upstream took the request: the repeat delivers nothing twice', async () => {
    const tos = [phone(), phone(), phone()];
    proxy.faults.push('lose-answer');
    const keys = await sendTo(tos);
    await eventually('the lost answer', async () => (proxy.faults.length === 0 ? true : undefined));
    for (const to of tos)
      await eventually(`first delivery on ${to}`, async () =>
        (await received(to)) === 1 ? true : undefined,
      );
    await settle(r.relay);
    const forwarded = proxy.forwarded;
    await advance(r.relay, 2);
    await delivered(keys);
    assert.equal(proxy.forwarded, forwarded + 1, 'the same request went again');
    for (const to of tos) assert.equal(await received(to), 1, `one message on ${to}`);
  });

  test('the upstream down for a while, then back: every message once', async () => {
    const tos = [phone(), phone()];
    proxy.down = true;
    const keys = await sendTo(tos);
    await settle(r.relay);
    for (const s of [1, 2, 4]) {
      await advance(r.relay, s);
      for (const k of keys) assert.equal(await status(k), 'queued');
    }
    proxy.down = false;
    await advance(r.relay, 8);
    await delivered(keys);
    for (const to of tos) assert.equal(await received(to), 1);
  });
});

describeEachDb('upstream connector: a request that may have been taken never fails over', (db) => {
  let r: Relay;
  let proxy: FaultProxy;
  let n = 0;
  const phone = () => `0104${String(++n).padStart(7, '0')}`;
  const reports = new Map<string, Array<Record<string, string>>>();

  before(async () => {
    proxy = await FaultProxy.start();
    r = await startRelay(db, {
      baseUrl: (upUrl) => {
        proxy.target = upUrl;
        return proxy.url;
      },
    });
  });
  after(async () => {
    await r.close();
    await proxy.close();
  });

  /** An sms step upstream, then an infomsg step (also upstream): a failover would show as a second attempt. */
  async function sendOne(to: string): Promise<string> {
    const res = await send(r.relay, r.client, {
      destinations: [{ to }],
      messageFlow: [
        { sms: { from: r.client.sender, text: 'first step' } },
        {
          infomsg: {
            msgType: 'AT',
            senderKey: r.client.senderKey,
            templateCode: 'TPL-001',
            text: 'second step',
          },
        },
      ],
    });
    assert.equal(res.statusCode, 200, res.body);
    return res.json().data.data.destinations[0].msgKey as string;
  }

  async function inquiry(msgKey: string) {
    const res = await r.relay.request({
      method: 'GET',
      url: `/api/comm/v1/message/inquiry/msgKey/${msgKey}`,
      apiKey: r.client.apiKey,
    });
    return res.json().data.data as {
      status: string;
      messages: Array<{ channel: string; status: string; reportCode: string }>;
    };
  }

  async function report(msgKey: string): Promise<Record<string, string>> {
    return eventually(`report of ${msgKey}`, async () => {
      await pollReports(r.relay, r.client.apiKey, reports);
      return reports.get(msgKey)?.[0];
    });
  }

  test('a repeat the upstream refuses (after a lost answer): uncertain, delivered once, no next step', async () => {
    const to = phone();
    proxy.faults.push('lose-answer', '400');
    const msgKey = await sendOne(to);
    await eventually('the lost answer', async () => (proxy.faults.length === 1 ? true : undefined));
    await settle(r.relay);
    await advance(r.relay, 2);
    const rep = await report(msgKey);
    assert.equal(rep.reportCode, '85007');
    const inq = await inquiry(msgKey);
    assert.equal(inq.status, 'uncertain');
    assert.deepEqual(
      inq.messages.map((m) => m.channel),
      ['sms'],
      'no failover to the second step',
    );
    assert.equal((await inbox(r.up, to)).length, 1, 'the first try was delivered, once');
  });

  test('5xx on every retry: uncertain with 85009 once the retries run out, no next step', async () => {
    const to = phone();
    proxy.faults.push(...Array.from({ length: 11 }, () => '500' as const));
    const msgKey = await sendOne(to);
    await eventually('the first 500', async () => (proxy.faults.length <= 10 ? true : undefined));
    await settle(r.relay);
    for (let k = 0; k < 10; k++) await advance(r.relay, 2 ** k + 1);
    assert.equal(proxy.faults.length, 0, 'every retry went');
    const rep = await report(msgKey);
    assert.equal(rep.reportCode, '85009', JSON.stringify(rep));
    const inq = await inquiry(msgKey);
    assert.equal(inq.status, 'uncertain');
    assert.deepEqual(
      inq.messages.map((m) => m.channel),
      ['sms'],
    );
    assert.equal((await inbox(r.up, to)).length, 0);
  });
});
