/*
 * The gateway's OpenAPI document, built in process (no port, no data kept): what GET /docs/json
 * answers. `node --import tsx scripts/openapi-document.ts [out.json]` writes it (stdout without a
 * file); npm run lint:openapi lints that file with Redocly CLI.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { loadConfig } from '../src/config.ts';
import { createGateway } from '../src/gateway.ts';

export async function openApiDocument(): Promise<unknown> {
  const dir = mkdtempSync(join(tmpdir(), 'omnigate-openapi-'));
  try {
    const gw = await createGateway(
      loadConfig({
        DATABASE_URL: `sqlite:${join(dir, 'omnigate.db')}`,
        OMNIGATE_DATA_DIR: dir,
        OMNIGATE_ADMIN_TOKEN: 'openapi-document-0123456789abcdef',
        OMNIGATE_CLOCK: 'manual',
        // The documented server is the default one, whatever the machine building the document sets.
        OMNIGATE_PUBLIC_URL: 'http://127.0.0.1:8080',
        OMNIGATE_ENGINE_THREAD: 'false',
      }),
      { logger: pino({ level: 'silent' }) },
    );
    try {
      await gw.app.ready();
      return (await gw.app.inject({ method: 'GET', url: '/docs/json' })).json();
    } finally {
      await gw.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const text = `${JSON.stringify(await openApiDocument(), null, 2)}\n`;
  const out = process.argv[2];
  if (out) writeFileSync(out, text);
  else process.stdout.write(text);
}
