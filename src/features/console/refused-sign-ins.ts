import { isoKst } from '../../clock.ts';
import type { Ctx } from '../../context.ts';
import { insertAudit, updateAuditEntry } from '../../store/accounts/audit.ts';

/** One audit row per address per window, whatever the number of wrong tokens it sent. */
export const AUDIT_WINDOW_MS = 10 * 60_000;
/** Rows a window opens at most; past it, every further address shares one row. */
const MAX_ROWS_PER_WINDOW = 1000;
const MANY = 'many addresses';

interface Open {
  id: number;
  count: number;
  since: number;
}

/**
 * Refused console sign-ins, aggregated in the audit log: the first wrong token from an address
 * writes a row (`anonymous <address>`, `POST /admin/v1/session`, its target `{refused, since}`),
 * the next ones of the same window update that row's count. Before, each refusal was a row kept
 * 365 days: one client wrote hundreds a second. Real time, as the audit log's own.
 */
export class RefusedSignIns {
  readonly #ctx: Ctx;
  readonly #open = new Map<string, Open>();
  #windowStart = 0;
  #opened = 0;

  constructor(ctx: Ctx) {
    this.#ctx = ctx;
  }

  async record(address: string, status: number, trId: string, now = Date.now()): Promise<void> {
    if (now - this.#windowStart >= AUDIT_WINDOW_MS) {
      this.#windowStart = now;
      this.#opened = 0;
    }
    for (const [k, o] of this.#open) if (now - o.since >= AUDIT_WINDOW_MS) this.#open.delete(k);
    const key = this.#open.has(address) || this.#opened < MAX_ROWS_PER_WINDOW ? address : MANY;
    const open = this.#open.get(key);
    try {
      if (open) {
        open.count += 1;
        await updateAuditEntry(this.#ctx.store, open.id, { target: target(open), status, trId });
        return;
      }
      const fresh: Open = { id: 0, count: 1, since: now };
      this.#open.set(key, fresh);
      this.#opened += 1;
      fresh.id = await insertAudit(this.#ctx.store, {
        at: now,
        actor: `anonymous ${key}`,
        action: 'POST /admin/v1/session',
        target: target(fresh),
        status,
        trId,
      });
    } catch (err) {
      this.#ctx.logger.error({ err, trId }, 'could not record refused sign-ins in the audit log');
    }
  }
}

function target(o: Open): Record<string, string> {
  return { refused: String(o.count), since: isoKst(o.since) };
}
