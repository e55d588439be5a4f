import { type Client, setupClient } from './client.ts';
import type { TestDb } from './db.ts';
import { startTestGateway, type TestGateway, type TestGatewayOptions } from './gateway.ts';

type ClientsOf<N extends readonly string[]> = { -readonly [K in keyof N]: Client };

/**
 * What most suites start with in before(): a gateway (startTestGateway, with `options`) and a
 * client set up (setupClient) for each name, in order.
 */
export async function startWithClients<const N extends readonly string[]>(
  db: TestDb,
  names: N,
  options: TestGatewayOptions = {},
): Promise<[TestGateway, ...ClientsOf<N>]> {
  const t = await startTestGateway(db, options);
  const clients: Client[] = [];
  for (const name of names) clients.push(await setupClient(t, name));
  return [t, ...(clients as ClientsOf<N>)];
}
