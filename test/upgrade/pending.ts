import assert from 'node:assert/strict';
import { field, Gateway, list, str, until } from '../../scripts/upgrade-fixture/http.ts';
import type { FixtureMessage, Manifest } from '../../scripts/upgrade-fixture/manifest.ts';
import { World } from '../../scripts/upgrade-fixture/world.ts';
import { listen } from './receiver.ts';

/*
 * The work the old release left pending, done by the new one exactly once: queued messages
 * delivered, the open poll batch answered again and the unpolled reports once each, webhook
 * deliveries retried until a receiver listens, a due reservation sent, a receipt that comes, a
 * friend group processed, a stopped reservation resumed, tomorrow's broadcast run.
 */

const RESV = '/api/comm/v1/reservation';

/** Waits until the message is final with its report, then asserts its handset got it once. */
async function deliveredOnce(w: World, msg: Pick<FixtureMessage, 'account' | 'msgKey' | 'to' | 'label'>) {
  await until(`${msg.label} delivered`, async () => {
    const q = await w.inquiry(msg.account, msg.msgKey);
    return q.status === 'delivered' && (await w.reports(msg.account, msg.msgKey)) > 0 ? true : undefined;
  });
  assert.equal((await w.inbox(msg.to, msg.msgKey)).length, 1, `${msg.label}: one inbox row`);
  assert.equal(await w.reports(msg.account, msg.msgKey), 1, `${msg.label}: one report`);
}

/** Polls and acknowledges until nothing is left; the msgKeys of every batch, in order. */
async function drain(w: World): Promise<{ reportId: string; msgKeys: string[] }[]> {
  const batches: { reportId: string; msgKeys: string[] }[] = [];
  for (;;) {
    const b = await w.gw.api(w.key('polling'), 'GET', '/api/comm/v1/report/polling');
    const reportId = str(b, 'data', 'reportId');
    if (reportId === '') return batches;
    batches.push({ reportId, msgKeys: list(b, 'data', 'report').map((r) => str(r, 'msgKey')) });
    await w.gw.api(w.key('polling'), 'DELETE', `/api/comm/v1/report/polling/${reportId}`);
  }
}

function once(keys: string[], what: string): void {
  assert.equal(new Set(keys).size, keys.length, `${what}: a msgKey answered twice`);
}

export async function checkPendingWork(
  base: string,
  m: Manifest,
  dead: { host: string; port: number },
): Promise<void> {
  const gw = new Gateway(base, m.adminToken);
  const w = new World(gw, m.accounts);
  const byLabel = (label: string) => {
    const msg = m.messages.find((x) => x.label === label);
    assert.ok(msg, label);
    return msg;
  };
  const queued = m.messages.filter((x) => x.status === 'queued');
  assert.equal(queued.length, 3);
  for (const msg of queued) await deliveredOnce(w, msg);

  // The batch polled and not acknowledged comes again, whole; then every report once.
  const batches = await drain(w);
  assert.deepEqual(batches[0], m.reports.openBatch);
  const polled = batches.slice(1).flatMap((b) => b.msgKeys);
  once([...m.reports.openBatch.msgKeys, ...polled], 'polling');
  const queuedPolling = queued.filter((x) => x.account === 'polling').map((x) => x.msgKey);
  assert.deepEqual(new Set(polled), new Set([...m.reports.unpolled, ...queuedPolling]));
  for (const k of m.reports.acknowledged) assert.ok(!polled.includes(k), `acknowledged ${k} answered again`);

  // The webhook account's receiver listens at last: its retries post each report and MO once.
  const receiver = await listen(dead.host, dead.port, m.accounts.webhook.webhookSecret);
  try {
    const wantReports = [
      ...m.webhookPending.reports,
      ...queued.filter((x) => x.account === 'webhook').map((x) => x.msgKey),
    ];
    await w.advance(3600);
    await until('every pending webhook post', async () => {
      const got = new Set(receiver.posts.map((x) => `${x.kind} ${x.msgKey}`));
      const want = [...wantReports.map((k) => `report ${k}`), ...m.webhookPending.mo.map((k) => `mo ${k}`)];
      return want.every((k) => got.has(k)) ? true : undefined;
    });

    // An hour on: the reservation came due, the receipt came, the friend group was processed.
    const pending = m.reservations.find((r) => r.label === 'pending');
    const stopped = m.reservations.find((r) => r.label === 'stopped');
    const cancelled = m.reservations.find((r) => r.label === 'cancelled');
    assert.ok(pending && stopped && cancelled);
    await deliveredOnce(w, { ...pending, account: 'polling', label: 'pending reservation' });
    await deliveredOnce(w, byLabel('sms-waiting'));
    const group = await until('the friend group processed', async () => {
      const g = await gw.api(
        w.key('polling'),
        'GET',
        `/api/comm/v1/center/brandmessage/friendGroup?senderKey=${m.accounts.polling.senderKey}&friendGroupKey=newcomers`,
      );
      return str(g, 'data', 'friendGroup', 'status') === 'COMPLETED' ? g : undefined;
    });
    assert.equal(field(group, 'data', 'friendGroup', 'userCount'), 10);
    const status = async (resvKey: string) =>
      str(await gw.api(w.key('polling'), 'GET', `${RESV}/resvKey/${resvKey}`), 'data', 'status');
    assert.equal(await status(pending.resvKey), 'DONE');
    assert.equal(await status(cancelled.resvKey), 'CANCELLED');
    assert.equal((await w.inquiry('polling', cancelled.msgKey)).status, 'cancelled');
    assert.equal((await w.inbox(cancelled.to, cancelled.msgKey)).length, 0);
    // Stopped: it waited past its time, and goes out once resumed.
    assert.equal(await status(stopped.resvKey), 'STOPPED');
    assert.equal((await w.inquiry('polling', stopped.msgKey)).status, 'held');
    await gw.api(w.key('polling'), 'POST', `${RESV}/resvKey/${stopped.resvKey}/resume`);
    await deliveredOnce(w, { ...stopped, account: 'polling', label: 'resumed reservation' });

    // Tomorrow's broadcast runs at its time, a chunk a second.
    const future = m.broadcasts.find((b) => b.label === 'future');
    assert.ok(future);
    await gw.admin('POST', '/sandbox/v1/clock', { set: future.sendStartAt });
    const gm = `/api/comm/v1/center/brandmessage/groupMessage?senderKey=${m.accounts.polling.senderKey}&requestId=${future.requestId}`;
    await until(
      'the broadcast done',
      async () => {
        const b = await gw.api(w.key('polling'), 'GET', gm);
        if (str(b, 'data', 'brandmessage', 'status') === 'DONE') return true;
        await w.advance(1);
        return undefined;
      },
      60_000,
    );
    assert.equal(
      field(await gw.api(w.key('polling'), 'GET', gm), 'data', 'brandmessage', 'sendCount'),
      future.numbers.length,
    );
    // DONE once every number is handed to the engine: their deliveries follow.
    const brandRows = async (phone: string) => {
      const box = await gw.admin('GET', `/sandbox/v1/handsets/${phone}/inbox`);
      return list(box, 'messages').filter((x) => field(x, 'channel') === 'brandmessage');
    };
    for (const phone of future.numbers) {
      await until(`the broadcast on ${phone}`, async () =>
        (await brandRows(phone)).length >= 2 ? true : undefined,
      );
    }

    // Everything reported since, once; nothing of before answered again.
    const later = (await drain(w)).flatMap((b) => b.msgKeys);
    once(later, 'polling after the clock moved');
    for (const k of [pending.msgKey, stopped.msgKey, byLabel('sms-waiting').msgKey])
      assert.ok(later.includes(k), k);
    for (const k of [...m.reports.openBatch.msgKeys, ...polled]) assert.ok(!later.includes(k), `${k} again`);

    // No webhook post came twice, each signed with the secret sealed by the old release.
    once(
      receiver.posts.map((x) => `${x.kind} ${x.msgKey}`),
      'webhook',
    );
    assert.ok(
      receiver.posts.every((x) => x.signed),
      'signatures',
    );
    const codes = new Map(receiver.posts.map((x) => [x.msgKey, x.reportCode]));
    for (const k of m.webhookPending.reports) {
      const msg = m.messages.find((x) => x.msgKey === k);
      assert.equal(codes.get(k), msg?.finalReportCode, k);
    }
  } finally {
    await receiver.close();
  }
}
