import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { ERRORS_MD, renderErrorsMd } from '../scripts/errors-doc.ts';
import { openApiDocument } from '../scripts/openapi-document.ts';
import { CODES, type Code, GATEWAY_CODES } from '../src/errors.ts';
import { hostedCode } from './compat/hosted-codes.ts';

/*
 * The result codes as clients read them: docs/errors.md lists every code of the catalog with the
 * operations that answer it, and no code means one thing here and another in the hosted service's
 * table (where the hosted service's clients look their codes up).
 */

test('docs/errors.md is the catalog with the operations that answer each code (npm run docs:errors)', async () => {
  const doc = await openApiDocument();
  assert.ok(typeof doc === 'object' && doc !== null && !Array.isArray(doc));
  const current = readFileSync(ERRORS_MD, 'utf8');
  assert.equal(current, renderErrorsMd(current, doc as Record<string, unknown>), 'run npm run docs:errors');
  for (const code of Object.keys(CODES)) assert.match(current, new RegExp(`^\\| ${code} \\| `, 'm'), code);
});

test('no code collides with the hosted table: a hosted code has its meaning there, an Omnigate one is free', () => {
  const problems: string[] = [];
  for (const [code, v] of Object.entries(CODES)) {
    // The container a client reads it from decides which of the table's lists holds its meaning.
    const container = GATEWAY_CODES.has(code as Code) ? 'gateway' : 'service';
    const hosted = hostedCode(container, code);
    if (v.from === 'hosted' && !hosted)
      problems.push(`${code}: marked hosted, but the ${container} table has no ${code}`);
    if (v.from === 'omnigate' && hosted)
      problems.push(
        `${code}: "${v.text}" collides with the ${container} table's ${code} "${hosted.meaning}"`,
      );
  }
  assert.deepEqual(problems, []);
});

test('the gateway stage answers in common.authCode only with the codes the hosted gateway table has', () => {
  for (const code of GATEWAY_CODES) {
    assert.ok(hostedCode('gateway', code), `${code} is a gateway code of the hosted table`);
    assert.equal(CODES[code].from, 'hosted', code);
  }
});

test('the spec decides A502 (a video with both vid and videoUrl, or neither) over the hosted table', () => {
  assert.equal(CODES.A502.from, 'spec');
  assert.match(CODES.A502.text, /vid or videoUrl/);
});
