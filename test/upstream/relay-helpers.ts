import { writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { type Client, setupClient } from '../helpers/client.ts';
import { makeTestDb, type TestDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway, type TestGatewayOptions } from '../helpers/gateway.ts';
import { approvedInfomsgTemplate } from '../helpers/templates.ts';

/**
 * Two gateways: the upstream (a second Omnigate with its sandbox world, listening on a loopback
 * port, as a provider would be) and the relay under test, whose connectors file routes every
 * channel to the upstream.
 */
export interface Relay {
  up: TestGateway;
  upClient: Client;
  upUrl: string;
  relay: TestGateway;
  client: Client;
  /** Where the relay listens (webhook mode): the upstream posts there. */
  relayUrl: string;
  close(): Promise<void>;
}

export interface RelayOptions {
  /** Keys of the upstream connector beyond name, type, baseUrl and apiKey. */
  connector?: Record<string, unknown>;
  routes?: ReadonlyArray<Record<string, unknown>>;
  /** More connectors (an SMPP one for failover). */
  extraConnectors?: ReadonlyArray<Record<string, unknown>>;
  relayOptions?: TestGatewayOptions;
  /** Where the upstream connector points (default: the upstream started here). */
  baseUrl?: (upUrl: string) => string;
}

export const ALL_CHANNELS = ['sms', 'mms', 'infomsg', 'rcs', 'brandmessage'] as const;

async function listen(t: TestGateway): Promise<string> {
  await t.gw.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.gw.app.server.address() as AddressInfo;
  return `http://127.0.0.1:${addr.port}`;
}

/** The relay's account holds what the upstream's does: the same sender, profile, brand and template. */
async function mirrorClient(relay: TestGateway, up: Client): Promise<Client> {
  const acc = await relay.createAccount('relay-client');
  const admin = async (url: string, body: unknown) => {
    const res = await relay.request({ method: 'POST', url, admin: true, body });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  };
  await admin(`/admin/v1/accounts/${acc.accountId}/senders`, { number: up.sender });
  await admin(`/admin/v1/accounts/${acc.accountId}/sender-profiles`, {
    senderKey: up.senderKey,
    channelId: `ch-${up.accountId}`,
  });
  await admin(`/admin/v1/accounts/${acc.accountId}/rcs-brands`, {
    brandId: `b-${up.accountId}`,
    brandKey: up.brandKey,
    name: 'Brand',
  });
  await approvedInfomsgTemplate(relay, { apiKey: acc.apiKey, senderKey: up.senderKey }, 'TPL-001', '#{body}');
  return { ...acc, sender: up.sender, senderKey: up.senderKey, brandKey: up.brandKey };
}

export async function startRelay(db: TestDb, opts: RelayOptions = {}): Promise<Relay> {
  const second = makeTestDb(db.dialect);
  const up = await startTestGateway(second.db);
  const upUrl = await listen(up);
  const upClient = await setupClient(up, 'upstream-client');
  const file = join(db.dir, `connectors-${Date.now()}-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(
    file,
    JSON.stringify({
      connectors: [
        {
          name: 'hq',
          type: 'upstream',
          baseUrl: opts.baseUrl ? opts.baseUrl(upUrl) : upUrl,
          apiKey: upClient.apiKey,
          reports: 'polling',
          pollIntervalSeconds: 0.05,
          timeoutSeconds: 5,
          ...opts.connector,
        },
        ...(opts.extraConnectors ?? []),
      ],
      routes: opts.routes ?? ALL_CHANNELS.map((channel) => ({ channel, connector: 'hq' })),
    }),
  );
  const ro = opts.relayOptions ?? {};
  const relay = await startTestGateway(db, { ...ro, env: { OMNIGATE_CONNECTORS: file, ...ro.env } });
  const relayUrl = await listen(relay);
  const client = await mirrorClient(relay, upClient);
  return {
    up,
    upClient,
    upUrl,
    relay,
    client,
    relayUrl,
    async close() {
      await relay.close();
      await up.close();
      await second.cleanup();
    },
  };
}

/** Polls `check` until it answers a value (not undefined), or fails after `ms` of wall time. */
export async function eventually<T>(
  what: string,
  check: () => Promise<T | undefined>,
  ms = 15_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The client's reports on a gateway, polled and acknowledged (polling mode), by msgKey. */
export async function pollReports(
  t: TestGateway,
  apiKey: string,
  into: Map<string, Array<Record<string, string>>>,
): Promise<void> {
  const res = await t.request({ method: 'GET', url: '/api/comm/v1/report/polling', apiKey });
  const data = res.json().data.data as { reportId: string; report: Array<Record<string, string>> | null };
  if (!data.reportId) return;
  for (const r of data.report ?? []) into.set(r.msgKey ?? '', [...(into.get(r.msgKey ?? '') ?? []), r]);
  await t.request({ method: 'DELETE', url: `/api/comm/v1/report/polling/${data.reportId}`, apiKey });
}
