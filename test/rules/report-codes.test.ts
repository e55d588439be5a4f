import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { REPORT_CODE_TEXTS, reportCodeText } from '../../src/rules/report-codes.ts';

test('every code with a text is a row of the report codes table in docs/reports.md', () => {
  const md = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'reports.md'), 'utf8');
  const documented = new Set([...md.matchAll(/^\| `([0-9A-Z]+)` \|/gm)].map((m) => m[1]));
  for (const code of Object.keys(REPORT_CODE_TEXTS))
    assert.ok(documented.has(code), `${code} in docs/reports.md`);
});

test('SMPP codes are explained by their pattern; codes of a handset or a carrier are unknown', () => {
  assert.equal(reportCodeText('30001'), 'Recipient unreachable');
  assert.equal(reportCodeText('31011'), 'SMPP: the SMSC refused the submit_sm (command_status 11)');
  assert.equal(reportCodeText('31999'), 'SMPP: the SMSC refused the submit_sm (command_status 999 or above)');
  assert.equal(reportCodeText('32005'), 'SMPP: receipt final state undeliverable');
  assert.equal(reportCodeText('23003'), null);
  assert.equal(reportCodeText(''), null);
});
