import type { TestGateway } from './gateway.ts';
import { approvedInfomsgTemplate } from './templates.ts';

/** A client account ready to send: an API key, a sender number, a profile and an RCS brand. */
export interface Client {
  accountId: string;
  apiKey: string;
  keyId: string;
  sender: string;
  senderKey: string;
  brandKey: string;
}

export async function setupClient(t: TestGateway, name = 'acme'): Promise<Client> {
  const acc = await t.createAccount(name);
  const sender = '0212345678';
  const senderKey = `sk-${acc.accountId}`;
  const brandKey = `bk-${acc.accountId}`;
  const admin = (url: string, body: unknown) => t.request({ method: 'POST', url, admin: true, body });
  for (const [url, body] of [
    [`/admin/v1/accounts/${acc.accountId}/senders`, { number: sender }],
    [`/admin/v1/accounts/${acc.accountId}/sender-profiles`, { senderKey, channelId: `ch-${acc.accountId}` }],
    [
      `/admin/v1/accounts/${acc.accountId}/rcs-brands`,
      { brandId: `b-${acc.accountId}`, brandKey, name: 'Brand' },
    ],
  ] as const) {
    const res = await admin(url, body);
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  }
  // An approved informational template that any text matches (one keyword standing for it all),
  // so that tests of the engine can send infomsg texts of their own with TPL-001.
  await approvedInfomsgTemplate(t, { apiKey: acc.apiKey, senderKey }, 'TPL-001', '#{body}');
  return { ...acc, sender, senderKey, brandKey };
}

/** POST /api/comm/v1/send/omni as the client. */
export function send(t: TestGateway, c: Client, body: unknown) {
  return t.request({ method: 'POST', url: '/api/comm/v1/send/omni', apiKey: c.apiKey, body });
}

export interface InboxEntry {
  channel: string;
  from: string | null;
  title: string | null;
  text: string;
  msgKey: string;
  step: number;
  receivedAt: string;
  payload: Record<string, unknown>;
}

export async function inbox(t: TestGateway, phone: string): Promise<InboxEntry[]> {
  const res = await t.request({ method: 'GET', url: `/sandbox/v1/handsets/${phone}/inbox`, admin: true });
  if (res.statusCode !== 200) throw new Error(`inbox ${phone}: ${res.statusCode} ${res.body}`);
  return res.json<{ messages: InboxEntry[] }>().messages;
}

export async function setHandset(
  t: TestGateway,
  phone: string,
  props: Record<string, unknown>,
): Promise<void> {
  const res = await t.request({
    method: 'PUT',
    url: `/sandbox/v1/handsets/${phone}`,
    admin: true,
    body: props,
  });
  if (res.statusCode !== 200) throw new Error(`handset ${phone}: ${res.statusCode} ${res.body}`);
}

/** Lets the workers finish everything due now (no sleeps: the runner says when it found nothing). */
export async function settle(t: TestGateway): Promise<void> {
  await t.gw.runner?.whenIdle();
}

export async function advance(t: TestGateway, seconds: number): Promise<void> {
  const res = await t.request({
    method: 'POST',
    url: '/sandbox/v1/clock',
    admin: true,
    body: { advanceSeconds: seconds },
  });
  if (res.statusCode !== 200) throw new Error(`clock: ${res.statusCode} ${res.body}`);
  await settle(t);
}
