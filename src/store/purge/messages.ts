import { type SqlBool, sql } from 'kysely';
import type { Store } from '../db/database.ts';
import type { Executor } from '../db/executor.ts';
import { reportJobPayload } from '../messages/admin-deliveries.ts';
import { REPORT_WEBHOOK_JOB } from '../messages/reports.ts';
import { after, type Batcher, type Cursor, count, inBatch, remove, within } from './batch.ts';

/*
 * The purge of messages (src/engine/purge.ts) and of what exists only for them: their attempts
 * (failover steps), reports, the reports' failed webhook posts and dead webhook jobs, and the SMPP records of their
 * submissions; then the finished reservations and broadcasts left without messages, and the
 * send requests left without messages. The sandbox inbox is the simulated handset's, not the
 * message's: it keeps its own age (purge-records.ts).
 */

/** States a message is still on its way in (design: queued, waiting, held); any other is final. */
const LIVE = ['queued', 'waiting', 'held'] as const;

/**
 * What a dry run's earlier batches would have deleted, which later ones must count as gone: a
 * request or reservation is left without messages only once the purge deleted them. A purge
 * needs none of it: the database says.
 */
interface Ledger {
  /** Messages that would go, per request. */
  byRequest: Map<string, number>;
  /** Reservations (resvKey) that would go. */
  reservations: Set<string>;
}

/**
 * The purge of messages and of what hangs on them, in the order it must run: messages (with
 * their attempts and reports), then reservations and broadcasts, then send requests.
 */
export function purgeMessageKind(store: Store, cutoff: number, dryRun: boolean): Batcher[] {
  const ledger: Ledger | null = dryRun ? { byRequest: new Map(), reservations: new Set() } : null;
  return [
    purgeMessages(store, cutoff, ledger),
    purgeReservations(store, cutoff, ledger, 'ended'),
    purgeReservations(store, cutoff, ledger, 'processing'),
    purgeBroadcasts(store, cutoff, dryRun),
    purgeSendRequests(store, cutoff, ledger),
  ];
}

/** How many messages each request still has once those a dry run would delete are left out. */
async function messagesLeft(
  tx: Executor,
  requestIds: readonly string[],
  ledger: Ledger | null,
): Promise<Map<string, number>> {
  const left = new Map<string, number>();
  if (requestIds.length === 0) return left;
  const counts = await sql<{ request_id: string; n: number | string }>`
    select request_id, count(*) as n from messages where ${within('request_id', [...new Set(requestIds)])}
    group by request_id`.execute(tx);
  for (const r of counts.rows) {
    left.set(r.request_id, Number(r.n) - (ledger?.byRequest.get(r.request_id) ?? 0));
  }
  return left;
}

interface ReportRow {
  id: number | string;
  msg_key: string;
  channel: string;
  batch_id: string | null;
  acked_at: number | string | null;
  created_at: number | string;
}

/**
 * Messages final before `cutoff` (their `done_at`), oldest first. A message stays while one of
 * its reports is not done with: made after the cutoff (a late receipt's report is as young as
 * its own time), handed out in a poll batch the client has not acknowledged, or waiting for a
 * webhook delivery. A report whose webhook delivery gave up (its job dead) does not hold it.
 */
function purgeMessages(store: Store, cutoff: number, ledger: Ledger | null): Batcher {
  const dryRun = ledger !== null;
  let cursor: Cursor | null = null;
  const final = sql<SqlBool>`done_at is not null and done_at < ${cutoff} and status not in (${sql.join([...LIVE])})`;
  return (limit) =>
    inBatch(store, dryRun, async (tx) => {
      const found = await sql<{ msg_key: string; request_id: string; done_at: number | string }>`
        select msg_key, request_id, done_at from messages
        where ${final} and ${after('done_at', 'msg_key', cursor)}
        order by done_at, msg_key limit ${limit}`.execute(tx);
      const last = found.rows.at(-1);
      if (last) cursor = { at: Number(last.done_at), key: last.msg_key };
      const rows: Record<string, number> = {};
      const keys = found.rows.map((r) => r.msg_key);
      const { held, deadJobs } = await heldByReports(tx, keys, cutoff);
      const go = keys.filter((k) => !held.has(k));
      // The message first, under its condition again: a key another transaction moved on
      // meanwhile (a redelivery, say) is left with all it holds.
      const gone = dryRun
        ? go
        : (
            await sql<{ msg_key: string }>`
              delete from messages where ${within('msg_key', go)} and ${final} returning msg_key`.execute(tx)
          ).rows.map((r) => r.msg_key);
      count(rows, 'messages', gone.length);
      const goneSet = new Set(gone);
      if (ledger) {
        for (const r of found.rows) {
          if (goneSet.has(r.msg_key))
            ledger.byRequest.set(r.request_id, (ledger.byRequest.get(r.request_id) ?? 0) + 1);
        }
      }
      await removeDependants(tx, dryRun, gone, rows);
      const jobs = deadJobs.filter((j) => goneSet.has(j.msgKey)).map((j) => j.id);
      count(
        rows,
        'jobs',
        await remove(tx, dryRun, 'jobs', sql<SqlBool>`${within('id', jobs)} and state = 'dead'`),
      );
      return { rows, files: [], more: found.rows.length === limit };
    });
}

/** Which of these messages a report still holds, and the dead webhook jobs of their reports. */
async function heldByReports(
  tx: Executor,
  keys: readonly string[],
  cutoff: number,
): Promise<{ held: Set<string>; deadJobs: Array<{ id: number; msgKey: string }> }> {
  const held = new Set<string>();
  const deadJobs: Array<{ id: number; msgKey: string }> = [];
  if (keys.length === 0) return { held, deadJobs };
  const reports = await sql<ReportRow>`
    select id, msg_key, channel, batch_id, acked_at, created_at from reports
    where ${within('msg_key', keys)}`.execute(tx);
  const hooked = new Map<string, string>();
  for (const r of reports.rows) {
    const unread = r.acked_at === null;
    if (Number(r.created_at) >= cutoff || (unread && r.batch_id !== null)) held.add(r.msg_key);
    // Every unacknowledged report by webhook: its job may still be trying.
    else if (unread && r.channel === 'webhook') hooked.set(reportJobPayload(Number(r.id)), r.msg_key);
  }
  if (hooked.size > 0) {
    // The kind as a literal: SQLite uses the partial index jobs_report_payload only then.
    const jobs = await sql<{ id: number | string; payload: string; state: string }>`
      select id, payload, state from jobs
      where kind = ${sql.lit(REPORT_WEBHOOK_JOB)} and ${within('payload', [...hooked.keys()])}`.execute(tx);
    for (const j of jobs.rows) {
      const msgKey = hooked.get(j.payload);
      if (msgKey === undefined) continue;
      if (j.state === 'dead') deadJobs.push({ id: Number(j.id), msgKey });
      else held.add(msgKey);
    }
  }
  return { held, deadJobs };
}

/** The attempts, reports and SMPP records of messages that went. */
async function removeDependants(
  tx: Executor,
  dryRun: boolean,
  keys: readonly string[],
  rows: Record<string, number>,
): Promise<void> {
  if (keys.length === 0) return;
  // Read before the attempts go: the SMPP records are found through each attempt's connector
  // and network id (their primary keys and index start with the connector).
  const submitted = await sql<{ connector: string; msg_key: string; network_id: string }>`
    select connector, msg_key, network_id from message_attempts
    where ${within('msg_key', keys)} and network_id is not null`.execute(tx);
  const byConnector = new Map<string, { keys: Set<string>; ids: Set<string> }>();
  for (const a of submitted.rows) {
    let c = byConnector.get(a.connector);
    if (!c) {
      c = { keys: new Set(), ids: new Set() };
      byConnector.set(a.connector, c);
    }
    c.keys.add(a.msg_key);
    c.ids.add(a.network_id);
  }
  for (const [connector, c] of byConnector) {
    const of = sql<SqlBool>`connector = ${connector}`;
    const ids = [...c.ids];
    count(
      rows,
      'smpp_submissions',
      await remove(tx, dryRun, 'smpp_submissions', sql<SqlBool>`${of} and ${within('msg_key', [...c.keys])}`),
    );
    count(
      rows,
      'upstream_sends',
      await remove(tx, dryRun, 'upstream_sends', sql<SqlBool>`${of} and ${within('msg_key', [...c.keys])}`),
    );
    count(
      rows,
      'smpp_parts',
      await remove(tx, dryRun, 'smpp_parts', sql<SqlBool>`${of} and ${within('network_id', ids)}`),
    );
    count(
      rows,
      'early_receipts',
      await remove(tx, dryRun, 'early_receipts', sql<SqlBool>`${of} and ${within('network_id', ids)}`),
    );
  }
  count(rows, 'message_attempts', await remove(tx, dryRun, 'message_attempts', within('msg_key', keys)));
  // The failed webhook posts of its reports (0028) go with them.
  count(
    rows,
    'webhook_attempts',
    await remove(
      tx,
      dryRun,
      'webhook_attempts',
      sql<SqlBool>`${within('msg_key', keys)} and kind = 'report'`,
    ),
  );
  count(rows, 'reports', await remove(tx, dryRun, 'reports', within('msg_key', keys)));
}

/**
 * Reservations whose messages are all gone (a reservation's messages are all in its current
 * request: an update moves the held ones over): `ended`, done or cancelled before `cutoff`; or
 * still `processing`, started before `cutoff`. DONE is decided when a reservation is next read
 * (features/reservations/manage.ts), so one nobody reads again stays PROCESSING after its last
 * message ended; with its messages gone, it is as finished as a done one.
 */
function purgeReservations(
  store: Store,
  cutoff: number,
  ledger: Ledger | null,
  which: 'ended' | 'processing',
): Batcher {
  const dryRun = ledger !== null;
  let cursor: Cursor | null = null;
  const time = which === 'ended' ? 'done_at' : 'started_at';
  // Literals: SQLite uses the partial indexes of migration 0021 only for conditions it can see.
  const due =
    which === 'ended'
      ? sql<SqlBool>`done_at is not null and done_at < ${cutoff} and status in ('DONE', 'CANCELLED')`
      : sql<SqlBool>`status = 'PROCESSING' and started_at < ${cutoff}`;
  const empty = sql<SqlBool>`not exists (select 1 from messages m where m.request_id = reservations.request_id)`;
  return (limit) =>
    inBatch(store, dryRun, async (tx) => {
      const found = await sql<{
        seq: number | string;
        resv_key: string;
        request_id: string;
        t: number | string;
      }>`
        select seq, resv_key, request_id, ${sql.ref(time)} as t from reservations
        where ${due} and ${after(time, 'seq', cursor)}
        order by ${sql.ref(time)}, seq limit ${limit}`.execute(tx);
      const last = found.rows.at(-1);
      if (last) cursor = { at: Number(last.t), key: Number(last.seq) };
      const left = await messagesLeft(
        tx,
        found.rows.map((r) => r.request_id),
        ledger,
      );
      const go = found.rows.filter((r) => (left.get(r.request_id) ?? 0) <= 0);
      for (const r of go) ledger?.reservations.add(r.resv_key);
      const seqs = go.map((r) => Number(r.seq));
      // A purge checks again as it deletes: a message added meanwhile keeps its reservation.
      const where = dryRun
        ? within('seq', seqs)
        : sql<SqlBool>`${within('seq', seqs)} and ${due} and ${empty}`;
      const rows: Record<string, number> = {};
      count(rows, 'reservations', await remove(tx, dryRun, 'reservations', where));
      return { rows, files: [], more: found.rows.length === limit };
    });
}

/** Broadcasts that ended (done, terminated, blocked) before `cutoff`: their messages have requests of their own. */
function purgeBroadcasts(store: Store, cutoff: number, dryRun: boolean): Batcher {
  let cursor: Cursor | null = null;
  const ended = sql<SqlBool>`done_at is not null and done_at < ${cutoff} and status in ('DONE', 'TERMINATED', 'BLOCKED')`;
  return (limit) =>
    inBatch(store, dryRun, async (tx) => {
      const found = await sql<{ request_id: number | string; done_at: number | string }>`
        select request_id, done_at from broadcasts where ${ended} and ${after('done_at', 'request_id', cursor)}
        order by done_at, request_id limit ${limit}`.execute(tx);
      const last = found.rows.at(-1);
      if (last) cursor = { at: Number(last.done_at), key: Number(last.request_id) };
      const ids = found.rows.map((r) => Number(r.request_id));
      const rows: Record<string, number> = {};
      count(
        rows,
        'broadcasts',
        await remove(tx, dryRun, 'broadcasts', sql<SqlBool>`${within('request_id', ids)} and ${ended}`),
      );
      return { rows, files: [], more: found.rows.length === limit };
    });
}

/**
 * Send requests made before `cutoff` that no message and no reservation needs any more. (A 2FA
 * request keeps the id of its SMS's request, which it never reads back.)
 */
function purgeSendRequests(store: Store, cutoff: number, ledger: Ledger | null): Batcher {
  const dryRun = ledger !== null;
  let cursor: Cursor | null = null;
  const unneeded = sql<SqlBool>`not exists (select 1 from messages m where m.request_id = send_requests.id)
    and (resv_key is null or not exists (select 1 from reservations r where r.resv_key = send_requests.resv_key))`;
  return (limit) =>
    inBatch(store, dryRun, async (tx) => {
      const found = await sql<{
        id: string;
        created_at: number | string;
        resv_key: string | null;
        reserved: number | string;
      }>`
        select id, created_at, resv_key, case when resv_key is not null and exists
          (select 1 from reservations r where r.resv_key = send_requests.resv_key) then 1 else 0 end as reserved
        from send_requests where created_at < ${cutoff} and ${after('created_at', 'id', cursor)}
        order by created_at, id limit ${limit}`.execute(tx);
      const last = found.rows.at(-1);
      if (last) cursor = { at: Number(last.created_at), key: last.id };
      const left = await messagesLeft(
        tx,
        found.rows.map((r) => r.id),
        ledger,
      );
      const ids = found.rows
        .filter((r) => (left.get(r.id) ?? 0) <= 0)
        .filter(
          (r) => Number(r.reserved) === 0 || (r.resv_key !== null && ledger?.reservations.has(r.resv_key)),
        )
        .map((r) => r.id);
      const where = dryRun
        ? within('id', ids)
        : sql<SqlBool>`${within('id', ids)} and created_at < ${cutoff} and ${unneeded}`;
      const rows: Record<string, number> = {};
      count(rows, 'send_requests', await remove(tx, dryRun, 'send_requests', where));
      return { rows, files: [], more: found.rows.length === limit };
    });
}
