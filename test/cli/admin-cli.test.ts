import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { hashApiKey } from '../../src/rules/api-key.ts';
import { findKeyByHash } from '../../src/store/accounts/accounts.ts';
import { openStore, type Store } from '../../src/store/db/database.ts';

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'omnigate.mjs');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
  json: <T = Record<string, unknown>>() => T;
}

// SQLite only: the CLI reads one DATABASE_URL and has no notion of the test suites' PostgreSQL
// schemas; the use cases it calls run on both databases in test/features/admin.test.ts.
describe('omnigate operator commands', () => {
  const dir = mkdtempSync(join(tmpdir(), 'omnigate-cli-'));
  const env = {
    ...process.env,
    DATABASE_URL: `sqlite:${join(dir, 'omnigate.db')}`,
    OMNIGATE_DATA_DIR: dir,
  };
  let store: Store;
  let accountId: string;
  let apiKey: string;
  let keyId: string;

  /** What every command printed, for the check of its times. */
  const printed: Array<{ args: string[]; stdout: string }> = [];

  /** `omnigate <args>` as an operator types it. */
  function omnigate(...args: string[]): Promise<Run> {
    return new Promise((resolve) => {
      execFile(process.execPath, [BIN, ...args], { env, timeout: 60_000 }, (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0;
        if (code === 0 && stdout.startsWith('{')) printed.push({ args, stdout });
        resolve({ code, stdout, stderr, json: <T>() => JSON.parse(stdout) as T });
      });
    });
  }

  function assertOk(run: Run): void {
    assert.equal(run.code, 0, `exit code; stderr: ${run.stderr}`);
  }

  before(async () => {
    // The commands work on a database a gateway (or `migrate`) made; they make none.
    assertOk(await omnigate('migrate'));
    const created = await omnigate('accounts', 'create', '--name', 'acme');
    assertOk(created);
    ({ accountId, apiKey, keyId } = created.json<{ accountId: string; apiKey: string; keyId: string }>());
    store = await openStore(env.DATABASE_URL);
  });
  after(async () => {
    await store?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('accounts create prints the account and a key that authenticates', async () => {
    assert.match(accountId, /^acc_/);
    assert.match(keyId, /^key_/);
    const principal = await findKeyByHash(store, hashApiKey(apiKey));
    assert.equal(principal?.account.id, accountId);
    assert.equal(principal?.account.name, 'acme');

    const [list, show] = await Promise.all([
      omnigate('accounts', 'list'),
      omnigate('accounts', 'show', accountId),
    ]);
    assertOk(list);
    const accounts = list.json<{ accounts: Array<{ accountId: string }> }>().accounts;
    assert.ok(accounts.some((a) => a.accountId === accountId));
    assertOk(show);
    assert.equal(show.json().name, 'acme');
    assert.ok(!show.stdout.includes(apiKey));
  });

  test('keys create, dlr and revoke', async () => {
    const created = await omnigate('keys', 'create', '--account', accountId);
    assertOk(created);
    const second = created.json<{ keyId: string; apiKey: string }>();
    assert.equal((await findKeyByHash(store, hashApiKey(second.apiKey)))?.account.id, accountId);

    const on = await omnigate('keys', 'dlr', second.keyId, '--on');
    assertOk(on);
    assert.deepEqual(on.json(), { keyId: second.keyId, dlr: true });
    assert.equal((await findKeyByHash(store, hashApiKey(second.apiKey)))?.dlr, true);

    const revoked = await omnigate('keys', 'revoke', second.keyId);
    assertOk(revoked);
    assert.deepEqual(revoked.json(), { keyId: second.keyId, revoked: true });
    assert.equal((await findKeyByHash(store, hashApiKey(second.apiKey)))?.revoked, true);
    assert.equal((await findKeyByHash(store, hashApiKey(apiKey)))?.revoked, false);
  });

  test('registrations and settings, then shown on the account', async () => {
    const runs = await Promise.all([
      omnigate('senders', 'add', '--account', accountId, '--number', '01012345678'),
      omnigate(
        'profiles',
        'add',
        '--account',
        accountId,
        '--sender-key',
        'sk-cli',
        '--friend-count',
        '50000',
        '--business-verified',
        '--channel-phone',
        '15881234',
        '--consent-evidence',
        '--channel-id',
        'ch-cli',
      ),
      omnigate(
        'brands',
        'add',
        '--account',
        accountId,
        '--brand-id',
        'BR.cli',
        '--brand-key',
        'BK.cli',
        '--name',
        'Cli',
      ),
      omnigate(
        'webhook',
        'set',
        '--account',
        accountId,
        '--url',
        'https://example.com/hook',
        '--secret',
        's3cret-value',
      ),
      omnigate(
        'limits',
        'set',
        '--account',
        accountId,
        '--send-per-second',
        '30',
        '--requests-per-second',
        'none',
      ),
    ]);
    for (const r of runs) assertOk(r);
    const [sender, profile, brand, webhook, limits] = runs.map((r) => r.json());
    assert.deepEqual({ ...sender, createdAt: 0 }, { accountId, number: '01012345678', createdAt: 0 });
    assert.equal(profile?.friendCount, 50000);
    assert.equal(profile?.businessVerified, true);
    assert.equal(profile?.consentEvidence, true);
    assert.equal(profile?.channelPhoneNumber, '15881234');
    assert.equal(profile?.channelId, 'ch-cli');
    assert.equal(brand?.status, 'ready');
    // Write-only: the secret given is not printed back.
    assert.deepEqual(webhook, { accountId, url: 'https://example.com/hook', secretSet: true });
    assert.deepEqual(limits, { accountId, sendPerSecond: 30, requestsPerSecond: null });

    const mode = await omnigate('report-mode', 'set', '--account', accountId, '--mode', 'webhook');
    assertOk(mode);
    assert.deepEqual(mode.json(), { accountId, reportMode: 'webhook' });

    const shown = (await omnigate('accounts', 'show', accountId)).json<{
      reportMode: string;
      webhook: unknown;
      limits: unknown;
      senders: unknown[];
      senderProfiles: unknown[];
      rcsBrands: unknown[];
    }>();
    assert.equal(shown.reportMode, 'webhook');
    assert.deepEqual(shown.webhook, { url: 'https://example.com/hook', secretSet: true });
    assert.deepEqual(shown.limits, { sendPerSecond: 30, requestsPerSecond: null });
    assert.equal(shown.senders.length, 1);
    assert.equal(shown.senderProfiles.length, 1);
    assert.equal(shown.rcsBrands.length, 1);
  });

  test('refusals and bad arguments exit 2 with "error:" on stderr', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['accounts', 'show', 'acc_missing'], /^error: Not found: account acc_missing/],
      [['keys', 'revoke', 'key_missing'], /key key_missing/],
      [['senders', 'add', '--account', accountId, '--number', '010-1234-5678'], /Invalid sender number/],
      [
        ['report-mode', 'set', '--account', accountId, '--mode', 'email'],
        /--mode must be polling or webhook/,
      ],
      [
        ['limits', 'set', '--account', accountId, '--send-per-second', '0'],
        /sendPerSecond must be an integer/,
      ],
      [['accounts', 'create'], /--name is required/],
      [
        ['accounts', 'create', '--name', 'x', '--bogus'],
        /^error: unknown option --bogus for omnigate accounts create \(omnigate accounts create --help lists its options\)$/m,
      ],
      [
        ['accounts', 'create', '--name'],
        /--name <value>' argument missing \(omnigate accounts create --help\)/,
      ],
      [['accounts', 'show'], /omnigate accounts show takes 1 argument \(omnigate accounts show --help\)/],
      [['accounts', 'rename'], /accounts needs a subcommand: create, list, show \(not "rename"\)/],
      [['audit', 'list', '--cursor', 'abc'], /--cursor must be the next of an earlier answer/],
      [['keys', 'dlr', keyId], /exactly one of --on or --off/],
    ];
    const runs = await Promise.all(cases.map(([args]) => omnigate(...args)));
    runs.forEach((run, i) => {
      const [args, pattern] = cases[i] ?? [[], /./];
      assert.equal(run.code, 2, `${args.join(' ')}: ${run.stderr}`);
      assert.match(run.stderr, pattern, args.join(' '));
      assert.equal(run.stdout, '', args.join(' '));
    });
  });

  test('operator commands are in the audit log, read back by audit list; a secret never is', async () => {
    const set = await omnigate(
      'webhook',
      'set',
      '--account',
      accountId,
      '--url',
      'https://example.test/hook',
      '--secret',
      'shh-not-logged',
    );
    assertOk(set);
    const refused = await omnigate('keys', 'revoke', 'key_nope');
    assert.equal(refused.code, 2);
    const run = await omnigate('audit', 'list', '--limit', '2');
    assertOk(run);
    const { entries } = run.json<{
      entries: Array<{ actor: string; action: string; target: Record<string, string>; status: number }>;
    }>();
    assert.deepEqual(
      entries.map((e) => [e.action, e.target, e.status]),
      [
        ['cli keys revoke', { arg1: 'key_nope' }, 404],
        ['cli webhook set', { account: accountId, url: 'https://example.test/hook' }, 200],
      ],
    );
    assert.match(entries[0]?.actor ?? '', /^cli \S+$/);
    assert.doesNotMatch(run.stdout, /shh-not-logged/);
  });
  test('spam-rules and opt-outs: add, list, remove (the send path refusing by them is tested over HTTP)', async () => {
    const rule = await omnigate(
      'spam-rules',
      'add',
      '--kind',
      'text',
      '--pattern',
      '무담보 대출',
      '--account',
      accountId,
    );
    assertOk(rule);
    const { ruleId } = rule.json<{ ruleId: string }>();
    assert.match(ruleId, /^pol_/);
    const global = await omnigate(
      'spam-rules',
      'add',
      '--kind',
      'recipient',
      '--match',
      'prefix',
      '--pattern',
      '0303',
    );
    assertOk(global);
    assert.equal(global.json().accountId, null);
    const listed = await omnigate('spam-rules', 'list', '--account', accountId);
    assertOk(listed);
    assert.deepEqual(
      listed
        .json<{ rules: Array<{ ruleId: string; pattern: string }> }>()
        .rules.map((r) => [r.ruleId, r.pattern]),
      [[ruleId, '무담보 대출']],
    );
    const bad = await omnigate('spam-rules', 'add', '--kind', 'sender', '--pattern', 'abc');
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /error: .*pattern/);
    assertOk(await omnigate('spam-rules', 'remove', ruleId));
    assert.equal((await omnigate('spam-rules', 'remove', ruleId)).code, 2);

    const added = await omnigate(
      'opt-outs',
      'add',
      '--account',
      accountId,
      '--phone',
      '01070000001,01070000002',
    );
    assertOk(added);
    assert.equal(added.json().added, 2);
    const list = await omnigate('opt-outs', 'list', '--account', accountId, '--limit', '1');
    assertOk(list);
    const page = list.json<{ optOuts: Array<{ phone: string; source: string }>; next: string | null }>();
    assert.deepEqual(
      page.optOuts.map((o) => [o.phone, o.source]),
      [['01070000001', 'operator']],
    );
    assert.ok(page.next);
    assertOk(await omnigate('opt-outs', 'remove', '--account', accountId, '--phone', '01070000001'));
    const rest = await omnigate('opt-outs', 'list', '--account', accountId);
    assert.deepEqual(
      rest.json<{ optOuts: Array<{ phone: string }> }>().optOuts.map((o) => o.phone),
      ['01070000002'],
    );
    const audit = await omnigate('audit', 'list', '--limit', '1');
    assert.equal(
      audit.json<{ entries: Array<{ action: string }> }>().entries[0]?.action,
      'cli opt-outs list',
    );
  });

  test('secrets rotate: a new data key, the webhook secret resealed under it, the old key gone, audited', async () => {
    const row = () =>
      store.db
        .selectFrom('accounts')
        .select(['webhook_secret', 'webhook_secret_sealed', 'webhook_key'])
        .where('id', '=', accountId)
        .executeTakeFirstOrThrow();
    const before = await row();
    assert.equal(before.webhook_secret, null);
    assert.ok(before.webhook_key && before.webhook_secret_sealed?.startsWith(`v1.${before.webhook_key}.`));
    assert.equal(statSync(join(dir, 'secret-key')).mode & 0o777, 0o600);

    const run = await omnigate('secrets', 'rotate');
    assertOk(run);
    const out = run.json<{
      key: string;
      retired: string[];
      deleted: string[];
      resealed: { webhookSecrets: number };
    }>();
    assert.deepEqual(out.retired, [before.webhook_key]);
    assert.deepEqual(out.deleted, [before.webhook_key]);
    assert.equal(out.resealed.webhookSecrets, 1);
    const after = await row();
    assert.equal(after.webhook_key, out.key);
    assert.ok(after.webhook_secret_sealed?.startsWith(`v1.${out.key}.`));
    const keys = await store.db.selectFrom('secret_keys').select('id').execute();
    assert.deepEqual(
      keys.map((k) => k.id),
      [out.key],
    );
    const audit = await omnigate('audit', 'list', '--limit', '1');
    assert.deepEqual(
      audit
        .json<{ entries: Array<{ action: string; status: number }> }>()
        .entries.map((e) => [e.action, e.status]),
      [['cli secrets rotate', 200]],
    );
    const shown = await omnigate('accounts', 'show', accountId);
    assertOk(shown);
    assert.deepEqual(shown.json().webhook, { url: 'https://example.test/hook', secretSet: true });
  });

  test('audit list pages with its next, and prints times as GET /admin/v1/audit does (ISO 8601)', async () => {
    const first = await omnigate('audit', 'list', '--limit', '1');
    assertOk(first);
    const page = first.json<{ entries: Array<{ id: number; at: unknown }>; next: unknown }>();
    assert.match(String(page.entries[0]?.at), /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+09:00$/);
    assert.equal(typeof page.next, 'string');
    const second = await omnigate('audit', 'list', '--limit', '1', '--cursor', String(page.next));
    assertOk(second);
    const [entry] = second.json<{ entries: Array<{ id: number }> }>().entries;
    assert.ok(entry && entry.id < (page.entries[0]?.id ?? 0), 'the next page is older');
  });

  // Last: it reads what every test before it printed.
  test('every time any command printed is ISO 8601, never epoch milliseconds', () => {
    const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?(Z|[+-]\d{2}:\d{2})$/;
    let times = 0;
    const walk = (v: unknown, path: string, args: string[]) => {
      if (typeof v === 'number') {
        // Epoch milliseconds of any year from 2001 to 2286.
        assert.ok(v < 1e12 || v >= 1e13, `${args.join(' ')}: ${path} = ${v} looks like epoch milliseconds`);
      } else if (typeof v === 'string') {
        if (/(At|^at|Time)$/.test(path.split('.').pop() ?? '')) {
          assert.match(v, iso, `${args.join(' ')}: ${path}`);
          times += 1;
        }
      } else if (Array.isArray(v)) {
        for (const [i, x] of v.entries()) walk(x, `${path}.${i}`, args);
      } else if (v !== null && typeof v === 'object') {
        for (const [k, x] of Object.entries(v)) walk(x, path ? `${path}.${k}` : k, args);
      }
    };
    for (const p of printed) walk(JSON.parse(p.stdout), '', p.args);
    assert.ok(printed.some((p) => p.args[0] === 'audit'));
    assert.ok(times > 10, `times seen: ${times}`);
  });
});
