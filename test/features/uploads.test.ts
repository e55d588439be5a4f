import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { findImageByUrl } from '../../src/features/files/image-upload.ts';
import { IMAGE_KINDS } from '../../src/rules/image-kinds.ts';
import { findBlob } from '../../src/store/media/blobs.ts';
import { findFile } from '../../src/store/media/files.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { gif, jpeg, ofSize, png } from '../helpers/images.ts';
import type { Part } from '../helpers/multipart.ts';
import { filePart, pathOf, TEXT, upload } from './uploads-fixtures.ts';

const TEMPLATE = 'infomsg/template';
const HIGHLIGHT = 'infomsg/itemHighlight';

describeEachDb('informational template image uploads', (db) => {
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

  const post = (path: string, parts: readonly Part[], key: string | null = apiKey) =>
    upload(t, path, parts, key);
  const ok = async (res: LightMyRequestResponse) => {
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json();
    assert.equal(body.common.authCode, 'A000');
    assert.equal(body.data.code, 'A000');
    return body.data.data;
  };
  const refused = async (path: string, parts: readonly Part[], code: string, result?: RegExp) => {
    const res = await post(path, parts);
    assert.equal(res.statusCode, 400, res.body);
    const body = res.json();
    assert.equal(body.common.authCode, 'A000');
    assert.equal(body.data.code, code, res.body);
    if (result) assert.match(body.data.result, result);
    return body;
  };

  test('a 2:1 PNG template image: imgUrl and fileName; the URL serves the exact bytes', async () => {
    const bytes = png(800, 400, 2000);
    const data = await ok(await post(TEMPLATE, [filePart(bytes, 'C:\\pics\\spring.sale.png', 'image/png')]));
    assert.deepEqual(Object.keys(data).sort(), ['fileName', 'imgUrl']);
    assert.equal(data.fileName, 'spring.sale', 'the file name without its extension');
    assert.ok(
      data.imgUrl.startsWith(`${t.gw.ctx.config.publicUrl}/files/infomsg-template/img_`),
      data.imgUrl,
    );
    assert.match(data.imgUrl, /\.png$/);

    const served = await t.gw.app.inject({ method: 'GET', url: pathOf(data.imgUrl) });
    assert.equal(served.statusCode, 200);
    assert.equal(served.headers['content-type'], 'image/png');
    assert.equal(served.headers['content-length'], String(bytes.length));
    assert.deepEqual(new Uint8Array(served.rawPayload), bytes);

    const rec = await findImageByUrl(t.gw.ctx, data.imgUrl);
    assert.ok(rec);
    assert.equal(rec.accountId, accountId);
    assert.equal(rec.kind, 'infomsg-template');
    assert.match(rec.fileKey, /^img_[0-9a-z]+$/);
    assert.deepEqual([rec.width, rec.height, rec.mime, rec.size], [800, 400, 'image/png', bytes.length]);
    assert.equal(rec.expiresAt, null, 'template images do not expire');
    assert.ok(await findBlob(t.gw.ctx.store.db, rec.path), 'the bytes are in the database');
  });

  test('a JPEG is served as image/jpeg; fileKey and imageName are kept', async () => {
    const bytes = jpeg(1000, 500, { pad: 300 });
    const data = await ok(
      await post(TEMPLATE, [
        { name: 'fileKey', value: 'tpl-welcome.v1' },
        { name: 'imageName', value: '환영 배너' },
        filePart(bytes, 'welcome.jpeg', 'image/jpeg'),
      ]),
    );
    assert.equal(data.fileName, '환영 배너');
    // The served name carries 128 random bits (32 hex digits): the URL is its only credential.
    assert.match(data.imgUrl, /\/files\/infomsg-template\/tpl-welcome\.v1\.[0-9a-f]{32}\.jpg$/);
    const served = await t.gw.app.inject({ method: 'GET', url: pathOf(data.imgUrl) });
    assert.equal(served.headers['content-type'], 'image/jpeg');
    assert.deepEqual(new Uint8Array(served.rawPayload), bytes);
    const rec = await findFile(t.gw.ctx.store, accountId, 'tpl-welcome.v1');
    assert.equal(rec?.name, '환영 배너');
  });

  test('re-uploading a key replaces the image: the old URL stops serving, the new one serves', async () => {
    const first = await ok(
      await post(TEMPLATE, [{ name: 'fileKey', value: 'tpl-swap' }, filePart(png(800, 400), 'a.png')]),
    );
    const second = await ok(
      await post(TEMPLATE, [{ name: 'fileKey', value: 'tpl-swap' }, filePart(png(1000, 500), 'b.png')]),
    );
    assert.notEqual(first.imgUrl, second.imgUrl);
    const old = await t.gw.app.inject({ method: 'GET', url: pathOf(first.imgUrl) });
    assert.equal(old.statusCode, 404);
    assert.equal(old.json().data.code, 'A820');
    assert.equal((await t.gw.app.inject({ method: 'GET', url: pathOf(second.imgUrl) })).statusCode, 200);
    assert.equal(await findImageByUrl(t.gw.ctx, first.imgUrl), undefined);
    assert.equal((await findImageByUrl(t.gw.ctx, second.imgUrl))?.width, 1000);
  });

  test('generated keys and default names: no imageName, a file without a name', async () => {
    const a = await ok(
      await post(TEMPLATE, [{ name: 'imageName', value: '' }, filePart(png(600, 300), 'banner.png')]),
    );
    assert.equal(a.fileName, 'banner');
    const b = await ok(await post(TEMPLATE, [filePart(png(600, 300), '')]));
    const rec = await findImageByUrl(t.gw.ctx, b.imgUrl);
    assert.ok(rec);
    assert.equal(b.fileName, rec.fileKey, 'no file name: the name is the key');
  });

  test('item highlight: 1:1, at least 108 px wide', async () => {
    const data = await ok(await post(HIGHLIGHT, [filePart(png(108, 108), 'item.png')]));
    assert.deepEqual(Object.keys(data).sort(), ['fileName', 'imgUrl']);
    assert.match(data.imgUrl, /\/files\/infomsg-item-highlight\//);
    await ok(await post(HIGHLIGHT, [filePart(jpeg(500, 500), 'item.jpg')]));
    await refused(
      HIGHLIGHT,
      [filePart(png(107, 107), 'item.png')],
      'A226',
      /107x107; .* at least 108 px wide/,
    );
    await refused(HIGHLIGHT, [filePart(png(200, 100), 'item.png')], 'A221', /200x100 is 2:1; .* is 1:1/);
  });

  test('A218: a GIF, a WebP, a text file and an empty file are refused, naming the formats allowed', async () => {
    await refused(
      TEMPLATE,
      [filePart(gif(800, 400), 'a.gif', 'image/gif')],
      'A218',
      /got gif; .* is jpg, png$/,
    );
    const webp = new TextEncoder().encode(
      'RIFF\x24\x00\x00\x00WEBPVP8X\x0a\x00\x00\x00\x00\x00\x00\x00\x1f\x03\x00\x8f\x01\x00',
    );
    await refused(TEMPLATE, [filePart(webp, 'a.webp')], 'A218', /got webp/);
    // Named and typed as a PNG: the bytes decide.
    await refused(TEMPLATE, [filePart(TEXT, 'a.png', 'image/png')], 'A218', /not a recognised image/);
    await refused(TEMPLATE, [filePart(new Uint8Array(0), 'a.png')], 'A218', /empty/);
    await refused(
      TEMPLATE,
      [filePart(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), 'a.jpg')],
      'A218',
      /jpg header/,
    );
  });

  test('A225: a PNG named .jpg is refused; a name without an extension is fine', async () => {
    await refused(
      TEMPLATE,
      [filePart(png(800, 400), 'cat.jpg', 'image/jpeg')],
      'A225',
      /named \.jpg but holds a png/,
    );
    await refused(TEMPLATE, [filePart(jpeg(800, 400), 'cat.png')], 'A225', /named \.png but holds a jpg/);
    await ok(await post(TEMPLATE, [filePart(png(800, 400), 'cat')]));
    await ok(await post(TEMPLATE, [filePart(jpeg(800, 400), 'CAT.JPEG')]));
  });

  test('A212: over 500 KB is refused; exactly 500 KB is accepted; far over is still a clean refusal', async () => {
    const max = IMAGE_KINDS.infomsgTemplate.maxBytes;
    assert.equal(max, 500 * 1024);
    await ok(
      await post(TEMPLATE, [
        filePart(
          ofSize((p) => png(800, 400, p), max),
          'a.png',
        ),
      ]),
    );
    await refused(
      TEMPLATE,
      [
        filePart(
          ofSize((p) => png(800, 400, p), max + 1),
          'a.png',
        ),
      ],
      'A212',
      /at most 512000 bytes \(500 KB\); got more than 512000 bytes/,
    );
    await refused(
      TEMPLATE,
      [
        filePart(
          ofSize((p) => png(800, 400, p), 3 * 1024 * 1024),
          'a.png',
        ),
        { name: 'fileKey', value: 'tpl-big' },
      ],
      'A212',
    );
    assert.equal(await findFile(t.gw.ctx.store, accountId, 'tpl-big'), undefined);
  });

  test('A226 and A221: narrower than 500 px, or not 2:1 (2% tolerance)', async () => {
    await refused(TEMPLATE, [filePart(png(498, 249), 'a.png')], 'A226', /498x249; .* at least 500 px wide/);
    await refused(
      TEMPLATE,
      [filePart(png(800, 600), 'a.png')],
      'A221',
      /800x600 is 4:3; .* is 2:1 \(within 2%\)/,
    );
    await refused(TEMPLATE, [filePart(png(800, 800), 'a.png')], 'A221', /is 1:1/);
    await ok(await post(TEMPLATE, [filePart(png(800, 408), 'a.png')]));
    // A photo stored 400x800 with EXIF orientation 6 shows 800x400: accepted as 2:1...
    const turned = await ok(await post(TEMPLATE, [filePart(jpeg(400, 800, { orientation: 6 }), 'a.jpg')]));
    const rec = await findImageByUrl(t.gw.ctx, turned.imgUrl);
    assert.deepEqual([rec?.width, rec?.height], [800, 400]);
    // ...and one stored 1200x600 shown turned is 1:2.
    await refused(
      TEMPLATE,
      [filePart(jpeg(1200, 600, { orientation: 8 }), 'a.jpg')],
      'A221',
      /600x1200 is 1:2/,
    );
  });

  test('A210, A223, A224: no file, a bad key, a key this account holds for another kind', async () => {
    await refused(TEMPLATE, [{ name: 'fileKey', value: 'x' }], 'A210');
    await refused(TEMPLATE, [{ name: 'fileKey', value: 'a/b' }, filePart(png(800, 400), 'a.png')], 'A223');
    const mine = await ok(
      await post(TEMPLATE, [{ name: 'fileKey', value: 'tpl-mine' }, filePart(png(800, 400), 'a.png')]),
    );
    // Keys are per account: another account's tpl-mine is another file.
    const theirs = await ok(
      await post(
        TEMPLATE,
        [{ name: 'fileKey', value: 'tpl-mine' }, filePart(png(800, 400), 'a.png')],
        other.apiKey,
      ),
    );
    assert.notEqual(theirs.imgUrl, mine.imgUrl);
    // The same account's key of another kind is held (a key names one file); the detail says so.
    const held = await refused(
      HIGHLIGHT,
      [{ name: 'fileKey', value: 'tpl-mine' }, filePart(png(200, 200), 'a.png')],
      'A224',
      /tpl-mine is used by this account for another kind of file \(infomsg-template\)/,
    );
    assert.equal(
      held.data.result,
      'fileKey is in use for another kind of file: tpl-mine is used by this account for another kind of file (infomsg-template); a key is reused only for the same kind',
    );
  });

  test('401 without an API key, on every image upload path', async () => {
    for (const spec of Object.values(IMAGE_KINDS)) {
      const res = await post(spec.path, [filePart(png(800, 400), 'a.png')], null);
      assert.equal(res.statusCode, 401, spec.path);
      assert.equal(res.json().common.authCode, 'A401');
    }
  });

  test('not multipart: A415', async () => {
    const res = await t.request({
      method: 'POST',
      url: `/api/comm/v1/file/${TEMPLATE}`,
      apiKey,
      body: { file: 'x' },
    });
    assert.equal(res.statusCode, 415);
    assert.equal(res.json().common.authCode, 'A415');
  });

  test('an unknown file URL answers a JSON envelope 404 A820, without credentials', async () => {
    for (const url of ['/files/infomsg-template/nope.png', '/files/nokind/x.png']) {
      const res = await t.gw.app.inject({ method: 'GET', url });
      assert.equal(res.statusCode, 404, url);
      assert.match(String(res.headers['content-type']), /application\/json/);
      const body = res.json();
      assert.equal(body.data.code, 'A820');
      assert.match(body.data.result, /no file at \/files\//);
    }
  });

  test('findImageByUrl: only URLs this gateway handed out; narrowed by account and kind', async () => {
    const data = await ok(await post(TEMPLATE, [filePart(png(800, 400), 'a.png')]));
    const ctx = t.gw.ctx;
    assert.equal((await findImageByUrl(ctx, data.imgUrl, { accountId }))?.kind, 'infomsg-template');
    assert.equal(await findImageByUrl(ctx, data.imgUrl, { accountId: other.accountId }), undefined);
    assert.equal(await findImageByUrl(ctx, data.imgUrl, { kinds: ['brandmessage-wide'] }), undefined);
    assert.ok(await findImageByUrl(ctx, data.imgUrl, { kinds: ['brandmessage-wide', 'infomsg-template'] }));
    assert.ok(await findImageByUrl(ctx, `${data.imgUrl}?v=1`), 'a query string is not part of the path');
    assert.equal(
      await findImageByUrl(ctx, data.imgUrl.replace(ctx.config.publicUrl, 'https://elsewhere.example')),
      undefined,
    );
    assert.equal(
      await findImageByUrl(ctx, pathOf(data.imgUrl)),
      undefined,
      'a bare path is not a URL we gave',
    );
    assert.equal(
      await findImageByUrl(ctx, `${ctx.config.publicUrl}/files/infomsg-template/%E0%A4%A`),
      undefined,
    );
    assert.equal(await findImageByUrl(ctx, `${ctx.config.publicUrl}/healthz`), undefined);
  });

  test('the OpenAPI document describes each image upload form', async () => {
    const res = await t.gw.app.inject({ method: 'GET', url: '/docs/json' });
    const paths = res.json().paths;
    for (const spec of Object.values(IMAGE_KINDS)) {
      const op = paths[`/api/comm/v1/file/${spec.path}`]?.post;
      assert.ok(op, spec.path);
      assert.deepEqual(op.tags, ['files']);
      const schema = op.requestBody.content['multipart/form-data'].schema;
      assert.equal(schema.properties.file.format, 'binary');
      assert.deepEqual(schema.required, ['file']);
    }
  });
});
