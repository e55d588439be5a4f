import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, test } from 'node:test';
import { importLocalUploads } from '../../src/features/files/legacy-import.ts';
import { CHUNK_BYTES, findBlob, readBlob } from '../../src/store/media/blobs.ts';
import { saveFile } from '../../src/store/media/files.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { jpeg } from '../helpers/images.ts';

/*
 * A database written by the release before migration 0030: its uploads' rows name bytes that only
 * the data folder of the instance that took them holds. Each instance copies in what its disk
 * holds at start, and serves its own copies meanwhile; what it does not hold it leaves alone.
 */

describeEachDb('uploads of an earlier release, kept on one instance disk', (db) => {
  let a: TestGateway;
  let b: TestGateway;
  const dirA = join(db.dir, 'a');
  const dirB = join(db.dir, 'b');
  const image = Buffer.from(jpeg(64, 64, { pad: 3000 }));
  const imagePath = `files/mms/legacy.${randomBytes(16).toString('hex')}.jpg`;
  const video = randomBytes(CHUNK_BYTES + 100);
  const videoPath = 'videos/vlegacy.0a1b2c3d4e5f.mp4';
  const odd = Buffer.from(jpeg(8, 8));
  const oddPath = `files/mms/odd.${randomBytes(16).toString('hex')}.jpg`;

  /** As the earlier release left it: the row in the database, the bytes on A's disk. */
  function onDiskOfA(path: string, bytes: Buffer): void {
    mkdirSync(dirname(join(dirA, path)), { recursive: true });
    writeFileSync(join(dirA, path), bytes);
  }

  before(async () => {
    const shared = { OMNIGATE_SECRET_KEY: 'c3'.repeat(32) };
    // Not started: the import runs at start(), which the test calls when it is ready for it.
    a = await startTestGateway(db, { start: false, env: { ...shared, OMNIGATE_DATA_DIR: dirA } });
    b = await startTestGateway(db, { start: false, env: { ...shared, OMNIGATE_DATA_DIR: dirB } });
    const now = a.gw.ctx.clock.now();
    const row = (fileKey: string, path: string, size: number) => ({
      fileKey,
      accountId: 'acc-legacy',
      kind: 'mms',
      name: fileKey,
      mime: 'image/jpeg',
      size,
      width: 64,
      height: 64,
      path,
      expiresAt: null,
      createdAt: now,
    });
    await saveFile(a.gw.ctx.store, row('legacy', imagePath, image.length), now);
    onDiskOfA(imagePath, image);
    // Its record says one byte more than the disk holds: a copy cut short.
    await saveFile(a.gw.ctx.store, row('odd', oddPath, odd.length + 1), now);
    onDiskOfA(oddPath, odd);
    await a.gw.ctx.store.db
      .insertInto('videos')
      .values({
        vid: 'vlegacy',
        account_id: 'acc-legacy',
        sender_key: 'sk',
        channel_id: 'ch',
        status: 'PUBLIC',
        title: 'legacy',
        file_name: 'legacy.mp4',
        file_size: video.length,
        token_hash: null,
        upload_until: now,
        file_path: videoPath,
        thumbnail_file_key: null,
        registered_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    onDiskOfA(videoPath, video);
  });
  after(async () => {
    await b.close();
    await a.close();
  });

  const get = (t: TestGateway, path: string) => t.gw.app.inject({ method: 'GET', url: `/${path}` });

  test('before the copy: A serves its own disk copy, B answers 404 A820 and copies nothing', async () => {
    const served = await get(a, imagePath);
    assert.equal(served.statusCode, 200);
    assert.ok(Buffer.from(served.rawPayload).equals(image));
    const there = await get(b, imagePath);
    assert.equal(there.statusCode, 404);
    assert.equal(there.json().data.code, 'A820');

    assert.deepEqual(await importLocalUploads(b.gw.ctx), { imported: 0, notHere: 3, mismatched: 0 });
    assert.equal(await findBlob(b.gw.ctx.store.db, imagePath), undefined);
  });

  test("A's start copies its bytes in; then B serves them with A's disk emptied; a second run copies nothing", async () => {
    a.gw.start();
    assert.deepEqual(await a.gw.uploadsImported(), { imported: 2, notHere: 0, mismatched: 1 });
    assert.ok((await readBlob(a.gw.ctx.store, imagePath))?.equals(image));
    assert.ok((await readBlob(a.gw.ctx.store, videoPath))?.equals(video));
    assert.equal((await findBlob(a.gw.ctx.store.db, videoPath))?.chunks, 2);
    assert.equal(await findBlob(a.gw.ctx.store.db, oddPath), undefined, 'not the size its record says');

    rmSync(join(dirA, 'files'), { recursive: true, force: true });
    rmSync(join(dirA, 'videos'), { recursive: true, force: true });
    for (const t of [b, a]) {
      const served = await get(t, imagePath);
      assert.equal(served.statusCode, 200);
      assert.equal(served.headers['content-length'], String(image.length));
      assert.ok(Buffer.from(served.rawPayload).equals(image));
    }
    assert.deepEqual(await importLocalUploads(a.gw.ctx), { imported: 0, notHere: 1, mismatched: 0 });
    b.gw.start();
    assert.deepEqual(await b.gw.uploadsImported(), { imported: 0, notHere: 1, mismatched: 0 });
  });
});
