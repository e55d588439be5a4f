import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { REPORT_CODE_TEXTS, reportCodeText } from '../../src/rules/report-codes.ts';
import { hostedCode } from '../compat/hosted-codes.ts';

test('every code with a text is a row of the report codes table in docs/reports.md', () => {
  const md = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'reports.md'), 'utf8');
  const documented = new Set([...md.matchAll(/^\| `([0-9A-Z]+)` \|/gm)].map((m) => m[1]));
  for (const code of Object.keys(REPORT_CODE_TEXTS))
    assert.ok(documented.has(code), `${code} in docs/reports.md`);
});

test('SMPP codes are explained by their pattern; codes of a handset or a carrier are unknown', () => {
  assert.equal(reportCodeText('30001'), 'Recipient unreachable');
  assert.equal(reportCodeText('81011'), 'SMPP: the SMSC refused the submit_sm (command_status 11)');
  assert.equal(reportCodeText('81999'), 'SMPP: the SMSC refused the submit_sm (command_status 999 or above)');
  assert.equal(reportCodeText('82005'), 'SMPP: receipt final state undeliverable');
  assert.equal(reportCodeText('23003'), null);
  assert.equal(reportCodeText(''), null);
});

test("no report code of the gateway's own collides with the hosted service's report table", () => {
  const md = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'reports.md'), 'utf8');
  const documented = [...md.matchAll(/^\| `([0-9A-Z]+)` \|/gm)].map((m) => m[1] ?? '');
  // The spec's polling codes, and the table's own success code, keep their meaning there.
  const shared = new Map([['10000', /^Success/]]);
  const problems: string[] = [];
  for (const code of [...documented, '81011', '81999', '82003', '82004', '82005', '82007', '82008']) {
    if (code === 'MS03' || code === 'ME09') continue;
    const hosted = hostedCode('report', code);
    const same = shared.get(code);
    if (same) {
      if (!hosted || !same.test(hosted.meaning)) problems.push(`${code}: expected the table's own meaning`);
    } else if (hosted) problems.push(`${code} collides with the hosted table's ${code} "${hosted.meaning}"`);
  }
  assert.deepEqual(problems, []);
});
