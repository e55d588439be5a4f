import assert from 'node:assert/strict';
import { chmodSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { describeEachDb } from '../helpers/db.ts';
import { jpeg } from '../helpers/images.ts';
import { formBody } from '../helpers/multipart.ts';
import { serveProcess } from '../helpers/process.ts';

/*
 * What `omnigate serve` creates under its data folder is private whatever the umask: folders 0700,
 * files 0600 (the database and its WAL, uploads, the admin token, the master key); and a folder
 * found wider is named in a warning at start (docs/security.md#files-on-disk).
 */

const mode = (path: string) => statSync(path).mode & 0o777;

describeEachDb('files on disk', (db) => {
  let umask = 0;
  before(() => {
    // The usual umask: without the gateway's own modes, what it made would be 0755 and 0644.
    umask = process.umask(0o022);
  });
  after(() => {
    process.umask(umask);
  });

  test('a first start and an upload make folders 0700 and files 0600; a wider one is warned about', async () => {
    await (await db.openStore()).close();
    const dataDir = join(db.dir, `modes-${db.dialect}`);
    const sqlite = db.dialect === 'sqlite' ? `sqlite:${join(dataDir, 'omnigate.db')}` : db.processUrl;
    const env = {
      DATABASE_URL: sqlite,
      OMNIGATE_DATA_DIR: dataDir,
      OMNIGATE_ENGINE_THREAD: 'false',
      LOG_LEVEL: 'info',
    };
    const gw = await serveProcess(env);
    try {
      const token = readFileSync(join(dataDir, 'admin-token'), 'utf8').trim();
      const account = await fetch(`${gw.base}/admin/v1/accounts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'modes' }),
      });
      assert.equal(account.status, 200, await account.clone().text());
      const { apiKey } = (await account.json()) as { apiKey: string };
      const form = await formBody([{ name: 'file', bytes: jpeg(64, 64, { pad: 100 }) }]);
      const up = await fetch(`${gw.base}/api/comm/v1/file/mms`, {
        method: 'POST',
        headers: { authorization: apiKey, 'content-type': form.contentType },
        body: new Uint8Array(form.payload),
      });
      assert.equal(up.status, 200, await up.text());
      assert.doesNotMatch(gw.output(), /other users of this machine can read/);
      if (db.dialect === 'sqlite') {
        // The WAL and its index exist while the gateway runs (a clean stop removes them).
        for (const f of ['omnigate.db-wal', 'omnigate.db-shm'])
          assert.equal(mode(join(dataDir, f)).toString(8), '600', f);
      }
    } finally {
      gw.child.kill('SIGTERM');
      await gw.exit;
    }

    const made: string[] = [];
    const walk = (p: string) => {
      made.push(p);
      if (statSync(p).isDirectory()) for (const n of readdirSync(p)) walk(join(p, n));
    };
    walk(dataDir);
    const files = made.filter((p) => statSync(p).isFile());
    const dirs = made.filter((p) => statSync(p).isDirectory());
    assert.ok(files.some((p) => p.endsWith('admin-token')) && files.some((p) => p.endsWith('secret-key')));
    if (db.dialect === 'sqlite') assert.ok(files.some((p) => p.endsWith('omnigate.db')));
    for (const d of dirs) assert.equal(mode(d).toString(8), '700', d);
    for (const f of files) assert.equal(mode(f).toString(8), '600', f);

    // Made wider by hand (or by an earlier version): the next start says so, naming what.
    chmodSync(dataDir, 0o755);
    chmodSync(join(dataDir, 'admin-token'), 0o644);
    const again = await serveProcess(env);
    try {
      await again.waitFor(/other users of this machine can read/);
      const line =
        again
          .output()
          .split('\n')
          .find((l) => l.includes('other users of this machine can read')) ?? '';
      assert.ok(line.includes(`"${dataDir}"`) && line.includes(`"${join(dataDir, 'admin-token')}"`), line);
      assert.ok(!line.includes('secret-key'), 'only the wide ones are named');
    } finally {
      again.child.kill('SIGTERM');
      await again.exit;
    }
  });
});
