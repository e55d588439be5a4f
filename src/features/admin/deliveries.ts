import type { Static } from '@sinclair/typebox';
import { isoKst } from '../../clock.ts';
import type { Ctx } from '../../context.ts';
import { GatewayError } from '../../errors.ts';
import {
  type DeliveryJob,
  jobCreatedAt,
  jobsOfReports,
  moReceivedAt,
  reportById,
  reportCreatedAt,
  type WebhookReport,
  walkMo,
  walkReportJobs,
  walkWebhookReports,
} from '../../store/messages/admin-deliveries.ts';
import { restartReportDelivery } from '../../store/messages/report-redelivery.ts';
import { parseReportBody } from '../../store/messages/reports.ts';
import type { MoRecord, MoStatus } from '../../store/mo/mo.ts';
import type {
  Delivery,
  DeliveryListQuery,
  DeliveryPage,
  DeliveryState,
  DeliveryStatus,
} from './delivery-schemas.ts';
import { SCAN_WINDOW } from './ops-doc.ts';

type Row = Static<typeof Delivery>;
type Page = Static<typeof DeliveryPage>;

const iso = (ms: number | null): string | null => (ms === null ? null : isoKst(ms));

const MO_STATUSES_OF: Record<DeliveryState, readonly MoStatus[]> = {
  pending: ['PENDING'],
  failed: ['FAILED', 'GIVEN_UP'],
  delivered: ['DELIVERED'],
};

function clip(s: string, n = 80): string {
  return s.length > n ? `${s.slice(0, n - 1)}…` : s;
}

function moRow(mo: MoRecord): Row {
  return {
    kind: 'mo',
    msgKey: mo.msgKey,
    reportId: null,
    accountId: mo.accountId,
    status: mo.status,
    attempts: mo.attempts,
    lastError: mo.lastError,
    nextAttemptAt: iso(mo.nextAttemptAt),
    // The MO row does not say whether a post is under way (its job's lease would): not shown.
    running: false,
    deliveredAt: iso(mo.deliveredAt),
    createdAt: isoKst(mo.receivedAt),
    summary: clip(`${mo.from} → ${mo.to}: ${mo.content}`),
  };
}

/**
 * A report's delivery state, MO-style: DELIVERED once acknowledged; otherwise from its job:
 * GIVEN_UP when dead (or gone), FAILED when its last try failed and a retry waits, PENDING when
 * not tried in this schedule yet (a redelivery resets the attempts and keeps the last error).
 */
function reportStatus(r: WebhookReport, job: DeliveryJob | undefined): DeliveryStatus {
  if (r.ackedAt !== null) return 'DELIVERED';
  if (!job || job.state === 'dead') return 'GIVEN_UP';
  if (job.attempts > 0 && job.lastError !== null) return 'FAILED';
  return 'PENDING';
}

function reportRow(r: WebhookReport, job: DeliveryJob | undefined, now: number): Row {
  const status = reportStatus(r, job);
  const body = parseReportBody(r.body);
  const waiting = status === 'PENDING' || status === 'FAILED';
  return {
    kind: 'report',
    msgKey: r.msgKey,
    reportId: r.id,
    accountId: r.accountId,
    status,
    attempts: status === 'DELIVERED' && !job ? null : (job?.attempts ?? 0),
    lastError:
      job?.lastError ?? (status === 'GIVEN_UP' ? 'no delivery job: redeliver to post it again' : null),
    nextAttemptAt: waiting && job ? isoKst(job.runAt) : null,
    running: job !== undefined && job.lockedBy !== null && (job.lockedUntil ?? 0) > now,
    deliveredAt: iso(r.ackedAt),
    createdAt: isoKst(r.createdAt),
    summary: clip(`${body.reportType} ${body.reportCode} ${body.reportText}`.trim()),
  };
}

function cursorNumber(cursor: string | undefined, prefix: string): number | null {
  if (cursor === undefined) return null;
  const m = new RegExp(`^${prefix}\\.(\\d{1,15})$`).exec(cursor);
  if (!m)
    throw new GatewayError(
      'A300',
      `cursor "${cursor}" is not a next of this list (were the filters changed?)`,
    );
  return Number(m[1]);
}

/**
 * GET /admin/v1/webhook-deliveries. MO: the MO rows by key. Reports: pending and failed ones
 * through their delivery jobs (the jobs table holds exactly those), delivered or all through the
 * reports whose way is the webhook. Each walk is bounded by SCAN_WINDOW rows a call.
 */
export async function listDeliveries(ctx: Ctx, q: Static<typeof DeliveryListQuery>): Promise<Page> {
  const limit = q.limit ?? 50;
  const now = ctx.clock.now();
  const until = (at: number | undefined) => (at === undefined ? null : isoKst(at));

  if (q.kind === 'mo') {
    let after: string | null = null;
    if (q.cursor !== undefined) {
      const m = /^m\.(.{1,100})$/.exec(q.cursor);
      if (!m)
        throw new GatewayError(
          'A300',
          `cursor "${q.cursor}" is not a next of this list (were the filters changed?)`,
        );
      after = m[1] ?? null;
    }
    const statuses = q.state === undefined ? undefined : MO_STATUSES_OF[q.state];
    const w = await walkMo(ctx.store, { accountId: q.accountId, statuses }, after, limit, SCAN_WINDOW);
    return {
      kind: 'mo',
      deliveries: w.rows.map(moRow),
      next: w.next === null ? null : `m.${w.next}`,
      searchedUntil: w.windowEnded && w.next !== null ? until(await moReceivedAt(ctx.store, w.next)) : null,
    };
  }

  if (q.state === 'pending' || q.state === 'failed') {
    const after = cursorNumber(q.cursor, 'j');
    const w = await walkReportJobs(ctx.store, q.state, q.accountId, after, limit, SCAN_WINDOW);
    return {
      kind: 'report',
      deliveries: w.rows.map(({ job, report }) => reportRow(report, job, now)),
      next: w.next === null ? null : `j.${w.next}`,
      searchedUntil: w.windowEnded && w.next !== null ? until(await jobCreatedAt(ctx.store, w.next)) : null,
    };
  }

  const after = cursorNumber(q.cursor, 'r');
  const w = await walkWebhookReports(
    ctx.store,
    { accountId: q.accountId, acked: q.state === 'delivered' ? true : undefined },
    after,
    limit,
    SCAN_WINDOW,
  );
  const jobs = await jobsOfReports(
    ctx.store.db,
    w.rows.filter((r) => r.ackedAt === null).map((r) => r.id),
  );
  return {
    kind: 'report',
    deliveries: w.rows.map((r) => reportRow(r, jobs.get(r.id), now)),
    next: w.next === null ? null : `r.${w.next}`,
    searchedUntil: w.windowEnded && w.next !== null ? until(await reportCreatedAt(ctx.store, w.next)) : null,
  };
}

/**
 * POST /admin/v1/reports/{reportId}/redeliver: a new delivery schedule starting now, as MO
 * redelivery does. Refused (A824) for a report acknowledged already (the gateway posts a report
 * until it is acknowledged, and never after: the client has it), for a report delivered by
 * polling (it has no webhook delivery), and while an attempt is being made (its outcome decides).
 */
export async function redeliverReport(ctx: Ctx, reportId: number): Promise<Row> {
  const r = await reportById(ctx.store, reportId);
  if (!r) throw new GatewayError('A820', `report ${reportId}`);
  if (r.channel !== 'webhook') {
    throw new GatewayError('A824', `report ${reportId} is delivered by polling, not by the webhook`);
  }
  if (r.ackedAt !== null) {
    throw new GatewayError(
      'A824',
      `report ${reportId} was acknowledged by the webhook at ${isoKst(r.ackedAt)}; it is never posted again`,
    );
  }
  const now = ctx.clock.now();
  const { outcome, job } = await restartReportDelivery(ctx.store, reportId, now);
  if (outcome === 'running') {
    throw new GatewayError(
      'A824',
      `report ${reportId} is being posted right now; its outcome decides what follows`,
    );
  }
  // The schedule as restarted (read in the restart's transaction): a worker may already be on it.
  return reportRow(r, job, now);
}
