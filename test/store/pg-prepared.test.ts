import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'kysely';
import { openStore, type Store } from '../../src/store/db/database.ts';
import { nameable, StatementNames } from '../../src/store/db/pg-prepared.ts';
import { describeEachDb } from '../helpers/db.ts';

/* Named prepared statements on PostgreSQL (store/db/pg-prepared.ts). */

test('only row statements with explicit result columns may be named', () => {
  assert.ok(nameable('select "msg_key", "status" from "messages" where "msg_key" = $1'));
  assert.ok(nameable('insert into "reports" ("a") values ($1) returning id, channel'));
  assert.ok(
    nameable('update messages set claimed_until = $1 where msg_key in (select msg_key from messages)'),
  );
  assert.ok(nameable('delete from "early_receipts" where "connector" = $1'));
  assert.ok(nameable('with v(a) as (values ($1)) update t set a = v.a from v'));
  assert.ok(nameable('select count(*) as "n" from "messages" where "status" = $1'));
  // A `*` expands to the table's columns as they are when the plan is kept: a column another
  // instance's migration adds would make the kept plan fail.
  assert.ok(!nameable('select * from "send_requests" where "id" in ($1)'));
  assert.ok(!nameable('select "a".*, "m"."status" from "message_attempts" as "a" join messages m on true'));
  assert.ok(!nameable('delete from jobs where id = $1 returning *'));
  assert.ok(!nameable('begin'));
  assert.ok(!nameable('alter table "messages" add column "x" text'));
});

test('a text is named the second time it runs, keeps its name, and names stop at the budget', () => {
  const names = new StatementNames();
  const text = 'select "id" from "accounts" where "id" = $1';
  assert.equal(names.nameOf(text), null);
  const name = names.nameOf(text);
  assert.match(name ?? '', /^og_\d+$/);
  assert.equal(names.nameOf(text), name);
  for (let i = 0; i < 500; i++) {
    names.nameOf(`select "id" from "accounts" where "id" = $${i + 2}`);
    names.nameOf(`select "id" from "accounts" where "id" = $${i + 2}`);
  }
  assert.equal(names.size, 200);
  assert.equal(names.nameOf(text), name, 'a named text keeps its name past the budget');
  const late = 'select "name" from "accounts" where "id" = $1';
  names.nameOf(late);
  assert.equal(names.nameOf(late), null, 'past the budget, a new text stays unnamed');
  // One-off statements are counted, never named; a flood of them is not kept without bound.
  const fresh = new StatementNames();
  for (let i = 0; i < 5000; i++) assert.equal(fresh.nameOf(`select "id" from "t${i}" where "id" = $1`), null);
});

describeEachDb('prepared statements on a real database', (db) => {
  /** A store of one connection, so that what it prepared can be read in its own session. */
  async function single(prepared: boolean): Promise<Store> {
    await (await db.openStore()).close();
    return openStore(db.url, {
      poolSize: 1,
      preparedStatements: prepared,
      ...(db.schema ? { schema: db.schema } : {}),
    });
  }

  const prepared = async (store: Store): Promise<string[]> =>
    db.dialect === 'postgres'
      ? (
          await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(store.db)
        ).rows.map((r) => r.statement)
      : [];

  test('a statement run again is prepared once in its session and answers as before; off, none is', async () => {
    for (const on of [true, false]) {
      const store = await single(on);
      try {
        for (let i = 0; i < 3; i++) {
          // The same rows each time, named or not.
          const names = await sql<{
            name: string;
          }>`select name from omnigate_migrations where name in (${'0001_foundation'}, ${'0002_messages'}) order by name`.execute(
            store.db,
          );
          assert.deepEqual(names.rows, [{ name: '0001_foundation' }, { name: '0002_messages' }]);
          const all = await sql<{
            name: string;
          }>`select * from omnigate_migrations where name = ${'0001_foundation'}`.execute(store.db);
          assert.equal(all.rows[0]?.name, '0001_foundation');
        }
        const kept = await prepared(store);
        if (db.dialect === 'postgres' && on) {
          assert.equal(
            kept.filter((s) => s.includes('select name from omnigate_migrations')).length,
            1,
            kept.join('\n'),
          );
          assert.equal(kept.filter((s) => s.includes('select * from omnigate_migrations')).length, 0);
        } else {
          assert.deepEqual(kept, []);
        }
      } finally {
        await store.close();
      }
    }
  });

  test("a kept plan survives another instance's migration adding a column", async () => {
    const store = await single(true);
    const other = await db.openStore();
    try {
      await sql`create table if not exists prep_probe (id integer primary key, a text)`.execute(other.db);
      await sql`insert into prep_probe (id, a) values (1, 'x')`.execute(other.db);
      const probe = () =>
        sql<{ id: number; a: string }>`select id, a from prep_probe where id = ${1}`.execute(store.db);
      for (let i = 0; i < 3; i++) assert.deepEqual((await probe()).rows, [{ id: 1, a: 'x' }]);
      if (db.dialect === 'postgres') {
        // Named and kept by the session: a `select *` kept so would now fail (0A000, "cached plan
        // must not change result type"), which is why no `*` is ever named.
        assert.ok((await prepared(store)).some((st) => st.includes('select id, a from prep_probe')));
      }
      await sql`alter table prep_probe add column b text`.execute(other.db);
      assert.deepEqual((await probe()).rows, [{ id: 1, a: 'x' }]);
    } finally {
      await sql`drop table if exists prep_probe`.execute(other.db);
      await store.close();
    }
  });
});
