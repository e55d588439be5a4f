import type { Ctx } from '../context.ts';
import type { DispatchRow } from '../store/messages/messages.ts';
import { claimDueMessages, moveClaims } from '../store/messages/queue.ts';
import type { ClaimedBatch, WorkSource } from './runner.ts';

/** Messages per pass: a send request's 200 in one, a reservation's thousands in several. */
export const PASS_SIZE = 500;
/**
 * Messages of the passes under way at once in one process: many one-recipient passes at once suit
 * a stream of small sends, but as many passes of 200 at once only held more memory
 * (docs/performance-log.md, small dispatch passes).
 */
const ROWS_IN_FLIGHT = 1600;
/** A pass that failed (its commit found a message moved, the database went away) is claimed again after this. */
const FAILED_PASS_RETRY_MS = 1000;

interface Pass {
  keys: string[];
  /** The lease its messages' `next_at` holds (claim, then each renewal). */
  leaseEnd: number;
}

/**
 * The due messages as work of the dispatch lane (src/engine/runner.ts): each claim takes up to a
 * pass's worth, oldest due first, and runs one pass over them. Sends that arrive while passes are
 * under way wait for the lane's next round (every few ms) and go out together: one claim, one pass
 * and one commit for them all, which is what a `dispatch` job per request and the merging of their
 * passes did with three more row changes a request.
 */
export function createMessageSource(
  ctx: Ctx,
  run: (rows: readonly DispatchRow[]) => Promise<void>,
): WorkSource {
  const passes = new Set<Pass>();
  let rows = 0;

  /** Messages under way whose lease ran out (a clock moved past it): never claimed twice at once. */
  const exposed = (now: number): string[] =>
    [...passes].filter((p) => p.leaseEnd <= now).flatMap((p) => p.keys);

  return {
    async claim(now: number, leaseUntil: number): Promise<ClaimedBatch | null> {
      const room = Math.min(PASS_SIZE, ROWS_IN_FLIGHT - rows);
      // One pass may always run; past that, a claim waits for room for a useful share.
      if (room <= 0 || (rows > 0 && room < PASS_SIZE / 10)) return null;
      const claimed = await claimDueMessages(ctx.store, now, leaseUntil, room, exposed(now));
      if (claimed.length === 0) return null;
      const pass: Pass = { keys: claimed.map((r) => r.msgKey), leaseEnd: leaseUntil };
      passes.add(pass);
      rows += claimed.length;
      const done = run(claimed)
        .catch(async (err: unknown) => {
          ctx.logger.warn(
            { err, messages: claimed.length },
            'dispatch pass failed; its messages are due again',
          );
          // Those still held by this claim (the pass committed nothing) are due again soon.
          await moveClaims(ctx.store.db, pass.keys, pass.leaseEnd, {
            dueAt: ctx.clock.now() + FAILED_PASS_RETRY_MS,
          }).catch((e: unknown) =>
            ctx.logger.warn({ err: e }, 'could not hand a failed pass back; its lease will run out'),
          );
        })
        .finally(() => {
          passes.delete(pass);
          rows -= claimed.length;
        });
      return { count: claimed.length, full: claimed.length === room, done };
    },

    async renew(leaseUntil: number): Promise<void> {
      for (const pass of passes) {
        // A renewal that lands after the pass's commit moves nothing (the rows left `queued` under
        // this lease); one that fails leaves the lease to run out, and exposed() then keeps its
        // messages from being claimed here a second time while the pass runs.
        const held = pass.leaseEnd;
        await moveClaims(ctx.store.db, pass.keys, held, { leaseUntil });
        if (passes.has(pass)) pass.leaseEnd = leaseUntil;
      }
    },

    async release(): Promise<void> {
      const now = ctx.clock.now();
      for (const pass of passes) await moveClaims(ctx.store.db, pass.keys, pass.leaseEnd, { dueAt: now });
    },
  };
}
