import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { bulkInsert, rowSet, writeRowSets } from '../../src/store/db/bulk.ts';
import type { Store } from '../../src/store/db/database.ts';
import { describeEachDb } from '../helpers/db.ts';

/*
 * Multi-row inserts (src/store/db/bulk.ts) write VALUES lists on a ladder of row counts, split where
 * a statement's bound parameters would run out: every value must come back as it went in, and a
 * conflict clause must answer only the rows it wrote.
 */

const NOW = Date.UTC(2026, 10, 26, 6, 0, 0);

/** Text that a careless array literal or placeholder would mangle. */
const AWKWARD = [
  '',
  'plain',
  'quote " inside',
  "apostrophe ' inside",
  'back\\slash \\" both',
  '{braces, and commas}',
  'NULL',
  '한글 #{이름} 님',
  'emoji 😀 and\nnewline\ttab',
  ' leading and trailing ',
];

describeEachDb('bulk inserts', (tdb) => {
  let store: Store;
  before(async () => {
    store = await tdb.openStore();
  });

  test('every value, null and awkward text comes back as written, past one statement of rows', async () => {
    const rows = Array.from({ length: 2345 }, (_, i) => [
      `k${i % 7}`,
      AWKWARD[i % AWKWARD.length],
      NOW + i,
      i % 3,
      9,
      'ready',
      i % 5 === 0 ? null : `d-${i}`,
      i % 4 === 0 ? null : NOW + i * 1000,
      NOW,
    ]);
    await bulkInsert(
      store.db,
      store.caps,
      'jobs',
      [
        'kind',
        'payload',
        'run_at',
        'attempts',
        'max_attempts',
        'state',
        'dedupe_key',
        'locked_until',
        'created_at',
      ],
      rows,
    );
    const back = await store.db
      .selectFrom('jobs')
      .select(['kind', 'payload', 'run_at', 'attempts', 'dedupe_key', 'locked_until', 'locked_by'])
      .orderBy('run_at')
      .execute();
    assert.equal(back.length, rows.length);
    for (const [i, b] of back.entries()) {
      const r = rows[i] ?? [];
      assert.deepEqual(
        [b.kind, b.payload, Number(b.run_at), Number(b.attempts), b.dedupe_key, b.locked_until, b.locked_by],
        [r[0], r[1], r[2], r[3], r[6], r[7], null],
        `row ${i}`,
      );
    }
  });

  test('ON CONFLICT DO NOTHING RETURNING answers only the rows it wrote, a repeat within the statement too', async () => {
    /** Inserts (msg_key, step, network_id) rows of connector c1; answers "key/step" of those written. */
    const submit = async (rows: ReadonlyArray<readonly [string, number, string]>) => {
      const written = await bulkInsert<'smpp_submissions', { msg_key: string; step: number }>(
        store.db,
        store.caps,
        'smpp_submissions',
        ['connector', 'msg_key', 'step', 'network_id', 'created_at'],
        rows.map(([key, step, id]) => ['c1', key, step, id, NOW]),
        'on conflict do nothing returning msg_key, step',
      );
      return written.map((r) => `${r.msg_key}/${Number(r.step)}`);
    };
    assert.deepEqual(
      (
        await submit([
          ['a', 0, 'n1'],
          ['b', 0, 'n2'],
        ])
      ).sort(),
      ['a/0', 'b/0'],
    );
    assert.deepEqual(
      await submit([
        ['a', 0, 'again'],
        ['c', 1, 'n3'],
        ['c', 1, 'repeat'],
      ]),
      ['c/1'],
    );
    const kept = await store.db
      .selectFrom('smpp_submissions')
      .select(['msg_key', 'network_id'])
      .where('connector', '=', 'c1')
      .orderBy('msg_key')
      .execute();
    assert.deepEqual(
      kept.map((r) => `${r.msg_key}=${r.network_id}`),
      ['a=n1', 'b=n2', 'c=n3'],
    );
  });

  test('row sets of one table merge into one write; none is a no-op', async () => {
    await writeRowSets(store.db, store.caps, []);
    const cols = ['connector', 'msg_key', 'step', 'network_id', 'created_at'] as const;
    await writeRowSets(store.db, store.caps, [
      rowSet('smpp_submissions', cols, [['c2', 'x', 0, 'n', NOW]]),
      rowSet('smpp_submissions', cols, []),
      rowSet('smpp_submissions', cols, [['c2', 'y', 0, 'n', NOW]]),
    ]);
    const n = await store.db
      .selectFrom('smpp_submissions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('connector', '=', 'c2')
      .executeTakeFirstOrThrow();
    assert.equal(Number(n.n), 2);
  });

  test('a column the table lacks is refused with its name', async () => {
    await assert.rejects(
      bulkInsert(store.db, store.caps, 'smpp_submissions', ['connector', 'nope' as 'msg_key'], [['c3', 'x']]),
      /nope/,
    );
  });
});
