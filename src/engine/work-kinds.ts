/**
 * The kinds of the engine's own work, as `ctx.workAdded` names them to wake the lane that runs it.
 * DISPATCH_WORK is not a job: it says that messages became due (accepted, released from a
 * reservation, failed over), which the dispatch lane claims from their own rows (store/messages/
 * queue.ts). DISPATCH_JOB is the job the versions before migration 0025 enqueued per request; an
 * instance of such a version may still add some during an upgrade, and a handler makes their
 * messages due.
 */
export const DISPATCH_WORK = 'dispatch.messages';
export const DISPATCH_JOB = 'dispatch';
export const WAIT_JOB = 'dispatch.wait';
