import { field, list, str, until } from './http.ts';
import type { AccountName, FixtureMo, Manifest } from './manifest.ts';
import type { World } from './world.ts';

/*
 * What recipients and the operator leave behind: MO messages (delivered, and retrying against the
 * dead receiver), opt-outs of each source, spam rules, refused requests, 2FA codes verified and
 * pending, and an idempotency key still remembered.
 */

export async function mo(w: World, label: string, account: AccountName, from: string, content: string) {
  const got = await w.gw.admin('POST', '/sandbox/v1/mo', { to: w.accounts[account].sender, from, content });
  const msgKey = str(got, 'msgKey');
  const want = account === 'polling' ? 'DELIVERED' : 'FAILED';
  const status = await until(`MO ${label} ${want}`, async () => {
    const page = await w.gw.admin('GET', `/admin/v1/accounts/${w.accounts[account].accountId}/mo`);
    const row = list(page, 'messages').find((m) => field(m, 'msgKey') === msgKey);
    const s = field(row, 'status');
    return s === want ? s : undefined;
  });
  const m: FixtureMo = { label, msgKey, account, from, content, status };
  return m;
}

/** An opt-out the operator set and one the client set (the recipient's own comes by MO), and spam rules. */
export async function optOutsAndRules(w: World): Promise<Manifest['spamRules']> {
  const p = w.accounts.polling;
  await w.gw.admin('POST', `/admin/v1/accounts/${p.accountId}/opt-outs`, { phones: ['01090000123'] });
  await w.gw.api(p.apiKey, 'POST', '/api/comm/v1/optout', { phones: ['01090000124'], from: p.sender });
  const rules = [
    await w.gw.admin('POST', '/admin/v1/policy/rules', {
      kind: 'text',
      pattern: 'lottery win',
      note: 'global',
    }),
    await w.gw.admin('POST', '/admin/v1/policy/rules', {
      kind: 'recipient',
      pattern: '01090000125',
      accountId: p.accountId,
      note: 'a number that asked not to be sent to',
    }),
  ];
  return rules.map((r) => {
    const accountId = field(r, 'accountId');
    return {
      ruleId: str(r, 'ruleId'),
      kind: str(r, 'kind'),
      pattern: str(r, 'pattern'),
      accountId: typeof accountId === 'string' ? accountId : null,
    };
  });
}

export async function optOutList(w: World): Promise<Manifest['optOuts']> {
  const listed = await w.gw.api(w.key('polling'), 'GET', '/api/comm/v1/optout');
  return list(listed, 'data', 'optOuts').map((o) => ({
    account: 'polling' as const,
    phone: str(o, 'phone'),
    from: str(o, 'from'),
    source: str(o, 'source'),
  }));
}

/** Requests the gateway refused and keeps (answered 4xx, or every recipient refused). */
export async function refusals(w: World): Promise<void> {
  const p = w.accounts.polling;
  const sms = (to: string, text: string) => ({
    destinations: [{ to }],
    messageFlow: [{ sms: { from: p.sender, text } }],
  });
  const expect = async (
    what: string,
    status: number,
    path: string,
    auth: string,
    body?: Parameters<typeof w.gw.call>[3],
  ) => {
    const a = await w.gw.call(body === undefined ? 'GET' : 'POST', path, auth, body);
    if (a.status !== status) throw new Error(`${what}: ${a.status} ${a.text}`);
  };
  await expect(
    'a text over 90 bytes',
    200,
    '/api/comm/v1/send/omni',
    p.apiKey,
    sms('01090000126', 'x'.repeat(91)),
  );
  await expect('a send without messageFlow', 400, '/api/comm/v1/send/omni', p.apiKey, {
    destinations: [{ to: '01090000126' }],
  });
  await expect('the recipient rule', 200, '/api/comm/v1/send/omni', p.apiKey, sms('01090000125', 'Hello.'));
  await expect('advertising to an opted-out number', 200, '/api/comm/v1/send/omni', p.apiKey, {
    ...sms('01090000123', '(광고) Spring sale'),
  });
  await expect('a revoked key', 401, '/api/comm/v1/report/polling', p.revokedKey);
}

export async function twofa(w: World): Promise<Manifest['twofa']> {
  const key = w.key('polling');
  const serviceName = 'Acme';
  await w.gw.api(key, 'POST', '/api/verify/v1/2fa/service/regist', { serviceName });
  const request = async (to: string, label: string) => {
    const data = await w.gw.api(key, 'POST', '/api/verify/v1/2fa/request', { to, userRef: label });
    const requestId = str(data, 'requestId');
    const code = await w.codeOn(to);
    const row = (await w.gw.admin('GET', `/sandbox/v1/handsets/${to}/inbox`)) ?? null;
    const last = list(row, 'messages').at(-1);
    await w.record(`twofa-${label}`, 'polling', to, str(last, 'msgKey'), {
      until: (s) => s === 'delivered',
      finalReportCode: '10000',
      text: str(last, 'text'),
    });
    return { requestId, to, code };
  };
  const verified = await request('01090000140', 'verified');
  await w.gw.api(key, 'POST', '/api/verify/v1/2fa/verify', {
    to: verified.to,
    authNumber: verified.code,
    requestId: verified.requestId,
  });
  const pending = await request('01090000141', 'pending');
  return { serviceName, verified, pending };
}

/** A send under an idempotency key a day long: the same body again sends nothing. */
export async function idempotent(w: World): Promise<Manifest['idempotency']> {
  const to = '01090000142';
  const text = 'Order 1001 confirmed.';
  const body = {
    idempotencyKey: 'order-1001',
    idempotencyTtl: 86400,
    destinations: [{ to }],
    messageFlow: [{ sms: { from: w.accounts.polling.sender, text } }],
  };
  const data = await w.gw.api(w.key('polling'), 'POST', '/api/comm/v1/send/omni', body);
  const msgKey = str(list(data, 'data', 'destinations')[0], 'msgKey');
  await w.record('idempotent', 'polling', to, msgKey, {
    until: (s) => s === 'delivered',
    finalReportCode: '10000',
    text,
  });
  return { account: 'polling', body, msgKey };
}
