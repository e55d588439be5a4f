import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { Gateway, until } from '../../scripts/upgrade-fixture/http.ts';
import { DEAD_WEBHOOK } from '../../scripts/upgrade-fixture/setup.ts';
import { MIGRATIONS } from '../../src/store/schema/migrations/index.ts';
import { describeEachDb } from '../helpers/db.ts';
import { type Served, serveProcess } from '../helpers/process.ts';
import { type Installed, install, omnigate, readManifest } from './fixture.ts';
import { checkEverythingKept, sha256 } from './kept.ts';
import { checkPendingWork } from './pending.ts';

/*
 * Issue 34: a database written by the previous release (0.1.0), with data in every state, is
 * upgraded by this release's `omnigate migrate` and served by its `omnigate serve`: everything is
 * there and right, and the work it had pending goes on, exactly once. Then a migration this
 * release does not know (a newer release ran) makes both refuse to start.
 */

const RELEASE = '0.1.0';
const KNOWN = MIGRATIONS.map(([name]) => name);

describeEachDb(`upgrade from ${RELEASE}`, (db) => {
  const manifest = readManifest(RELEASE, db.dialect);
  let fx: Installed;
  let served: Served | undefined;
  let before0: string[];

  before(async () => {
    fx = await install(RELEASE, db.dialect, manifest);
    before0 = await fx.migrations();
  });
  after(async () => {
    if (served && served.child.exitCode === null) served.child.kill('SIGKILL');
    await fx?.cleanup();
  });

  test('migrate applies the migrations the old release did not have; a second migrate is up to date', async () => {
    assert.ok(before0.includes('0001_foundation'), 'the fixture is a migrated database');
    if (db.dialect === 'sqlite') {
      // The backup the upgrade section asks for first, online, of the old release's database.
      const backup = await omnigate(fx.env, 'backup', join(fx.dataDir, 'before-upgrade.db'));
      assert.equal(backup.code, 0, backup.stderr);
    }
    const missing = KNOWN.filter((n) => !before0.includes(n));
    assert.ok(missing.length > 0, 'this release has migrations 0.1.0 had not');
    const first = await omnigate(fx.env, 'migrate');
    assert.equal(first.code, 0, first.stderr);
    assert.equal(first.stdout.trim(), `applied: ${missing.join(', ')}`);
    const second = await omnigate(fx.env, 'migrate');
    assert.equal(second.code, 0, second.stderr);
    assert.equal(second.stdout.trim(), 'database is up to date');
    assert.deepEqual(await fx.migrations(), [...KNOWN].sort());
  });

  test('serve finds everything the old release wrote, as it wrote it', async () => {
    served = await serveProcess(fx.env);
    await checkEverythingKept(served.base, manifest);
  });

  if (db.dialect === 'postgres') {
    test('the uploads 0.1.0 kept on its disk reach the database: an instance with an empty data directory serves them', async () => {
      const elsewhere = mkdtempSync(join(tmpdir(), 'omnigate-upgrade-other-'));
      const other = await serveProcess({ ...fx.env, OMNIGATE_DATA_DIR: elsewhere, OMNIGATE_ROLE: 'api' });
      try {
        const gw = new Gateway(other.base, manifest.adminToken);
        for (const f of [...manifest.files, manifest.video.thumbnail]) {
          // The first instance copies them in at its start, in the background.
          const got = await until(f.path, async () => {
            const r = await gw.file(f.path);
            return r.status === 200 ? r.bytes : undefined;
          });
          assert.equal(sha256(got), f.sha256, f.label);
        }
      } finally {
        other.child.kill('SIGTERM');
        await other.exit;
        rmSync(elsewhere, { recursive: true, force: true });
      }
    });
  }

  test('the work the old release left pending goes on, exactly once', async () => {
    assert.ok(served, 'serving');
    await checkPendingWork(served.base, manifest, DEAD_WEBHOOK);
  });

  test('a migration this release does not know (a newer release ran): migrate and serve refuse, naming it', async () => {
    assert.ok(served, 'serving');
    served.child.kill('SIGTERM');
    assert.equal(await served.exit, 0, served.output());
    const newer = ['0031_from_a_newer_release', '0032_from_a_newer_release'];
    for (const name of newer) await fx.recordMigration(name);
    const recorded = await fx.migrations();
    const said =
      /error: the database was migrated by a newer release of Omnigate: it holds migrations this release does not know \(0031_from_a_newer_release, 0032_from_a_newer_release\)/;
    const migrate = await omnigate(fx.env, 'migrate');
    assert.equal(migrate.code, 2, migrate.stderr);
    assert.match(migrate.stderr, said);
    assert.equal(migrate.stdout, '');
    const serve = await omnigate(fx.env, 'serve', '--port', '0');
    assert.equal(serve.code, 2, serve.stderr);
    assert.match(serve.stderr, said);
    assert.doesNotMatch(serve.stdout, /"msg":"listening"/);
    assert.deepEqual(await fx.migrations(), recorded, 'nothing applied or removed');
  });

  if (db.dialect === 'sqlite') {
    test('rollback is the restore of the backup taken before: the database of the old release again', async () => {
      const restore = await omnigate(fx.env, 'restore', join(fx.dataDir, 'before-upgrade.db'));
      assert.equal(restore.code, 0, restore.stderr);
      assert.deepEqual(await fx.migrations(), before0);
    });
  }
});
