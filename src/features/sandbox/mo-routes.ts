import { isPhoneNumber } from '../admin/checks.ts';
import { receiveMo } from '../mo/receive.ts';
import { sandboxMo } from '../mo/schemas.ts';
import type { FeaturePlugin } from '../types.ts';
import { showHandset } from './handsets.ts';

/** The sandbox's connector name: MOs sent here are deduplicated by networkId under it. */
export const SANDBOX_MO_CONNECTOR = 'sandbox';

/** POST /sandbox/v1/mo: a handset sends an MO message. */
export const sandboxMoRoutes: FeaturePlugin = async (app, { ctx }) => {
  app.post('/mo', { schema: sandboxMo }, async (req) => {
    const { to, from, content, carrier, originator, networkId } = req.body;
    const device = originator === undefined || originator === '' ? from : originator;
    // The carrier is the sending handset's, as the sandbox world defines it, unless given.
    const carrierOf = carrier ?? (isPhoneNumber(device) ? (await showHandset(ctx, device)).carrier : '');
    return receiveMo(ctx, {
      to,
      from,
      content,
      carrier: carrierOf,
      originator,
      networkId,
      connector: SANDBOX_MO_CONNECTOR,
    });
  });
};
