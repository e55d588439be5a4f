import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { sql } from 'kysely';
import type { Store } from '../../src/store/db/database.ts';
import { type StatementCounts, statementKind } from '../../src/store/db/statement-counts.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway } from '../helpers/gateway.ts';

const copy = (c: StatementCounts): StatementCounts => structuredClone(c);

function delta(before: StatementCounts, after: StatementCounts) {
  const statements = Object.fromEntries(
    Object.entries(after.statements)
      .map(([k, v]) => [k, v - before.statements[k as keyof StatementCounts['statements']]])
      .filter(([, v]) => v !== 0),
  );
  const rows = Object.fromEntries(
    Object.entries(after.rows)
      .map(([k, v]) => [k, v - before.rows[k as keyof StatementCounts['rows']]])
      .filter(([, v]) => v !== 0),
  );
  return { statements, rows };
}

test('a statement is counted by what it does, a CTE by what it writes', () => {
  assert.equal(statementKind('select 1'), 'select');
  assert.equal(statementKind('  INSERT into x values (1)'), 'insert');
  assert.equal(statementKind('\n update jobs set a = 1'), 'update');
  assert.equal(statementKind('delete from "jobs" where id = ?'), 'delete');
  assert.equal(statementKind('with t as (select id from a) update a set b = 1'), 'update');
  assert.equal(statementKind('with t as (select id from a) select * from t'), 'select');
  assert.equal(statementKind('begin immediate'), 'transaction');
  assert.equal(statementKind('release savepoint grouped'), 'transaction');
  assert.equal(statementKind('create table t (a int)'), 'other');
});

describeEachDb('statement and row counts', (db) => {
  let store: Store;
  before(async () => {
    store = await db.openStore();
  });

  test('a transaction counts its begin and commit, each statement, and the rows each changed', async () => {
    const start = copy(store.counts);
    await store.db.transaction().execute(async (tx) => {
      await tx
        .insertInto('settings')
        .values([
          { key: 'count.a', value: '1' },
          { key: 'count.b', value: '1' },
          { key: 'count.c', value: '1' },
        ])
        .execute();
      await tx
        .updateTable('settings')
        .set({ value: '2' })
        .where('key', 'in', ['count.a', 'count.b'])
        .execute();
      await tx.deleteFrom('settings').where('key', '=', 'count.c').execute();
      await tx.selectFrom('settings').selectAll().where('key', 'like', 'count.%').execute();
    });
    assert.deepEqual(delta(start, store.counts), {
      statements: { select: 1, insert: 1, update: 1, delete: 1, transaction: 2 },
      rows: { inserted: 3, updated: 2, deleted: 1 },
    });
  });

  test('rows a write returns are the rows it changed; a rolled-back transaction still ran', async () => {
    const start = copy(store.counts);
    await assert.rejects(
      store.db.transaction().execute(async (tx) => {
        const back = await tx
          .updateTable('settings')
          .set({ value: '3' })
          .where('key', 'in', ['count.a', 'count.b', 'count.none'])
          .returning('key')
          .execute();
        assert.equal(back.length, 2);
        await sql`delete from settings where key = ${'count.a'}`.execute(tx);
        throw new Error('roll back');
      }),
      /roll back/,
    );
    assert.deepEqual(delta(start, store.counts), {
      statements: { update: 1, delete: 1, transaction: 2 },
      rows: { updated: 2, deleted: 1 },
    });
    const kept = await store.db.selectFrom('settings').select('value').where('key', '=', 'count.a').execute();
    assert.deepEqual(kept, [{ value: '2' }]);
  });

  test('/metrics gives the totals, and a send moves them', async () => {
    const t = await startTestGateway(db);
    try {
      const read = async () => {
        const m = (await t.request({ method: 'GET', url: '/metrics' })).body;
        const n = (re: RegExp) => Number(re.exec(m)?.[1] ?? Number.NaN);
        return {
          inserted: n(/^omnigate_store_rows_total\{change="inserted"\} (\d+)$/m),
          inserts: n(/^omnigate_store_statements_total\{kind="insert"\} (\d+)$/m),
          selects: n(/^omnigate_store_statements_total\{kind="select"\} (\d+)$/m),
        };
      };
      const first = await read();
      assert.ok(first.selects > 0, 'the start-up read the database');
      const acc = await t.createAccount();
      const sender = await t.request({
        method: 'POST',
        url: `/admin/v1/accounts/${acc.accountId}/senders`,
        admin: true,
        body: { number: '0212345678' },
      });
      assert.ok(sender.statusCode < 300, sender.body);
      const sent = await t.request({
        method: 'POST',
        url: '/api/comm/v1/send/omni',
        apiKey: acc.apiKey,
        body: {
          destinations: [{ to: '01012345678' }, { to: '01012345679' }],
          messageFlow: [{ sms: { from: '0212345678', text: 'counted' } }],
        },
      });
      assert.equal(sent.json().data.code, 'A000', sent.body);
      const next = await read();
      // The account, its key and sender, then the request and its two messages at least.
      assert.ok(next.inserted >= first.inserted + 3, `${first.inserted} -> ${next.inserted}`);
      assert.ok(next.inserts > first.inserts);
    } finally {
      await t.close();
    }
  });
});
