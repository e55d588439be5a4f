import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { type Kysely, sql } from 'kysely';
import type { Capabilities } from '../../src/store/db/capabilities.ts';
import { openStore, type Store } from '../../src/store/db/database.ts';
import { findFile, findMessageFiles, type StoredFile, saveFile } from '../../src/store/media/files.ts';
import { getVideo, insertVideo, moveVideo } from '../../src/store/media/videos.ts';
import { MIGRATIONS } from '../../src/store/schema/migrations/index.ts';
import { findMessagebaseImage, saveMessagebaseImage } from '../../src/store/templates/rcs-images.ts';
import { describeEachDb } from '../helpers/db.ts';

/* Issue 15: the files table is keyed by (account, fileKey), and every join to it names the account. */

const NOW = Date.UTC(2026, 2, 10, 3, 0, 0);
const MIGRATION = '0020_file_keys_per_account';

function fileOf(accountId: string, fileKey: string, over: Partial<StoredFile> = {}): StoredFile {
  return {
    fileKey,
    accountId,
    kind: 'mms',
    name: fileKey,
    mime: 'image/jpeg',
    size: 10,
    width: 10,
    height: 10,
    path: `files/mms/${accountId}.${fileKey}.jpg`,
    expiresAt: null,
    createdAt: NOW,
    ...over,
  };
}

async function addAccount(store: Store, id: string): Promise<void> {
  await store.db
    .insertInto('accounts')
    .values({ id, name: id, report_mode: 'polling', created_at: NOW })
    .execute();
}

/**
 * Applies the migrations before `upTo` and records them as the migrator does (migrator.ts), so
 * that migrate() then applies `upTo` onwards. Generic over the schema, as migrations are.
 */
async function migrateBefore<T>(db: Kysely<T>, caps: Capabilities, upTo: string): Promise<void> {
  await sql`create table omnigate_migrations (name text primary key, applied_at ${sql.raw(String(caps.bigint))} not null)`.execute(
    db,
  );
  for (const [name, m] of MIGRATIONS) {
    if (name === upTo) return;
    await db.transaction().execute(async (tx) => {
      await m.up(tx, caps);
      await sql`insert into omnigate_migrations (name, applied_at) values (${name}, ${NOW})`.execute(tx);
    });
  }
}

describeEachDb('migration 0020: fileKeys per account', (db) => {
  let store: Store;
  before(async () => {
    store = await openStore(db.url, db.schema ? { schema: db.schema } : {});
    await migrateBefore(store.db, store.caps, MIGRATION);
  });
  after(() => store.close());

  test('existing files keep their account and everything else; the key is then (account, fileKey)', async () => {
    // Rows as the gateway wrote them before: file_key alone was the key.
    const before = [
      fileOf('acc-a', 'k1', { expiresAt: NOW + 1000 }),
      fileOf('acc-b', 'k2', { kind: 'infomsg-template', mime: 'image/png', width: null, height: null }),
    ];
    for (const f of before) {
      await sql`insert into files (file_key, account_id, kind, name, mime, size, width, height, path, expires_at, created_at)
        values (${f.fileKey}, ${f.accountId}, ${f.kind}, ${f.name}, ${f.mime}, ${f.size}, ${f.width}, ${f.height}, ${f.path}, ${f.expiresAt}, ${f.createdAt})`.execute(
        store.db,
      );
    }

    const applied = await store.migrate();
    assert.equal(applied[0], MIGRATION);
    assert.deepEqual(await findFile(store, 'acc-a', 'k1'), before[0]);
    assert.deepEqual(await findFile(store, 'acc-b', 'k2'), before[1]);
    assert.equal(await findFile(store, 'acc-b', 'k1'), undefined);

    // Another account may now hold k1; the same account twice may not.
    await store.db
      .insertInto('files')
      .values(row(fileOf('acc-b', 'k1')))
      .execute();
    await assert.rejects(
      store.db
        .insertInto('files')
        .values(row(fileOf('acc-a', 'k1')))
        .execute(),
    );
    assert.equal((await findFile(store, 'acc-a', 'k1'))?.path, before[0]?.path);
    assert.equal((await findFile(store, 'acc-b', 'k1'))?.path, 'files/mms/acc-b.k1.jpg');

    // Served files are still found by path through their index.
    const indexes =
      db.dialect === 'sqlite'
        ? await sql<{
            name: string;
          }>`select name from sqlite_master where type = 'index' and tbl_name = 'files'`.execute(store.db)
        : await sql<{
            name: string;
          }>`select indexname as name from pg_indexes where schemaname = current_schema() and tablename = 'files'`.execute(
            store.db,
          );
    assert.ok(
      indexes.rows.some((r) => r.name === 'files_path'),
      JSON.stringify(indexes.rows),
    );
  });
});

function row(f: StoredFile) {
  return {
    file_key: f.fileKey,
    account_id: f.accountId,
    kind: f.kind,
    name: f.name,
    mime: f.mime,
    size: f.size,
    width: f.width,
    height: f.height,
    path: f.path,
    expires_at: f.expiresAt,
    created_at: f.createdAt,
  };
}

describeEachDb('file keys: every lookup and join names the account', (db) => {
  let store: Store;
  before(async () => {
    store = await db.openStore();
  });

  test('saveFile: one account replaces its own file of the kind; another account under the key is apart', async () => {
    assert.equal(await saveFile(store, fileOf('acc-a', 'same'), NOW), true);
    assert.equal(await saveFile(store, fileOf('acc-b', 'same', { width: 20 }), NOW), true);
    // The same account, another kind: held while the file lives.
    assert.equal(await saveFile(store, fileOf('acc-a', 'same', { kind: 'rcs' }), NOW), false);
    assert.equal(await saveFile(store, fileOf('acc-a', 'same', { width: 30 }), NOW), true);
    assert.equal((await findFile(store, 'acc-a', 'same'))?.width, 30);
    assert.equal((await findFile(store, 'acc-b', 'same'))?.width, 20);
  });

  test("findMessageFiles: a message's keys are looked up under the message's account", async () => {
    for (const [msgKey, accountId] of [
      ['M-A', 'acc-a'],
      ['M-B', 'acc-b'],
    ] as const) {
      await store.db
        .insertInto('messages')
        .values({
          msg_key: msgKey,
          account_id: accountId,
          request_id: 'r',
          to_number: '01000000000',
          dest_ref: null,
          vars: null,
          step: 0,
          status: 'done',
          next_at: null,
          report_code: null,
          report_text: null,
          created_at: NOW,
          updated_at: NOW,
          done_at: null,
        })
        .execute();
    }
    await saveFile(store, fileOf('acc-a', 'pic'), NOW);
    await saveFile(store, fileOf('acc-b', 'pic'), NOW);
    await saveFile(store, fileOf('acc-a', 'only-a'), NOW);
    const found = await findMessageFiles(store, [
      { msgKey: 'M-A', fileKey: 'pic' },
      { msgKey: 'M-B', fileKey: 'pic' },
      { msgKey: 'M-B', fileKey: 'only-a' },
      { msgKey: 'M-gone', fileKey: 'pic' },
    ]);
    assert.deepEqual(found.map((f) => [f.msgKey, f.file.fileKey, f.file.path]).sort(), [
      ['M-A', 'pic', 'files/mms/acc-a.pic.jpg'],
      ['M-B', 'pic', 'files/mms/acc-b.pic.jpg'],
    ]);
  });

  test("a message base image is its brand's account's file, never another account's under the key", async () => {
    await addAccount(store, 'acc-a');
    await store.db
      .insertInto('rcs_brands')
      .values({
        brand_id: 'brand-a',
        account_id: 'acc-a',
        brand_key: 'bk-a',
        name: 'A',
        status: 'ready',
        created_at: NOW,
      })
      .execute();
    await saveMessagebaseImage(store, { fileId: 'rcsmb_1', brandId: 'brand-a' }, NOW);
    // Only another account holds a file under the image's id: the image has no file.
    await saveFile(store, fileOf('acc-b', 'rcsmb_1', { kind: 'rcs-messagebase' }), NOW);
    assert.equal(await findMessagebaseImage(store, 'brand-a', 'rcsmb_1'), undefined);
    await saveFile(store, fileOf('acc-a', 'rcsmb_1', { kind: 'rcs-messagebase' }), NOW);
    assert.equal(
      (await findMessagebaseImage(store, 'brand-a', 'rcsmb_1'))?.path,
      'files/mms/acc-a.rcsmb_1.jpg',
    );
  });

  test("a video's thumbnail is its account's file, never another account's under the key", async () => {
    await insertVideo(
      store.db,
      {
        vid: 'V1',
        accountId: 'acc-a',
        senderKey: 'sk',
        channelId: 'ch',
        status: 'ENCODING',
        title: 't',
        fileName: 'v.mp4',
        fileSize: 1,
        tokenHash: 'h',
        uploadUntil: NOW,
      },
      NOW,
    );
    await moveVideo(store.db, 'V1', undefined, 'PUBLIC', NOW, 'V1.thumb');
    await saveFile(store, fileOf('acc-b', 'V1.thumb', { kind: 'video-thumbnail' }), NOW);
    assert.equal((await getVideo(store.db, 'V1'))?.thumbnailPath, null);
    await saveFile(store, fileOf('acc-a', 'V1.thumb', { kind: 'video-thumbnail' }), NOW);
    const video = await getVideo(store.db, 'V1');
    assert.equal(video?.thumbnailPath, 'files/mms/acc-a.V1.thumb.jpg');
  });
});
