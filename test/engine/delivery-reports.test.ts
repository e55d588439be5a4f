import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { advance, type Client, inbox, setHandset, settle, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import {
  ack,
  clockNow,
  drain,
  infomsg,
  phones,
  poll,
  type Report,
  reportsOf,
  sendAll,
  setClock,
  sms,
  tally,
} from './delivery-helpers.ts';

/*
 * What the engine hands the client: exactly one final report per message, across worker restarts,
 * by polling (one batch until acknowledged) or by the account's webhook (docs/reports.md).
 */

/** Reports by msgKey, and a check that each message has exactly one STANDARD report. */
function oneStandardEach(reports: readonly Report[], msgKeys: readonly string[]): Map<string, Report> {
  const standard = reports.filter((r) => r.reportType === 'STANDARD');
  const counts = tally(standard.map((r) => r.msgKey));
  for (const k of msgKeys)
    assert.equal(counts.get(k), 1, `msgKey ${k}: ${counts.get(k) ?? 0} STANDARD reports`);
  assert.equal(standard.length, msgKeys.length, 'reports of messages nobody sent');
  return new Map(standard.map((r) => [r.msgKey, r]));
}

/** Each delivered message is in its handset's inbox once; a failed one is not there. */
async function inboxOnce(
  t: TestGateway,
  sent: ReadonlyArray<{ to: string; msgKey: string; delivered: boolean }>,
) {
  for (const s of sent) {
    const rows = (await inbox(t, s.to)).filter((g) => g.msgKey === s.msgKey);
    assert.equal(rows.length, s.delivered ? 1 : 0, `${s.to} ${s.msgKey}: ${rows.length} inbox rows`);
  }
}

describeEachDb('delivery: exactly once across restarts', (db) => {
  let t: TestGateway;
  let c: Client;
  const phone = phones('74');
  before(async () => {
    t = await startTestGateway(db);
    await setClock(t, '2026-03-10 12:00:00');
    c = await setupClient(t);
  });
  after(() => t.close());

  /** Closes the current gateway (workers and all) and starts a new one on the same database. */
  async function restart(start = true): Promise<void> {
    await t.close();
    t = await startTestGateway(db, { start });
  }

  /** Handsets of every kind; the expected final code of a [infomsg, sms] send to each. */
  async function handsets(): Promise<{ to: string; code: string; channel: string }[]> {
    const out: { to: string; code: string; channel: string }[] = [];
    const add = async (props: Record<string, unknown> | null, code: string, channel: string) => {
      const to = phone();
      if (props) await setHandset(t, to, props);
      out.push({ to, code, channel });
    };
    for (let i = 0; i < 3; i++) {
      await add(null, '10000', 'INFOMSG');
      await add({ appUser: null }, '10000', 'SMS');
      await add({ appUser: null, receiptDelaySeconds: 10 }, '10000', 'SMS');
      await add({ fail: { infomsg: '31000', sms: '23003' } }, '23003', 'SMS');
      await add({ reachable: false }, '30001', 'SMS');
    }
    return out;
  }

  async function checkAll(
    targets: ReadonlyArray<{ to: string; code: string; channel: string }>,
    keys: readonly string[],
  ): Promise<void> {
    const byKey = oneStandardEach(await drain(t, c), keys);
    const sent = targets.map((h, i) => {
      const msgKey = keys[i] ?? '';
      const r = byKey.get(msgKey);
      assert.deepEqual([r?.reportCode, r?.serviceType], [h.code, h.channel], `${h.to}`);
      return { to: h.to, msgKey, delivered: h.code === '10000' };
    });
    await inboxOnce(t, sent);
  }

  test('workers closed right after the send: the next gateway delivers each message once', async () => {
    const targets = await handsets();
    const keys = await sendAll(
      t,
      c,
      targets.map((h) => ({ to: h.to, replaceWords: { name: 'r' } })),
      [infomsg(c), sms(c)],
    );
    await restart();
    await settle(t);
    await advance(t, 10);
    await checkAll(targets, keys);
    // Nothing more comes however long one waits.
    await advance(t, 2 * 24 * 3600);
    assert.deepEqual(await drain(t, c), []);
  });

  test('a gateway that never ran its workers: the next one sends everything, once', async () => {
    await restart(false);
    const targets = await handsets();
    const keys = await sendAll(
      t,
      c,
      targets.map((h) => ({ to: h.to, replaceWords: { name: 'r' } })),
      [infomsg(c), sms(c)],
    );
    await restart();
    await settle(t);
    await advance(t, 10);
    await checkAll(targets, keys);
  });

  test('the clock moved while the restarted gateway sends: every receipt due is matched', async () => {
    await restart(false);
    const tos = Array.from({ length: 20 }, () => phone());
    for (const to of tos) await setHandset(t, to, { receiptDelaySeconds: 10 });
    const keys = await sendAll(t, c, tos, [sms(c, 'racing')]);
    await restart();
    // No settle first: the clock moves while the first pass may still be submitting.
    await advance(t, 10);
    const got = await drain(t, c);
    // A pass that ran only after the clock moved submitted then: its receipts are 10 s later.
    await advance(t, 10);
    got.push(...(await drain(t, c)));
    // Whatever this test leaves unsettled must not leak into the next one.
    await advance(t, 2 * 24 * 3600);
    await drain(t, c);
    oneStandardEach(got, keys);
  });

  test('receipts still waiting when the workers stop are matched after the restart', async () => {
    const tos = [phone(), phone(), phone()];
    for (const to of tos) await setHandset(t, to, { receiptDelaySeconds: 30 });
    const keys = await sendAll(t, c, tos, [sms(c, 'wait for it')]);
    await settle(t);
    assert.deepEqual(await drain(t, c), []);
    await restart();
    await advance(t, 29);
    assert.deepEqual(await drain(t, c), []);
    await advance(t, 1);
    const byKey = oneStandardEach(await drain(t, c), keys);
    assert.ok([...byKey.values()].every((r) => r.reportCode === '10000'));
    await inboxOnce(
      t,
      tos.map((to, i) => ({ to, msgKey: keys[i] ?? '', delivered: true })),
    );
  });
});

describeEachDb('delivery: report polling round trip', (db) => {
  let t: TestGateway;
  const phone = phones('75');
  before(async () => {
    t = await startTestGateway(db);
    await setClock(t, '2026-03-10 12:00:00');
  });
  after(() => t.close());

  test('3 messages: one batch of 3, the same batch until DELETE, then nothing', async () => {
    const c = await setupClient(t, 'poller');
    const keys = await sendAll(t, c, [phone(), phone(), phone()], [sms(c, 'poll me')]);
    await settle(t);

    const first = await poll(t, c);
    assert.notEqual(first.reportId, '');
    assert.equal(first.report?.length, 3);
    assert.deepEqual(first.report?.map((r) => r.msgKey).sort(), [...keys].sort());
    assert.ok(first.report?.every((r) => r.reportType === 'STANDARD' && r.reportCode === '10000'));

    // A newer report does not join a batch already handed out.
    const [late] = await sendAll(t, c, [phone()], [sms(c, 'later')]);
    await settle(t);
    assert.deepEqual(await poll(t, c), first);

    await ack(t, c, first.reportId);
    const next = await poll(t, c);
    assert.notEqual(next.reportId, first.reportId);
    assert.deepEqual(
      next.report?.map((r) => r.msgKey),
      [late],
    );
    await ack(t, c, next.reportId);
    assert.deepEqual(await poll(t, c), { reportId: '', report: null });
    // Acknowledged reports stay for the inquiry.
    assert.equal((await reportsOf(t, c, keys[0] ?? '')).length, 1);
  });
});

interface Hook {
  headers: IncomingHttpHeaders;
  body: Report;
}

/** A client's report webhook on 127.0.0.1 that acknowledges every report it gets. */
async function receiver(): Promise<{ url: string; got: Hook[]; close(): Promise<void> }> {
  const got: Hook[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (ch: Buffer) => chunks.push(ch));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Report;
      got.push({ headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ msgKey: body.msgKey }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/reports`,
    got,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describeEachDb('delivery: webhook report mode', (db) => {
  let t: TestGateway;
  let hook: Awaited<ReturnType<typeof receiver>>;
  const SECRET = 'delivery-webhook-secret';
  const phone = phones('76');
  before(async () => {
    t = await startTestGateway(db);
    await setClock(t, '2026-03-10 12:00:00');
    hook = await receiver();
  });
  after(async () => {
    await t.close();
    await hook.close();
  });

  async function webhookMode(c: Client): Promise<void> {
    const set = await t.request({
      method: 'PUT',
      url: `/admin/v1/accounts/${c.accountId}/webhook`,
      admin: true,
      body: { url: hook.url, secret: SECRET },
    });
    assert.equal(set.statusCode, 200, set.body);
    const mode = await t.request({
      method: 'PUT',
      url: `/admin/v1/accounts/${c.accountId}/report-mode`,
      admin: true,
      body: { mode: 'webhook' },
    });
    assert.equal(mode.statusCode, 200, mode.body);
  }

  /** The webhook calls for these keys, once the workers have nothing left (bounded wait). */
  async function hooksOf(keys: readonly string[], want: number): Promise<Hook[]> {
    for (let i = 0; i < 50; i++) {
      await settle(t);
      const mine = hook.got.filter((h) => keys.includes(h.body.msgKey));
      if (mine.length >= want) return mine;
      await new Promise((r) => setTimeout(r, 20));
    }
    return hook.got.filter((h) => keys.includes(h.body.msgKey));
  }

  test('each final report is POSTed once, signed with HMAC-SHA256 of the timestamp', async () => {
    const c = await setupClient(t, 'hooked');
    await webhookMode(c);
    const [ok, over, bad] = [phone(), phone(), phone()];
    await setHandset(t, over, { appUser: null });
    await setHandset(t, bad, { fail: { infomsg: '31000', sms: '23003' } });
    const keys = await sendAll(
      t,
      c,
      [ok, over, bad].map((to) => ({ to, replaceWords: { name: 'w' } })),
      [infomsg(c), sms(c)],
    );
    const now = await clockNow(t);
    const got = await hooksOf(keys, 3);
    const byKey = oneStandardEach(
      got.map((h) => h.body),
      keys,
    );
    assert.deepEqual(
      keys.map((k) => [byKey.get(k)?.reportCode, byKey.get(k)?.serviceType]),
      [
        ['10000', 'INFOMSG'],
        ['10000', 'SMS'],
        ['23003', 'SMS'],
      ],
    );
    for (const h of got) {
      const ts = String(h.headers['x-svc-timestamp']);
      assert.equal(ts, String(now), 'X-SVC-Timestamp is the gateway clock in epoch ms');
      const expected = createHmac('sha256', SECRET).update(ts).digest('hex');
      assert.equal(h.headers['x-svc-signature'], expected);
      assert.match(String(h.headers['content-type']), /^application\/json/);
    }
    // Webhook reports are not also waiting to be polled, and stay for the inquiry.
    assert.deepEqual(await poll(t, c), { reportId: '', report: null });
    assert.equal((await reportsOf(t, c, keys[0] ?? '')).length, 1);
    // Acknowledged: not posted again, however long one waits.
    await advance(t, 3 * 3600);
    assert.equal(hook.got.filter((h) => keys.includes(h.body.msgKey)).length, 3);
  });

  test('a report made after the switch to webhook mode goes to the webhook', async () => {
    const c = await setupClient(t, 'switcher');
    const [before1] = await sendAll(t, c, [phone()], [sms(c, 'polled')]);
    await settle(t);
    await webhookMode(c);
    const [after1] = await sendAll(t, c, [phone()], [sms(c, 'hooked')]);
    const got = await hooksOf([after1 ?? ''], 1);
    const polled = await drain(t, c);
    assert.deepEqual(
      polled.map((r) => r.msgKey),
      [before1],
    );
    assert.equal(got.length, 1);
  });
});
