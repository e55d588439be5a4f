import assert from 'node:assert/strict';
import { before, beforeEach, test } from 'node:test';
import { rowSet } from '../../src/store/db/bulk.ts';
import type { Store } from '../../src/store/db/database.ts';
import { groupCommit, groupRows } from '../../src/store/db/group-commit.ts';
import { getSetting, putSetting } from '../../src/store/db/settings.ts';
import { describeEachDb } from '../helpers/db.ts';

const turn = () => new Promise<void>((r) => setImmediate(r));

describeEachDb('store writes: group commit and waiting for the write lock', (db) => {
  let store: Store;
  let other: Store;

  before(async () => {
    store = await db.openStore();
    // A second connection to the same database, as the engine's thread or another process has.
    other = await db.openStore();
  });
  beforeEach(async () => {
    await store.db.deleteFrom('settings').execute();
  });

  test('units of work asked for together share a commit; one that throws is undone alone', async () => {
    const put = (key: string) => (tx: Parameters<Parameters<typeof groupCommit>[1]>[0]) =>
      tx.insertInto('settings').values({ key, value: 'v' }).execute();
    const results = await Promise.allSettled([
      groupCommit(store, async (tx) => {
        await put('a')(tx);
        return 'first';
      }),
      groupCommit(store, async (tx) => {
        await put('b')(tx);
        // Its own row is written, then it fails: that row must go, the others' stay.
        throw new Error('refused');
      }),
      groupCommit(store, async (tx) => {
        await put('c')(tx);
        return 'third';
      }),
    ]);
    assert.deepEqual(
      results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message)),
      ['first', 'refused', 'third'],
    );
    const keys = (await store.db.selectFrom('settings').select('key').orderBy('key').execute()).map(
      (r) => r.key,
    );
    assert.deepEqual(keys, ['a', 'c']);
  });

  test("a unit whose statement fails gets the database's error and is undone alone", async () => {
    await putSetting(store, 'taken', 'x');
    const results = await Promise.allSettled([
      groupCommit(store, (tx) => tx.insertInto('settings').values({ key: 'fresh', value: 'v' }).execute()),
      // A duplicate key is an error of its own unit only.
      groupCommit(store, (tx) => tx.insertInto('settings').values({ key: 'taken', value: 'v' }).execute()),
    ]);
    assert.equal(results[0]?.status, 'fulfilled');
    assert.equal(results[1]?.status, 'rejected');
    assert.equal(await getSetting(store, 'fresh'), 'v');
    assert.equal(await getSetting(store, 'taken'), 'x');
  });

  test('rows of units asked for together go in together; a unit whose rows fail is undone alone', async () => {
    await putSetting(store, 'taken', 'x');
    const rows = (...keys: string[]) => [
      rowSet(
        'settings',
        ['key', 'value'],
        keys.map((k) => [k, 'v']),
      ),
    ];
    const results = await Promise.allSettled([
      groupRows(store, rows('r1', 'r2')),
      // Its duplicate key fails the statement of all the rows: each unit is then tried alone.
      groupRows(store, rows('r3', 'taken')),
      groupCommit(store, (tx) => tx.insertInto('settings').values({ key: 'w', value: 'v' }).execute()),
      groupRows(store, rows('r4')),
    ]);
    assert.deepEqual(
      results.map((r) => r.status),
      ['fulfilled', 'rejected', 'fulfilled', 'fulfilled'],
    );
    const keys = (
      await store.db.selectFrom('settings').select(['key', 'value']).orderBy('key').execute()
    ).map((r) => `${r.key}=${r.value}`);
    assert.deepEqual(keys, ['r1=v', 'r2=v', 'r4=v', 'taken=x', 'w=v']);
    // Without a fault, the one statement for them all writes every unit's rows.
    await Promise.all([
      groupRows(store, rows('s1')),
      groupRows(store, rows('s2')),
      groupRows(store, rows('s3')),
    ]);
    for (const k of ['s1', 's2', 's3']) assert.equal(await getSetting(store, k), 'v');
  });

  test('units asked for while two shared transactions are under way wait, then go in one', async () => {
    // Two units, asked for in turns of their own (two transactions), that hold them open until
    // told: the two commits under way.
    const gates: Array<() => void> = [];
    const hold = (n: number) =>
      groupCommit(store, async (tx) => {
        await tx
          .insertInto('settings')
          .values({ key: `held${n}`, value: 'v' })
          .execute();
        await new Promise<void>((r) => gates.push(r));
      });
    const first = hold(1);
    while (gates.length < 1) await turn();
    const second = hold(2);
    await turn();
    const before = store.counts.statements.transaction;
    // Ten units, each asked for in a turn of its own: each turn began a transaction before.
    const later: Promise<void>[] = [];
    for (let i = 0; i < 10; i++) {
      later.push(groupRows(store, [rowSet('settings', ['key', 'value'], [[`later${i}`, 'v']])]));
      await turn();
    }
    assert.equal(await getSetting(other, 'later0'), undefined, 'nothing goes in while two commit');
    let held = 2;
    for (const p of [first, second]) void p.finally(() => held--);
    // Each held unit is told to go once it waits (SQLite begins the second after the first).
    while (held > 0) {
      for (const g of gates.splice(0)) g();
      await turn();
    }
    await Promise.all(later);
    for (let i = 0; i < 10; i++) assert.equal(await getSetting(store, `later${i}`), 'v');
    // The held transactions' ends (the first's commit, the second's begin and commit) and one
    // transaction for the ten (begin, a savepoint and its release around their one insert,
    // commit): 7. Begun a turn each, the ten were ten transactions and twenty statements.
    const spent = store.counts.statements.transaction - before;
    assert.ok(spent <= 7, `the ten went in one transaction (${spent} transaction statements)`);
  });

  test("a write waits for another connection's transaction without stopping the event loop", async () => {
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    let holding = false;
    const first = store.db.transaction().execute(async (tx) => {
      await tx.insertInto('settings').values({ key: 'first', value: '1' }).execute();
      holding = true;
      await held;
    });
    while (!holding) await turn();
    let written = false;
    const second = putSetting(other, 'second', '2').then(() => {
      written = true;
    });
    // Turns of the event loop go on while the second write waits: SQLite's own busy handler
    // slept inside the call, and the first transaction could never have finished.
    for (let i = 0; i < 20; i++) await turn();
    if (db.dialect === 'sqlite') assert.equal(written, false, 'the second write waited for the lock');
    release();
    await first;
    await second;
    assert.equal(await getSetting(store, 'second'), '2');
    assert.equal(await getSetting(other, 'first'), '1');
  });
});
