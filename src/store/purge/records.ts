import { type SqlBool, sql } from 'kysely';
import type { Store } from '../db/database.ts';
import type { DB } from '../schema/schema.ts';
import { after, type Batcher, type Cursor, count, inBatch, remove, within } from './batch.ts';

/*
 * The purges of records that stand alone (src/engine/purge.ts): MO messages, 2FA requests, the
 * sandbox handsets' inboxes, dead jobs, uploaded number lists, idempotency keys, the audit log.
 * Messages and uploads have theirs in purge-messages.ts and purge-uploads.ts.
 */

/**
 * MO messages whose delivery ended (delivered, or given up) before `cutoff`, walked by arrival:
 * an MO ends within a day of arriving (its retries stop after 24 hours) unless an operator
 * starts its delivery again, which makes it pending, and so kept, once more.
 */
export function purgeMo(store: Store, cutoff: number, dryRun: boolean): Batcher {
  let cursor: Cursor | null = null;
  const ended = sql<SqlBool>`status in ('DELIVERED', 'GIVEN_UP')
    and coalesce(delivered_at, last_attempt_at, received_at) < ${cutoff}`;
  return (limit) =>
    inBatch(store, dryRun, async (tx) => {
      const found = await sql<{ msg_key: string; received_at: number | string; ended: number | string }>`
        select msg_key, received_at, case when ${ended} then 1 else 0 end as ended from mo_messages
        where received_at < ${cutoff} and ${after('received_at', 'msg_key', cursor)}
        order by received_at, msg_key limit ${limit}`.execute(tx);
      const last = found.rows.at(-1);
      if (last) cursor = { at: Number(last.received_at), key: last.msg_key };
      const keys = found.rows.filter((r) => Number(r.ended) === 1).map((r) => r.msg_key);
      const rows: Record<string, number> = {};
      count(
        rows,
        'mo_messages',
        await remove(tx, dryRun, 'mo_messages', sql<SqlBool>`${within('msg_key', keys)} and ${ended}`),
      );
      // Its failed webhook posts (0028), once the MO is gone: one redelivered meanwhile keeps them.
      const gone = dryRun
        ? sql<SqlBool>`1 = 1`
        : sql<SqlBool>`not exists (select 1 from mo_messages m where m.msg_key = webhook_attempts.msg_key)`;
      count(
        rows,
        'webhook_attempts',
        await remove(
          tx,
          dryRun,
          'webhook_attempts',
          sql<SqlBool>`${within('msg_key', keys)} and kind = 'mo' and ${gone}`,
        ),
      );
      return { rows, files: [], more: found.rows.length === limit };
    });
}

/** Pairs grouped by their first member: keys of a composite primary key, per account. */
function byFirst(pairs: ReadonlyArray<readonly [string, string]>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [a, b] of pairs) {
    const list = out.get(a);
    if (list) list.push(b);
    else out.set(a, [b]);
  }
  return out;
}

/**
 * Rows of `table` whose `time` is before `cutoff`, walked along an index on (time, key...):
 * nothing else about them matters once they are that old.
 */
function purgeByTime<T extends keyof DB & string>(
  store: Store,
  dryRun: boolean,
  table: T,
  time: keyof DB[T] & string,
  key: keyof DB[T] & string,
  cutoff: number,
): Batcher {
  let cursor: Cursor | null = null;
  return (limit) =>
    inBatch(store, dryRun, async (tx) => {
      const found = await sql<{ t: number | string; k: string | number }>`
        select ${sql.ref(time)} as t, ${sql.ref(key)} as k from ${sql.table(table)}
        where ${sql.ref(time)} < ${cutoff} and ${after(time, key, cursor)}
        order by ${sql.ref(time)}, ${sql.ref(key)} limit ${limit}`.execute(tx);
      const last = found.rows.at(-1);
      if (last) cursor = { at: Number(last.t), key: last.k };
      const keys = found.rows.map((r) => r.k);
      const rows: Record<string, number> = {};
      const where = sql<SqlBool>`${within(key, keys)} and ${sql.ref(time)} < ${cutoff}`;
      count(rows, table, await remove(tx, dryRun, table, where));
      return { rows, files: [], more: found.rows.length === limit };
    });
}

/** 2FA requests made before `cutoff` (a code is valid for 3 minutes: they are long settled). */
export function purgeTwofaRequests(store: Store, cutoff: number, dryRun: boolean): Batcher {
  return purgeByTime(store, dryRun, 'twofa_requests', 'created_at', 'id', cutoff);
}

/**
 * The per-number rows that serialise 2FA requests, untouched since `cutoff`; a request makes
 * its number's row again. Keyed by (account, number): the batch is a few accounts' numbers.
 */
export function purgeTwofaWindows(store: Store, cutoff: number, dryRun: boolean): Batcher {
  let cursor: { at: number; account: string; number: string } | null = null;
  return (limit) =>
    inBatch(store, dryRun, async (tx) => {
      const past =
        cursor === null
          ? sql<SqlBool>`1 = 1`
          : sql<SqlBool>`(touched_at, account_id, number) > (${cursor.at}, ${cursor.account}, ${cursor.number})`;
      const found = await sql<{ touched_at: number | string; account_id: string; number: string }>`
        select touched_at, account_id, number from twofa_windows
        where touched_at < ${cutoff} and ${past}
        order by touched_at, account_id, number limit ${limit}`.execute(tx);
      const last = found.rows.at(-1);
      if (last) cursor = { at: Number(last.touched_at), account: last.account_id, number: last.number };
      const rows: Record<string, number> = {};
      const byAccount = byFirst(found.rows.map((r) => [r.account_id, r.number]));
      for (const [account, numbers] of byAccount) {
        const where = sql<SqlBool>`account_id = ${account} and ${within('number', numbers)} and touched_at < ${cutoff}`;
        count(rows, 'twofa_windows', await remove(tx, dryRun, 'twofa_windows', where));
      }
      return { rows, files: [], more: found.rows.length === limit };
    });
}

/**
 * Dead jobs of `kinds` (or of every other kind, `except`), whose last attempt was scheduled
 * before `cutoff`: the record of work given up (a webhook delivery, say), kept for operators.
 */
export function purgeDeadJobs(
  store: Store,
  cutoff: number,
  dryRun: boolean,
  which: { kinds: readonly string[] } | { except: readonly string[] },
): Batcher {
  let cursor: Cursor | null = null;
  const kinds =
    'kinds' in which ? within('kind', which.kinds) : sql<SqlBool>`not ${within('kind', which.except)}`;
  const dead = sql<SqlBool>`state = 'dead' and ${kinds} and run_at < ${cutoff}`;
  return (limit) =>
    inBatch(store, dryRun, async (tx) => {
      const found = await sql<{ id: number | string; run_at: number | string }>`
        select id, run_at from jobs where ${dead} and ${after('run_at', 'id', cursor)}
        order by run_at, id limit ${limit}`.execute(tx);
      const last = found.rows.at(-1);
      if (last) cursor = { at: Number(last.run_at), key: Number(last.id) };
      const ids = found.rows.map((r) => Number(r.id));
      const rows: Record<string, number> = {};
      count(rows, 'jobs', await remove(tx, dryRun, 'jobs', sql<SqlBool>`${within('id', ids)} and ${dead}`));
      return { rows, files: [], more: found.rows.length === limit };
    });
}

/**
 * Uploaded number lists (friend groups) expired before `cutoff`, with their numbers. Their own
 * job drops them when they expire; this takes what it left (a job given up, rows from before it).
 */
export function purgeNumberFiles(store: Store, cutoff: number, dryRun: boolean): Batcher {
  let cursor: Cursor | null = null;
  return (limit) =>
    inBatch(store, dryRun, async (tx) => {
      const found = await sql<{ file_key: string; expires_at: number | string }>`
        select file_key, expires_at from friend_group_files
        where expires_at < ${cutoff} and ${after('expires_at', 'file_key', cursor)}
        order by expires_at, file_key limit ${limit}`.execute(tx);
      const last = found.rows.at(-1);
      if (last) cursor = { at: Number(last.expires_at), key: last.file_key };
      const keys = found.rows.map((r) => r.file_key);
      const rows: Record<string, number> = {};
      const gone = await remove(
        tx,
        dryRun,
        'friend_group_files',
        sql<SqlBool>`${within('file_key', keys)} and expires_at < ${cutoff}`,
      );
      count(rows, 'friend_group_files', gone);
      if (gone > 0) {
        count(
          rows,
          'friend_group_file_numbers',
          await remove(tx, dryRun, 'friend_group_file_numbers', within('file_key', keys)),
        );
      }
      return { rows, files: [], more: found.rows.length === limit };
    });
}

/** Idempotency keys past their TTL (`expires_at` before `now`): a replay is no longer one. */
export function purgeIdempotencyKeys(store: Store, now: number, dryRun: boolean): Batcher {
  let cursor: { at: number; account: string; key: string } | null = null;
  return (limit) =>
    inBatch(store, dryRun, async (tx) => {
      const past =
        cursor === null
          ? sql<SqlBool>`1 = 1`
          : sql<SqlBool>`(expires_at, account_id, idem_key) > (${cursor.at}, ${cursor.account}, ${cursor.key})`;
      const found = await sql<{ expires_at: number | string; account_id: string; idem_key: string }>`
        select expires_at, account_id, idem_key from idempotency_keys
        where expires_at < ${now} and ${past}
        order by expires_at, account_id, idem_key limit ${limit}`.execute(tx);
      const last = found.rows.at(-1);
      if (last) cursor = { at: Number(last.expires_at), account: last.account_id, key: last.idem_key };
      const byAccount = byFirst(found.rows.map((r) => [r.account_id, r.idem_key]));
      const rows: Record<string, number> = {};
      for (const [account, keys] of byAccount) {
        // Under the condition again: a key taken over meanwhile by a new request lives on.
        const where = sql<SqlBool>`account_id = ${account} and ${within('idem_key', keys)} and expires_at < ${now}`;
        count(rows, 'idempotency_keys', await remove(tx, dryRun, 'idempotency_keys', where));
      }
      return { rows, files: [], more: found.rows.length === limit };
    });
}

/**
 * What simulated handsets received before `cutoff`, walked by id from the oldest (ids follow the
 * time of the rows). The walk stops at the first row that is too young, so a clock set back (the
 * sandbox's) leaves older rows behind it for a later purge rather than making every purge read
 * the whole table. A row whose message is still on its way stays: it is also what stops a step
 * submitted again from reaching the handset twice.
 */
export function purgeSandboxInbox(store: Store, cutoff: number, dryRun: boolean): Batcher {
  let afterId = 0;
  return (limit) =>
    inBatch(store, dryRun, async (tx) => {
      const found = await sql<{ id: number | string; received_at: number | string }>`
        select id, received_at from sandbox_inbox where id > ${afterId} order by id limit ${limit}`.execute(
        tx,
      );
      const young = found.rows.findIndex((r) => Number(r.received_at) >= cutoff);
      const old = (young === -1 ? found.rows : found.rows.slice(0, young)).map((r) => Number(r.id));
      const last = old.at(-1);
      if (last !== undefined) afterId = last;
      const live =
        old.length === 0
          ? []
          : (
              await sql<{ id: number | string }>`
                select i.id from sandbox_inbox i join messages m on m.msg_key = i.msg_key
                where ${within('i.id', old)} and m.done_at is null`.execute(tx)
            ).rows.map((r) => Number(r.id));
      const kept = new Set(live);
      const ids = old.filter((id) => !kept.has(id));
      const rows: Record<string, number> = {};
      const where = sql<SqlBool>`${within('id', ids)} and received_at < ${cutoff}`;
      count(rows, 'sandbox_inbox', await remove(tx, dryRun, 'sandbox_inbox', where));
      return { rows, files: [], more: young === -1 && found.rows.length === limit };
    });
}

/** Audit entries recorded before `cutoff` (real time, as the entries are stamped). */
export function purgeAudit(store: Store, cutoff: number, dryRun: boolean): Batcher {
  return purgeByTime(store, dryRun, 'audit_log', 'at', 'id', cutoff);
}

/** Refused client requests answered before `cutoff` (gateway clock), kept hours for debugging. */
export function purgeRefusedRequests(store: Store, cutoff: number, dryRun: boolean): Batcher {
  return purgeByTime(store, dryRun, 'refused_requests', 'at', 'id', cutoff);
}

/**
 * Refused client requests beyond the newest `keep`, whatever their age: the per-second bound
 * limits how fast they come, this how many a flood can leave (retention 0 keeps them for good,
 * but not without end). Oldest first, along the primary key.
 */
export function purgeRefusedOverCap(store: Store, keep: number, dryRun: boolean): Batcher {
  let done = 0;
  return (limit) =>
    inBatch(store, dryRun, async (tx) => {
      const edge = await sql<{ id: number | string }>`
        select id from refused_requests order by id desc limit 1 offset ${keep + done}`.execute(tx);
      const rows: Record<string, number> = {};
      const last = edge.rows[0];
      if (!last) return { rows, files: [], more: false };
      const found = await sql<{ id: number | string }>`
        select id from refused_requests where id <= ${Number(last.id)} order by id limit ${limit}`.execute(
        tx,
      );
      const ids = found.rows.map((r) => Number(r.id));
      count(rows, 'refused_requests', await remove(tx, dryRun, 'refused_requests', within('id', ids)));
      // A dry run deletes nothing: the next look must step past what it counted.
      if (dryRun) done += ids.length;
      return { rows, files: [], more: found.rows.length === limit };
    });
}

/**
 * Failed webhook posts (0028) made before `cutoff`: a dead receiver leaves one a retry, and they
 * need not wait for their message's age (the purge of messages and MOs takes the rest with them).
 */
export function purgeWebhookAttempts(store: Store, cutoff: number, dryRun: boolean): Batcher {
  return purgeByTime(store, dryRun, 'webhook_attempts', 'at', 'id', cutoff);
}
