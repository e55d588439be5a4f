import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { isoKst } from '../../src/clock.ts';
import { MMS_IMAGE_MAX_BYTES, MMS_IMAGE_RETENTION_MS } from '../../src/features/files/mms-upload.ts';
import { findBlob, readBlob } from '../../src/store/media/blobs.ts';
import { findFile, findUsableFiles } from '../../src/store/media/files.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { jpeg, ofSize, png } from '../helpers/images.ts';
import { type Part, postForm } from '../helpers/multipart.ts';

const URL = '/api/comm/v1/file/mms';

/** A jpeg() padded to exactly `size` bytes. */
const jpegOfSize = (size: number) => ofSize((pad) => jpeg(100, 100, { pad }), size);

describeEachDb('MMS image upload', (db) => {
  let t: TestGateway;
  let apiKey: string;
  let accountId: string;
  let other: { apiKey: string; accountId: string };

  before(async () => {
    t = await startTestGateway(db, { clock: 'manual' });
    ({ apiKey, accountId } = await t.createAccount('acme'));
    other = await t.createAccount('other');
  });
  after(() => t.close());

  const post = (parts: readonly Part[], key: string | null = apiKey) => postForm(t, URL, parts, key);
  const file = (bytes: Uint8Array, filename = 'cat.jpg', type = 'image/jpeg'): Part => ({
    name: 'file',
    bytes,
    filename,
    type,
  });
  const refused = async (parts: readonly Part[], code: string, result?: RegExp, key?: string) => {
    const res = await post(parts, key);
    assert.equal(res.statusCode, 400, res.body);
    const body = res.json();
    assert.equal(body.common.authCode, 'A000');
    assert.equal(body.data.code, code, res.body);
    if (result) assert.match(body.data.result, result);
    return body;
  };

  test('a JPEG is stored: fileKey generated, expired = upload time + 7 days in Korea time', async () => {
    const now = t.gw.ctx.clock.now();
    const bytes = jpeg(640, 480, { pad: 1000 });
    const res = await post([file(bytes, 'C:\\pics\\cat.photo.jpg')]);
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json();
    assert.equal(body.common.authCode, 'A000');
    assert.equal(body.data.code, 'A000');
    const { fileKey, expired } = body.data.data;
    assert.match(fileKey, /^mms_[0-9a-z]+$/);
    assert.equal(expired, isoKst(Math.floor((now + MMS_IMAGE_RETENTION_MS) / 1000) * 1000));
    assert.match(expired, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+09:00$/);
    const rec = await findFile(t.gw.ctx.store, accountId, fileKey);
    assert.ok(rec);
    assert.equal(rec.accountId, accountId);
    assert.equal(rec.kind, 'mms');
    assert.equal(rec.name, 'cat.photo');
    assert.equal(rec.mime, 'image/jpeg');
    assert.equal(rec.size, bytes.length);
    assert.deepEqual([rec.width, rec.height], [640, 480]);
    assert.equal(rec.createdAt, now);
    assert.match(rec.path, /^files\/mms\//);
    // In the database, where every instance of a shared one reads it.
    assert.deepEqual(new Uint8Array((await readBlob(t.gw.ctx.store, rec.path)) ?? []), bytes);
  });

  test('a given fileKey and imageName are kept; re-uploading the key replaces the image', async () => {
    const first = await post([
      { name: 'fileKey', value: 'promo-2026.spring_1' },
      { name: 'imageName', value: '봄 세일' },
      file(jpeg(10, 20)),
    ]);
    assert.equal(first.statusCode, 200, first.body);
    assert.equal(first.json().data.data.fileKey, 'promo-2026.spring_1');
    const rec1 = await findFile(t.gw.ctx.store, accountId, 'promo-2026.spring_1');
    assert.equal(rec1?.name, '봄 세일');
    assert.deepEqual([rec1?.width, rec1?.height], [10, 20]);

    await t.request({ method: 'POST', url: '/sandbox/v1/clock', admin: true, body: { advanceSeconds: 60 } });
    // Fields may follow the file part.
    const second = await post([
      file(jpeg(30, 40), 'dog.jpeg'),
      { name: 'fileKey', value: 'promo-2026.spring_1' },
    ]);
    assert.equal(second.statusCode, 200, second.body);
    assert.notEqual(second.json().data.data.expired, first.json().data.data.expired);
    const rec2 = await findFile(t.gw.ctx.store, accountId, 'promo-2026.spring_1');
    assert.ok(rec1 && rec2);
    assert.deepEqual([rec2.width, rec2.height, rec2.name], [30, 40, 'dog']);
    assert.ok(await findBlob(t.gw.ctx.store.db, rec2.path));
    assert.equal(await findBlob(t.gw.ctx.store.db, rec1.path), undefined, 'the replaced image is removed');
  });

  test('an empty fileKey or imageName counts as absent', async () => {
    const res = await post([
      { name: 'fileKey', value: '' },
      { name: 'imageName', value: '' },
      file(jpeg(1, 1), 'x.jpg'),
    ]);
    assert.equal(res.statusCode, 200, res.body);
    const rec = await findFile(t.gw.ctx.store, accountId, res.json().data.data.fileKey);
    assert.equal(rec?.name, 'x');
  });

  test('A211: a PNG, or bytes without a JPEG frame header, are refused whatever the name says', async () => {
    await refused([file(png(100, 100), 'cat.jpg', 'image/jpeg')], 'A211', /FF D8 FF/);
    await refused([file(new TextEncoder().encode('hello'), 'a.jpg')], 'A211');
    await refused([file(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), 'a.jpg')], 'A211', /frame header/);
    await refused([file(new Uint8Array(0), 'a.jpg')], 'A211');
  });

  test('A212: over 300 KiB is refused; exactly 300 KiB is accepted', async () => {
    assert.equal(MMS_IMAGE_MAX_BYTES, 300 * 1024);
    const ok = await post([file(jpegOfSize(MMS_IMAGE_MAX_BYTES))]);
    assert.equal(ok.statusCode, 200, ok.body);
    await refused([file(jpegOfSize(MMS_IMAGE_MAX_BYTES + 1))], 'A212', /307200 bytes/);
    // Far over the limit: still a clean refusal (the excess is dropped while it streams).
    await refused([file(jpegOfSize(5 * 1024 * 1024)), { name: 'fileKey', value: 'big' }], 'A212');
    assert.equal(await findFile(t.gw.ctx.store, accountId, 'big'), undefined);
  });

  test('A203: larger than 1500x1440 is refused; 1500x1440 and progressive JPEGs are accepted', async () => {
    await refused([file(jpeg(1501, 100))], 'A203', /1501x100, at most 1500x1440/);
    await refused([file(jpeg(100, 1441))], 'A203');
    assert.equal((await post([file(jpeg(1500, 1440))])).statusCode, 200);
    assert.equal((await post([file(jpeg(800, 600, { sof: 0xc2 }))])).statusCode, 200);
  });

  test('A210: no file part; a file under another name is A300 naming the part, never dropped', async () => {
    await refused([{ name: 'fileKey', value: 'nofile' }], 'A210');
    await refused([{ name: 'image', bytes: jpeg(10, 10) }], 'A300', /part named "image".*part named file/);
    await refused([file(jpeg(10, 10)), { name: 'fileKey', bytes: Buffer.from('k1') }], 'A300', /"fileKey"/);
  });

  test('a file part without a filename is still the file; a text field named file is no JPEG', async () => {
    const boundary = 'omnigateBoundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"\r\nContent-Type: image/jpeg\r\n\r\n`;
    const payload = Buffer.concat([Buffer.from(head), jpeg(5, 6), Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const res = await t.gw.app.inject({
      method: 'POST',
      url: URL,
      headers: { authorization: apiKey, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    assert.equal(res.statusCode, 200, res.body);
    const rec = await findFile(t.gw.ctx.store, accountId, res.json().data.data.fileKey);
    assert.deepEqual([rec?.width, rec?.height], [5, 6]);
    assert.equal(rec?.name, rec?.fileKey, 'no file name: the name is the key');
    await refused([{ name: 'file', value: 'not bytes' }], 'A211');
  });

  test('A225: a JPEG named .png (or .gif) is refused; .jpg, .jpeg, .JPG and no extension are fine', async () => {
    for (const name of ['x.png', 'x.gif', 'x.pdf']) {
      await refused([file(jpeg(10, 10), name)], 'A225', /the file is named \.\w+ but holds a jpg image/);
    }
    for (const name of ['x.jpg', 'x.jpeg', 'x.JPG', 'x']) {
      const res = await post([file(jpeg(10, 10), name)]);
      assert.equal(res.statusCode, 200, `${name}: ${res.body}`);
    }
  });

  test('A223: a fileKey outside 1-64 characters of A-Z a-z 0-9 . _ -', async () => {
    for (const key of ['a/b', '../x', 'x'.repeat(65), '키', 'a b', 'a+b']) {
      await refused([{ name: 'fileKey', value: key }, file(jpeg(10, 10))], 'A223');
    }
    assert.equal(
      (await post([{ name: 'fileKey', value: 'k'.repeat(64) }, file(jpeg(10, 10))])).statusCode,
      200,
    );
  });

  test("another account's upload under the same fileKey is its own file; this one's is untouched", async () => {
    const mine = await post([{ name: 'fileKey', value: 'shared-key' }, file(jpeg(10, 10))]);
    assert.equal(mine.statusCode, 200);
    const theirs = await post([{ name: 'fileKey', value: 'shared-key' }, file(jpeg(20, 20))], other.apiKey);
    assert.equal(theirs.statusCode, 200, theirs.body);
    assert.equal(theirs.json().data.data.fileKey, 'shared-key');
    const rec = await findFile(t.gw.ctx.store, accountId, 'shared-key');
    assert.equal(rec?.accountId, accountId);
    assert.equal(rec?.width, 10);
    assert.ok(rec && (await findBlob(t.gw.ctx.store.db, rec.path)));
    const their = await findFile(t.gw.ctx.store, other.accountId, 'shared-key');
    assert.equal(their?.width, 20);
    assert.notEqual(their?.path, rec.path);
  });

  test('findUsableFiles: own, unexpired files only; after expiry the key is usable by nobody', async () => {
    const res = await post([{ name: 'fileKey', value: 'expiring' }, file(jpeg(10, 10))]);
    assert.equal(res.statusCode, 200);
    const store = t.gw.ctx.store;
    const clock = t.gw.ctx.clock;
    const usable = await findUsableFiles(
      store,
      accountId,
      ['expiring', 'shared-key', 'nope', 'expiring'],
      clock.now(),
    );
    assert.deepEqual(usable.map((f) => f.fileKey).sort(), ['expiring', 'shared-key']);
    assert.deepEqual(await findUsableFiles(store, other.accountId, ['expiring'], clock.now()), []);
    assert.deepEqual(await findUsableFiles(store, accountId, [], clock.now()), []);

    const expiresAt = Date.parse(res.json().data.data.expired);
    const toJustBefore = (expiresAt - clock.now()) / 1000 - 1;
    await t.request({
      method: 'POST',
      url: '/sandbox/v1/clock',
      admin: true,
      body: { advanceSeconds: toJustBefore },
    });
    assert.equal((await findUsableFiles(store, accountId, ['expiring'], clock.now())).length, 1);
    await t.request({ method: 'POST', url: '/sandbox/v1/clock', admin: true, body: { advanceSeconds: 1 } });
    assert.equal(clock.now(), expiresAt);
    assert.deepEqual(await findUsableFiles(store, accountId, ['expiring'], clock.now()), []);

    // Another account's upload under the key is its own file: this account's stays expired.
    const taken = await post([{ name: 'fileKey', value: 'expiring' }, file(jpeg(30, 30))], other.apiKey);
    assert.equal(taken.statusCode, 200, taken.body);
    assert.equal((await findUsableFiles(store, other.accountId, ['expiring'], clock.now())).length, 1);
    assert.deepEqual(await findUsableFiles(store, accountId, ['expiring'], clock.now()), []);
  });

  test('not multipart: 415 A415; a malformed multipart body: 400 A300, never 500', async () => {
    const json = await t.request({ method: 'POST', url: URL, apiKey, body: { file: 'x' } });
    assert.equal(json.statusCode, 415);
    assert.equal(json.json().common.authCode, 'A415');
    assert.match(json.json().common.authResult, /multipart\/form-data/);
    const empty = await t.request({ method: 'POST', url: URL, apiKey });
    assert.equal(empty.json().common.authCode, 'A415');
    const noBoundary = await t.gw.app.inject({
      method: 'POST',
      url: URL,
      headers: { authorization: apiKey, 'content-type': 'multipart/form-data' },
      payload: 'garbage',
    });
    assert.equal(noBoundary.statusCode, 400, noBoundary.body);
    assert.equal(noBoundary.json().data.code, 'A300');
    const cut = await t.gw.app.inject({
      method: 'POST',
      url: URL,
      headers: { authorization: apiKey, 'content-type': 'multipart/form-data; boundary=b' },
      payload: '--b\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\n\xff\xd8\xff',
    });
    assert.ok(cut.statusCode === 400, cut.body);
  });

  test('two file parts are refused with A300', async () => {
    await refused([file(jpeg(10, 10)), file(jpeg(20, 20))], 'A300', /one file/);
  });

  test('401 without an API key', async () => {
    const res = await post([file(jpeg(10, 10))], null);
    assert.equal(res.statusCode, 401);
    assert.equal(res.json().common.authCode, 'A401');
  });

  test('the OpenAPI document describes the form', async () => {
    const res = await t.gw.app.inject({ method: 'GET', url: '/docs/json' });
    assert.equal(res.statusCode, 200);
    const op = res.json().paths[URL].post;
    assert.deepEqual(op.tags, ['files']);
    const schema = op.requestBody.content['multipart/form-data'].schema;
    assert.equal(schema.properties.file.format, 'binary');
    assert.deepEqual(schema.required, ['file']);
  });
});
