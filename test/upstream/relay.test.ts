import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { UpstreamConnector } from '../../src/connectors/upstream/connector.ts';
import { findFile } from '../../src/store/media/files.ts';
import { inbox, send } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { jpeg, png } from '../helpers/images.ts';
import { postForm } from '../helpers/multipart.ts';
import { eventually, pollReports, type Relay, startRelay } from './relay-helpers.ts';

/* A message sent to the relay for each channel reaches the upstream's sandbox handset, and the
 * relay's client gets the final report: the upstream connector end to end over HTTP. */

describeEachDb('upstream connector: every channel through a second gateway', (db) => {
  let r: Relay;
  let n = 0;
  const phone = () => `0107${String(++n).padStart(7, '0')}`;
  const reports = new Map<string, Array<Record<string, string>>>();
  const hq = (): UpstreamConnector => {
    const c = r.relay.gw.upstreamConnectors.find((x) => x.name === 'hq');
    assert.ok(c, 'the relay has its upstream connector');
    return c;
  };

  before(async () => {
    r = await startRelay(db);
  });
  after(() => r.close());

  async function accepted(body: unknown): Promise<string[]> {
    const res = await send(r.relay, r.client, body);
    assert.equal(res.statusCode, 200, res.body);
    const dests = res.json().data.data.destinations as Array<{
      code: string;
      msgKey: string;
      result: string;
    }>;
    for (const d of dests) assert.equal(d.code, 'A000', d.result);
    return dests.map((d) => d.msgKey);
  }

  async function finalReport(msgKey: string): Promise<Record<string, string>> {
    return eventually(`the report of ${msgKey}`, async () => {
      await pollReports(r.relay, r.client.apiKey, reports);
      return reports.get(msgKey)?.find((x) => x.reportType === 'STANDARD');
    });
  }

  async function arrived(to: string, count = 1) {
    return eventually(`${count} message(s) in the upstream inbox of ${to}`, async () => {
      const got = await inbox(r.up, to);
      return got.length >= count ? got : undefined;
    });
  }

  test('sms, mms with an image, infomsg, rcs with media, brandmessage: delivered upstream, reported here', async () => {
    const image = await postForm(
      r.relay,
      '/api/comm/v1/file/mms',
      [{ name: 'file', bytes: jpeg(320, 240), filename: 'cat.jpg' }],
      r.client.apiKey,
    );
    const fileKey = image.json().data.data.fileKey as string;
    assert.ok(fileKey, image.body);
    const rcsUp = await postForm(
      r.relay,
      '/api/comm/v1/file/rcs',
      [{ name: 'file', bytes: png(400, 300), filename: 'p.png', type: 'image/png' }],
      r.client.apiKey,
    );
    const media = rcsUp.json().data.data.media as string;
    assert.ok(media, rcsUp.body);
    const c = r.client;
    const flows: Array<[string, Record<string, unknown>]> = [
      ['sms', { sms: { from: c.sender, text: '안녕 #{name}' } }],
      ['mms', { mms: { from: c.sender, title: '사진', text: '사진 #{name}', fileKey: [fileKey] } }],
      [
        'infomsg',
        { infomsg: { msgType: 'AT', senderKey: c.senderKey, templateCode: 'TPL-001', text: '안내 #{name}' } },
      ],
      [
        'rcs',
        { rcs: { brandKey: c.brandKey, formatId: 'SMwThT00', body: { description: 'pic #{name}', media } } },
      ],
      [
        'brandmessage',
        {
          brandmessage: { sendType: 'free', msgType: 'FT', senderKey: c.senderKey, content: '혜택 #{name}' },
        },
      ],
    ];
    const sent: Array<{ channel: string; to: string; msgKey: string }> = [];
    for (const [channel, entry] of flows) {
      const to = phone();
      const [msgKey] = await accepted({
        destinations: [{ to, replaceWords: { name: '민수' } }],
        messageFlow: [entry],
      });
      sent.push({ channel, to, msgKey: msgKey ?? '' });
    }
    for (const s of sent) {
      const [m] = await arrived(s.to);
      assert.equal(m?.channel, s.channel, `${s.channel} arrives as ${s.channel}`);
      assert.match(m?.text ?? '', /민수/, `${s.channel}: substituted by the upstream`);
      const rep = await finalReport(s.msgKey);
      assert.equal(rep.reportCode, '10000', `${s.channel}: ${JSON.stringify(rep)}`);
    }
    // The image went up once and the upstream's key for it is what the handset got.
    const [mmsMsg] = await inbox(r.up, sent[1]?.to ?? '');
    const keys = Array.isArray(mmsMsg?.payload.fileKey) ? mmsMsg.payload.fileKey.map(String) : [];
    assert.equal(keys.length, 1);
    const upFile = await findFile(r.up.gw.ctx.store, r.upClient.accountId, keys[0] ?? '');
    assert.equal(upFile?.kind, 'mms', 'the handset got a file the upstream holds');
    assert.notEqual(keys[0], fileKey);
    const [rcsMsg] = await inbox(r.up, sent[3]?.to ?? '');
    const upMedia = JSON.stringify(rcsMsg?.payload.body ?? null);
    assert.ok(upMedia.includes('"media"') && !upMedia.includes(media), 'the upstream has its own media key');
    // Inquiry on the relay: the attempt went through the upstream connector.
    const inq = await r.relay.request({
      method: 'GET',
      url: `/api/comm/v1/message/inquiry/msgKey/${sent[0]?.msgKey}`,
      apiKey: c.apiKey,
    });
    assert.equal(inq.json().data.data.status, 'delivered', inq.body);
  });

  test('the recipients of one send share one upstream request, each substituted by the upstream', async () => {
    const before = hq().counters.requests;
    const tos = [phone(), phone(), phone()];
    const keys = await accepted({
      destinations: tos.map((to, i) => ({ to, replaceWords: { name: `n${i}` } })),
      messageFlow: [{ sms: { from: r.client.sender, text: 'hi #{name}' } }],
    });
    for (const [i, to] of tos.entries()) {
      const [m] = await arrived(to);
      assert.equal(m?.text, `hi n${i}`);
    }
    for (const k of keys) assert.equal((await finalReport(k)).reportCode, '10000');
    assert.equal(hq().counters.requests - before, 1, 'one request for three recipients');
  });

  test('a step the upstream refuses fails with 85007 and its code; the report reaches the client', async () => {
    // The upstream's account has no such sender number: it refuses the recipient, the relay
    // (which has it) accepted it.
    await r.relay.request({
      method: 'POST',
      url: `/admin/v1/accounts/${r.client.accountId}/senders`,
      admin: true,
      body: { number: '0299990000' },
    });
    const [key] = await accepted({
      destinations: [{ to: phone() }],
      messageFlow: [{ sms: { from: '0299990000', text: 'x' } }],
    });
    const rep = await finalReport(key ?? '');
    assert.equal(rep.reportCode, '85007');
    assert.match(rep.reportText ?? '', /A327/);
  });
});

describeEachDb('upstream connector: one-recipient sends of the same content share a request', (db) => {
  let r: Relay;
  before(async () => {
    // The workers start once every send is in: one pass takes them all.
    r = await startRelay(db, { relayOptions: { start: false } });
  });
  after(() => r.close());

  test('ten sends, one upstream request; different content goes apart', async () => {
    const tos = Array.from({ length: 10 }, (_, i) => `0103${String(i).padStart(7, '0')}`);
    for (const [i, to] of tos.entries()) {
      const text = i < 8 ? 'same #{name}' : 'other';
      const res = await send(r.relay, r.client, {
        destinations: [{ to, replaceWords: { name: `n${i}` } }],
        messageFlow: [{ sms: { from: r.client.sender, text } }],
      });
      assert.equal(res.json().data.data.destinations[0].code, 'A000', res.body);
    }
    r.relay.gw.start();
    for (const [i, to] of tos.entries()) {
      const got = await eventually(`delivery on ${to}`, async () => {
        const m = await inbox(r.up, to);
        return m.length > 0 ? m : undefined;
      });
      assert.equal(got[0]?.text, i < 8 ? `same n${i}` : 'other');
    }
    const hq = r.relay.gw.upstreamConnectors[0];
    assert.equal(hq?.counters.requests, 2, 'one request for the eight alike, one for the two others');
  });
});
