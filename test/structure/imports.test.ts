import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';

const ROOT = resolve(import.meta.dirname, '..', '..');
const SRC = join(ROOT, 'src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** Each source file's relative imports (type-only ones too: a cycle of types is a cycle to read). */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const spec = /(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g;
  for (const file of sources(SRC)) {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(spec)].map((m) => resolve(dirname(file), m[1] ?? ''));
    graph.set(relative(ROOT, file), [...new Set(targets.map((t) => relative(ROOT, t)))]);
  }
  return graph;
}

test('the sources have no import cycle', () => {
  const graph = importGraph();
  const cycles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push([...path.slice(path.indexOf(next)), next].join(' -> '));
      else if (!state.has(next) && graph.has(next)) visit(next);
    }
    path.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  assert.deepEqual(cycles, []);
});

test('the store imports nothing above it: no engine, feature, HTTP or connector code', () => {
  const graph = importGraph();
  const above = /^src\/(engine|features|http|connectors|cli)\//;
  // The connectors' contract is types only (what a receipt says), shared by the store's receipts.
  const contract = 'src/connectors/types.ts';
  const wrong = [...graph]
    .filter(([file]) => file.startsWith('src/store/'))
    .flatMap(([file, targets]) =>
      targets.filter((t) => above.test(t) && t !== contract).map((t) => `${file} -> ${t}`),
    );
  assert.deepEqual(wrong, []);
});

test('the engine reaches no feature, not even through another module: features are wired into it', () => {
  const graph = importGraph();
  const wrong: string[] = [];
  for (const start of graph.keys()) {
    if (!start.startsWith('src/engine/')) continue;
    const seen = new Set<string>([start]);
    const queue = [start];
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
      for (const next of graph.get(file) ?? []) {
        if (seen.has(next)) continue;
        seen.add(next);
        if (next.startsWith('src/features/')) wrong.push(`${start} reaches ${next} through ${file}`);
        else queue.push(next);
      }
    }
  }
  assert.deepEqual(wrong, []);
});
