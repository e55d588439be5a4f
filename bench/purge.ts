/**
 * bench/purge: the accept latency of sends while the purge deletes a million old rows, beside
 * the same sends on the same database with nothing to purge, in one run.
 *
 * Each case starts `npm start`'s shape (one process, the engine, and so the purge, in its thread)
 * on a fresh database holding --rows old rows: delivered messages final 200 days ago, each with
 * an attempt and a report, in requests of 200 (bench/lib/old-rows.ts). A client sends requests of
 * 200 recipients, --concurrency at once, as bench:send does. With the purge, its job becomes due
 * a few seconds after the start and the client sends until it has deleted every old row; the
 * requests made while it deleted are its figures. Without it (OMNIGATE_RETENTION_MESSAGES_DAYS=0:
 * the old rows stay), as many requests. Printed: the purge's rate, the p50 and p99 of both cases
 * and the ratio of their p99s. SQLite; with DATABASE_URL=postgres://... PostgreSQL too.
 *
 *   npm run bench:purge -- [--rows 1000000] [--requests 300] [--concurrency 8] [--databases sqlite,postgres]
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { benchAccount, fmt, pct, post, sendBody, sleep, startGateway } from './lib/gateway.ts';
import { seedOldRows, shapeOf } from './lib/old-rows.ts';
import { freshDatabase } from './lib/postgres.ts';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    requests: { type: 'string', default: '300' },
    concurrency: { type: 'string', default: '8' },
    databases: { type: 'string', default: 'sqlite,postgres' },
  },
});
const DATABASES = values.databases.split(',');
const SHAPE = shapeOf(Number(values.rows));
const REQUESTS = Number(values.requests);
const CONCURRENCY = Number(values.concurrency);
/** When the purge's job becomes due after the rows are written: the gateway has started by then. */
const PURGE_AFTER_MS = 15_000;
const dir = mkdtempSync(join(tmpdir(), 'omnigate-bench-purge-'));

interface Case {
  /** Latencies (ms, sorted) of the requests counted: those made while the purge deleted. */
  latencies: number[];
  /** Seconds from the purge's first deleted rows seen to its last (the purge case). */
  purgeSecs: number | null;
  /** Rows the purge deleted (the purge case). */
  purged: number;
}

/** Rows the purge deleted so far (kind messages), from the gateway's /metrics. */
async function purgedRows(base: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  let n = 0;
  for (const m of text.matchAll(/^omnigate_retention_purged_rows_total\{kind="messages",[^}]*\} (\d+)/gm)) {
    n += Number(m[1]);
  }
  return n;
}

/**
 * One case on a fresh database. With `purge`: sends from the start until the purge has deleted
 * every old row, counting the requests made wholly while it deleted. Without: `requests` of them.
 */
async function runCase(
  dataDir: string,
  pgUrl: string | null,
  purge: boolean,
  requests: number,
): Promise<Case> {
  mkdirSync(dataDir, { recursive: true });
  const t0 = performance.now();
  await seedOldRows(pgUrl ?? `sqlite:${join(dataDir, 'omnigate.db')}`, SHAPE, purge ? PURGE_AFTER_MS : null);
  console.log(`    seeded ${fmt(SHAPE.rows)} old rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const gw = await startGateway(dataDir, {
    ...(pgUrl ? { DATABASE_URL: pgUrl } : {}),
    ...(purge ? {} : { OMNIGATE_RETENTION_MESSAGES_DAYS: '0' }),
  });
  try {
    const acc = await benchAccount(gw.base);
    const client = { authorization: acc.apiKey };
    // Bodies are written before the clock starts: the client shares this machine's two cores.
    const bodies = Array.from({ length: 16 }, (_, r) => sendBody(r));
    for (let w = 0; w < 5; w++) await post(`${gw.base}/api/comm/v1/send/omni`, client, bodies[w]);
    let started: number | null = null;
    let ended: number | null = null;
    let purged = 0;
    const watch = (async () => {
      while (purge && ended === null) {
        purged = await purgedRows(gw.base);
        if (purged > 0 && started === null) started = performance.now();
        if (purged >= SHAPE.rows) ended = performance.now();
        else await sleep(100);
      }
    })();
    const made: Array<{ at: number; ms: number }> = [];
    let next = 0;
    // Without the purge: `requests`. With it: until it is over (10 minutes at most).
    const deadline = performance.now() + 600_000;
    const more = () => (purge ? ended === null && performance.now() < deadline : next < requests);
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (more()) {
          const r = next++;
          const at = performance.now();
          await post(`${gw.base}/api/comm/v1/send/omni`, client, bodies[r % bodies.length]);
          made.push({ at, ms: performance.now() - at });
        }
      }),
    );
    await watch;
    const counted =
      purge && started !== null && ended !== null
        ? made.filter((m) => m.at >= (started ?? 0) && m.at + m.ms <= (ended ?? 0))
        : made;
    return {
      latencies: counted.map((m) => m.ms).sort((a, b) => a - b),
      purgeSecs: started !== null && ended !== null ? (ended - started) / 1000 : null,
      purged,
    };
  } finally {
    await gw.stop();
  }
}

async function onDatabase(label: string, slug: string, pg: string | null): Promise<void> {
  console.log(`  ${label}:`);
  const run = async (name: string, purge: boolean, requests: number): Promise<Case> => {
    const db = pg ? await freshDatabase(pg) : null;
    try {
      return await runCase(join(dir, `${slug}-${name}`), db?.url ?? null, purge, requests);
    } finally {
      await db?.drop();
    }
  };
  const withPurge = await run('purge', true, 0);
  const without = await run('keep', false, Math.max(REQUESTS, withPurge.latencies.length));
  const ms = (c: Case, p: number) => pct(c.latencies, p).toFixed(1);
  console.log(
    `    purge: ${fmt(withPurge.purged)} rows in ${withPurge.purgeSecs?.toFixed(1) ?? '?'} s = ` +
      `${fmt(withPurge.purged / (withPurge.purgeSecs ?? Number.NaN))} rows/s, while the client sent`,
  );
  if (withPurge.latencies.length < REQUESTS) {
    console.log(
      `    (only ${withPurge.latencies.length} requests while it deleted: purge more rows, --rows)`,
    );
  }
  console.log(
    `    sends while it deleted: ${fmt(withPurge.latencies.length)} requests of 200, ` +
      `p50 ${ms(withPurge, 50)} ms, p99 ${ms(withPurge, 99)} ms`,
  );
  console.log(
    `    ${fmt(without.latencies.length)} sends, nothing to purge: p50 ${ms(without, 50)} ms, p99 ${ms(without, 99)} ms; ` +
      `p99 with the purge / without: ${(pct(withPurge.latencies, 99) / pct(without.latencies, 99)).toFixed(2)}`,
  );
}

async function main(): Promise<void> {
  console.log(
    `bench/purge: ${fmt(SHAPE.rows)} old rows (${fmt(SHAPE.messages)} messages with an attempt and a report each, ` +
      `${fmt(SHAPE.requests)} requests), requests of 200 recipients, concurrency ${CONCURRENCY}`,
  );
  try {
    if (DATABASES.includes('sqlite')) await onDatabase('SQLite, one process (npm start)', 'sqlite', null);
    const pgUrl = process.env.DATABASE_URL;
    if (!DATABASES.includes('postgres')) return;
    if (pgUrl?.startsWith('postgres')) await onDatabase('PostgreSQL, one instance', 'pg', pgUrl);
    else console.log('  PostgreSQL: not measured (set DATABASE_URL=postgres://... to measure it)');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
