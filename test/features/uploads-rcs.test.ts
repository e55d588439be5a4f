import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { isoKst } from '../../src/clock.ts';
import { fileUrl } from '../../src/features/files/storage.ts';
import { IMAGE_KINDS, RCS_MEDIA_RETENTION_MS } from '../../src/rules/image-kinds.ts';
import { findFile, findUsableFiles } from '../../src/store/media/files.ts';
import { advance } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { gif, jpeg, ofSize, png } from '../helpers/images.ts';
import type { Part } from '../helpers/multipart.ts';
import { filePart, pathOf, TEXT, upload } from './uploads-fixtures.ts';

const RCS = 'rcs';

describeEachDb('RCS media upload', (db) => {
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

  const post = (parts: readonly Part[], key: string = apiKey) => upload(t, RCS, parts, key);
  const refused = async (parts: readonly Part[], code: string, result?: RegExp) => {
    const res = await post(parts);
    assert.equal(res.statusCode, 400, res.body);
    assert.equal(res.json().data.code, code, res.body);
    if (result) assert.match(res.json().data.result, result);
  };

  test('media is the fileKey (generated rcs_...), expired = upload time + 7 days in Korea time', async () => {
    const now = t.gw.ctx.clock.now();
    const bytes = jpeg(568, 336, { pad: 500 });
    const res = await post([filePart(bytes, 'card.jpg')]);
    assert.equal(res.statusCode, 200, res.body);
    const data = res.json().data.data;
    assert.deepEqual(Object.keys(data).sort(), ['expired', 'media']);
    assert.match(data.media, /^rcs_[0-9a-z]+$/);
    assert.equal(RCS_MEDIA_RETENTION_MS, 7 * 24 * 3600 * 1000);
    assert.equal(data.expired, isoKst(Math.floor((now + RCS_MEDIA_RETENTION_MS) / 1000) * 1000));
    assert.match(data.expired, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+09:00$/);
    const rec = await findFile(t.gw.ctx.store, accountId, data.media);
    assert.ok(rec);
    assert.deepEqual(
      [rec.kind, rec.accountId, rec.mime, rec.width, rec.height, rec.name],
      ['rcs', accountId, 'image/jpeg', 568, 336, 'card'],
    );
    // The send path checks rcs.body.media this way.
    const usable = await findUsableFiles(
      t.gw.ctx.store,
      accountId,
      [data.media],
      t.gw.ctx.clock.now(),
      'rcs',
    );
    assert.deepEqual(
      usable.map((f) => f.fileKey),
      [data.media],
    );
    assert.deepEqual(
      await findUsableFiles(t.gw.ctx.store, accountId, [data.media], t.gw.ctx.clock.now()),
      [],
      'not an MMS file',
    );
    assert.deepEqual(
      await findUsableFiles(t.gw.ctx.store, other.accountId, [data.media], t.gw.ctx.clock.now(), 'rcs'),
      [],
    );
    const served = await t.gw.app.inject({ method: 'GET', url: pathOf(fileUrl(t.gw.ctx, rec)) });
    assert.deepEqual(new Uint8Array(served.rawPayload), bytes);
  });

  test('PNG and GIF of any ratio are accepted; the fileKey given is the media', async () => {
    for (const [bytes, name, mime] of [
      [png(1, 1000), 'tall.png', 'image/png'],
      [gif(320, 240), 'anim.gif', 'image/gif'],
    ] as const) {
      const res = await post([{ name: 'fileKey', value: `rcs-${name}` }, filePart(bytes, name)]);
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().data.data.media, `rcs-${name}`);
      const rec = await findFile(t.gw.ctx.store, accountId, `rcs-${name}`);
      assert.equal(rec?.mime, mime);
      assert.match(
        rec?.path ?? '',
        new RegExp(`^files/rcs/rcs-${name.replace('.', '\\.')}\\.[0-9a-f]+\\.${name.split('.')[1]}$`),
      );
    }
  });

  test('refusals: text, WebP, a GIF named .png, over 1 MB', async () => {
    await refused([filePart(TEXT, 'a.jpg')], 'A218', /is jpg, png, gif/);
    const webp = new TextEncoder().encode(
      'RIFF\x24\x00\x00\x00WEBPVP8X\x0a\x00\x00\x00\x00\x00\x00\x00\x1f\x03\x00\x8f\x01\x00',
    );
    await refused([filePart(webp, 'a.webp')], 'A218', /got webp/);
    await refused([filePart(gif(10, 10), 'a.png')], 'A225', /\.png but holds a gif/);
    const max = IMAGE_KINDS.rcs.maxBytes;
    assert.equal(max, 1024 * 1024);
    await refused(
      [
        filePart(
          ofSize((p) => png(10, 10, p), max + 1),
          'a.png',
        ),
      ],
      'A212',
      /\(1 MB\)/,
    );
    const ok = await post([
      filePart(
        ofSize((p) => png(10, 10, p), max),
        'a.png',
      ),
    ]);
    assert.equal(ok.statusCode, 200, ok.body);
  });

  test('at `expired` the media is unusable and its URL is gone; then another account may take the key', async () => {
    const res = await post([{ name: 'fileKey', value: 'rcs-expiring' }, filePart(png(100, 100), 'a.png')]);
    assert.equal(res.statusCode, 200, res.body);
    const expiresAt = Date.parse(res.json().data.data.expired);
    const rec = await findFile(t.gw.ctx.store, accountId, 'rcs-expiring');
    assert.ok(rec);
    const url = pathOf(fileUrl(t.gw.ctx, rec));
    const store = t.gw.ctx.store;
    const clock = t.gw.ctx.clock;

    await advance(t, (expiresAt - clock.now()) / 1000 - 1);
    assert.equal((await findUsableFiles(store, accountId, ['rcs-expiring'], clock.now(), 'rcs')).length, 1);
    assert.equal((await t.gw.app.inject({ method: 'GET', url })).statusCode, 200);

    await advance(t, 1);
    assert.equal(clock.now(), expiresAt);
    assert.deepEqual(await findUsableFiles(store, accountId, ['rcs-expiring'], clock.now(), 'rcs'), []);
    const gone = await t.gw.app.inject({ method: 'GET', url });
    assert.equal(gone.statusCode, 404);
    assert.equal(gone.json().data.code, 'A820');

    const taken = await post(
      [{ name: 'fileKey', value: 'rcs-expiring' }, filePart(png(50, 50), 'b.png')],
      other.apiKey,
    );
    assert.equal(taken.statusCode, 200, taken.body);
    assert.equal((await findFile(store, other.accountId, 'rcs-expiring'))?.accountId, other.accountId);
  });
});
