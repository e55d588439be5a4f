import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { purge } from '../../src/engine/purge.ts';
import { purgeRefusedOverCap } from '../../src/store/purge/records.ts';
import {
  holdPurgeJob,
  moveClock,
  releasePurgeJob,
  rowCount,
  settleAll,
} from '../engine/retention-helpers.ts';
import { setClock } from '../features/twofa-helpers.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { flushRefused, listRefused, trIdOf } from './refused-helpers.ts';

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'omnigate.mjs');

interface Printed {
  dryRun: boolean;
  kinds: Record<string, { days: number | null; before: string | null; rows: Record<string, number> }>;
}

/*
 * Refused requests are kept OMNIGATE_RETENTION_REFUSED_HOURS (24 by default) on the gateway clock,
 * then the hourly purge deletes them; `omnigate purge --dry-run` lists them as a kind of their own.
 */
describeEachDb('refused requests: retention', (db) => {
  let t: TestGateway;

  before(async () => {
    t = await startTestGateway(db);
    await setClock(t, '2026-12-01 10:00:00');
    // Only the test decides when the purge runs.
    await holdPurgeJob(t);
  });
  after(() => t.close());

  async function refuse(): Promise<string> {
    const res = await t.request({
      method: 'GET',
      url: '/api/comm/v1/report/polling',
      apiKey: 'og_nobody0000',
    });
    assert.equal(res.statusCode, 401, res.body);
    await flushRefused(t);
    return trIdOf(res.body);
  }

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

  test('kept 24 hours on the gateway clock, then purged by the hourly job', async () => {
    const old = await refuse();
    await moveClock(t, 23 * 3600);
    const young = await refuse();
    const early = await purge(t.gw.ctx, { dryRun: true });
    const kind = early.kinds.find((k) => k.kind === 'refused_requests');
    assert.deepEqual(kind?.rows, {}, 'nothing is a day old yet');
    assert.equal(kind?.days, 1);

    await moveClock(t, 2 * 3600);
    const due = await purge(t.gw.ctx, { dryRun: true });
    assert.deepEqual(due.kinds.find((k) => k.kind === 'refused_requests')?.rows, { refused_requests: 1 });
    assert.equal(await rowCount(t, 'refused_requests'), 2, 'a dry run deletes nothing');

    const cli = await omnigate(['purge', '--dry-run']);
    assert.equal(cli.code, 0, cli.stderr);
    assert.deepEqual((JSON.parse(cli.stdout) as Printed).kinds.refused_requests, {
      days: 1,
      before: '2026-12-01T11:00:00+09:00',
      rows: { refused_requests: 1 },
      files: 0,
    });

    await releasePurgeJob(t);
    await moveClock(t, 1);
    await settleAll(t);
    const left = (await listRefused(t)).requests.map((r) => r.trId);
    assert.deepEqual(left, [young], `${old} went, ${young} stays`);
  });

  test('OMNIGATE_RETENTION_REFUSED_HOURS sets the age; 0 keeps them for good', async () => {
    // The one left was refused 2 hours ago: 7 hours, then.
    await moveClock(t, 5 * 3600);
    await settleAll(t);
    assert.equal(await rowCount(t, 'refused_requests'), 1, 'younger than 24 hours: the job keeps it');
    const six = await omnigate(['purge', '--dry-run'], { OMNIGATE_RETENTION_REFUSED_HOURS: '6' });
    assert.equal(six.code, 0, six.stderr);
    const kind = (JSON.parse(six.stdout) as Printed).kinds.refused_requests;
    assert.equal(kind?.days, 0.25);
    assert.deepEqual(kind?.rows, { refused_requests: 1 }, '7 hours old: older than 6');
    const good = await omnigate(['purge', '--dry-run'], { OMNIGATE_RETENTION_REFUSED_HOURS: '0' });
    assert.deepEqual((JSON.parse(good.stdout) as Printed).kinds.refused_requests, {
      days: 0,
      before: null,
      rows: {},
      files: 0,
    });
    const bad = await omnigate(['purge', '--dry-run'], { OMNIGATE_RETENTION_REFUSED_HOURS: '1.5' });
    assert.notEqual(bad.code, 0);
    assert.match(bad.stderr, /OMNIGATE_RETENTION_REFUSED_HOURS must be an integer from 0 to 87600/);
  });

  test('beyond the newest ones kept, the oldest go whatever their age (a flood under retention 0)', async () => {
    for (let i = 0; i < 5; i++) await refuse();
    const ids = async () =>
      (await t.gw.ctx.store.db.selectFrom('refused_requests').select('id').orderBy('id').execute()).map((r) =>
        Number(r.id),
      );
    const all = await ids();
    assert.ok(all.length >= 5);
    // The cap's own batcher with a small cap: the purge runs it with REFUSED_KEPT_MAX.
    const over = purgeRefusedOverCap(t.gw.ctx.store, 3, true);
    const dry = await over(2);
    assert.deepEqual(dry.rows, { refused_requests: 2 });
    assert.equal(dry.more, true);
    assert.deepEqual(await ids(), all, 'a dry run deletes nothing');
    const cut = purgeRefusedOverCap(t.gw.ctx.store, 3, false);
    while ((await cut(2)).more);
    assert.deepEqual(await ids(), all.slice(-3), 'the newest three stay');
  });
});
