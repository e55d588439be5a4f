/**
 * The kind of work a write that makes messages due notes (workWritten): accepted, released from a
 * reservation, failed over, made due by the sweep. It names no job: the dispatch lane claims the
 * due messages from their own rows (queue.ts), and this wakes it once they are committed.
 */
export const DISPATCH_WORK = 'dispatch.messages';
