import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { setImmediate as turn } from 'node:timers/promises';
import { DAY_MS } from '../clock.ts';
import type { RetentionKind } from '../config.ts';
import type { Ctx } from '../context.ts';
import { BRAND_IMAGE_KINDS } from '../rules/image-kinds.ts';
import { FILES_DIR } from '../store/media/files.ts';
import { REPORT_WEBHOOK_JOB } from '../store/messages/reports.ts';
import { MO_DELIVERY_JOB } from '../store/mo/mo.ts';
import type { Batcher } from '../store/purge/batch.ts';
import { purgeMessageKind } from '../store/purge/messages.ts';
import {
  purgeAudit,
  purgeDeadJobs,
  purgeIdempotencyKeys,
  purgeMo,
  purgeNumberFiles,
  purgeRefusedOverCap,
  purgeRefusedRequests,
  purgeSandboxInbox,
  purgeTwofaRequests,
  purgeTwofaWindows,
  purgeWebhookAttempts,
} from '../store/purge/records.ts';
import { purgeAbandonedBytes, purgeUploads } from '../store/purge/uploads.ts';

/**
 * The kinds of the configuration, idempotency keys, which go when their TTL ends, and refused
 * client requests, whose age is in hours (OMNIGATE_RETENTION_REFUSED_HOURS).
 */
export type PurgeKind = RetentionKind | 'idempotency' | 'refused_requests';

export interface KindResult {
  kind: PurgeKind;
  /**
   * Days kept (0: for good); null for idempotency keys, kept until they expire. Refused requests
   * are kept hours: a fraction of a day (0.25 for 6 hours).
   */
  days: number | null;
  /** Records older than this go (epoch ms); null when the kind is kept for good. */
  cutoff: number | null;
  /** Rows that went (a dry run: would go), per table. */
  rows: Record<string, number>;
  /** Uploaded files whose rows and bytes went (a dry run: would go). */
  files: number;
  /** False when the call stopped at its batch limit with more of this kind possibly due. */
  done: boolean;
}

export interface PurgeResult {
  /** The gateway clock's time the ages were counted to. */
  now: number;
  dryRun: boolean;
  batches: number;
  kinds: KindResult[];
  /** True when nothing was left due: every kind was walked to its end. */
  done: boolean;
}

export interface PurgeOptions {
  /** Count what would go; delete nothing. */
  dryRun?: boolean;
  /** The most batches this call runs (one job run's share); absent: until nothing is due. */
  maxBatches?: number;
}

/**
 * The most refused requests kept, whatever their age: the recorder's per-second bound
 * (OMNIGATE_REFUSED_PER_SECOND) limits how fast they come, this what a flood can leave between
 * two purges and under a retention of 0 (for good). At the 16 KB kept of a body and of an answer,
 * at most about 1.6 GB; refusals are usually a few hundred bytes.
 */
export const REFUSED_KEPT_MAX = 50_000;

/** Webhook deliveries given up: the report's and the MO's delivery jobs (kind `webhooks`). */
export const WEBHOOK_JOB_KINDS = [REPORT_WEBHOOK_JOB, MO_DELIVERY_JOB] as const;

/**
 * Between two batches the purge waits as long as the last one took (at least PAUSE_MIN_MS), so
 * it holds SQLite's write lock at most half the time and a send waiting for it waits at most
 * one batch; at most PAUSE_MAX_MS, so a slow disk does not stretch the purge for nothing.
 * Measured (bench:purge, a million rows): waiting three times as long made the p99 of sends
 * during the purge worse, not better: a purge twice as long overlaps twice as many sends
 * (docs/decisions.md, Protection: the purge is a job).
 */
const PAUSE_FACTOR = 1;

/**
 * Bytes no record names are swept once this old (src/store/purge/uploads.ts), whatever the
 * uploads' retention, 0 (for good) included: they are no record anyone keeps. A video's upload,
 * the longest write, ends within 5 minutes of its registration.
 */
export const ABANDONED_BYTES_MS = DAY_MS;
const PAUSE_MIN_MS = 2;
const PAUSE_MAX_MS = 250;

interface Plan {
  kind: PurgeKind;
  days: number | null;
  cutoff: number | null;
  /** Walked in order: a message's reservation and request only once the message is gone. */
  batchers: Batcher[];
}

/**
 * Small kinds first: a backlog of messages (a first purge of an old database) takes many runs of
 * the job, and must not hold back the others.
 */
const ORDER: readonly PurgeKind[] = [
  'idempotency',
  'refused_requests',
  'twofa',
  'mo',
  'sandbox_inbox',
  'webhooks',
  'dead_jobs',
  'friend_group_files',
  'uploads',
  'audit',
  'messages',
];

function plans(ctx: Ctx, now: number, dryRun: boolean): Plan[] {
  const { store } = ctx;
  const out: Plan[] = [];
  for (const kind of ORDER) {
    if (kind === 'idempotency') {
      out.push({ kind, days: null, cutoff: now, batchers: [purgeIdempotencyKeys(store, now, dryRun)] });
      continue;
    }
    if (kind === 'refused_requests') {
      const hours = ctx.config.retention.refusedHours;
      const cutoff = hours === 0 ? null : now - hours * 3600_000;
      const batchers = [
        ...(cutoff === null ? [] : [purgeRefusedRequests(store, cutoff, dryRun)]),
        purgeRefusedOverCap(store, REFUSED_KEPT_MAX, dryRun),
      ];
      out.push({ kind, days: hours / 24, cutoff, batchers });
      continue;
    }
    const days = ctx.config.retention.days[kind];
    if (days === 0) {
      const batchers =
        kind === 'uploads' ? [purgeAbandonedBytes(store, now - ABANDONED_BYTES_MS, dryRun)] : [];
      out.push({ kind, days, cutoff: null, batchers });
      continue;
    }
    // The audit log is stamped with real time (operators move the sandbox clock); the rest with
    // the gateway clock.
    const cutoff = (kind === 'audit' ? Date.now() : now) - days * DAY_MS;
    out.push({ kind, days, cutoff, batchers: batchersOf(ctx, kind, { cutoff, now }, dryRun) });
  }
  return out;
}

function batchersOf(
  ctx: Ctx,
  kind: RetentionKind,
  { cutoff, now }: { cutoff: number; now: number },
  dryRun: boolean,
): Batcher[] {
  const { store } = ctx;
  switch (kind) {
    case 'messages':
      return purgeMessageKind(store, cutoff, dryRun);
    case 'mo':
      return [purgeMo(store, cutoff, dryRun)];
    case 'twofa':
      return [purgeTwofaRequests(store, cutoff, dryRun), purgeTwofaWindows(store, cutoff, dryRun)];
    case 'sandbox_inbox':
      return [purgeSandboxInbox(store, cutoff, dryRun)];
    case 'webhooks':
      return [
        purgeDeadJobs(store, cutoff, dryRun, { kinds: WEBHOOK_JOB_KINDS }),
        purgeWebhookAttempts(store, cutoff, dryRun),
      ];
    case 'dead_jobs':
      return [purgeDeadJobs(store, cutoff, dryRun, { except: WEBHOOK_JOB_KINDS })];
    case 'friend_group_files':
      return [purgeNumberFiles(store, cutoff, dryRun)];
    case 'uploads':
      return [
        purgeUploads(store, { cutoff, kept: BRAND_IMAGE_KINDS, dir: FILES_DIR }, dryRun),
        purgeAbandonedBytes(store, now - ABANDONED_BYTES_MS, dryRun),
      ];
    case 'audit':
      return [purgeAudit(store, cutoff, dryRun)];
  }
}

/**
 * Deletes (or, on a dry run, counts) every record older than its kind's age
 * (docs/security.md#retention), kind by kind, in batches of `retention.batchSize` records each
 * with what depends on them, one short transaction per batch, pausing between batches. The job
 * (src/engine/retention.ts) and `omnigate purge` share it.
 */
export async function purge(ctx: Ctx, options: PurgeOptions = {}): Promise<PurgeResult> {
  const dryRun = options.dryRun === true;
  const budget = options.maxBatches ?? Number.POSITIVE_INFINITY;
  const now = ctx.clock.now();
  const limit = ctx.config.retention.batchSize;
  const kinds: KindResult[] = [];
  let batches = 0;
  for (const plan of plans(ctx, now, dryRun)) {
    const result: KindResult = {
      kind: plan.kind,
      days: plan.days,
      cutoff: plan.cutoff,
      rows: {},
      files: 0,
      done: true,
    };
    kinds.push(result);
    for (const next of plan.batchers) {
      let more = true;
      while (more) {
        if (batches >= budget) {
          result.done = false;
          break;
        }
        const started = performance.now();
        const batch = await next(limit);
        batches += 1;
        more = batch.more;
        for (const [table, n] of Object.entries(batch.rows))
          result.rows[table] = (result.rows[table] ?? 0) + n;
        result.files += batch.files.length;
        if (!dryRun) {
          // The rows and their bytes in the database are gone (committed): now the copy an
          // earlier release may have left on this instance's disk. A crash in between leaves a
          // file no row names, which nothing serves.
          await removeFiles(ctx, batch.files);
          const deleted = Object.keys(batch.rows).length > 0;
          if (deleted) {
            ctx.events.emit('retention.purged', {
              kind: plan.kind,
              rows: batch.rows,
              files: batch.files.length,
            });
          }
          // A batch that found nothing held the lock for a lookup: the next walk need not wait.
          if (deleted || more) await pause(performance.now() - started);
          else await turn();
        } else {
          await turn();
        }
      }
      if (!result.done) break;
    }
  }
  return { now, dryRun, batches, kinds, done: kinds.every((k) => k.done) };
}

function pause(batchMs: number): Promise<void> {
  const ms = Math.min(PAUSE_MAX_MS, Math.max(PAUSE_MIN_MS, PAUSE_FACTOR * batchMs));
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function removeFiles(ctx: Ctx, paths: readonly string[]): Promise<void> {
  for (const p of paths) {
    try {
      await unlink(join(ctx.config.dataDir, p));
    } catch (err) {
      // Already gone (a replaced upload's bytes go at once) is what was wanted.
      if (!(err instanceof Error && 'code' in err && err.code === 'ENOENT')) {
        ctx.logger.warn({ err, path: p }, 'purge: could not remove an uploaded file');
      }
    }
  }
}
