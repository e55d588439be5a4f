import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { countMessages } from '../../src/store/messages/messages.ts';
import { advance, type Client, inbox, send, settle, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';

/* The mms channel object of a send: text length, fileKeys (count, owner, expiry), title/subject. */

interface DestResult {
  to: string;
  msgKey: string;
  code: string;
  result: string;
}

/** The smallest JPEG the upload accepts: SOI, JFIF APP0, a SOF0 frame header with the size, EOI. */
function jpeg(width: number, height: number): Uint8Array {
  const app0 = [
    0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01,
  ];
  const sof = [0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03];
  const comps = [0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01];
  return new Uint8Array([0xff, 0xd8, ...app0, 0x00, 0x00, ...sof, ...comps, 0xff, 0xd9]);
}

/** POST /api/comm/v1/file/mms as `who`; returns the fileKey. */
async function upload(t: TestGateway, who: Client): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([jpeg(64, 48)], { type: 'image/jpeg' }), 'cat.jpg');
  const req = new Request('http://x', { method: 'POST', body: form });
  const res = await t.gw.app.inject({
    method: 'POST',
    url: '/api/comm/v1/file/mms',
    headers: { 'content-type': req.headers.get('content-type') ?? '', authorization: who.apiKey },
    payload: Buffer.from(await req.arrayBuffer()),
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data.data.fileKey;
}

describeEachDb('send rules: mms', (db) => {
  let t: TestGateway;
  let c: Client;
  let other: Client;
  let n = 0;
  const phone = () => `0107${String(++n).padStart(7, '0')}`;
  const mms = (o: Record<string, unknown>) => ({ mms: { from: c.sender, text: 'body', ...o } });

  before(async () => {
    // One instance: no need to follow a shared clock. The follower (gateway.ts) can set the
    // clock back to a value it read just before a move, so that the next move starts from the
    // old time; with a 60 s poll it does not run while this suite runs.
    t = await startTestGateway(db);
    c = await setupClient(t);
    other = await setupClient(t, 'other');
  });
  after(() => t.close());

  const totalMessages = async () =>
    Object.values(await countMessages(t.gw.ctx.store)).reduce((a, b) => a + b, 0);

  async function refused(flowEntry: unknown, code: string, field: string) {
    const before = await totalMessages();
    const res = await send(t, c, { destinations: [{ to: phone() }], messageFlow: [flowEntry] });
    assert.equal(res.statusCode, 400, res.body);
    const json = res.json();
    assert.equal(json.data.code, code, res.body);
    assert.ok(String(json.data.result).includes(field), `result should name ${field}: ${json.data.result}`);
    assert.equal(await totalMessages(), before, 'a refused request stores no message');
  }

  async function one(flowEntry: unknown, to = phone()): Promise<DestResult> {
    const res = await send(t, c, { destinations: [{ to }], messageFlow: [flowEntry] });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().data.code, 'A000', res.body);
    const d = res.json().data.data.destinations[0] as DestResult;
    assert.ok(d);
    return d;
  }

  /** serviceType and msgType of each attempt, from the message inquiry. */
  async function attempts(msgKey: string): Promise<string[][]> {
    const res = await t.request({
      method: 'GET',
      url: `/api/comm/v1/message/inquiry/msgKey/${msgKey}`,
      apiKey: c.apiKey,
    });
    assert.equal(res.statusCode, 200, res.body);
    const list: Array<{ serviceType: string; msgType: string }> = res.json().data.data.messages;
    return list.map((a) => [a.serviceType, a.msgType]);
  }

  test('A328: mms text is at most 2000 bytes (Korean 2 bytes a character)', async () => {
    assert.equal((await one(mms({ text: 'a'.repeat(2000) }))).code, 'A000');
    assert.equal((await one(mms({ text: '가'.repeat(1000) }))).code, 'A000');
    for (const text of ['a'.repeat(2001), `${'가'.repeat(1000)}a`]) {
      const d = await one(mms({ text }));
      assert.equal(d.code, 'A328', d.result);
      assert.equal(d.msgKey, '');
      assert.ok(d.result.includes('messageFlow[0].mms text is over 2000 bytes'), d.result);
    }
  });

  test('A302, A303, A338, A327: from, text and originCID of mms are checked as for sms', async () => {
    await refused({ mms: { text: 'x' } }, 'A302', 'messageFlow[0].mms.from');
    await refused({ mms: { from: c.sender } }, 'A303', 'messageFlow[0].mms.text');
    await refused(mms({ originCID: '12345678' }), 'A338', 'mms.originCID');
    await refused({ mms: { from: '0299990000', text: 'x' } }, 'A327', 'mms.from');
    assert.equal((await one(mms({ originCID: '123456789' }))).code, 'A000');
  });

  test('A319: fileKey must hold 1 to 3 keys', async () => {
    const keys = [await upload(t, c), await upload(t, c), await upload(t, c), await upload(t, c)];
    await refused(mms({ fileKey: [] }), 'A319', 'messageFlow[0].mms.fileKey');
    await refused(mms({ fileKey: keys }), 'A319', 'mms.fileKey');
    assert.equal((await one(mms({ fileKey: keys.slice(0, 3) }))).code, 'A000');
  });

  test("A217: an unknown fileKey, or another account's, is refused", async () => {
    await refused(mms({ fileKey: ['no-such-key'] }), 'A217', 'mms.fileKey no-such-key');
    const theirs = await upload(t, other);
    const mine = await upload(t, c);
    await refused(mms({ fileKey: [mine, theirs] }), 'A217', `mms.fileKey ${theirs}`);
  });

  test('a valid fileKey: MMS accepted and delivered with its file; subject is the title', async () => {
    const key = await upload(t, c);
    const to = phone();
    const d = await one(
      { mms: { from: c.sender, subject: '사진 제목', text: '사진 본문', fileKey: [key] } },
      to,
    );
    assert.equal(d.code, 'A000', d.result);
    await settle(t);
    const got = await inbox(t, to);
    assert.equal(got.length, 1);
    const [m] = got;
    assert.equal(m?.msgKey, d.msgKey);
    assert.equal(m?.channel, 'mms');
    assert.equal(m?.from, c.sender);
    assert.equal(m?.title, '사진 제목');
    assert.equal(m?.text, '사진 본문');
    assert.deepEqual(m?.payload.fileKey, [key]);
    assert.deepEqual(await attempts(d.msgKey), [['MMS', 'MM']]);
  });

  test('title wins over subject when both are given; no title is null', async () => {
    const [a, b] = [phone(), phone()];
    await one(mms({ title: 'T', subject: 'S' }), a);
    await one(mms({}), b);
    await settle(t);
    assert.deepEqual(
      (await inbox(t, a)).map((m) => m.title),
      ['T'],
    );
    const [ma] = await inbox(t, a);
    assert.deepEqual(await attempts(ma?.msgKey ?? ''), [['MMS', 'LM']], 'no file: LMS');
    assert.deepEqual(
      (await inbox(t, b)).map((m) => m.title),
      [null],
    );
  });

  // Last: it moves the suite's clock a week on.
  test('A217: a fileKey past its 7 days is refused; one just before is accepted', async () => {
    const key = await upload(t, c);
    await advance(t, 7 * 86_400 - 1);
    assert.equal((await one(mms({ fileKey: [key] }))).code, 'A000');
    await advance(t, 1);
    await refused(mms({ fileKey: [key] }), 'A217', `mms.fileKey ${key}`);
  });
});
