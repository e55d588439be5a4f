import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { VIDEO_MAX_BYTES } from '../../src/features/brandmessage/video-rules.ts';
import { type BlobInfo, findBlob } from '../../src/store/media/blobs.ts';
import { advance, type Client, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { formBody, type Part } from '../helpers/multipart.ts';

const BASE = '/api/comm/v1/center/brandmessage/video';
const PUBLIC_URL = 'https://gw.example.test';

/** An MP4 of exactly `size` bytes: an ftyp box at offset 4, then zeros. */
function mp4(size: number): Uint8Array {
  const out = new Uint8Array(size);
  out.set([0, 0, 0, 0x18, ...new TextEncoder().encode('ftypisom')]);
  return out;
}

function avi(size: number): Uint8Array {
  const out = new Uint8Array(size);
  out.set(new TextEncoder().encode('RIFF\0\0\0\0AVI LIST'));
  return out;
}

interface Issued {
  vid: string;
  uploadUrl: string;
  token: string;
}

describeEachDb('brand message videos', (db) => {
  let t: TestGateway;
  let c: Client;
  let other: Client;

  before(async () => {
    t = await startTestGateway(db, { env: { OMNIGATE_PUBLIC_URL: `${PUBLIC_URL}/` } });
    c = await setupClient(t, 'acme');
    other = await setupClient(t, 'other');
  });
  after(() => t.close());

  /** The bytes in the database under the video's paths (complete or being written). */
  async function bytesOf(vid: string): Promise<{ paths: string[]; blob: BlobInfo | undefined }> {
    const rows = await t.gw.ctx.store.db
      .selectFrom('upload_blobs')
      .select('path')
      .where('path', 'like', `videos/${vid}.%`)
      .execute();
    const paths = rows.map((r) => r.path);
    return { paths, blob: paths[0] === undefined ? undefined : await findBlob(t.gw.ctx.store.db, paths[0]) };
  }

  const post = (url: string, body: unknown, who: Client = c) =>
    t.request({ method: 'POST', url, apiKey: who.apiKey, body });
  const get = (url: string, who: Client = c) => t.request({ method: 'GET', url, apiKey: who.apiKey });

  /** Asserts an envelope refusal: HTTP status, data.code, and the detail when given. */
  function refused(res: LightMyRequestResponse, code: string, status: number, detail?: RegExp): void {
    assert.equal(res.statusCode, status, res.body);
    const body = res.json();
    assert.equal(body.common.authCode, 'A000');
    assert.equal(body.data.code, code, res.body);
    if (detail) assert.match(body.data.result, detail);
  }

  async function register(fileName = 'promo.mp4', fileSize = 1000, who: Client = c): Promise<Issued> {
    const res = await post(`${BASE}/upload/register`, { senderKey: who.senderKey, fileName, fileSize }, who);
    assert.equal(res.statusCode, 200, res.body);
    return res.json().data.data.brandmessage.video;
  }

  async function upload(
    issued: Pick<Issued, 'uploadUrl' | 'token'>,
    bytes: Uint8Array,
    opts: { token?: string | null; filename?: string; parts?: Part[] } = {},
  ): Promise<LightMyRequestResponse> {
    const parts = opts.parts ?? [
      { name: 'file', bytes, filename: opts.filename ?? 'promo.mp4', type: 'video/mp4' },
    ];
    const { payload, contentType } = await formBody(parts);
    const token = opts.token === undefined ? issued.token : opts.token;
    assert.ok(issued.uploadUrl.startsWith(PUBLIC_URL));
    return t.gw.app.inject({
      method: 'POST',
      url: issued.uploadUrl.slice(PUBLIC_URL.length),
      headers: { 'content-type': contentType, ...(token === null ? {} : { 'x-upload-token': token }) },
      payload,
    });
  }

  function uploadRefused(
    res: LightMyRequestResponse,
    errCode: string,
    status: number,
    message?: RegExp,
  ): void {
    assert.equal(res.statusCode, status, res.body);
    const body = res.json();
    assert.equal(body.errCode, errCode, res.body);
    assert.equal(typeof body.message, 'string');
    if (message) assert.match(body.message, message);
  }

  async function video(vid: string, who: Client = c) {
    const res = await get(`${BASE}?vid=${vid}&senderKey=${who.senderKey}`, who);
    assert.equal(res.statusCode, 200, res.body);
    return res.json().data.data.brandmessage.video;
  }

  async function setState(vid: string, status: string): Promise<LightMyRequestResponse> {
    return t.request({
      method: 'POST',
      url: `/sandbox/v1/videos/${vid}/state`,
      admin: true,
      body: { status },
    });
  }

  test('the whole flow: register → upload with the token → ENCODING → PUBLIC on the clock → register existing', async () => {
    const issued = await register('Spring Sale.mp4', 2048);
    assert.match(issued.vid, /^v/);
    assert.equal(issued.uploadUrl, `${PUBLIC_URL}/video-upload/${issued.vid}`);
    assert.ok(issued.token.length >= 20);

    const before = await video(issued.vid);
    assert.equal(before.status, 'REGISTERED');
    assert.equal(before.thumbnailUrl, null);
    assert.equal(before.title, 'Spring Sale');
    assert.equal(before.fileName, 'Spring Sale.mp4');
    assert.equal(before.fileSize, 2048);
    assert.equal(before.senderKey, c.senderKey);
    assert.equal(before.videoUrl, `https://tv.omnigate.invalid/ch-${c.accountId}/videos/${issued.vid}`);
    assert.match(before.regDate, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    assert.match(before.modifiedAt, /\+09:00$/);

    // The upload address takes no API key: the token is the credential.
    const up = await upload(issued, mp4(2048));
    assert.equal(up.statusCode, 200, up.body);
    assert.deepEqual(up.json(), {
      vid: issued.vid,
      status: 'ENCODING',
      fileName: 'Spring Sale.mp4',
      fileSize: 2048,
    });
    assert.equal((await bytesOf(issued.vid)).paths.length, 1);

    assert.equal((await video(issued.vid)).status, 'ENCODING');
    // Encoding is never finished inside the request, nor before its delay on the gateway clock.
    await advance(t, 5);
    assert.equal((await video(issued.vid)).status, 'ENCODING');
    const regA000 = await post(`${BASE}/register`, { senderKey: c.senderKey, vid: issued.vid });
    refused(regA000, 'A579', 409, /ENCODING/);

    await advance(t, 6);
    const done = await video(issued.vid);
    assert.equal(done.status, 'PUBLIC');
    assert.ok(done.thumbnailUrl.startsWith(`${PUBLIC_URL}/files/video-thumbnail/`));
    const thumb = await t.gw.app.inject({ method: 'GET', url: done.thumbnailUrl.slice(PUBLIC_URL.length) });
    assert.equal(thumb.statusCode, 200);
    assert.equal(thumb.headers['content-type'], 'image/png');
    assert.deepEqual([...thumb.rawPayload.subarray(1, 4)], [0x50, 0x4e, 0x47]);

    const byVid = await post(`${BASE}/register`, { senderKey: c.senderKey, vid: issued.vid });
    assert.equal(byVid.statusCode, 200, byVid.body);
    assert.equal(byVid.json().data.code, 'A000');
    assert.deepEqual(byVid.json().data.data.brandmessage.video, {
      vid: issued.vid,
      status: 'PUBLIC',
      title: 'Spring Sale',
      thumbnailUrl: done.thumbnailUrl,
      videoUrl: done.videoUrl,
    });
    const byUrl = await post(`${BASE}/register`, { senderKey: c.senderKey, videoUrl: done.videoUrl });
    assert.equal(byUrl.statusCode, 200, byUrl.body);
    assert.equal(byUrl.json().data.data.brandmessage.video.vid, issued.vid);

    // The token works once.
    uploadRefused(await upload(issued, mp4(2048)), 'A578', 409, /PUBLIC/);
  });

  test('upload registration refusals: format by extension, size limit, fields, profile', async () => {
    const reg = (body: Record<string, unknown>, who: Client = c) =>
      post(
        `${BASE}/upload/register`,
        { senderKey: c.senderKey, fileName: 'a.mp4', fileSize: 10, ...body },
        who,
      );
    refused(await reg({ fileName: 'notes.txt' }), 'A771', 400, /mp4, m4v, mov, avi/);
    refused(await reg({ fileName: 'noextension' }), 'A771', 400);
    refused(await reg({ fileName: '   ' }), 'A580', 400);
    refused(await reg({ fileName: `${'x'.repeat(200)}.mp4` }), 'A580', 400);
    refused(await reg({ fileSize: VIDEO_MAX_BYTES + 1 }), 'A772', 400, /209715200/);
    assert.equal((await reg({ fileSize: VIDEO_MAX_BYTES })).statusCode, 200);
    refused(await reg({ fileSize: 0 }), 'A772', 400, /fileSize 0: 1 to/);
    refused(await reg({ fileSize: 1.5 }), 'A300', 400, /fileSize/);
    refused(await reg({ senderKey: 'k'.repeat(41) }), 'A300', 400, /senderKey/);
    refused(
      await post(`${BASE}/upload/register`, { senderKey: c.senderKey, fileSize: 10 }),
      'A300',
      400,
      /fileName/,
    );
    refused(await reg({ senderKey: other.senderKey }), 'A340', 400);
    for (const name of ['clip.MOV', 'clip.m4v', 'clip.avi']) {
      assert.equal((await reg({ fileName: name })).statusCode, 200, name);
    }
  });

  test('the token and address expire 5 minutes after registration: A577, and the video becomes ERROR', async () => {
    const early = await register('early.mp4', 100);
    const late = await register('late.mp4', 100);
    await advance(t, 299);
    const ok = await upload(early, mp4(100));
    assert.equal(ok.statusCode, 200, ok.body);
    await advance(t, 1);
    uploadRefused(await upload(late, mp4(100)), 'A577', 401, /register the upload again/);
    assert.equal((await video(late.vid)).status, 'ERROR');
    // Registering again is the way on: a new vid and token.
    const again = await register('late.mp4', 100);
    assert.notEqual(again.vid, late.vid);
    assert.equal((await upload(again, mp4(100))).statusCode, 200);
  });

  test('a video above the app-wide 50 MB multipart ceiling streams to disk up to its registered size', async () => {
    const size = 60 * 1024 * 1024;
    const issued = await register('big.mp4', size);
    const res = await upload(issued, mp4(size));
    assert.equal(res.statusCode, 200, res.body);
    const { blob } = await bytesOf(issued.vid);
    assert.ok(blob);
    assert.equal(blob.size, size);
  });

  test('token failures and unknown vids: A576, A770', async () => {
    const issued = await register('x.mp4', 100);
    uploadRefused(await upload(issued, mp4(100), { token: 'not-the-token' }), 'A576', 401);
    uploadRefused(await upload(issued, mp4(100), { token: null }), 'A576', 401, /x-upload-token/);
    const another = await register('y.mp4', 100);
    uploadRefused(await upload(issued, mp4(100), { token: another.token }), 'A576', 401);
    uploadRefused(
      await upload({ uploadUrl: `${PUBLIC_URL}/video-upload/v-nope`, token: issued.token }, mp4(100)),
      'A770',
      404,
    );
    // Nothing landed: the video still waits, and its own token still works.
    assert.equal((await video(issued.vid)).status, 'REGISTERED');
    assert.equal((await upload(issued, mp4(100))).statusCode, 200);
  });

  test('size: larger than registered is A772, smaller A773; the token may try again', async () => {
    const issued = await register('s.mp4', 1000);
    uploadRefused(await upload(issued, mp4(1001)), 'A772', 400, /1000 bytes/);
    uploadRefused(await upload(issued, mp4(5000)), 'A772', 400);
    uploadRefused(await upload(issued, mp4(999)), 'A773', 400, /got 999 bytes, registered 1000/);
    assert.equal((await video(issued.vid)).status, 'REGISTERED');
    assert.equal((await bytesOf(issued.vid)).paths.length, 0, 'refused files are not kept');
    assert.equal((await upload(issued, mp4(1000))).statusCode, 200);
  });

  test('content: not a video (A771), no file (A210), not multipart (A415); AVI and MOV are sniffed too', async () => {
    const issued = await register('c.mp4', 64);
    const text = new Uint8Array(64).fill(0x41);
    uploadRefused(await upload(issued, text), 'A771', 400, /ftyp/);
    uploadRefused(await upload(issued, avi(64)), 'A771', 400, /MP4/);
    uploadRefused(await upload(issued, mp4(64), { parts: [{ name: 'other', value: 'x' }] }), 'A210', 400);
    const json = await t.gw.app.inject({
      method: 'POST',
      url: issued.uploadUrl.slice(PUBLIC_URL.length),
      headers: { 'content-type': 'application/json', 'x-upload-token': issued.token },
      payload: '{}',
    });
    uploadRefused(json, 'A415', 415);
    // A raw body (no parser at all) is A415 too, not a generic A300.
    const raw = await t.gw.app.inject({
      method: 'POST',
      url: issued.uploadUrl.slice(PUBLIC_URL.length),
      headers: { 'content-type': 'video/mp4', 'x-upload-token': issued.token },
      payload: Buffer.from(mp4(64)),
    });
    uploadRefused(raw, 'A415', 415);

    const a = await register('c.avi', 64);
    uploadRefused(await upload(a, mp4(64)), 'A771', 400, /AVI/);
    assert.equal((await upload(a, avi(64))).statusCode, 200);
    const m = await register('c.mov', 64);
    assert.equal((await upload(m, mp4(64))).statusCode, 200, 'a .mov with an ftyp box');
    assert.equal((await upload(issued, mp4(64))).statusCode, 200);
  });

  test('register existing: A502 for both or neither; PRIVATE is accepted; other states are A579', async () => {
    const issued = await register('p.mp4', 10);
    const { videoUrl } = await video(issued.vid);
    const reg = (body: Record<string, unknown>) =>
      post(`${BASE}/register`, { senderKey: c.senderKey, ...body });
    refused(await reg({ vid: issued.vid, videoUrl }), 'A502', 400, /both/);
    refused(await reg({}), 'A502', 400, /neither/);
    refused(await reg({ vid: '', videoUrl: '' }), 'A502', 400);

    refused(await reg({ vid: issued.vid }), 'A579', 409, /REGISTERED/);
    for (const s of ['VIOLATED', 'ILLEGAL', 'DELETED', 'ERROR']) {
      assert.equal((await setState(issued.vid, s)).statusCode, 200);
      refused(await reg({ vid: issued.vid }), 'A579', 409, new RegExp(s));
    }
    const moved = await setState(issued.vid, 'PRIVATE');
    assert.equal(moved.statusCode, 200, moved.body);
    assert.equal(moved.json().video.status, 'PRIVATE');
    const ok = await reg({ vid: issued.vid });
    assert.equal(ok.statusCode, 200, ok.body);
    assert.equal(ok.json().data.data.brandmessage.video.status, 'PRIVATE');
    assert.ok(ok.json().data.data.brandmessage.video.thumbnailUrl, 'a usable video has a thumbnail');
  });

  test('register by videoUrl: its shape, host and channel are checked', async () => {
    const issued = await register('u.mp4', 10);
    await setState(issued.vid, 'PUBLIC');
    const reg = (videoUrl: string) => post(`${BASE}/register`, { senderKey: c.senderKey, videoUrl });
    const channel = `ch-${c.accountId}`;
    refused(await reg('not a url'), 'A574', 400);
    refused(await reg(`http://tv.omnigate.invalid/${channel}/videos/${issued.vid}`), 'A574', 400);
    refused(await reg(`https://tv.omnigate.invalid/${channel}/clips/${issued.vid}`), 'A574', 400);
    refused(await reg(`https://elsewhere.example/${channel}/videos/${issued.vid}`), 'A574', 400, /host/);
    refused(await reg(`https://tv.omnigate.invalid/ch-${other.accountId}/videos/${issued.vid}`), 'A575', 400);
    refused(await reg(`https://tv.omnigate.invalid/${channel}/videos/v-unknown`), 'A770', 404);
    assert.equal((await reg(`https://tv.omnigate.invalid/${channel}/videos/${issued.vid}`)).statusCode, 200);
  });

  test('lookup: another account’s video is not found; their senderKey is not ours', async () => {
    const mine = await register('m.mp4', 10);
    const theirs = await register('t.mp4', 10, other);
    refused(await get(`${BASE}?vid=${theirs.vid}&senderKey=${c.senderKey}`), 'A770', 404);
    refused(await get(`${BASE}?vid=${mine.vid}&senderKey=${other.senderKey}`), 'A340', 400);
    refused(await get(`${BASE}?senderKey=${c.senderKey}`), 'A300', 400, /vid/);
    refused(await post(`${BASE}/register`, { senderKey: c.senderKey, vid: theirs.vid }), 'A770', 404);
  });

  test('sandbox state: any state of the list; others are A300; ENCODING finishes by itself', async () => {
    const issued = await register('s.mp4', 10);
    const bad = await setState(issued.vid, 'BROKEN');
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json().code, 'A300');
    const unknown = await setState('v-none', 'PUBLIC');
    assert.equal(unknown.statusCode, 404);
    assert.equal(unknown.json().code, 'A770');
    assert.equal((await setState(issued.vid, 'ENCODING')).statusCode, 200);
    await advance(t, 11);
    assert.equal((await video(issued.vid)).status, 'PUBLIC');
    const noToken = await t.request({
      method: 'POST',
      url: `/sandbox/v1/videos/${issued.vid}/state`,
      body: { status: 'PUBLIC' },
    });
    assert.equal(noToken.statusCode, 401);
  });

  test('list: paging, the date filter, limits', async () => {
    const fresh = await setupClient(t, 'lister');
    const day1: string[] = [];
    for (const n of ['a', 'b', 'c']) day1.push((await register(`${n}.mp4`, 10, fresh)).vid);
    await advance(t, 86_400);
    const day2: string[] = [];
    for (const n of ['d', 'e']) day2.push((await register(`${n}.mp4`, 10, fresh)).vid);
    const list = async (query: string) => {
      const res = await get(`${BASE}/list?senderKey=${fresh.senderKey}${query}`, fresh);
      assert.equal(res.statusCode, 200, res.body);
      return res.json().data.data.brandmessage.video;
    };

    const all = await list('');
    assert.equal(all.offset, 0);
    assert.equal(all.limit, 100);
    assert.equal(all.totalCount, 5);
    assert.deepEqual(
      all.videos.map((v: { vid: string }) => v.vid),
      [...day1, ...day2],
    );
    assert.deepEqual(Object.keys(all.videos[0]).sort(), [
      'fileName',
      'fileSize',
      'modifiedAt',
      'regDate',
      'senderKey',
      'status',
      'thumbnailUrl',
      'title',
      'updateDate',
      'vid',
      'videoUrl',
    ]);

    const page = await list('&offset=1&limit=2');
    assert.deepEqual([page.offset, page.limit, page.totalCount], [1, 2, 5]);
    assert.deepEqual(
      page.videos.map((v: { vid: string }) => v.vid),
      day1.slice(1, 3),
    );
    assert.equal((await list('&offset=5')).videos.length, 0);
    // A huge offset overflowed the database's integers: a 500 before it was bounded.
    const huge = await get(`${BASE}/list?senderKey=${fresh.senderKey}&offset=100000000000000000000`, fresh);
    assert.equal(huge.statusCode, 400);
    assert.equal(huge.json().data.code, 'A300');

    const d1 = all.videos[0].regDate.slice(0, 10).replaceAll('-', '');
    const d2 = all.videos[3].regDate.slice(0, 10).replaceAll('-', '');
    assert.notEqual(d1, d2);
    const first = await list(`&date=${d1}`);
    assert.equal(first.totalCount, 3);
    assert.deepEqual(
      first.videos.map((v: { vid: string }) => v.vid),
      day1,
    );
    assert.equal((await list(`&date=${d2}`)).totalCount, 2);
    assert.equal((await list('&date=20000101')).totalCount, 0);

    const q = (s: string) => get(`${BASE}/list?senderKey=${fresh.senderKey}${s}`, fresh);
    refused(await q('&limit=1001'), 'A300', 400, /limit/);
    assert.equal((await q('&limit=1000')).statusCode, 200);
    refused(await q('&limit=0'), 'A300', 400, /limit/);
    refused(await q('&offset=-1'), 'A300', 400, /offset/);
    refused(await q('&date=2026-01-01'), 'A300', 400, /date/);
    refused(await q('&date=20261399'), 'A300', 400, /date/);
    refused(await get(`${BASE}/list?senderKey=${'k'.repeat(41)}`, fresh), 'A300', 400, /senderKey/);
    // Another profile's channel holds none of these.
    assert.equal(
      (await get(`${BASE}/list?senderKey=${c.senderKey}`))
        .json()
        .data.data.brandmessage.video.videos.some((v: { vid: string }) => day1.includes(v.vid)),
      false,
    );
  });
});
