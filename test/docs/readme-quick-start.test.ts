import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { describeEachDb } from '../helpers/db.ts';
import { serveProcess } from '../helpers/process.ts';
import { fencedBlocks } from './markdown.ts';
import { blockOutput, jsonValues, missingTools, runBash } from './shell-run.ts';

/*
 * The README's quick start, run as a new user runs it: the gateway started as `npm start` starts
 * it (node bin/omnigate.mjs serve, in a fresh folder that stands for the clone, so ./data is made
 * there), then every sh block of the section pasted in order into one bash, verbatim but for the
 * port in its one `export OMNIGATE_URL=` line. Between blocks the test waits until the messages
 * sent are final, as a reader's pause between pastes does ("a moment later"); each block's
 * printed answers are then checked, the RCS → LMS failover's above all.
 */

const ROOT = join(import.meta.dirname, '..', '..');
const BIN = join(ROOT, 'bin', 'omnigate.mjs');
const EXPORT_URL = 'export OMNIGATE_URL=http://localhost:8080';
const missing = missingTools(['bash', 'curl', 'jq']);
if (missing.length && process.env.OMNIGATE_REQUIRE_DOC_TOOLS === '1') {
  throw new Error(`the README's quick start needs ${missing.join(', ')}`);
}

/** The sh blocks of the README's "## Quick start" section. */
function quickStartBlocks() {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const from = readme.indexOf('\n## Quick start\n');
  const to = readme.indexOf('\n## ', from + 1);
  assert.ok(from >= 0 && to > from, 'README.md has a Quick start section');
  return fencedBlocks(readme.slice(from, to)).filter((b) => b.lang === 'sh');
}

type Json = Record<string, unknown>;
const field = (v: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Json)[k] : undefined), v);

describeEachDb("the README's quick start", (db) => {
  test('runs as written against a gateway started as npm start starts it', {
    skip: missing.length ? `needs ${missing.join(', ')}` : false,
  }, async () => {
    // What the blocks call `npm start` and `npm run omnigate --` run, as package.json says.
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Json };
    assert.equal(pkg.scripts.start, 'node bin/omnigate.mjs serve');
    assert.equal(pkg.scripts.omnigate, 'node bin/omnigate.mjs');
    const [start, ...blocks] = quickStartBlocks();
    assert.equal(start?.code, 'npm ci && npm start\n', 'the first block starts the gateway');
    assert.equal(blocks.length, 6, blocks.map((b) => b.code).join('\n---\n'));
    assert.equal(
      blocks.flatMap((b) => b.code.split('\n')).filter((l) => l === EXPORT_URL).length,
      1,
      `one "${EXPORT_URL}" line`,
    );

    await (await db.openStore()).close(); // creates the PostgreSQL schema of this suite
    const work = mkdtempSync(join(tmpdir(), 'omnigate-readme-'));
    const clone = join(work, 'clone');
    const scripts = join(work, 'scripts');
    mkdirSync(clone);
    mkdirSync(scripts);
    // Nothing configured but the database on PostgreSQL: the data folder, admin token and secret
    // key are what a first start makes under ./data.
    const dbEnv = { DATABASE_URL: db.dialect === 'postgres' ? db.processUrl : '' };
    const gw = await serveProcess(
      {
        ...dbEnv,
        OMNIGATE_DATA_DIR: '',
        OMNIGATE_ADMIN_TOKEN: '',
        OMNIGATE_SECRET_KEY: '',
        LOG_LEVEL: 'warn',
      },
      { cwd: clone },
    );
    try {
      const token = readFileSync(join(clone, 'data', 'admin-token'), 'utf8').trim();
      assert.match(gw.output(), /Admin token \(printed once; kept in .*data\/admin-token\): /);
      // Until every message is final (delivered or failed): what a reader's pause gives.
      const settle = `__settle() {
  for _ in $(seq 100); do
    local open=0
    for s in queued waiting; do
      open=$((open + $(command curl -fsS "${gw.base}/admin/v1/messages?status=$s&limit=1" \\
        -H "Authorization: Bearer ${token}" | jq '.messages | length')))
    done
    [ "$open" = 0 ] && return 0
    sleep 0.1
  done
  echo "messages still open"; return 1
}
# npm, as package.json's scripts have it (npm itself would look for package.json here).
npm() {
  [ "$1 $2 $3" = "run omnigate --" ] || { echo "unexpected: npm $*"; return 1; }
  shift 3
  node '${BIN}' "$@"
}
`;
      let driver = `set -euo pipefail\n${settle}`;
      blocks.forEach((b, i) => {
        const code = b.code.replace(`${EXPORT_URL}\n`, `export OMNIGATE_URL=${gw.base}\n`);
        const file = join(scripts, `block-${i}.sh`);
        writeFileSync(file, code);
        driver += `echo "@@ start ${i}"\nsource '${file}'\necho\necho "@@ ok ${i}"\n__settle\n`;
      });
      writeFileSync(join(scripts, 'driver.sh'), driver);
      // PORT: the one setting the gateway was started with that `omnigate demo` prints in its lines.
      const run = await runBash(join(scripts, 'driver.sh'), clone, { ...dbEnv, PORT: String(gw.port) });
      const done = [...run.output.matchAll(/^@@ ok (\d+)$/gm)].length;
      if (run.code !== 0 || done !== blocks.length) {
        const failed = blocks[done];
        assert.fail(
          `the README block at line ${failed?.line ?? '?'} of its quick start failed (exit ${run.code}):\n${run.output.slice(-4000)}`,
        );
      }
      const out = (i: number) => blockOutput(run.output, i);
      const answers = (i: number) => jsonValues(out(i));

      // omnigate demo: the account and the lines for this gateway.
      assert.match(out(0), /^The demo account demo \(acc_\w+\) was created with:/m);
      assert.ok(out(0).includes(`curl -s -w '\\n' -X POST ${gw.base}/api/comm/v1/send/omni`), out(0));

      // The operator's registrations.
      const [sender, brand, profile] = answers(1);
      assert.equal(field(sender, 'number'), '0212345678', out(1));
      assert.equal(field(brand, 'brandKey'), 'acme-brand', out(1));
      assert.equal(field(profile, 'senderKey'), 'acme-channel', out(1));

      // The first message: accepted for its recipient.
      const [sent] = answers(2);
      assert.equal(field(sent, 'data', 'code'), 'A000', out(2));
      const [dest] = field(sent, 'data', 'data', 'destinations') as Json[];
      assert.equal(dest?.code, 'A000', out(2));
      const msgKey = String(dest?.msgKey);

      // The handset has it, substituted; its report is read and acknowledged.
      const [inbox, reports, ack] = answers(3);
      const got = (field(inbox, 'messages') as Json[]).find((m) => m.msgKey === msgKey);
      assert.equal(got?.text, 'Hello Kim', out(3));
      assert.equal(got?.channel, 'sms');
      const report = (reports as Json[]).find((r) => r.msgKey === msgKey);
      assert.equal(report?.reportCode, '10000', out(3));
      assert.equal(field(ack, 'data', 'code'), 'A000', out(3));

      // The failover: the handset refuses RCS, so the LMS goes out, as its second attempt.
      const [handset] = answers(4);
      assert.equal(field(handset, 'rcs'), false, out(4));
      const attempts = answers(5);
      assert.deepEqual(
        attempts,
        [
          { channel: 'rcs', fallback: 'N', reportCode: '30002' },
          { channel: 'mms', fallback: 'Y', reportCode: '10000' },
        ],
        out(5),
      );
      const res = await fetch(`${gw.base}/sandbox/v1/handsets/01098765432/inbox`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const lms = ((await res.json()) as { messages: Json[] }).messages;
      assert.deepEqual(
        lms.map((m) => [m.channel, m.title, m.text]),
        [['mms', 'Order', 'Your order has shipped']],
      );
    } finally {
      gw.child.kill('SIGTERM');
      await gw.exit;
      rmSync(work, { recursive: true, force: true });
    }
  });
});
