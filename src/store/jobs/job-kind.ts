import type { Static, TObject } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { ClaimedJob, NewJob } from './jobs.ts';

/** When a job runs, and what keeps it unique. */
export interface JobTiming {
  readonly runAt: number;
  /** While a job with this key exists, another with the same key is not added. */
  readonly dedupeKey?: string;
  readonly maxAttempts?: number;
}

/**
 * A kind of job, declared once with the schema of its payload (defineJob): jobs are made by it,
 * so a payload that does not fit is a compile error where it is enqueued, and read by it, so its
 * handler gets the payload typed and checked instead of re-checking fields of a plain record.
 */
export interface JobKind<T> {
  readonly kind: string;
  /** A job of this kind, for enqueueJobs. */
  job(payload: T, timing: JobTiming): NewJob;
  /** The payload of a claimed job of this kind; MalformedJob when it does not fit the schema. */
  read(job: ClaimedJob): T;
}

/**
 * A job whose payload does not fit its kind's schema (written by another version, or by hand):
 * no retry can make it fit, so the runner ends it dead at once, saying why.
 */
export class MalformedJob extends Error {}

export function defineJob<S extends TObject>(
  kind: string,
  payload: S,
  defaults: { maxAttempts?: number } = {},
): JobKind<Static<S>> {
  const check = TypeCompiler.Compile(payload);
  return {
    kind,
    job(p, timing) {
      const maxAttempts = timing.maxAttempts ?? defaults.maxAttempts;
      return {
        kind,
        payload: p,
        runAt: timing.runAt,
        ...(timing.dedupeKey !== undefined ? { dedupeKey: timing.dedupeKey } : {}),
        ...(maxAttempts !== undefined ? { maxAttempts } : {}),
      };
    },
    read(job) {
      if (job.kind !== kind) throw new MalformedJob(`a ${job.kind} job read as ${kind}`);
      if (check.Check(job.payload)) return job.payload;
      const first = check.Errors(job.payload).First();
      const where = first ? `${first.path || '/'}: ${first.message}` : 'does not fit';
      throw new MalformedJob(
        `malformed ${kind} payload (${where}): ${JSON.stringify(job.payload).slice(0, 200)}`,
      );
    },
  };
}
