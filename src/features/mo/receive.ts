import type { InboundMo } from '../../connectors/types.ts';
import type { Ctx } from '../../context.ts';
import { GatewayError } from '../../errors.ts';
import type { Executor } from '../../store/db/executor.ts';
import { newId } from '../../store/db/ids.ts';
import { transact } from '../../store/db/work-signal.ts';
import { findMoAccount, insertMo, type NewMo } from '../../store/mo/mo.ts';
import { applyOptKeyword } from '../policy/opt-messages.ts';

export interface ReceivedMo {
  msgKey: string;
  accountId: string;
  /** False when the connector had handed over this MO before (same networkId): nothing new stored. */
  created: boolean;
}

/** The MO as stored, with the time it was received (the gateway clock). */
export type StoredMo = NewMo & { receivedAt: number };

export interface ReceiveOptions {
  /**
   * Runs in the MO's transaction once it is stored (not for a repeat of one taken before): what
   * must be written with the MO or not at all. The sandbox writes the MO into the sending
   * handset's timeline here; a network connector passes none.
   */
  stored?: (tx: Executor, mo: StoredMo) => Promise<void>;
}

const NUMBER = /^[0-9]{3,20}$/;
export const MO_CONTENT_MAX = 4000;
export const MO_CARRIER_MAX = 20;
export const MO_NETWORK_ID_MAX = 200;

function number(field: string, value: string): string {
  if (!NUMBER.test(value)) throw new GatewayError('A731', `${field} must be 3 to 20 digits`);
  return value;
}

function text(field: string, value: string, max: number): string {
  if (value.length > max) throw new GatewayError('A731', `${field} must be at most ${max} characters`);
  return value;
}

/**
 * Takes an inbound MO: the account is the one that registered `to` as a sender number (A730
 * when none did); the MO is stored with a new msgKey and its webhook delivery job in one
 * transaction, so once this returns it reaches the webhook whatever restarts. A repeat of an
 * MO already taken (same connector and networkId) answers the first one's msgKey.
 */
export async function receiveMo(ctx: Ctx, mo: InboundMo, options: ReceiveOptions = {}): Promise<ReceivedMo> {
  const to = number('to', mo.to);
  const from = number('from', mo.from);
  const originator =
    mo.originator === undefined || mo.originator === '' ? from : number('originator', mo.originator);
  const content = text('content', mo.content, MO_CONTENT_MAX);
  const carrier = text('carrier', mo.carrier ?? '', MO_CARRIER_MAX);
  if (mo.connector === '') throw new GatewayError('A731', 'connector must not be empty');
  const networkId = mo.networkId === undefined || mo.networkId === '' ? null : mo.networkId;
  if (networkId !== null) text('networkId', networkId, MO_NETWORK_ID_MAX);
  const now = ctx.clock.now();
  const occurredAt = mo.occurredAt ?? now;
  if (!Number.isSafeInteger(occurredAt) || occurredAt < 0) {
    throw new GatewayError('A731', 'occurredAt must be epoch milliseconds');
  }
  const out = await transact(ctx.store, async (trx) => {
    const accountId = await findMoAccount(trx, to);
    if (accountId === undefined) throw new GatewayError('A730', `to ${to}`);
    const record: NewMo = {
      msgKey: newId('mo'),
      accountId,
      to,
      from,
      originator,
      carrier,
      content,
      connector: mo.connector,
      networkId,
      occurredAt,
    };
    const stored = await insertMo(trx, record, now);
    // A repeat of an MO already taken changed the list (and wrote its rows) the first time.
    if (stored.created) {
      await applyOptKeyword(trx, ctx.config, { accountId, to, originator, content }, now);
      await options.stored?.(trx, { ...record, receivedAt: now });
    }
    return stored;
  });
  return out;
}

/**
 * receiveMo for a network connector. An MO that no account can take (an unregistered number, a
 * malformed field) is logged and dropped, answering null: the network gets its acknowledgement
 * all the same, since refusing it would only make the carrier resend what nobody can receive.
 * Numbers and text stay out of the log line (docs/security.md#threat-model: logs above debug hold neither).
 */
export async function receiveNetworkMo(ctx: Ctx, mo: InboundMo): Promise<ReceivedMo | null> {
  try {
    return await receiveMo(ctx, mo);
  } catch (err) {
    if (!(err instanceof GatewayError) || (err.code !== 'A730' && err.code !== 'A731')) throw err;
    ctx.logger.warn(
      { connector: mo.connector, networkId: mo.networkId, code: err.code },
      'MO dropped: no account can receive it',
    );
    ctx.logger.debug({ to: mo.to, detail: err.detail }, 'MO dropped');
    return null;
  }
}
