import assert from 'node:assert/strict';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestGateway } from '../helpers/gateway.ts';

/** What the receiver does with the next requests. */
export type Mode = 'ok' | 'status500' | 'wrongKey' | 'hang';

export interface Received {
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
  signatureValid: boolean;
  /** The receiver's check of X-Omnigate-Body-Signature over the raw body it read. */
  bodySignatureValid: boolean;
  acknowledged: boolean;
}

/**
 * A client's MO webhook on 127.0.0.1 that checks X-SVC-Signature (and the body signature) with node:crypto (not the
 * gateway's sign()). stop() closes the port, so the gateway's posts are refused until start().
 */
export class Receiver {
  mode: Mode = 'ok';
  readonly received: Received[] = [];
  #server: Server | null = null;
  #port = 0;
  readonly #hung: ServerResponse[] = [];

  constructor(readonly secret: string) {}

  get url(): string {
    return `http://127.0.0.1:${this.#port}/hooks/mo`;
  }

  /** Listens (again, on the same port after stop()); answers the URL. */
  async start(): Promise<string> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => this.#answer(req.headers, Buffer.concat(chunks), res));
    });
    await new Promise<void>((resolve) => server.listen(this.#port, '127.0.0.1', resolve));
    this.#port = (server.address() as AddressInfo).port;
    this.#server = server;
    return this.url;
  }

  async stop(): Promise<void> {
    for (const res of this.#hung.splice(0)) res.destroy();
    const server = this.#server;
    if (!server) return;
    this.#server = null;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  of(msgKey: string): { all: Received[]; acked: number } {
    const all = this.received.filter((r) => r.body.msgKey === msgKey);
    return { all, acked: all.filter((r) => r.acknowledged).length };
  }

  #answer(headers: IncomingHttpHeaders, raw: Buffer, res: ServerResponse): void {
    const timestamp = String(headers['x-svc-timestamp'] ?? '');
    const expected = createHmac('sha256', this.secret).update(timestamp).digest();
    const sig = String(headers['x-svc-signature'] ?? '');
    const given = Buffer.from(sig, 'hex');
    const signatureValid =
      /^[0-9a-f]{64}$/.test(sig) && given.length === expected.length && timingSafeEqual(given, expected);
    const bodySignatureValid =
      headers['x-omnigate-body-signature'] ===
      createHmac('sha256', this.secret)
        .update(Buffer.concat([Buffer.from(`${timestamp}.`), raw]))
        .digest('hex');
    const body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
    const acknowledged = this.mode === 'ok' && signatureValid;
    this.received.push({ headers, body, signatureValid, bodySignatureValid, acknowledged });
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    switch (this.mode) {
      case 'ok':
        if (signatureValid) json(200, { msgKey: body.msgKey });
        else json(401, { error: 'bad signature' });
        return;
      case 'status500':
        json(500, { msgKey: body.msgKey });
        return;
      case 'wrongKey':
        json(200, { msgKey: `${String(body.msgKey)}-other` });
        return;
      case 'hang':
        this.#hung.push(res);
        return;
    }
  }
}

/** An account that owns the MO number `number`, with a webhook when `webhook` is given. */
export async function moAccount(
  t: TestGateway,
  name: string,
  number: string,
  webhook?: { url: string; secret: string },
): Promise<{ accountId: string; apiKey: string }> {
  const acc = await t.createAccount(name);
  const s = await t.request({
    method: 'POST',
    url: `/admin/v1/accounts/${acc.accountId}/senders`,
    admin: true,
    body: { number },
  });
  assert.equal(s.statusCode, 200, s.body);
  if (webhook) await setWebhook(t, acc.accountId, webhook);
  return acc;
}

export async function setWebhook(
  t: TestGateway,
  accountId: string,
  webhook: { url: string; secret: string },
): Promise<void> {
  const res = await t.request({
    method: 'PUT',
    url: `/admin/v1/accounts/${accountId}/webhook`,
    admin: true,
    body: webhook,
  });
  assert.equal(res.statusCode, 200, res.body);
}

/** POST /sandbox/v1/mo; asserts 200 and answers the result. */
export async function sendMo(
  t: TestGateway,
  body: Record<string, unknown>,
): Promise<{ msgKey: string; accountId: string; created: boolean }> {
  const res = await t.request({ method: 'POST', url: '/sandbox/v1/mo', admin: true, body });
  assert.equal(res.statusCode, 200, res.body);
  return res.json();
}

export interface MoView {
  msgKey: string;
  accountId?: string;
  serviceType: string;
  msgType: string;
  to: string;
  from: string;
  carrier: string;
  originator: string;
  content: string;
  occurredTime: string;
  status: string;
  attempts: number;
  lastError: string | null;
  receivedAt: string;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
}

/** GET /admin/v1/mo/{msgKey}. */
export async function moOf(t: TestGateway, msgKey: string): Promise<MoView> {
  const res = await t.request({ method: 'GET', url: `/admin/v1/mo/${msgKey}`, admin: true });
  assert.equal(res.statusCode, 200, res.body);
  return res.json();
}

/** GET /api/comm/v1/message/history/mo as the client; answers data.data. */
export async function history(
  t: TestGateway,
  apiKey: string,
  query = '',
): Promise<{ messages: MoView[]; offset: number; limit: number; hasNext: boolean }> {
  const res = await t.request({ method: 'GET', url: `/api/comm/v1/message/history/mo${query}`, apiKey });
  assert.equal(res.statusCode, 200, res.body);
  const body = res.json<{
    data: { code: string; data: { messages: MoView[]; offset: number; limit: number; hasNext: boolean } };
  }>();
  assert.equal(body.data.code, 'A000');
  return body.data.data;
}
