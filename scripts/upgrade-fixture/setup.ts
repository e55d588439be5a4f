import { form, type Gateway, str } from './http.ts';
import type { AccountName, FixtureAccount, FixtureTemplate } from './manifest.ts';
import { png } from './media.ts';
import type { World } from './world.ts';

/** Where the webhook account posts: an address of the loopback nothing listens on, until the test does. */
export const DEAD_WEBHOOK = { host: '127.0.0.34', port: 47934, path: '/hook' } as const;

const NUMBERS: Record<AccountName, { sender: string; name: string }> = {
  polling: { sender: '0212340001', name: 'acme-polling' },
  webhook: { sender: '0212340002', name: 'acme-webhook' },
};

/** An account as docs/api.md sets one up, with a second key revoked and its webhook. */
export async function setupAccount(
  gw: Gateway,
  which: AccountName,
  webhook: { url: string; secret: string },
): Promise<FixtureAccount> {
  const { sender, name } = NUMBERS[which];
  const created = await gw.admin('POST', '/admin/v1/accounts', { name });
  const accountId = str(created, 'accountId');
  const at = `/admin/v1/accounts/${accountId}`;
  const second = await gw.admin('POST', `${at}/keys`);
  await gw.admin('DELETE', `/admin/v1/keys/${str(second, 'keyId')}`);
  const senderKey = `sk-${which}`;
  const brandKey = `bk-${which}`;
  await gw.admin('POST', `${at}/senders`, { number: sender });
  await gw.admin('POST', `${at}/sender-profiles`, { senderKey, channelId: `ch-${which}` });
  await gw.admin('POST', `${at}/rcs-brands`, { brandId: `b-${which}`, brandKey, name: `Acme ${which}` });
  await gw.admin('PUT', `${at}/webhook`, { url: webhook.url, secret: webhook.secret });
  const reportMode = which === 'webhook' ? 'webhook' : 'polling';
  await gw.admin('PUT', `${at}/report-mode`, { mode: reportMode });
  return {
    accountId,
    apiKey: str(created, 'apiKey'),
    keyId: str(created, 'keyId'),
    revokedKey: str(second, 'apiKey'),
    sender,
    senderKey,
    brandKey,
    reportMode,
    webhookUrl: webhook.url,
    webhookSecret: webhook.secret,
  };
}

const TPL = '/api/comm/v1/center/infomsg/template';

/**
 * Informational templates in each review state (registered, review requested, approved,
 * rejected; one with an uploaded image), and a brand message template a broadcast can send.
 */
export async function setupTemplates(w: World): Promise<{ infomsg: FixtureTemplate[]; brand: string[] }> {
  const key = w.key('polling');
  const { senderKey } = w.accounts.polling;
  const register = (templateCode: string, text: string, extra: Record<string, string> = {}) => {
    const keys = [...new Set([...text.matchAll(/#\{([^}]+)\}/g)].map((m) => m[1] ?? ''))];
    return w.gw.api(key, 'POST', TPL, {
      infomsg: {
        senderKey,
        templateCode,
        templateName: `template ${templateCode}`,
        categoryCode: '002001',
        text,
        variables: keys.map((k) => ({ key: k, example: `${k} example` })),
        ...extra,
      },
    });
  };
  const request = (templateCode: string) =>
    w.gw.api(key, 'POST', `${TPL}/request`, {
      infomsg: { senderKey, templateCode, comment: 'please review' },
    });
  const decide = (templateCode: string, decision: 'approve' | 'reject') =>
    w.gw.admin('POST', '/sandbox/v1/reviews', { senderKey, templateCode, decision, comment: decision });

  await register('SHIP-1', '#{name}, order #{order} has shipped.');
  await request('SHIP-1');
  await decide('SHIP-1', 'approve');
  await register('DRAFT-1', 'Your appointment is on #{day}.');
  await register('WAIT-1', 'Your refund of #{amount} is on its way.');
  await request('WAIT-1');
  await register('NOPE-1', 'Big news for #{name}!');
  await request('NOPE-1');
  await decide('NOPE-1', 'reject');

  const image = await w.gw.api(
    key,
    'POST',
    '/api/comm/v1/file/infomsg/template',
    form({ bytes: png(500, 250), name: 'banner.png', type: 'image/png' }),
  );
  const imgUrl = str(image, 'data', 'imgUrl');
  await w.servedFile('infomsg-template-image', imgUrl);
  await register('IMG-1', 'Your order #{order} is ready.', {
    templateEmphasizeType: 'IMAGE',
    imgUrl,
    imgName: str(image, 'data', 'fileName'),
  });

  await w.gw.api(key, 'POST', '/api/comm/v1/center/brandmessage/template', {
    brandmessage: {
      senderKey,
      templateCode: 'WEEKLY-1',
      templateName: 'Weekly offers',
      msgType: 'TEXT',
      text: "This week's offers are in.",
    },
  });

  const infomsg: FixtureTemplate[] = [];
  for (const code of ['SHIP-1', 'DRAFT-1', 'WAIT-1', 'NOPE-1', 'IMG-1']) {
    const t = await w.gw.api(key, 'GET', `${TPL}?senderKey=${senderKey}&templateCode=${code}`);
    infomsg.push({
      templateCode: code,
      status: str(t, 'data', 'infomsg', 'status'),
      inspectionStatus: str(t, 'data', 'infomsg', 'inspectionStatus'),
    });
  }
  return { infomsg, brand: ['WEEKLY-1'] };
}
