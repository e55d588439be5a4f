import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type MessageView, messageOf } from '../engine/delivery-helpers.ts';
import { type Client, setupClient } from '../helpers/client.ts';
import type { TestDb } from '../helpers/db.ts';
import type { TestGateway, TestGatewayOptions } from '../helpers/gateway.ts';
import { startTestGateway } from '../helpers/gateway.ts';
import type { SmscSimulator } from '../helpers/smsc.ts';

/*
 * What the SMPP connector suites share: a gateway whose OMNIGATE_CONNECTORS file points at an
 * SMSC simulator on 127.0.0.1, and waits for what arrives over the wire (no sleeps: each wait
 * polls its condition and fails with its name after a timeout).
 */

export const SYSTEM_ID = 'omnigate';
export const PASSWORD = 'secret';

let files = 0;

/** Writes a connectors file for one SMPP connector named `smsc` (fields override the test defaults). */
export function connectorsFile(
  db: TestDb,
  smsc: SmscSimulator,
  fields: Record<string, unknown> = {},
  routes: unknown[] = [{ channel: 'sms', connector: 'smsc' }],
): string {
  files += 1;
  const path = join(db.dir, `connectors-${process.pid}-${files}.json`);
  const connector = {
    name: 'smsc',
    type: 'smpp',
    host: '127.0.0.1',
    port: smsc.port,
    systemId: SYSTEM_ID,
    password: PASSWORD,
    enquireLinkSeconds: 5,
    responseTimeoutSeconds: 5,
    reconnectSeconds: { min: 0.05, max: 0.2 },
    ...fields,
  };
  writeFileSync(path, JSON.stringify({ connectors: [connector], routes }));
  return path;
}

export async function startSmppGateway(
  db: TestDb,
  file: string,
  options: TestGatewayOptions = {},
): Promise<TestGateway> {
  return startTestGateway(db, { ...options, env: { ...options.env, OMNIGATE_CONNECTORS: file } });
}

/** A gateway and a client whose sends go to the SMSC, once the connector is bound. */
export async function smppSuite(
  db: TestDb,
  smsc: SmscSimulator,
  fields: Record<string, unknown> = {},
  routes?: unknown[],
): Promise<{ t: TestGateway; c: Client }> {
  const t = await startSmppGateway(db, connectorsFile(db, smsc, fields, routes));
  await smsc.waitFor(() => smsc.sessions().length > 0, 'the connector to bind');
  const c = await setupClient(t, 'smpp-client');
  return { t, c };
}

/** Polls until cond() holds (every 10 ms), failing with `what` after `ms`. */
export async function eventually(cond: () => Promise<boolean>, what: string, ms = 20_000): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    if (await cond()) return;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const FINAL = new Set(['delivered', 'failed', 'uncertain']);

/** The message once it reached a final state. */
export async function finalOf(t: TestGateway, c: Client, msgKey: string, ms = 20_000): Promise<MessageView> {
  let view: MessageView | undefined;
  await eventually(
    async () => {
      view = await messageOf(t, c, msgKey);
      return FINAL.has(view.status);
    },
    `message ${msgKey} to end`,
    ms,
  );
  if (!view) throw new Error('unreachable');
  return view;
}
