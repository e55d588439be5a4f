import type { TestGateway } from './gateway.ts';

/*
 * Templates as a client gets them ready to send: registered through the client API, reviewed,
 * and approved by the sandbox reviewer (POST /sandbox/v1/reviews).
 */

interface Owner {
  apiKey: string;
  senderKey: string;
}

async function ok(res: { statusCode: number; body: string }, what: string): Promise<void> {
  if (res.statusCode !== 200 || !res.body.includes('"code":"A000"')) {
    throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  }
}

/** Registers an informational template and has it approved; `text` keywords get example values. */
export async function approvedInfomsgTemplate(
  t: TestGateway,
  c: Owner,
  templateCode: string,
  text: string,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const all = JSON.stringify({ text, ...extra });
  const keys = [...new Set([...all.matchAll(/#\{([^}]+)\}/g)].map((m) => m[1] ?? ''))];
  const infomsg = {
    senderKey: c.senderKey,
    templateCode,
    templateName: `template ${templateCode}`,
    text,
    categoryCode: '002001',
    variables: keys.map((key) => ({ key, example: `${key} example` })),
    ...extra,
  };
  const base = '/api/comm/v1/center/infomsg/template';
  await ok(await t.request({ method: 'POST', url: base, apiKey: c.apiKey, body: { infomsg } }), 'register');
  const review = { infomsg: { senderKey: c.senderKey, templateCode, comment: 'please review' } };
  await ok(
    await t.request({ method: 'POST', url: `${base}/request`, apiKey: c.apiKey, body: review }),
    'review request',
  );
  const decision = { senderKey: c.senderKey, templateCode, decision: 'approve', comment: 'ok' };
  const res = await t.request({ method: 'POST', url: '/sandbox/v1/reviews', admin: true, body: decision });
  if (res.statusCode !== 200) throw new Error(`approve: ${res.statusCode} ${res.body}`);
}

/** Registers a brand message template (active at once) of the client's profile. */
export async function brandTemplate(
  t: TestGateway,
  c: Owner,
  brandmessage: Record<string, unknown>,
): Promise<void> {
  const body = { brandmessage: { senderKey: c.senderKey, ...brandmessage } };
  await ok(
    await t.request({
      method: 'POST',
      url: '/api/comm/v1/center/brandmessage/template',
      apiKey: c.apiKey,
      body,
    }),
    'brand template',
  );
}
