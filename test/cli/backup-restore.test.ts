import assert from 'node:assert/strict';
import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import SQLite from 'better-sqlite3';
import { MIGRATIONS } from '../../src/store/schema/migrations/index.ts';
import { describeEachDb } from '../helpers/db.ts';
import { type CliRun, runOmnigate, type Served, serveProcess } from '../helpers/process.ts';

/*
 * Issue 34: `omnigate backup FILE` copies the SQLite database while a real `omnigate serve`
 * accepts sends (SQLite's online backup API, one snapshot); `omnigate restore FILE` puts it in
 * place of a data folder's database, after checking it, never under a running gateway; the
 * gateway started on the restored folder has the messages. On PostgreSQL both point at
 * pg_dump / pg_restore.
 */

const TOKEN = 'backup-test-admin-token-0123456789';

function omnigate(args: string[], env: Record<string, string>): Promise<CliRun> {
  return runOmnigate(args, env, 120_000);
}

interface BackupOut {
  file: string;
  bytes: number;
  database: string;
  migration: string;
  migrations: number;
  tables: Record<string, number>;
  masterKeys: string[];
  secrets: string;
}

interface RestoreOut {
  restored: string;
  from: string;
  bytes: number;
  migration: string;
  pendingMigrations: number;
  tables: Record<string, number>;
  previous: string | null;
}

const mode = (p: string) => (statSync(p).mode & 0o777).toString(8);
const LAST = MIGRATIONS[MIGRATIONS.length - 1]?.[0];

describeEachDb('omnigate backup and restore', (db) => {
  if (db.dialect === 'postgres') {
    test('on PostgreSQL both exit 2 pointing at pg_dump and pg_restore', async () => {
      await (await db.openStore()).close();
      const env = { DATABASE_URL: db.processUrl, OMNIGATE_DATA_DIR: db.dir };
      const backup = await omnigate(['backup', join(db.dir, 'x.db')], env);
      assert.equal(backup.code, 2);
      assert.match(
        backup.stderr,
        /^error: omnigate backup works on a SQLite database;.* use pg_dump --format=custom .*\(docs\/operations\.md, "Backups"\)$/m,
      );
      assert.ok(!existsSync(join(db.dir, 'x.db')));
      const restore = await omnigate(['restore', join(db.dir, 'x.db')], env);
      assert.equal(restore.code, 2);
      assert.match(restore.stderr, /use pg_restore .*"Backups"/);
    });
    return;
  }

  const dirA = join(db.dir, 'a');
  const envA = { DATABASE_URL: `sqlite:${join(dirA, 'omnigate.db')}`, OMNIGATE_DATA_DIR: dirA };
  const dirC = join(db.dir, 'c');
  const envC = { DATABASE_URL: `sqlite:${join(dirC, 'omnigate.db')}`, OMNIGATE_DATA_DIR: dirC };
  const file = join(db.dir, 'backup.db');
  let gw: Served | null = null;
  let apiKey = '';
  let accountId = '';
  /** msgKeys accepted before the backup started, and every one accepted. */
  const before_: string[] = [];
  let all: string[] = [];
  let out: BackupOut;

  async function admin(base: string, method: string, url: string, body?: unknown) {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    assert.equal(res.status, 200, `${method} ${url}: ${text}`);
    return JSON.parse(text);
  }

  async function sendOne(base: string, to: string): Promise<string> {
    const res = await fetch(`${base}/api/comm/v1/send/omni`, {
      method: 'POST',
      headers: { authorization: apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        destinations: [{ to }],
        messageFlow: [{ sms: { from: '0212345678', text: `backup test to ${to}` } }],
      }),
    });
    const text = await res.text();
    assert.equal(res.status, 200, text);
    const answer = JSON.parse(text) as {
      data: { code: string; data: { destinations: Array<{ msgKey: string; code: string }> } };
    };
    assert.equal(answer.data.code, 'A000', text);
    return answer.data.data.destinations[0]?.msgKey ?? '';
  }

  before(async () => {
    gw = await serveProcess({ ...envA, OMNIGATE_ADMIN_TOKEN: TOKEN });
    const account = await admin(gw.base, 'POST', '/admin/v1/accounts', { name: 'backed up' });
    ({ apiKey, accountId } = account);
    await admin(gw.base, 'POST', `/admin/v1/accounts/${accountId}/senders`, { number: '0212345678' });
    // A sealed secret: the backup's data key is sealed under this data folder's master key.
    await admin(gw.base, 'PUT', `/admin/v1/accounts/${accountId}/webhook`, {
      url: 'http://127.0.0.1:9/hook',
      secret: 'webhook-secret-of-the-backup',
    });
    for (let i = 0; i < 20; i++) before_.push(await sendOne(gw.base, `0105000${String(i).padStart(4, '0')}`));
  });
  after(async () => {
    if (gw && gw.child.exitCode === null) {
      gw.child.kill('SIGTERM');
      await gw.exit;
    }
  });

  test('backup while the gateway accepts sends: one consistent snapshot, 0600, no log beside it', async () => {
    const served = gw;
    assert.ok(served);
    let sending = true;
    let during = 0;
    const accepted: string[] = [...before_];
    // Bounded: until the backup ends, at most 2000 sends.
    const loop = (async () => {
      for (let i = 0; sending && i < 2000; i++) {
        accepted.push(await sendOne(served.base, `0106000${String(i).padStart(4, '0')}`));
        during += 1;
      }
    })();
    const run = await omnigate(['backup', file], envA);
    sending = false;
    await loop;
    all = accepted;
    assert.equal(run.code, 0, run.stderr);
    assert.ok(during > 0, 'sends were accepted while the backup ran');
    out = JSON.parse(run.stdout) as BackupOut;
    assert.equal(out.file, file);
    assert.equal(out.database, join(dirA, 'omnigate.db'));
    assert.equal(out.bytes, statSync(file).size);
    assert.equal(out.migration, LAST);
    assert.equal(out.migrations, MIGRATIONS.length);
    assert.equal(out.masterKeys.length, 1);
    assert.match(
      out.secrets,
      new RegExp(`sealed under master key ${out.masterKeys[0]}.*keep ${join(dirA, 'secret-key')}`),
    );
    assert.equal(mode(file), '600');
    assert.deepEqual(
      readdirSync(db.dir).filter((n) => n.includes('backup')),
      ['backup.db'],
      'no -wal, -shm, -journal or temporary file beside it',
    );

    const copy = new SQLite(file, { readonly: true, fileMustExist: true });
    try {
      assert.equal(copy.pragma('journal_mode', { simple: true }), 'delete', 'a file of its own');
      assert.equal(copy.pragma('integrity_check', { simple: true }), 'ok');
      const keys = new Set(
        (copy.prepare('select msg_key from messages').all() as Array<{ msg_key: string }>).map(
          (r) => r.msg_key,
        ),
      );
      assert.equal(out.tables.messages, keys.size);
      for (const k of before_) assert.ok(keys.has(k), `${k}, accepted before the backup, is in it`);
      assert.ok(keys.size <= accepted.length);
      for (const k of keys) assert.ok(accepted.includes(k));
      // One moment of the database: every message's request is there with it.
      const orphans = copy
        .prepare(
          'select count(*) as n from messages m where not exists (select 1 from send_requests r where r.id = m.request_id)',
        )
        .get() as { n: number };
      assert.equal(orphans.n, 0);
    } finally {
      copy.close();
    }
  });

  test('backup refuses to overwrite a file unless --force', async () => {
    const size = statSync(file).size;
    const mtime = statSync(file).mtimeMs;
    const again = await omnigate(['backup', file], envA);
    assert.equal(again.code, 2);
    assert.match(
      again.stderr,
      /^error: .*backup\.db exists: refusing to overwrite it \(--force replaces it\)$/m,
    );
    assert.equal(statSync(file).size, size);
    assert.equal(statSync(file).mtimeMs, mtime);
    const other = join(db.dir, 'second.db');
    const forced = await omnigate(['backup', other, '--force'], envA);
    assert.equal(forced.code, 0, forced.stderr);
    writeFileSync(other, 'old contents');
    const replaced = await omnigate(['backup', other, '--force'], envA);
    assert.equal(replaced.code, 0, replaced.stderr);
    assert.equal(readFileSync(other).subarray(0, 15).toString(), 'SQLite format 3');
    assert.equal(mode(other), '600');
    const nowhere = await omnigate(['backup', join(db.dir, 'no', 'such', 'folder.db')], envA);
    assert.equal(nowhere.code, 2);
    assert.match(nowhere.stderr, /the folder .* does not exist/);
  });

  test('restore refuses while a gateway serves on the data folder', async () => {
    const pid = gw?.child.pid;
    assert.ok(existsSync(join(dirA, `serve-${pid}.pid`)));
    const run = await omnigate(['restore', file], envA);
    assert.equal(run.code, 2);
    assert.match(run.stderr, new RegExp(`^error: a gateway serves on ${dirA}: pid ${pid} on `, 'm'));
    gw?.child.kill('SIGTERM');
    await gw?.exit;
    assert.deepEqual(
      readdirSync(dirA).filter((n) => n.endsWith('.pid')),
      [],
      'a stopped gateway leaves no pid file',
    );
  });

  test('restore into a fresh data folder needs its master key; then the gateway serves the messages', async () => {
    const refused = await omnigate(['restore', file], envC);
    assert.equal(refused.code, 2);
    assert.match(
      refused.stderr,
      new RegExp(
        `sealed under master key ${out.masterKeys[0]}, and there is no ${join(dirC, 'secret-key')}; put the secret-key`,
      ),
    );
    assert.ok(!existsSync(join(dirC, 'omnigate.db')));

    copyFileSync(join(dirA, 'secret-key'), join(dirC, 'secret-key'));
    const run = await omnigate(['restore', file], envC);
    assert.equal(run.code, 0, run.stderr);
    const restored = JSON.parse(run.stdout) as RestoreOut;
    assert.equal(restored.restored, join(dirC, 'omnigate.db'));
    assert.equal(restored.previous, null);
    assert.equal(restored.pendingMigrations, 0);
    assert.deepEqual(restored.tables, out.tables);
    assert.equal(mode(join(dirC, 'omnigate.db')), '600');

    const served = await serveProcess({ ...envC, OMNIGATE_ADMIN_TOKEN: TOKEN });
    try {
      const listed: string[] = [];
      let cursor: string | null = null;
      do {
        const q = `/admin/v1/messages?accountId=${accountId}&limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        const page = (await admin(served.base, 'GET', q)) as {
          messages: Array<{ msgKey: string }>;
          next: string | null;
        };
        listed.push(...page.messages.map((m) => m.msgKey));
        cursor = page.next;
      } while (cursor);
      assert.equal(listed.length, out.tables.messages);
      for (const k of before_) assert.ok(listed.includes(k), k);
      for (const k of listed) assert.ok(all.includes(k));
      // The key, the sender and the sealed webhook secret came along.
      const shown = await admin(served.base, 'GET', `/admin/v1/accounts/${accountId}`);
      assert.deepEqual(shown.webhook, { url: 'http://127.0.0.1:9/hook', secretSet: true });
      before_.push(await sendOne(served.base, '01070000001'));
    } finally {
      served.child.kill('SIGTERM');
      await served.exit;
    }

    // Again onto the database now there: the one before is kept whole, and no old log is left.
    const second = await omnigate(['restore', file], envC);
    assert.equal(second.code, 0, second.stderr);
    const { previous } = JSON.parse(second.stdout) as RestoreOut;
    assert.match(
      previous ?? '',
      new RegExp(`^${join(dirC, 'omnigate.db')}\\.before-restore-\\d{8}T\\d{6}\\.\\d{3}Z$`),
    );
    assert.ok(!existsSync(join(dirC, 'omnigate.db-wal')));
    const kept = new SQLite(previous ?? '', { readonly: true });
    try {
      const n = kept.prepare('select count(*) as n from messages').get() as { n: number };
      assert.equal(
        n.n,
        (out.tables.messages ?? 0) + 1,
        'the previous database, with the send made after the restore',
      );
    } finally {
      kept.close();
    }
  });

  test('restore refuses a file that is not a backup this release can run', async () => {
    const dirD = join(db.dir, 'd');
    mkdirSync(dirD);
    copyFileSync(join(dirA, 'secret-key'), join(dirD, 'secret-key'));
    const envD = { DATABASE_URL: `sqlite:${join(dirD, 'omnigate.db')}`, OMNIGATE_DATA_DIR: dirD };

    const newer = join(db.dir, 'newer.db');
    copyFileSync(file, newer);
    const n = new SQLite(newer);
    n.prepare('insert into omnigate_migrations (name, applied_at) values (?, 0)').run('9999_from_the_future');
    n.close();

    const text = join(db.dir, 'notes.txt');
    writeFileSync(text, 'not a database at all, but longer than sixteen bytes');

    const foreign = join(db.dir, 'foreign.db');
    const f = new SQLite(foreign);
    f.exec('create table things (id integer primary key)');
    f.close();

    const corrupt = join(db.dir, 'corrupt.db');
    copyFileSync(file, corrupt);
    const c = new SQLite(corrupt, { readonly: true });
    const { rootpage } = c.prepare("select rootpage from sqlite_master where name = 'messages'").get() as {
      rootpage: number;
    };
    const pageSize = c.pragma('page_size', { simple: true }) as number;
    c.close();
    const fd = openSync(corrupt, 'r+');
    writeSync(fd, Buffer.alloc(64, 0xee), 0, 64, (rootpage - 1) * pageSize);
    closeSync(fd);

    const live = join(db.dir, 'live.db');
    copyFileSync(file, live);
    writeFileSync(`${live}-wal`, 'pending transactions');

    const cases: Array<[string, RegExp]> = [
      [
        newer,
        /newer\.db: it was written by a newer release of Omnigate \(migrations 9999_from_the_future, which this release, at \S+, does not know\)/,
      ],
      [text, /notes\.txt is not a SQLite database/],
      [foreign, /foreign\.db is not an Omnigate database \(it has no omnigate_migrations table\)/],
      [corrupt, /corrupt\.db failed SQLite's integrity_check: /],
      [live, /live\.db has a write-ahead log beside it/],
      [join(db.dir, 'absent.db'), /absent\.db: no such file/],
    ];
    for (const [source, pattern] of cases) {
      const run = await omnigate(['restore', source], envD);
      assert.equal(run.code, 2, `${source}: ${run.stderr}`);
      assert.match(run.stderr, pattern, source);
    }
    assert.deepEqual(readdirSync(dirD), ['secret-key'], 'nothing was put in place, nothing left beside');
  });
});
