/**
 * A database holding old delivery records for the purge to delete: delivered messages final 200
 * days ago, each with one attempt and one acknowledged report, in requests of 200, written by the
 * database itself (a recursive SELECT), not row by row from here.
 */
import { sql } from 'kysely';
import { DAY_MS } from '../../src/clock.ts';
import { RETENTION_JOB } from '../../src/engine/retention.ts';
import { openStore } from '../../src/store/db/database.ts';

export interface OldRows {
  messages: number;
  requests: number;
  /** Every row the purge deletes: messages, attempts, reports and requests. */
  rows: number;
}

/** The messages (and requests) that make about `rows` rows in all. */
export function shapeOf(rows: number): OldRows {
  // Per request of 200: 200 messages, 200 attempts, 200 reports and the request itself.
  const requests = Math.max(1, Math.round(rows / 601));
  const messages = requests * 200;
  return { messages, requests, rows: messages * 3 + requests };
}

/**
 * Writes the old rows into the database at `url` (migrating it first). With `purgeInMs`, the
 * purge's job is due that long after the rows are written, so a gateway started on it purges
 * then (its own schedule would wait a minute after its start).
 */
export async function seedOldRows(url: string, shape: OldRows, purgeInMs: number | null): Promise<void> {
  const store = await openStore(url);
  try {
    await store.migrate();
    const at = Date.now() - 200 * DAY_MS;
    const n = shape.messages;
    const series = sql`with recursive n(i) as (select 0 union all select i + 1 from n where i < ${n - 1})`;
    const req = sql`'req_old_' || (i / 200)`;
    const key = sql`'old_' || i`;
    await sql`${series} insert into send_requests (id, account_id, key_id, flow, dlr, created_at)
      select ${req}, 'acc_old', 'key_old', '[{"sms":{"from":"0212345678","text":"old"}}]', 0, ${at}
      from n where i % 200 = 0`.execute(store.db);
    await sql`${series} insert into messages
      (msg_key, account_id, request_id, to_number, step, status, report_code, report_text, created_at, updated_at, done_at)
      select ${key}, 'acc_old', ${req}, '01000000000', 0, 'delivered', '10000', 'Delivered', ${at}, ${at}, ${at}
      from n`.execute(store.db);
    await sql`${series} insert into message_attempts
      (msg_key, step, channel, service_type, msg_type, connector, network_id, status, report_code, carrier, submitted_at, done_at)
      select ${key}, 0, 'sms', 'SMS', 'SM', 'sandbox', null, 'delivered', '10000', 'SKT', ${at}, ${at}
      from n`.execute(store.db);
    await sql`${series} insert into reports (account_id, msg_key, report_type, body, channel, acked_at, created_at)
      select 'acc_old', ${key}, 'STANDARD', '{}', 'polling', ${at}, ${at}
      from n`.execute(store.db);
    // What autovacuum does after a bulk load; this machine's PostgreSQL runs with it off, and
    // without statistics the planner scans the whole table for the purge's lookups by key.
    if (store.caps.dialect === 'postgres') await sql`analyze`.execute(store.db);
    if (purgeInMs !== null) {
      const now = Date.now();
      await sql`insert into jobs (kind, payload, run_at, attempts, max_attempts, state, dedupe_key, created_at)
        values (${RETENTION_JOB}, '{}', ${now + purgeInMs}, 0, 25, 'ready', ${RETENTION_JOB}, ${now})`.execute(
        store.db,
      );
    }
  } finally {
    await store.close();
  }
}
