import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  broadcast,
  broadcastState,
  friendGroup,
  friendGroups,
  kstMinute,
  reservationStatus,
  reserve,
  runBroadcast,
  uploadVideo,
  videoRecord,
} from './campaigns.ts';
import { field, type Gateway, type Json, list, str, until } from './http.ts';
import type { FixtureDialect, FixtureReservation, Manifest } from './manifest.ts';
import { sendAcknowledged, sendEveryChannel, sendWaiting, sendWebhookReports } from './messages.ts';
import { idempotent, mo, optOutList, optOutsAndRules, refusals, twofa } from './people.ts';
import { DEAD_WEBHOOK, setupAccount, setupTemplates } from './setup.ts';
import { kst, World } from './world.ts';

/**
 * The gateway clock the fixture starts at (manual clock, Korea time): a weekday morning inside
 * the broadcast hours, fixed so that every fixture of every release tells the same story, and
 * ahead of the system time so that nothing the first start scheduled stays behind it.
 */
export const FIXTURE_START = '2030-03-12 10:00:00';

export interface FillOptions {
  release: string;
  dialect: FixtureDialect;
  adminToken: string;
  secretKey: string;
}

/** A receiver that acknowledges every post: the polling account's MO webhook while the fixture runs. */
async function liveReceiver(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString();
    });
    req.on('end', () => {
      const parsed: Json = JSON.parse(body) as Json;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ msgKey: field(parsed, 'msgKey') }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mo`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * Fills a fresh database through a gateway of role `all` on the manual clock; answers the
 * manifest. The queued messages (fillQueued) need a second start without an engine.
 */
export async function fill(gw: Gateway, opts: FillOptions): Promise<Manifest> {
  await gw.admin('POST', '/sandbox/v1/clock', { set: FIXTURE_START });
  const receiver = await liveReceiver();
  try {
    const accounts = {
      polling: await setupAccount(gw, 'polling', { url: receiver.url, secret: 'whsec-upgrade-polling' }),
      webhook: await setupAccount(gw, 'webhook', {
        url: `http://${DEAD_WEBHOOK.host}:${DEAD_WEBHOOK.port}${DEAD_WEBHOOK.path}`,
        secret: 'whsec-upgrade-webhook',
      }),
    };
    const w = new World(gw, accounts);
    return await story(w, opts, receiver.close);
  } finally {
    await receiver.close().catch(() => undefined);
  }
}

async function story(w: World, opts: FillOptions, closeReceiver: () => Promise<void>): Promise<Manifest> {
  const acknowledged = [await sendAcknowledged(w)];
  const templates = await setupTemplates(w);
  const mmsFileKey = await sendEveryChannel(w);

  // 10:00: a reservation for 10:11 and a broadcast for 10:15, both run by 10:16.
  const start = await w.now();
  const done = await reserve(w, 'done', '01090000160', kstMinute(start, 11));
  await friendGroup(w, 'vip', true);
  const day = kst(start).slice(0, 10);
  const doneBroadcast = await broadcast(w, 'done', `${day} 10:15:00`);
  const video = await uploadVideo(w);
  await w.advance(16 * 60);
  await runBroadcast(w, doneBroadcast);
  await w.record('reservation-done', 'polling', done.to, done.msgKey, {
    until: (s) => s === 'delivered',
    finalReportCode: '10000',
    text: 'Reservation done.',
  });
  const publicVideo = await until('the video encoded', async () => {
    const v = await videoRecord(w, video.vid);
    return field(v, 'status') === 'PUBLIC' ? v : undefined;
  });
  const thumbnail = await w.servedFile('video-thumbnail', str(publicVideo, 'thumbnailUrl'));

  // From here on the clock stands still: what is left pending stays pending.
  const now = await w.now();
  const pendingAt = kstMinute(now, 30);
  const reservations: FixtureReservation[] = [
    done,
    await reserve(w, 'pending', '01090000163', pendingAt),
    await reserve(w, 'stopped', '01090000161', pendingAt),
    await reserve(w, 'cancelled', '01090000162', pendingAt),
  ];
  for (const r of reservations) r.status = await reservationStatus(w, r.resvKey);
  const tomorrow = kst(now + 86400_000).slice(0, 10);
  const futureBroadcast = await broadcast(w, 'future', `${tomorrow} 10:15:00`);
  const broadcasts = [doneBroadcast, futureBroadcast];
  for (const b of broadcasts) Object.assign(b, await broadcastState(w, b));
  await friendGroup(w, 'newcomers', false);

  const spamRules = await optOutsAndRules(w);
  await refusals(w);
  const moRows = [
    await mo(w, 'mo-delivered', 'polling', '01090000120', 'When does my parcel arrive?'),
    await mo(w, 'mo-opt-out', 'polling', '01090000121', 'STOP'),
  ];
  await closeReceiver();
  moRows.push(await mo(w, 'mo-retrying', 'webhook', '01090000122', 'YES'));
  const webhookReports = await sendWebhookReports(w);

  // Everything final so far is polled and left unacknowledged: the open batch.
  const batch = await w.gw.api(w.key('polling'), 'GET', '/api/comm/v1/report/polling');
  const openBatch = {
    reportId: str(batch, 'data', 'reportId'),
    msgKeys: list(batch, 'data', 'report').map((r) => str(r, 'msgKey')),
  };
  await sendWaiting(w);
  const codes = await twofa(w);
  const idem = await idempotent(w);
  const unpolled = w.messages
    .filter((m) => m.account === 'polling' && m.status !== 'waiting')
    .map((m) => m.msgKey)
    .filter((k) => !acknowledged.includes(k) && !openBatch.msgKeys.includes(k));

  return {
    release: opts.release,
    dialect: opts.dialect,
    adminToken: opts.adminToken,
    secretKey: opts.secretKey,
    clockMs: await w.now(),
    accounts: w.accounts,
    messages: w.messages,
    reports: { acknowledged, openBatch, unpolled },
    webhookPending: {
      reports: webhookReports,
      mo: moRows.filter((m) => m.account === 'webhook').map((m) => m.msgKey),
    },
    reservations,
    broadcasts,
    templates: { ...templates, senderKey: w.accounts.polling.senderKey },
    mmsFileKey,
    files: w.files.filter((f) => f.label !== 'video-thumbnail'),
    video: {
      vid: video.vid,
      status: str(publicVideo, 'status'),
      fileName: video.fileName,
      fileSize: video.fileSize,
      thumbnail,
    },
    friendGroups: await friendGroups(w),
    twofa: codes,
    mo: moRows,
    optOuts: await optOutList(w),
    spamRules,
    refusedRequestIds: [],
    auditIds: [],
    idempotency: idem,
    handsets: [
      { phone: '01090000107', configured: { fail: { sms: '23003' } } },
      { phone: '01090000108', configured: { rcs: false } },
      { phone: '01090000109', configured: { reachable: false } },
      { phone: '01090000110', configured: { receiptDelaySeconds: 600 } },
    ],
  };
}

/**
 * Against the same database served by a gateway of role `api` (no engine): messages accepted and
 * never submitted, as a stop leaves them; then what the operator lists (audit, refused requests),
 * read last so that it holds every call made.
 */
export async function fillQueued(gw: Gateway, m: Manifest): Promise<void> {
  const w = new World(gw, m.accounts);
  const queued = async (label: string, account: 'polling' | 'webhook', to: string, text: string) => {
    const msgKey = await w.send(account, to, [{ sms: { from: m.accounts[account].sender, text } }]);
    await w.record(label, account, to, msgKey, {
      until: (s) => s === 'queued',
      finalReportCode: '10000',
      text,
    });
  };
  await queued('queued-sms', 'polling', '01090000150', 'Queued before the upgrade.');
  const { sender } = m.accounts.polling;
  const text = 'A queued picture.';
  const to = '01090000151';
  const msgKey = await w.send('polling', to, [
    { mms: { from: sender, title: 'Queued', text, fileKey: [m.mmsFileKey] } },
  ]);
  await w.record('queued-mms', 'polling', to, msgKey, {
    until: (s) => s === 'queued',
    finalReportCode: '10000',
    text,
  });
  await queued('queued-webhook', 'webhook', '01090000152', 'Queued for the webhook account.');
  m.messages = [...m.messages, ...w.messages];
  m.clockMs = await w.now();
  m.refusedRequestIds = await pages(gw, '/admin/v1/refused-requests', 'requests');
  m.auditIds = await pages(gw, '/admin/v1/audit', 'entries');
}

async function pages(gw: Gateway, path: string, key: string): Promise<number[]> {
  const ids: number[] = [];
  let cursor: string | null = null;
  for (;;) {
    const page = await gw.admin('GET', `${path}?limit=200${cursor ? `&cursor=${cursor}` : ''}`);
    for (const row of list(page, key)) {
      const id = field(row, 'id');
      if (typeof id === 'number') ids.push(id);
    }
    const next = field(page, 'next');
    if (typeof next !== 'string' && typeof next !== 'number') return ids.sort((a, b) => a - b);
    cursor = String(next);
  }
}
