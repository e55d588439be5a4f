import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { test } from 'node:test';
import { describeEachDb, type TestDb } from '../helpers/db.ts';
import { type Served, serveProcess } from '../helpers/process.ts';

/**
 * Every instance of one database needs the same secret key: each would otherwise generate one
 * into its own data dir, and the second would refuse to start (docs/operations.md).
 */
const SECRET_KEY = 'a1'.repeat(32);

/** `omnigate serve` on the suite's database and a data dir of its own. */
function serve(db: TestDb, dataDir: string, extraEnv: Record<string, string> = {}): Promise<Served> {
  return serveProcess({
    DATABASE_URL: db.processUrl,
    OMNIGATE_DATA_DIR: dataDir,
    OMNIGATE_SECRET_KEY: SECRET_KEY,
    ...extraEnv,
  });
}

describeEachDb('omnigate serve', (db) => {
  test('prints a generated admin token once, keeps it in the data dir, and stops cleanly on SIGTERM', async () => {
    await (await db.openStore()).close(); // creates the PostgreSQL schema of this suite
    const dataDir = join(db.dir, 'data-a');
    const first = await serve(db, dataDir);
    const token = /Admin token \(printed once[^)]*\): ([0-9a-f]{64})/.exec(first.output())?.[1];
    assert.ok(token, first.output());
    assert.equal(first.output().split(token).length, 2, 'the token is printed exactly once');
    // Beside the token's plain block, every line is a pino event; "listening" says where.
    const lines = first
      .output()
      .split('\n')
      .filter((l) => l !== '' && !/^(Admin token| {2}Create an account)/.test(l));
    const events = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    const listening = events.find((e) => e.msg === 'listening');
    assert.equal(listening?.url, `http://127.0.0.1:${first.port}`);
    assert.equal(listening?.docs, `http://127.0.0.1:${first.port}/docs`);
    assert.equal(statSync(join(dataDir, 'admin-token')).mode & 0o777, 0o600);
    const ok = await fetch(`http://127.0.0.1:${first.port}/sandbox/v1/clock`, {
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(ok.status, 200);
    const bad = await fetch(`http://127.0.0.1:${first.port}/sandbox/v1/clock`, {
      headers: { authorization: 'Bearer nope' },
    });
    assert.equal(bad.status, 401);
    first.child.kill('SIGTERM');
    assert.equal(await first.exit, 0);
    assert.match(first.output(), /"msg":"stopped"/);

    const second = await serve(db, dataDir);
    assert.doesNotMatch(second.output(), /Admin token/);
    const again = await fetch(`http://127.0.0.1:${second.port}/sandbox/v1/clock`, {
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(again.status, 200, 'the kept token still works after a restart');
    second.child.kill('SIGTERM');
    assert.equal(await second.exit, 0);
  });

  test('OMNIGATE_ADMIN_TOKEN is used as given and never printed', async () => {
    const s = await serve(db, join(db.dir, 'data-b'), { OMNIGATE_ADMIN_TOKEN: 'operator-chosen-token' });
    assert.doesNotMatch(s.output(), /operator-chosen-token/);
    const res = await fetch(`http://127.0.0.1:${s.port}/sandbox/v1/clock`, {
      headers: { authorization: 'Bearer operator-chosen-token' },
    });
    assert.equal(res.status, 200);
    s.child.kill('SIGTERM');
    assert.equal(await s.exit, 0);
  });

  test('a request in flight holds the graceful stop; a second signal forces the exit', async () => {
    const s = await serve(db, join(db.dir, 'data-c'));
    // Half a request: the server must wait for it rather than cut it off. "100 Continue" tells
    // that the server holds the request, so the signal cannot arrive before it does.
    const sock = connect(s.port, '127.0.0.1');
    await new Promise<void>((resolve) => sock.once('connect', () => resolve()));
    const continued = new Promise<void>((resolve) => sock.once('data', () => resolve()));
    sock.write(
      'POST /healthz HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\nExpect: 100-continue\r\n\r\n',
    );
    await continued;
    sock.write('{"a":');
    s.child.kill('SIGTERM');
    await s.waitFor(/stopping: finishing in-flight work/);
    s.child.kill('SIGTERM');
    assert.equal(await s.exit, 1);
    assert.match(s.output(), /second signal: exiting now/);
    sock.destroy();
  });
});
