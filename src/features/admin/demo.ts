import type { Static } from '@sinclair/typebox';
import type { Ctx } from '../../context.ts';
import { GatewayError } from '../../errors.ts';
import { getAccount } from '../../store/accounts/accounts.ts';
import {
  claimDemoAccount,
  DEMO_ACCOUNT_SETTING,
  getDemoAccountId,
} from '../../store/accounts/demo-account.ts';
import { putSetting } from '../../store/db/settings.ts';
import { findOwnTemplate, isSendable } from '../../store/templates/infomsg-templates.ts';
import { requestReview, reviewByHand } from '../infomsg/review.ts';
import type { TemplateInput } from '../infomsg/schemas.ts';
import { registerTemplate, updateTemplate } from '../infomsg/templates.ts';
import { createAccount } from './accounts.ts';
import { putBrand } from './brands.ts';
import { demoExamples, shellWord } from './demo-lines.ts';
import type { DemoAccount } from './demo-schemas.ts';
import { createKey } from './keys.ts';
import { putProfile } from './profiles.ts';
import { addSender } from './senders.ts';
import { ADMIN_TOKEN_FILE } from './token.ts';

/** What the demo registers: fixed names, so that a second run finds the first run's. */
export const DEMO = {
  name: 'demo',
  sender: '0212345678',
  senderKey: 'omnigate-demo',
  brandId: 'omnigate-demo',
  brandKey: 'omnigate-demo',
  brandName: 'Omnigate demo',
  templateCode: 'OMNIGATE-DEMO',
  fileKey: 'omnigate-demo',
  handset: '01012345678',
} as const;

const TEMPLATE: TemplateInput = {
  senderKey: DEMO.senderKey,
  templateCode: DEMO.templateCode,
  templateName: 'Omnigate demo',
  categoryCode: '002001',
  text: 'Hello #{name}, this informational message comes from the Omnigate demo.',
  variables: [{ key: 'name', example: 'Kim' }],
};

export type DemoAnswer = Static<typeof DemoAccount>;

/**
 * The demo account: the one an earlier run made, with a new key (a key is shown only once, so a
 * run that reused the old one could print no working line), or a new account with its first key.
 */
async function demoAccount(
  ctx: Ctx,
): Promise<{ accountId: string; apiKey: string; keyId: string; reused: boolean }> {
  const known = await getDemoAccountId(ctx.store);
  if (known !== undefined && (await getAccount(ctx.store, known))) {
    const key = await createKey(ctx, known);
    return { accountId: known, apiKey: key.apiKey, keyId: key.keyId, reused: true };
  }
  const made = await createAccount(ctx, { name: DEMO.name });
  // A setting naming an account that is gone (a database restored without it) is replaced.
  const demoId = known === undefined ? await claimDemoAccount(ctx.store, made.accountId) : made.accountId;
  if (known !== undefined) await putSetting(ctx.store, DEMO_ACCOUNT_SETTING, made.accountId);
  if (demoId === made.accountId) return { ...made, reused: false };
  // Another run claimed the demo first: this run's account stays unused, and this run works on that one.
  const key = await createKey(ctx, demoId);
  return { accountId: demoId, apiKey: key.apiKey, keyId: key.keyId, reused: true };
}

/**
 * Takes the demo's template to approved from wherever it is, one review step at a time, as the
 * client and the sandbox reviewer would: registered, its review requested, approved by the
 * sandbox's reviewer. A step that finds the template already moved (another run at the same time)
 * reads it again; three passes take it from nothing to approved.
 */
async function approvedTemplate(ctx: Ctx, accountId: string): Promise<void> {
  for (let pass = 0; pass < 4; pass += 1) {
    const t = await findOwnTemplate(ctx.store.db, accountId, DEMO.senderKey, DEMO.templateCode);
    if (t && isSendable(t)) return;
    try {
      if (!t) await registerTemplate(ctx, accountId, TEMPLATE);
      // Rejected (by hand, or by OMNIGATE_REVIEW_AUTO=reject): written again, it is registered anew.
      else if (t.inspectionStatus === 'REJ') await updateTemplate(ctx, accountId, TEMPLATE);
      else if (t.inspectionStatus === 'REG') {
        await requestReview(
          ctx,
          accountId,
          { senderKey: DEMO.senderKey, templateCode: DEMO.templateCode, comment: 'omnigate demo' },
          undefined,
        );
      } else if (t.inspectionStatus === 'REQ') {
        await reviewByHand(ctx, {
          senderKey: DEMO.senderKey,
          templateCode: DEMO.templateCode,
          decision: 'approve',
          comment: 'approved by omnigate demo',
        });
      } else break; // approved but not active (status S): only its owner's platform can restore it
    } catch (err) {
      // A528 (registered meanwhile) and A824 (moved meanwhile): read it again.
      if (!(err instanceof GatewayError && (err.code === 'A528' || err.code === 'A824'))) throw err;
    }
  }
  const t = await findOwnTemplate(ctx.store.db, accountId, DEMO.senderKey, DEMO.templateCode);
  if (t && isSendable(t)) return;
  throw new GatewayError(
    'A824',
    `the demo's template ${DEMO.templateCode} of ${DEMO.senderKey} is status ${t?.status ?? 'none'}, inspectionStatus ${t?.inspectionStatus ?? 'none'}; it cannot be approved`,
  );
}

/** How a pasted line reads the admin token: from the shell's environment, or the file it is kept in. */
function adminTokenExpr(ctx: Ctx): string {
  if (ctx.config.adminToken) return '$OMNIGATE_ADMIN_TOKEN';
  return `$(cat ${shellWord(`${ctx.config.dataDir}/${ADMIN_TOKEN_FILE}`)})`;
}

/**
 * `omnigate demo` and POST /admin/v1/demo: a demo account that can send on every channel at once
 * (a sender number, a sender profile with an approved informational template, an RCS brand, a
 * new API key) and the curl lines of a first send of each, against `baseUrl`. Run again, it
 * reuses what the first run made and answers a new key. Sandbox only: the lines send to a
 * simulated handset and read its inbox, and the template is approved by the sandbox's reviewer.
 */
export async function createDemo(ctx: Ctx, input: { baseUrl: string }): Promise<DemoAnswer> {
  if (!ctx.config.sandbox) {
    throw new GatewayError(
      'A824',
      'the demo needs the sandbox (OMNIGATE_SANDBOX=true): its lines send to a simulated handset and read its inbox',
    );
  }
  const account = await demoAccount(ctx);
  const { accountId } = account;
  await addSender(ctx, { accountId, number: DEMO.sender });
  await putProfile(ctx, { accountId, senderKey: DEMO.senderKey });
  await putBrand(ctx, { accountId, brandId: DEMO.brandId, brandKey: DEMO.brandKey, name: DEMO.brandName });
  await approvedTemplate(ctx, accountId);
  const setup = {
    baseUrl: input.baseUrl.replace(/\/+$/, ''),
    apiKey: account.apiKey,
    sender: DEMO.sender,
    senderKey: DEMO.senderKey,
    templateCode: DEMO.templateCode,
    brandKey: DEMO.brandKey,
    fileKey: DEMO.fileKey,
    handset: DEMO.handset,
    adminToken: adminTokenExpr(ctx),
  };
  return {
    accountId,
    name: DEMO.name,
    reused: account.reused,
    apiKey: account.apiKey,
    keyId: account.keyId,
    sender: setup.sender,
    senderKey: setup.senderKey,
    templateCode: setup.templateCode,
    brandKey: setup.brandKey,
    handset: setup.handset,
    baseUrl: setup.baseUrl,
    examples: demoExamples(setup),
  };
}
