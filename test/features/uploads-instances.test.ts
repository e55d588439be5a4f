import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { storeUpload } from '../../src/features/files/storage.ts';
import { CHUNK_BYTES, deleteBlobs, findBlob, readBlob } from '../../src/store/media/blobs.ts';
import { findFile } from '../../src/store/media/files.ts';
import { advance, type Client, inbox, send, settle, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { jpeg, png } from '../helpers/images.ts';
import { formBody, postForm } from '../helpers/multipart.ts';

/*
 * Two instances of one database, each with a data folder of its own (issue 34): what one takes,
 * the other serves and sends. A runs the workers; B is an API-only instance (OMNIGATE_ROLE=api),
 * so every job of the suite runs on A whichever instance took the request.
 */

const PUBLIC_URL = 'https://gw.example.test';
const VIDEO = '/api/comm/v1/center/brandmessage/video';

/** An MP4 of exactly `size` bytes: an ftyp box at offset 4, then random bytes. */
function mp4(size: number): Uint8Array {
  const out = new Uint8Array(randomBytes(size));
  out.set([0, 0, 0, 0x18, ...new TextEncoder().encode('ftypisom')]);
  return out;
}

function pathOf(url: string): string {
  assert.ok(url.startsWith(PUBLIC_URL), url);
  return url.slice(PUBLIC_URL.length);
}

function missing(res: LightMyRequestResponse, url: string): void {
  assert.equal(res.statusCode, 404, `${url}: ${res.body}`);
  assert.match(String(res.headers['content-type']), /application\/json/);
  const body = res.json();
  assert.equal(body.common.authCode, 'A000');
  assert.equal(body.data.code, 'A820');
  assert.match(body.data.result, /no file at \/files\//);
}

describeEachDb('uploads on two instances of one database', (db) => {
  let a: TestGateway;
  let b: TestGateway;
  let c: Client;
  // One master key for both (an instance under another refuses to start).
  const shared = { OMNIGATE_PUBLIC_URL: `${PUBLIC_URL}/`, OMNIGATE_SECRET_KEY: 'a1'.repeat(32) };

  before(async () => {
    a = await startTestGateway(db, { env: { ...shared, OMNIGATE_DATA_DIR: join(db.dir, 'a') } });
    // A move keeps the manual clock's time in the database, where B starts from: one time for both.
    await advance(a, 1);
    b = await startTestGateway(db, {
      env: { ...shared, OMNIGATE_DATA_DIR: join(db.dir, 'b'), OMNIGATE_ROLE: 'api' },
    });
    assert.equal(b.gw.runner, null);
    c = await setupClient(a);
  });
  after(async () => {
    await b.close();
    await a.close();
  });

  const get = (t: TestGateway, url: string) => t.gw.app.inject({ method: 'GET', url });

  test('an MMS image uploaded through A is sent through B and served by B, byte for byte', async () => {
    const bytes = jpeg(320, 240, { pad: 5000 });
    const up = await postForm(a, '/api/comm/v1/file/mms', [{ name: 'file', bytes }], c.apiKey);
    assert.equal(up.statusCode, 200, up.body);
    const { fileKey } = up.json().data.data;

    const phone = '01071000001';
    const sent = await send(b, c, {
      destinations: [{ to: phone }],
      messageFlow: [{ mms: { from: c.sender, text: 'a photo', fileKey: [fileKey] } }],
    });
    assert.equal(sent.json().data.code, 'A000', sent.body);
    await settle(a);
    const got = await inbox(b, phone);
    assert.equal(got.length, 1);
    assert.equal(got[0]?.channel, 'mms');
    assert.deepEqual(got[0]?.payload.fileKey, [fileKey]);

    const file = await findFile(b.gw.ctx.store, c.accountId, fileKey);
    assert.ok(file);
    for (const t of [b, a]) {
      const served = await get(t, `/${file.path}`);
      assert.equal(served.statusCode, 200, served.body);
      assert.equal(served.headers['content-type'], 'image/jpeg');
      assert.equal(served.headers['content-length'], String(bytes.length));
      assert.deepEqual(new Uint8Array(served.rawPayload), bytes);
    }
  });

  test("a template image uploaded through B is served by A at the URL B's answer gave", async () => {
    const bytes = png(800, 400, 2000);
    const up = await postForm(
      b,
      '/api/comm/v1/file/infomsg/template',
      [{ name: 'file', bytes, filename: 'banner.png', type: 'image/png' }],
      c.apiKey,
    );
    assert.equal(up.statusCode, 200, up.body);
    const { imgUrl } = up.json().data.data;
    const served = await get(a, pathOf(imgUrl));
    assert.equal(served.statusCode, 200, served.body);
    assert.equal(served.headers['content-type'], 'image/png');
    assert.deepEqual(new Uint8Array(served.rawPayload), bytes);
  });

  test('a file of several chunks is served whole, in order, by the other instance', async () => {
    const bytes = randomBytes(2 * CHUNK_BYTES + 12_345);
    const stored = await storeUpload(
      a.gw.ctx,
      {
        accountId: c.accountId,
        kind: 'mms',
        bytes,
        fileKey: 'big-one',
        keyPrefix: 'mms_',
        name: 'big',
        ext: 'jpg',
        mime: 'image/jpeg',
        width: 1,
        height: 1,
        expiresAt: null,
      },
      a.gw.ctx.clock.now(),
    );
    assert.equal((await findBlob(b.gw.ctx.store.db, stored.path))?.chunks, 3);
    const served = await get(b, `/${stored.path}`);
    assert.equal(served.statusCode, 200);
    assert.equal(served.headers['content-length'], String(bytes.length));
    assert.ok(Buffer.from(served.rawPayload).equals(bytes));
  });

  test('a video registered on A and uploaded through B is in the database; its thumbnail is served by both', async () => {
    const size = CHUNK_BYTES + CHUNK_BYTES / 2;
    const reg = await a.request({
      method: 'POST',
      url: `${VIDEO}/upload/register`,
      apiKey: c.apiKey,
      body: { senderKey: c.senderKey, fileName: 'spring.mp4', fileSize: size },
    });
    assert.equal(reg.statusCode, 200, reg.body);
    const issued = reg.json().data.data.brandmessage.video;
    const bytes = mp4(size);
    const { payload, contentType } = await formBody([
      { name: 'file', bytes, filename: 'spring.mp4', type: 'video/mp4' },
    ]);
    const up = await b.gw.app.inject({
      method: 'POST',
      url: pathOf(issued.uploadUrl),
      headers: { 'content-type': contentType, 'x-upload-token': issued.token },
      payload,
    });
    assert.equal(up.statusCode, 200, up.body);
    assert.equal(up.json().status, 'ENCODING');

    const row = await a.gw.ctx.store.db
      .selectFrom('videos')
      .select('file_path')
      .where('vid', '=', issued.vid)
      .executeTakeFirstOrThrow();
    assert.ok(row.file_path);
    const kept = await readBlob(a.gw.ctx.store, row.file_path);
    assert.ok(kept?.equals(Buffer.from(bytes)), 'the bytes B took, read by A');
    assert.equal((await findBlob(a.gw.ctx.store.db, row.file_path))?.chunks, 2);

    await advance(a, 11);
    await settle(a);
    const look = await b.request({
      method: 'GET',
      url: `${VIDEO}?vid=${issued.vid}&senderKey=${c.senderKey}`,
      apiKey: c.apiKey,
    });
    const video = look.json().data.data.brandmessage.video;
    assert.equal(video.status, 'PUBLIC', look.body);
    for (const t of [a, b]) {
      const thumb = await get(t, pathOf(video.thumbnailUrl));
      assert.equal(thumb.statusCode, 200, thumb.body);
      assert.equal(thumb.headers['content-type'], 'image/png');
    }
  });

  test('a file whose bytes are nowhere, an expired one and an unknown one: 404 A820 on both, never a 500', async () => {
    const up = await postForm(a, '/api/comm/v1/file/mms', [{ name: 'file', bytes: jpeg(64, 64) }], c.apiKey);
    assert.equal(up.statusCode, 200, up.body);
    const file = await findFile(a.gw.ctx.store, c.accountId, up.json().data.data.fileKey);
    assert.ok(file);
    // Bytes lost (a restore of another time, a hand in the database): the row alone is left.
    await deleteBlobs(a.gw.ctx.store.db, [file.path]);
    for (const t of [a, b]) missing(await get(t, `/${file.path}`), file.path);

    const later = await postForm(
      a,
      '/api/comm/v1/file/mms',
      [{ name: 'file', bytes: jpeg(64, 64) }],
      c.apiKey,
    );
    const expiring = await findFile(a.gw.ctx.store, c.accountId, later.json().data.data.fileKey);
    assert.ok(expiring);
    assert.equal((await get(b, `/${expiring.path}`)).statusCode, 200);
    await a.gw.ctx.store.db
      .updateTable('files')
      .set({ expires_at: a.gw.ctx.clock.now() })
      .where('path', '=', expiring.path)
      .execute();
    for (const t of [a, b]) missing(await get(t, `/${expiring.path}`), expiring.path);
    for (const t of [a, b]) missing(await get(t, '/files/mms/nothing.jpg'), 'unknown');
  });
});
