import { field, form, type Json, list, str, until } from './http.ts';
import type { FixtureMessage } from './manifest.ts';
import { JPEG_1X1 } from './media.ts';
import { FINAL, type World } from './world.ts';

/*
 * One message of each channel delivered, one failed, one that took its failover, one failed
 * after it, and the steps that end with a message still waiting for its receipt.
 */

const final = (s: string) => FINAL.has(s);

/** The MMS image: uploaded, sent, and the URL its message's timeline serves it at. */
export async function sendMms(w: World, to: string): Promise<{ fileKey: string; message: FixtureMessage }> {
  const up = await w.gw.api(
    w.key('polling'),
    'POST',
    '/api/comm/v1/file/mms',
    form({ bytes: JPEG_1X1, name: 'photo.jpg', type: 'image/jpeg' }),
  );
  const fileKey = str(up, 'data', 'fileKey');
  const { sender } = w.accounts.polling;
  const text = 'The room we booked for you.';
  const msgKey = await w.send('polling', to, [
    { mms: { from: sender, title: 'Your table', text, fileKey: [fileKey] } },
  ]);
  const message = await w.record('mms-delivered', 'polling', to, msgKey, {
    until: final,
    finalReportCode: '10000',
    text,
  });
  const timeline = await w.gw.admin('GET', `/sandbox/v1/handsets/${to}/timeline`);
  const item = list(timeline, 'items').find((i) => field(i, 'msgKey') === msgKey);
  const url = field(item, 'media', fileKey);
  if (typeof url !== 'string') throw new Error(`no media URL for ${fileKey}: ${JSON.stringify(item)}`);
  await w.servedFile('mms-image', url);
  return { fileKey, message };
}

/** The first message, delivered, whose report is polled and acknowledged before anything else. */
export async function sendAcknowledged(w: World): Promise<string> {
  const to = '01090000101';
  const text = 'Your parcel arrives today.';
  const msgKey = await w.send('polling', to, [{ sms: { from: w.accounts.polling.sender, text } }]);
  await w.record('sms-delivered', 'polling', to, msgKey, { until: final, finalReportCode: '10000', text });
  const batch = await w.gw.api(w.key('polling'), 'GET', '/api/comm/v1/report/polling');
  const reportId = str(batch, 'data', 'reportId');
  const keys = list(batch, 'data', 'report').map((r) => str(r, 'msgKey'));
  if (keys.join() !== msgKey) throw new Error(`first batch: ${JSON.stringify(batch)}`);
  await w.gw.api(w.key('polling'), 'DELETE', `/api/comm/v1/report/polling/${reportId}`);
  return msgKey;
}

/** Answers the MMS image's fileKey. */
export async function sendEveryChannel(w: World): Promise<string> {
  const { sender, senderKey, brandKey } = w.accounts.polling;
  const done = (label: string, to: string, msgKey: string, code: string, text: string | null) =>
    w.record(label, 'polling', to, msgKey, { until: final, finalReportCode: code, text });

  const lmsText =
    'Dear customer, your November statement is ready: three payments were received and your balance is zero.';
  await done(
    'lms-delivered',
    '01090000102',
    await w.send('polling', '01090000102', [
      { mms: { from: sender, title: 'November statement', text: lmsText } },
    ]),
    '10000',
    lmsText,
  );
  const { fileKey } = await sendMms(w, '01090000103');
  const infomsg = await w.gw.api(w.key('polling'), 'POST', '/api/comm/v1/send/omni', {
    destinations: [{ to: '01090000104', replaceWords: { name: 'Kim', order: 'A-7' } }],
    messageFlow: [{ infomsg: { senderKey, templateCode: 'SHIP-1', sendType: 'template' } }],
  });
  await done(
    'infomsg-delivered',
    '01090000104',
    str(list(infomsg, 'data', 'destinations')[0], 'msgKey'),
    '10000',
    'Kim, order A-7 has shipped.',
  );
  const rcs = {
    brandKey,
    formatId: 'SL000000',
    body: { title: 'Delivery', description: 'Your parcel is on its way.' },
  };
  await done(
    'rcs-delivered',
    '01090000105',
    await w.send('polling', '01090000105', [{ rcs }]),
    '10000',
    'Your parcel is on its way.',
  );
  const content = 'This week only: 20% off.';
  await done(
    'brandmessage-delivered',
    '01090000106',
    await w.send('polling', '01090000106', [
      { brandmessage: { sendType: 'free', msgType: 'FT', senderKey, content } },
    ]),
    '10000',
    content,
  );

  await w.handset('01090000107', { fail: { sms: '23003' } });
  await done(
    'sms-failed',
    '01090000107',
    await w.send('polling', '01090000107', [{ sms: { from: sender, text: 'This one fails.' } }]),
    '23003',
    null,
  );
  const failover: Json[] = [
    { rcs: { brandKey, formatId: 'SS000000', body: { description: 'Your code is 1234' } } },
    { sms: { from: sender, text: 'Your code is 1234' } },
  ];
  await w.handset('01090000108', { rcs: false });
  await done(
    'failover',
    '01090000108',
    await w.send('polling', '01090000108', failover),
    '10000',
    'Your code is 1234',
  );
  await w.handset('01090000109', { reachable: false });
  await done(
    'failover-failed',
    '01090000109',
    await w.send('polling', '01090000109', failover),
    '30001',
    null,
  );
  return fileKey;
}

/** Submitted, delivered to the handset, its receipt due 10 minutes later on the gateway clock. */
export async function sendWaiting(w: World): Promise<void> {
  const to = '01090000110';
  const text = 'Your receipt comes later.';
  await w.handset(to, { receiptDelaySeconds: 600 });
  const msgKey = await w.send('polling', to, [{ sms: { from: w.accounts.polling.sender, text } }]);
  await until('its handset has it', async () => ((await w.inbox(to, msgKey)).length ? true : undefined));
  await w.record('sms-waiting', 'polling', to, msgKey, {
    until: (s) => s === 'waiting',
    finalReportCode: '10000',
    text,
  });
}

/** The webhook account: one delivered and one failed, each report posted to nobody, retrying. */
export async function sendWebhookReports(w: World): Promise<string[]> {
  const { sender } = w.accounts.webhook;
  const out: string[] = [];
  for (const [label, to, code] of [
    ['webhook-delivered', '01090000130', '10000'],
    ['webhook-failed', '01090000131', '23003'],
  ] as const) {
    if (code !== '10000') await w.handset(to, { fail: { sms: code } });
    const text = `Report of ${label}.`;
    const msgKey = await w.send('webhook', to, [{ sms: { from: sender, text } }]);
    await w.record(label, 'webhook', to, msgKey, {
      until: final,
      finalReportCode: code,
      text: code === '10000' ? text : null,
    });
    out.push(msgKey);
  }
  // Each has been tried once (and failed) before the fixture is written.
  await until('the reports failed their first post', async () => {
    const page = await w.gw.admin(
      'GET',
      `/admin/v1/webhook-deliveries?kind=report&state=failed&accountId=${w.accounts.webhook.accountId}`,
    );
    const failed = list(page, 'deliveries').map((d) => str(d, 'msgKey'));
    return out.every((k) => failed.includes(k)) ? true : undefined;
  });
  return out;
}
