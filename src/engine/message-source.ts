import type { Ctx } from '../context.ts';
import type { DispatchRow } from '../store/messages/messages.ts';
import { anyExpiredWait, claimDueMessages, type DueStatus, moveClaims } from '../store/messages/queue.ts';
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
/** Expired waits are looked for at most once a second of the gateway clock (their ends are 3 minutes to 5 days away). */
const WAIT_LOOK_MS = 1000;
/** Expired waits settled by one claim (each in a transaction of its own). */
const WAIT_BATCH = 200;

interface Pass {
  status: DueStatus;
  keys: string[];
  /** The lease the messages' `claimed_until` holds (claim, then each renewal). */
  leaseEnd: number;
}

export interface MessageWork {
  /** One pass over due queued messages: submit them, move them on. */
  dispatch(rows: readonly DispatchRow[]): Promise<void>;
  /** Waiting messages whose wait ran out: settled (a timeout, or a result the network holds). */
  expire(rows: readonly DispatchRow[]): Promise<void>;
}

/**
 * The due messages as work of the dispatch lane (src/engine/runner.ts): each claim takes up to a
 * pass's worth, oldest due first, and runs one pass over them. Sends that arrive while passes are
 * under way wait for the lane's next round (every few ms) and go out together: one claim, one pass
 * and one commit for them all, which is what a `dispatch` job per request and the merging of their
 * passes did with three more row changes a request. Waiting messages whose wait ran out are
 * claimed the same way, once a second: a `dispatch.wait` job per pass (one row for a day per pass,
 * for the rare wait that runs out) is gone.
 */
export function createMessageSource(ctx: Ctx, work: MessageWork): WorkSource {
  const passes = new Set<Pass>();
  let rows = 0;
  /** The gateway time waits were last looked for; -Infinity: look at the next claim. */
  let waitsLookedAt = Number.NEGATIVE_INFINITY;

  /** Messages under way whose lease ran out (a clock moved past it): never claimed twice at once. */
  const exposed = (now: number): string[] =>
    [...passes].filter((p) => p.leaseEnd <= now).flatMap((p) => p.keys);

  function start(status: DueStatus, claimed: DispatchRow[], leaseUntil: number, limit: number): ClaimedBatch {
    const pass: Pass = { status, keys: claimed.map((r) => r.msgKey), leaseEnd: leaseUntil };
    passes.add(pass);
    rows += claimed.length;
    const run = status === 'queued' ? work.dispatch(claimed) : work.expire(claimed);
    const done = run
      .catch(async (err: unknown) => {
        ctx.logger.warn(
          { err, messages: claimed.length, status },
          'dispatch pass failed; its messages are due again',
        );
        // Those still held by this claim (the pass committed nothing) are due again soon.
        await moveClaims(
          ctx.store.db,
          pass.keys,
          pass.leaseEnd,
          { dueAt: ctx.clock.now() + FAILED_PASS_RETRY_MS },
          status,
        ).catch((e: unknown) =>
          ctx.logger.warn({ err: e }, 'could not hand a failed pass back; its lease will run out'),
        );
      })
      .finally(() => {
        passes.delete(pass);
        rows -= claimed.length;
      });
    return { count: claimed.length, full: claimed.length === limit, done };
  }

  return {
    async claim(now: number, leaseUntil: number): Promise<ClaimedBatch | null> {
      const room = Math.min(PASS_SIZE, ROWS_IN_FLIGHT - rows);
      // One pass may always run; past that, a claim waits for room for a useful share.
      if (room <= 0 || (rows > 0 && room < PASS_SIZE / 10)) return null;
      // On the manual clock every move is looked at (a test moves it past a wait's end at once).
      const look =
        now - waitsLookedAt >= WAIT_LOOK_MS || (ctx.config.clock === 'manual' && now !== waitsLookedAt);
      if (look) {
        waitsLookedAt = now;
        const limit = Math.min(WAIT_BATCH, room);
        if (await anyExpiredWait(ctx.store, now)) {
          const expired = await claimDueMessages(ctx.store, now, leaseUntil, limit, exposed(now), 'waiting');
          if (expired.length > 0) {
            // More may have run out: the next claim looks again.
            if (expired.length === limit) waitsLookedAt = Number.NEGATIVE_INFINITY;
            return start('waiting', expired, leaseUntil, limit);
          }
        }
      }
      const claimed = await claimDueMessages(ctx.store, now, leaseUntil, room, exposed(now));
      if (claimed.length === 0) return null;
      return start('queued', claimed, leaseUntil, room);
    },

    async renew(leaseUntil: number): Promise<void> {
      for (const pass of passes) {
        // A renewal that lands after the pass's commit moves nothing (the rows left their status
        // or this lease); one that fails leaves the lease to run out, and exposed() then keeps
        // its messages from being claimed here a second time while the pass runs.
        const held = pass.leaseEnd;
        await moveClaims(ctx.store.db, pass.keys, held, { leaseUntil }, pass.status);
        if (passes.has(pass)) pass.leaseEnd = leaseUntil;
      }
    },

    async release(): Promise<void> {
      const now = ctx.clock.now();
      for (const pass of passes)
        await moveClaims(ctx.store.db, pass.keys, pass.leaseEnd, { dueAt: now }, pass.status);
    },
  };
}
