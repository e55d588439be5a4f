import type { Ctx } from '../../context.ts';
import { coalesce } from '../../engine/coalesce.ts';
import type { Store } from '../../store/db/database.ts';
import { insertWebhookFailures, type WebhookFailure } from '../../store/messages/webhook-attempts.ts';

export type RecordFailure = (failure: WebhookFailure) => Promise<void>;

const logs = new WeakMap<Store, RecordFailure>();

/**
 * Records a failed webhook post (reports and MO share it): the failures of one turn of the event
 * loop go in one statement, as the deliveries' reads and acknowledgements do. A failure that
 * cannot be recorded is logged and left: the delivery's own failure (its retry) matters more
 * than its record.
 */
export function webhookFailureLog(ctx: Ctx): RecordFailure {
  let log = logs.get(ctx.store);
  if (!log) {
    const insert = coalesce(async (rows: readonly WebhookFailure[]) => {
      await insertWebhookFailures(ctx.store, rows);
      return rows.map(() => undefined);
    });
    log = async (failure) => {
      try {
        await insert(failure);
      } catch (err) {
        ctx.logger.warn({ err, msgKey: failure.msgKey, kind: failure.kind }, 'webhook attempt not recorded');
      }
    };
    logs.set(ctx.store, log);
  }
  return log;
}
