import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { before, beforeEach, test } from 'node:test';
import type { Store } from '../../src/store/db/database.ts';
import { transact } from '../../src/store/db/work-signal.ts';
import {
  beginBlob,
  CHUNK_BYTES,
  completeBlob,
  deleteBlobs,
  findBlob,
  pathsWithoutBytes,
  putBlob,
  readBlob,
  writeChunks,
} from '../../src/store/media/blobs.ts';
import { saveFile } from '../../src/store/media/files.ts';
import { purgeAbandonedBytes } from '../../src/store/purge/uploads.ts';
import { describeEachDb } from '../helpers/db.ts';

const T0 = Date.UTC(2030, 0, 1);
const DAY = 86_400_000;

async function* piecesOf(bytes: Buffer, sizes: readonly number[]): AsyncGenerator<Buffer> {
  let at = 0;
  for (let i = 0; at < bytes.length; i += 1) {
    const n = sizes[i % sizes.length] ?? 1;
    yield bytes.subarray(at, at + n);
    at += n;
  }
}

describeEachDb('uploaded bytes in the database (store)', (db) => {
  let store: Store;

  before(async () => {
    store = await db.openStore();
  });
  beforeEach(async () => {
    await store.db.deleteFrom('upload_chunks').execute();
    await store.db.deleteFrom('upload_blobs').execute();
    await store.db.deleteFrom('files').execute();
    await store.db.deleteFrom('videos').execute();
  });

  const fileRow = (path: string, size: number) => ({
    fileKey: path.replaceAll('/', '_'),
    accountId: 'acc',
    kind: 'mms',
    name: 'n',
    mime: 'image/jpeg',
    size,
    width: 1,
    height: 1,
    path,
    expiresAt: null,
    createdAt: T0,
  });

  async function chunkSizes(path: string): Promise<number[]> {
    const rows = await store.db
      .selectFrom('upload_chunks')
      .select(['seq', 'bytes'])
      .where('path', '=', path)
      .orderBy('seq')
      .execute();
    return rows.map((r) => Buffer.from(r.bytes).length);
  }

  test('bytes held in memory: stored in 1 MiB chunks, read back whole; an empty file is no chunk at all', async () => {
    const bytes = randomBytes(2 * CHUNK_BYTES + 7);
    await transact(store, (tx) => putBlob(tx, 'files/mms/a.jpg', bytes, T0));
    assert.deepEqual(await chunkSizes('files/mms/a.jpg'), [CHUNK_BYTES, CHUNK_BYTES, 7]);
    assert.deepEqual(await findBlob(store.db, 'files/mms/a.jpg'), {
      path: 'files/mms/a.jpg',
      size: bytes.length,
      chunks: 3,
    });
    assert.ok((await readBlob(store, 'files/mms/a.jpg'))?.equals(bytes));
    await transact(store, (tx) => putBlob(tx, 'files/mms/empty.jpg', Buffer.alloc(0), T0));
    assert.equal((await readBlob(store, 'files/mms/empty.jpg'))?.length, 0);
    assert.equal(await readBlob(store, 'files/mms/none.jpg'), undefined);
  });

  test('a stream of any piece sizes is re-cut into 1 MiB chunks; nothing reads it until it is complete', async () => {
    const bytes = randomBytes(3 * CHUNK_BYTES - 1);
    const path = 'videos/v1.abc.mp4';
    assert.equal(await beginBlob(store, path, T0), true);
    assert.equal(await beginBlob(store, path, T0), false, 'a path is written once');
    const written = await writeChunks(store, path, piecesOf(bytes, [65_536, 1, 3 * CHUNK_BYTES, 777]));
    assert.deepEqual(written, { size: bytes.length, chunks: 3 });
    assert.deepEqual(await chunkSizes(path), [CHUNK_BYTES, CHUNK_BYTES, CHUNK_BYTES - 1]);
    assert.equal(await findBlob(store.db, path), undefined, 'begun, not complete');
    assert.equal(await transact(store, (tx) => completeBlob(tx, path, { ...written, chunks: 4 })), false);
    assert.equal(await transact(store, (tx) => completeBlob(tx, path, written)), true);
    assert.ok((await readBlob(store, path))?.equals(bytes));
    assert.equal(await transact(store, (tx) => completeBlob(tx, path, written)), false, 'once');
    assert.equal(await deleteBlobs(store.db, [path]), 1);
    assert.deepEqual(await chunkSizes(path), []);
  });

  test('bytes swept while being written are never completed', async () => {
    const path = 'videos/v2.abc.mp4';
    await beginBlob(store, path, T0);
    const written = await writeChunks(store, path, piecesOf(randomBytes(10), [10]));
    await deleteBlobs(store.db, [path]);
    assert.equal(await transact(store, (tx) => completeBlob(tx, path, written)), false);
  });

  test('paths records name without bytes: files and videos, past a cursor; bytes being written count as there', async () => {
    await saveFile(store, fileRow('files/mms/1.jpg', 3), T0);
    await saveFile(store, fileRow('files/mms/2.jpg', 4), T0);
    await saveFile(store, fileRow('files/mms/3.jpg', 5), T0);
    await transact(store, (tx) => putBlob(tx, 'files/mms/2.jpg', Buffer.from('abcd'), T0));
    await beginBlob(store, 'files/mms/3.jpg', T0);
    assert.deepEqual(await pathsWithoutBytes(store, 'files', '', 10), [{ path: 'files/mms/1.jpg', size: 3 }]);
    assert.deepEqual(await pathsWithoutBytes(store, 'files', 'files/mms/1.jpg', 10), []);
    await store.db
      .insertInto('videos')
      .values({
        vid: 'v9',
        account_id: 'acc',
        sender_key: 'sk',
        channel_id: 'ch',
        status: 'PUBLIC',
        title: 't',
        file_name: 't.mp4',
        file_size: 99,
        token_hash: null,
        upload_until: T0,
        file_path: 'videos/v9.x.mp4',
        thumbnail_file_key: null,
        registered_at: null,
        created_at: T0,
        updated_at: T0,
      })
      .execute();
    assert.deepEqual(await pathsWithoutBytes(store, 'videos', '', 10), [
      { path: 'videos/v9.x.mp4', size: 99 },
    ]);
  });

  test('the sweep: bytes no record names, or never completed, a day old go; named or young ones stay; a dry run counts the same', async () => {
    const put = (path: string, at: number) =>
      transact(store, (tx) => putBlob(tx, path, Buffer.from(path), at));
    await put('files/mms/named.jpg', T0);
    await saveFile(store, fileRow('files/mms/named.jpg', 19), T0);
    await put('files/mms/orphan.jpg', T0);
    await put('files/mms/young-orphan.jpg', T0 + DAY);
    await beginBlob(store, 'videos/stalled.mp4', T0);
    await writeChunks(store, 'videos/stalled.mp4', piecesOf(randomBytes(5), [5]));
    await beginBlob(store, 'files/mms/import.jpg', T0);
    await saveFile(store, fileRow('files/mms/import.jpg', 5), T0);

    const cutoff = T0 + DAY / 2;
    const run = async (dryRun: boolean) => {
      const next = purgeAbandonedBytes(store, cutoff, dryRun);
      let n = 0;
      for (let more = true; more; ) {
        const batch = await next(2);
        n += batch.rows.upload_blobs ?? 0;
        more = batch.more;
      }
      return n;
    };
    assert.equal(await run(true), 3);
    assert.ok(await findBlob(store.db, 'files/mms/orphan.jpg'), 'a dry run deletes nothing');
    assert.equal(await run(false), 3);
    const left = await store.db.selectFrom('upload_blobs').select('path').orderBy('path').execute();
    assert.deepEqual(
      left.map((r) => r.path),
      ['files/mms/named.jpg', 'files/mms/young-orphan.jpg'],
    );
    const chunks = await store.db
      .selectFrom('upload_chunks')
      .select('path')
      .distinct()
      .orderBy('path')
      .execute();
    assert.deepEqual(
      chunks.map((r) => r.path),
      ['files/mms/named.jpg', 'files/mms/young-orphan.jpg'],
    );
  });
});
