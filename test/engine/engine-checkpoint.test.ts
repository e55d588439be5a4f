import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { sql } from 'kysely';
import pino from 'pino';
import { loadConfig } from '../../src/config.ts';
import { createEngine, type EngineOptions } from '../../src/engine/engine.ts';
import { FEATURE_JOBS } from '../../src/feature-jobs.ts';

// SQLite only: PostgreSQL has no write-ahead log of the database file to checkpoint.
const dir = mkdtempSync(join(tmpdir(), 'omnigate-checkpoint-'));
after(() => rmSync(dir, { recursive: true, force: true }));

async function checkpointMark(options: Omit<EngineOptions, 'features'>): Promise<number> {
  const config = loadConfig({ DATABASE_URL: `sqlite:${join(dir, 'db.sqlite')}`, OMNIGATE_DATA_DIR: dir });
  const engine = await createEngine(config, {
    logger: pino({ level: 'silent' }),
    features: FEATURE_JOBS,
    ...options,
  });
  try {
    const res = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(
      engine.ctx.store.db,
    );
    return Number(res.rows[0]?.wal_autocheckpoint);
  } finally {
    await engine.stop();
  }
}

test("with the engine in its thread, the accepting connection leaves WAL checkpoints to the engine's", async () => {
  // The engine's own connection (and a process without the thread) checkpoints at SQLite's 1,000.
  assert.equal(await checkpointMark({}), 1000);
  // The serving thread's: only past 10,000 pages, a bound for when the engine commits nothing.
  assert.equal(await checkpointMark({ engine: { workAdded: () => {} } }), 10000);
});
