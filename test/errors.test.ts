import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { CODES } from '../src/errors.ts';

test('docs/errors.md lists exactly the catalog: code, HTTP status and text', () => {
  const md = readFileSync(join(import.meta.dirname, '..', 'docs', 'errors.md'), 'utf8');
  const rows = new Map<string, { status: number; text: string }>();
  for (const line of md.split('\n')) {
    const m = /^\|\s*`?(A\d{3})`?\s*\|\s*(\d{3})\s*\|\s*(.+?)\s*\|/.exec(line);
    if (m?.[1] && m[2] && m[3]) rows.set(m[1], { status: Number(m[2]), text: m[3] });
  }
  const catalog = new Map(
    Object.entries(CODES).map(([code, v]) => [code, { status: v.status, text: v.text }]),
  );
  assert.deepEqual([...rows.keys()].sort(), [...catalog.keys()].sort(), 'the same codes');
  for (const [code, v] of catalog) assert.deepEqual(rows.get(code), v, `row of ${code}`);
});
