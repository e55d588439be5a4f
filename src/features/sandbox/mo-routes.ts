import type { Ctx } from '../../context.ts';
import { recordSentMo } from '../../store/sandbox/sent-mo.ts';
import { isPhoneNumber } from '../admin/checks.ts';
import { type ReceivedMo, receiveMo } from '../mo/receive.ts';
import { sandboxMo } from '../mo/schemas.ts';
import type { FeaturePlugin } from '../types.ts';
import { showHandset } from './handsets.ts';

/** The sandbox's connector name: MOs sent here are deduplicated by networkId under it. */
export const SANDBOX_MO_CONNECTOR = 'sandbox';

export interface SandboxMoInput {
  to: string;
  from: string;
  content: string;
  carrier?: string | undefined;
  originator?: string | undefined;
  networkId?: string | undefined;
}

/**
 * A sandbox handset sends an MO: taken as a network's MO is (receiveMo), and written into the
 * sending handset's timeline in the same transaction, so its conversation shows what it sent
 * beside what it received. The device is `originator`, else `from`; a device that is no handset
 * number (a short code typed as `from`) has no timeline to write to. Open live timelines of this
 * process are told once the MO is committed (other instances' streams find it at their next look).
 */
export async function sendSandboxMo(ctx: Ctx, input: SandboxMoInput): Promise<ReceivedMo> {
  const { to, from, content, carrier, originator, networkId } = input;
  const device = originator === undefined || originator === '' ? from : originator;
  const handset = isPhoneNumber(device);
  // The carrier is the sending handset's, as the sandbox world defines it, unless given.
  const carrierOf = carrier ?? (handset ? (await showHandset(ctx, device)).carrier : '');
  let written = false;
  const received = await receiveMo(
    ctx,
    { to, from, content, carrier: carrierOf, originator, networkId, connector: SANDBOX_MO_CONNECTOR },
    {
      stored: handset
        ? async (tx, mo) => {
            await recordSentMo(tx, {
              phone: device,
              msgKey: mo.msgKey,
              from: mo.from,
              content: mo.content,
              payload: JSON.stringify({
                to: mo.to,
                from: mo.from,
                originator: mo.originator,
                carrier: mo.carrier,
                content: mo.content,
              }),
              receivedAt: mo.receivedAt,
            });
            written = true;
          }
        : undefined,
    },
  );
  if (written) ctx.events.emit('sandbox.inbox', { phones: [device] });
  return received;
}

/** POST /sandbox/v1/mo: a handset sends an MO message. */
export const sandboxMoRoutes: FeaturePlugin = async (app, { ctx }) => {
  app.post('/mo', { schema: sandboxMo }, async (req) => sendSandboxMo(ctx, req.body));
};
