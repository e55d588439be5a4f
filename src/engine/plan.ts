import { formatKst } from '../clock.ts';
import type { Capabilities } from '../store/db/capabilities.ts';
import type { Executor } from '../store/db/executor.ts';
import { workWritten } from '../store/db/work-signal.ts';
import { enqueueJobs, type NewJob } from '../store/jobs/jobs.ts';
import { type AttemptRow, finishAttempts, upsertAttempts } from '../store/messages/attempts.ts';
import { changeMessages, type MessageChange, type MoveGuard } from '../store/messages/messages.ts';
import { dropEarlyReceipts } from '../store/messages/receipts.ts';
import type { NewReport, ReportBody } from '../store/messages/reports.ts';
import type { EngineEvents } from './events.ts';
import type { FlowStep } from './flow.ts';
import { DISPATCH_WORK } from './work-kinds.ts';

/** What a message and its step are, for the reports it produces. */
export interface ReportSubject {
  msgKey: string;
  accountId: string;
  ref: string;
  step: FlowStep;
  sendTime: number;
}

type FinishedAttempt = Parameters<typeof finishAttempts>[2][number];

/**
 * Stores a pass's reports and starts them on their way to the client (src/features/reports/
 * route.ts), in the pass's transaction.
 */
export type ReportRouter = (
  exec: Executor,
  caps: Capabilities,
  reports: readonly NewReport[],
  now: number,
) => Promise<void>;

/**
 * Everything one engine pass decided, written in ONE transaction at the end: attempts, message
 * moves, reports and follow-up jobs. A crash before the commit leaves the messages as they were,
 * so the pass runs again; connectors take a resubmitted (msgKey, step) without delivering twice.
 */
export class Plan {
  readonly attempts: AttemptRow[] = [];
  readonly finished: FinishedAttempt[] = [];
  readonly moves = new Map<string, { change: MessageChange; expect: MoveGuard }>();
  readonly reports: NewReport[] = [];
  readonly jobs: NewJob[] = [];
  /** Early receipts this pass settles with its submissions: deleted in its commit. */
  readonly earlyTaken: Array<{ connector: string; networkId: string }> = [];

  constructor(
    readonly now: number,
    private readonly caps: Capabilities,
    private readonly routeReports: ReportRouter,
  ) {}

  move(msgKey: string, expect: MoveGuard, change: MessageChange): void {
    const prev = this.moves.get(msgKey);
    // A message moved twice in one pass (failed, then the next step) keeps its first expectation.
    this.moves.set(msgKey, { change, expect: prev?.expect ?? expect });
  }

  report(
    s: ReportSubject,
    reportType: ReportBody['reportType'],
    code: string,
    text: string,
    carrier: string | null,
    at: number,
  ): void {
    this.reports.push({
      accountId: s.accountId,
      body: {
        msgKey: s.msgKey,
        serviceType: s.step.serviceType,
        msgType: s.step.msgType,
        reportType,
        reportCode: code,
        reportText: text,
        reportTime: formatKst(at),
        sendTime: formatKst(s.sendTime),
        carrier: carrier ?? '',
        ref: s.ref,
      },
    });
  }

  /**
   * Tells the subscribers (metrics) what the committed plan ended: messages by final status, and
   * the failed ones by report code. One walk over the pass's moves (at most a pass's worth).
   */
  announce(events: EngineEvents): void {
    const finals = new Map<string, number>();
    const failures = new Map<string, number>();
    for (const { change } of this.moves.values()) {
      if (change.doneAt === null) continue;
      finals.set(change.status, (finals.get(change.status) ?? 0) + 1);
      if (change.status === 'failed') {
        const code = change.reportCode ?? '';
        failures.set(code, (failures.get(code) ?? 0) + 1);
      }
    }
    for (const [status, count] of finals) events.emit('messages.final', { status, count });
    for (const [code, count] of failures) events.emit('messages.failed', { code, count });
  }

  get empty(): boolean {
    return (
      this.attempts.length +
        this.finished.length +
        this.moves.size +
        this.reports.length +
        this.jobs.length ===
      0
    );
  }

  /** Writes the pass; returns how many messages moved (fewer than planned: someone moved them first). */
  async commit(exec: Executor): Promise<number> {
    await upsertAttempts(exec, this.caps, this.attempts);
    await finishAttempts(exec, this.caps, this.finished);
    const moved = await changeMessages(
      exec,
      [...this.moves].map(([msgKey, m]) => ({ msgKey, change: m.change, expect: m.expect })),
      this.now,
    );
    await this.routeReports(exec, this.caps, this.reports, this.now);
    await enqueueJobs(exec, this.jobs, this.now);
    await dropEarlyReceipts(exec, this.earlyTaken);
    // A message moved to a step due now (failover after a receipt) is work of the dispatch lane;
    // the jobs tell their own lanes (enqueueJobs).
    if (this.#dueNow()) workWritten(exec, [DISPATCH_WORK]);
    return moved;
  }

  #dueNow(): boolean {
    for (const { change } of this.moves.values()) {
      if (change.status === 'queued' && change.nextAt !== null && change.nextAt <= this.now) return true;
    }
    return false;
  }
}
