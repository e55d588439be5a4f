import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import pino from 'pino';
import { type Client, inbox, send, settle, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';

/*
 * A store that can write nothing more: the send answers 503 A911 (not a 500 "internal"), the log
 * carries the database's own words, /readyz turns 503 and comes back by itself once there is room,
 * and what was accepted before is delivered. The database is made full as each one is: SQLite
 * stops at its max_page_count with SQLITE_FULL, PostgreSQL raises disk_full (53100), here from a
 * trigger rather than a full disk.
 */
describeEachDb('storage full', (db) => {
  let t: TestGateway;
  let c: Client;
  const lines: string[] = [];

  before(async () => {
    const logger = pino({ level: 'info' }, { write: (s: string) => void lines.push(s) });
    t = await startTestGateway(db, { logger });
    c = await setupClient(t, 'full');
  });
  after(() => t.close());

  const readyz = () => t.request({ method: 'GET', url: '/readyz' });
  const many = (from: number, n: number) =>
    Array.from({ length: n }, (_, i) => ({ to: `0105${String(from + i).padStart(7, '0')}` }));

  async function fill(): Promise<void> {
    const s = t.gw.ctx.store.db;
    if (db.dialect === 'sqlite') {
      const pages = await sql<{ page_count: number }>`pragma page_count`.execute(s);
      await sql.raw(`pragma max_page_count = ${Number(pages.rows[0]?.page_count)}`).execute(s);
      // The file's free pages, and the room left in its pages, are still space: used up here, in
      // smaller and smaller rows, as a disk fills up to its last block.
      let n = 0;
      for (const size of [3000, 300, 30, 1]) {
        for (;;) {
          try {
            await sql`insert into settings (key, value) values (${`f${n++}`}, ${'x'.repeat(size)})`.execute(
              s,
            );
          } catch (err) {
            if (!(err instanceof Error && /full/i.test(err.message))) throw err;
            break;
          }
        }
      }
      return;
    }
    await sql`create or replace function disk_full() returns trigger as $$
      begin raise exception 'could not extend file: No space left on device' using errcode = '53100'; end
      $$ language plpgsql`.execute(s);
    // Every table, as a full disk refuses every write (the engine's claims included).
    for (const table of await tables()) {
      await sql
        .raw(
          `create trigger disk_full before insert or update or delete on ${table} execute function disk_full()`,
        )
        .execute(s);
    }
  }

  async function tables(): Promise<string[]> {
    const rows = await sql<{ name: string }>`
      select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(t.gw.ctx.store.db);
    return rows.rows.map((r) => r.name);
  }

  async function free(): Promise<void> {
    const s = t.gw.ctx.store.db;
    if (db.dialect === 'sqlite') {
      await sql`pragma max_page_count = 1073741823`.execute(s);
      return;
    }
    for (const table of await tables()) await sql.raw(`drop trigger disk_full on ${table}`).execute(s);
  }

  test('503 A911 with the real error logged, /readyz 503 until space is freed, nothing accepted lost', async () => {
    const before = await send(t, c, {
      destinations: [{ to: '01050000001' }],
      messageFlow: [{ sms: { from: c.sender, text: 'accepted before' } }],
    });
    assert.equal(before.statusCode, 200, before.body);
    assert.equal((await readyz()).statusCode, 200);

    await fill();
    const refused = await send(t, c, {
      destinations: many(100, 200),
      messageFlow: [{ sms: { from: c.sender, text: 'x'.repeat(80) } }],
    });
    assert.equal(refused.statusCode, 503, refused.body.slice(0, 300));
    const data = refused.json<{ data: { code: string; result: string } }>().data;
    assert.equal(data.code, 'A911');
    assert.match(data.result, /^Storage is full: nothing can be written until space is freed: trId /);
    const logged = lines.find((l) => l.includes('storage full: a write was refused'));
    assert.ok(logged, 'the refusal is logged');
    assert.match(
      logged,
      db.dialect === 'sqlite' ? /database or disk is full|SQLITE_FULL/ : /No space left on device|53100/,
    );
    assert.ok(
      !lines.some((l) => l.includes('cannot rollback')),
      'the real error is not hidden by the rollback',
    );

    const notReady = await readyz();
    assert.equal(notReady.statusCode, 503);
    assert.match(notReady.json<{ reason: string }>().reason, /^storage full since /);
    assert.equal((await readyz()).statusCode, 503, 'still full: the probe write is refused too');

    await free();
    assert.equal((await readyz()).statusCode, 200, 'ready again without a restart');
    const after = await send(t, c, {
      destinations: [{ to: '01050000002' }],
      messageFlow: [{ sms: { from: c.sender, text: 'accepted after' } }],
    });
    assert.equal(after.statusCode, 200, after.body);
    await settle(t);
    assert.deepEqual(
      (await inbox(t, '01050000001')).map((m) => m.text),
      ['accepted before'],
      'the message accepted before the disk filled is delivered, once',
    );
    assert.deepEqual(
      (await inbox(t, '01050000002')).map((m) => m.text),
      ['accepted after'],
    );
    assert.equal((await inbox(t, '01050000100')).length, 0, 'nothing of the refused send went out');
  });
});
