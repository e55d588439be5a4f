import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, normalize, sep } from 'node:path';
import { test } from 'node:test';
import { linkTargets } from './markdown.ts';

/*
 * The repository stands alone: a clone holds every document it points to. No file may name the
 * design notes or the spec that lived beside the repository while it was built, and every
 * relative link of a Markdown file (and every docs/*.md a source comment names) must reach a file
 * of the repository, and a heading of it when it names one.
 */

const ROOT = join(import.meta.dirname, '..', '..');
const files = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' })
  .split('\0')
  .filter((f) => f !== '');
const tracked = new Set(files);
const dirs = new Set(
  files.flatMap((f) =>
    f
      .split('/')
      .slice(0, -1)
      .map((_, i, a) => a.slice(0, i + 1).join('/')),
  ),
);

// Spelt in pieces, so that this file does not hold what it looks for.
const FORBIDDEN = [['..', 'shared'].join('/'), ['design', 'md'].join('.'), ['gateway-api', 'md'].join('.')];

const BINARY = /\.(png|jpe?g|gif|webp|ico|pdf|zip|gz|woff2?|ttf|mp4|db)$/i;

function text(file: string): string | null {
  if (BINARY.test(file)) return null;
  const buf = readFileSync(join(ROOT, file));
  return buf.includes(0) ? null : buf.toString('utf8');
}

/** GitHub's anchor of a heading: lowercase, punctuation dropped, each space a hyphen. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

const anchorCache = new Map<string, Set<string>>();
function anchors(file: string): Set<string> {
  const cached = anchorCache.get(file);
  if (cached) return cached;
  const seen = new Map<string, number>();
  const out = new Set<string>();
  let inFence = false;
  for (const line of (text(file) ?? '').split('\n')) {
    if (/^```/.test(line)) inFence = !inFence;
    const h = inFence ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!h) continue;
    const base = slug(h[1] ?? '');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  anchorCache.set(file, out);
  return out;
}

/** Why `target`, written in `from`, does not resolve; null when it does. */
function unresolved(from: string, target: string): string | null {
  const [rawPath = '', fragment] = target.split('#', 2);
  const path = decodeURIComponent(rawPath);
  const resolved =
    path === ''
      ? from
      : normalize(join(dirname(from), path))
          .split(sep)
          .join('/');
  if (resolved === '..' || resolved.startsWith('../')) return 'points outside the repository';
  const file = resolved.replace(/\/$/, '');
  if (!tracked.has(file) && !dirs.has(file)) return 'no such file in the repository';
  if (fragment && file.endsWith('.md') && !anchors(file).has(fragment.toLowerCase())) {
    return `no heading #${fragment} in ${file}`;
  }
  return null;
}

test('no tracked file names the design notes or the spec outside the repository', () => {
  const hits: string[] = [];
  for (const file of files) {
    const body = text(file);
    if (body === null) continue;
    body.split('\n').forEach((line, i) => {
      for (const f of FORBIDDEN) if (line.includes(f)) hits.push(`${file}:${i + 1}: ${f}`);
    });
  }
  assert.deepEqual(hits, []);
});

test('every relative link of a Markdown file reaches a file (and heading) of the repository', () => {
  const broken: string[] = [];
  let checked = 0;
  for (const file of files.filter((f) => f.endsWith('.md'))) {
    for (const { line, target } of linkTargets(text(file) ?? '')) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, https:, mailto:
      checked += 1;
      const why = unresolved(file, target);
      if (why) broken.push(`${file}:${line}: (${target}) ${why}`);
    }
  }
  assert.ok(checked > 50, `only ${checked} links found: the link reader is broken`);
  assert.deepEqual(broken, []);
});

test('every docs/*.md a file names (a code comment, a message) exists, with its heading', () => {
  const broken: string[] = [];
  for (const file of files) {
    const body = text(file);
    if (body === null) continue;
    body.split('\n').forEach((line, i) => {
      for (const m of line.matchAll(/(?<![\w./-])docs\/([\w-]+\.md)(#[\w-]+)?/g)) {
        const why = unresolved('x', `docs/${m[1]}${m[2] ?? ''}`);
        if (why) broken.push(`${file}:${i + 1}: ${m[0]} ${why}`);
      }
    });
  }
  assert.deepEqual(broken, []);
});

test('the slugs follow GitHub for the headings these docs use', () => {
  assert.equal(slug('`#{key}` substitution'), 'key-substitution');
  assert.equal(slug('Spam filter and opt-out list (A322-A324)'), 'spam-filter-and-opt-out-list-a322-a324');
  assert.equal(slug('Informational message (`infomsg`)'), 'informational-message-infomsg');
});
