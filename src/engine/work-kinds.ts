import { Type } from '@sinclair/typebox';
import { defineJob } from '../store/jobs/job-kind.ts';

/**
 * The kinds of the engine's own work, as `ctx.workAdded` names them to wake the lane that runs it.
 * DISPATCH_WORK is not a job: it says that messages became due (accepted, released from a
 * reservation, failed over), which the dispatch lane claims from their own rows (store/messages/
 * queue.ts). DISPATCH_JOB is the job the versions before migration 0025 enqueued per request; an
 * instance of such a version may still add some during an upgrade, and a handler makes their
 * messages due.
 */
export { DISPATCH_WORK } from '../store/messages/due-work.ts';
export const DISPATCH = defineJob(
  'dispatch',
  Type.Object({
    requestId: Type.Optional(Type.String()),
    msgKeys: Type.Optional(Type.Array(Type.String())),
  }),
);
export const DISPATCH_JOB = DISPATCH.kind;
/** Settles the waits that ran out (the sweep adds it for waits far past their end). */
export const WAIT = defineJob('dispatch.wait', Type.Object({}));
export const WAIT_JOB = WAIT.kind;
