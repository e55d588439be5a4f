import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { advanceDays, holdPurgeJob, rowCount, sendTo, settleAll } from '../engine/retention-helpers.ts';
import { type Client, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'omnigate.mjs');

interface Printed {
  dryRun: boolean;
  now: string;
  kinds: Record<
    string,
    { days: number | null; before: string | null; rows: Record<string, number>; files: number }
  >;
}

/*
 * `omnigate purge --dry-run` prints per kind what would go and deletes nothing; `omnigate purge`
 * deletes it and is audited. The command counts ages to the gateway clock the database keeps
 * (OMNIGATE_CLOCK=manual), beside a running gateway.
 */
describeEachDb('omnigate purge', (db) => {
  let t: TestGateway;
  let c: Client;
  let keys: string[];
  before(async () => {
    t = await startTestGateway(db);
    await t.request({
      method: 'POST',
      url: '/sandbox/v1/clock',
      admin: true,
      body: { set: '2026-12-01 10:00:00' },
    });
    c = await setupClient(t);
    // Only the command purges here.
    await holdPurgeJob(t);
    keys = await sendTo(t, c, ['01050000001', '01050000002']);
    await settleAll(t);
    await advanceDays(t, 91);
    await sendTo(t, c, ['01050000003']);
    await settleAll(t);
  });
  after(() => t.close());

  /** `omnigate <args>` as an operator types it, on this suite's database. */
  function omnigate(
    args: string[],
    extra: Record<string, string> = {},
  ): Promise<{ code: number; stdout: string; stderr: string }> {
    const env = {
      ...process.env,
      DATABASE_URL: db.processUrl,
      OMNIGATE_DATA_DIR: db.dir,
      OMNIGATE_CLOCK: 'manual',
      ...extra,
    };
    return new Promise((resolve) => {
      execFile(process.execPath, [BIN, ...args], { env, timeout: 60_000 }, (err, stdout, stderr) => {
        resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr });
      });
    });
  }
  const purges = () => rowCount(t, 'audit_log', 'action', ['cli purge']);

  test('--dry-run prints per kind what would go, with its age, and deletes nothing', async () => {
    const run = await omnigate(['purge', '--dry-run']);
    assert.equal(run.code, 0, run.stderr);
    const out = JSON.parse(run.stdout) as Printed;
    assert.equal(out.dryRun, true);
    assert.equal(out.now, '2027-03-02T10:00:00+09:00', 'the gateway clock, not this machine’s');
    assert.deepEqual(out.kinds.messages, {
      days: 90,
      before: '2026-12-02T10:00:00+09:00',
      rows: { messages: 2, message_attempts: 2, reports: 2, send_requests: 1 },
      files: 0,
    });
    assert.deepEqual(out.kinds.sandbox_inbox?.rows, { sandbox_inbox: 2 });
    assert.equal(out.kinds.idempotency?.days, null);
    assert.deepEqual(Object.keys(out.kinds).sort(), [
      'audit',
      'dead_jobs',
      'friend_group_files',
      'idempotency',
      'messages',
      'mo',
      'refused_requests',
      'sandbox_inbox',
      'twofa',
      'uploads',
      'webhooks',
    ]);
    assert.equal(await rowCount(t, 'messages', 'msg_key', keys), 2);
    assert.equal(await rowCount(t, 'sandbox_inbox'), 3);
    assert.equal(await purges(), 0, 'a dry run acts on nothing: not audited');
  });

  test('purge deletes what the dry run counted, and is audited', async () => {
    const run = await omnigate(['purge']);
    assert.equal(run.code, 0, run.stderr);
    const out = JSON.parse(run.stdout) as Printed;
    assert.equal(out.dryRun, false);
    assert.deepEqual(out.kinds.messages?.rows, {
      messages: 2,
      message_attempts: 2,
      reports: 2,
      send_requests: 1,
    });
    assert.deepEqual(out.kinds.sandbox_inbox?.rows, { sandbox_inbox: 2 });
    assert.equal(await rowCount(t, 'messages', 'msg_key', keys), 0);
    assert.equal(await rowCount(t, 'messages'), 1, 'the young message stays');
    assert.equal(await purges(), 1);
    const again = JSON.parse((await omnigate(['purge', '--dry-run'])).stdout) as Printed;
    assert.deepEqual(again.kinds.messages?.rows, {});
  });

  test('a kind kept for good (0 days) is listed without a time', async () => {
    const run = await omnigate(['purge', '--dry-run'], { OMNIGATE_RETENTION_AUDIT_DAYS: '0' });
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual((JSON.parse(run.stdout) as Printed).kinds.audit, {
      days: 0,
      before: null,
      rows: {},
      files: 0,
    });
    const bad = await omnigate(['purge', '--now']);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--now/);
  });
});
