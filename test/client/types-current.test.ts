import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { generateClientTypes, OPENAPI_JSON, OPENAPI_TS } from '../../scripts/client-types.ts';

/*
 * The client's OpenAPI document and generated types are committed (a user of the client needs no
 * gateway to build it); this fails when the route schemas changed without regenerating them.
 */
test('clients/typescript/openapi.json and src/openapi.ts are what the gateway describes now', async () => {
  const fresh = await generateClientTypes();
  const hint = 'the gateway’s OpenAPI document changed: run `npm run client:types` and commit both files';
  assert.ok(readFileSync(OPENAPI_JSON, 'utf8') === fresh.json, `openapi.json is stale: ${hint}`);
  assert.ok(readFileSync(OPENAPI_TS, 'utf8') === fresh.ts, `src/openapi.ts is stale: ${hint}`);
});
