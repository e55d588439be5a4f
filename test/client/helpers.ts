import type { AddressInfo } from 'node:net';
import { Omnigate } from '../../clients/typescript/src/index.ts';
import type { ClientOptions } from '../../clients/typescript/src/transport.ts';
import { type Client, setupClient } from '../helpers/client.ts';
import type { TestDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';

/*
 * What the client's tests share: a whole gateway on the suite's database listening on a real
 * port (the client speaks HTTP, not inject()), and a client of one of its accounts.
 */

export interface Served {
  t: TestGateway;
  baseUrl: string;
}

export async function serveGateway(db: TestDb): Promise<Served> {
  const t = await startTestGateway(db, { clock: 'manual' });
  await t.gw.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.gw.app.server.address() as AddressInfo;
  return { t, baseUrl: `http://127.0.0.1:${port}` };
}

/** An account ready to send (sender number, profile, RCS brand, template TPL-001) and its client. */
export async function clientOf(
  s: Served,
  name: string,
  options: Partial<ClientOptions> = {},
): Promise<{ c: Client; client: Omnigate }> {
  const c = await setupClient(s.t, name);
  return { c, client: new Omnigate({ baseUrl: s.baseUrl, apiKey: c.apiKey, ...options }) };
}

/** Distinct numbers per test (a handset's settings stay for the suite's database). */
export function numbers(prefix: string, count: number): string[] {
  return Array.from(
    { length: count },
    (_, i) => `010${prefix}${String(i + 1).padStart(8 - prefix.length, '0')}`,
  );
}
