import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { keyFileMode, masterKey, SECRET_KEY_FILE } from '../../src/crypto/master-key.ts';
import { keyIdOf } from '../../src/crypto/secret-box.ts';
import { rotateSecrets, sealPlainWebhookSecrets } from '../../src/features/admin/secrets.ts';
import { createGateway } from '../../src/gateway.ts';
import type { Store } from '../../src/store/db/database.ts';
import { settle } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { moAccount, Receiver, sendMo } from './mo-helpers.ts';
import { readableDump, sideCtx } from './secrets-helpers.ts';

/*
 * Webhook signing secrets at rest (issue 15, item 2): sealed with AES-256-GCM under a data key of
 * the keyring, itself sealed under the master key generated into the data directory. The database
 * alone shows no secret; posts are still signed with the client's secret, during and after a
 * rotation run on another connection (as `omnigate secrets rotate` does) while the gateway runs.
 */

const SECRET = 'client-signing-secret-0123';
const NUMBER = '15886666';

describeEachDb('secrets at rest: webhook secrets', (db) => {
  let t: TestGateway;
  let receiver: Receiver;
  let accountId: string;
  let apiKey: string;
  let side: Store;
  let seq = 0;
  const handset = () => `0109100${String(++seq).padStart(4, '0')}`;

  before(async () => {
    receiver = new Receiver(SECRET);
    const url = await receiver.start();
    t = await startTestGateway(db);
    ({ accountId, apiKey } = await moAccount(t, 'sealed', NUMBER, { url, secret: SECRET }));
    side = await db.openStore();
  });
  after(async () => {
    await t.close();
    await receiver.stop();
  });

  const accountRow = () =>
    t.gw.ctx.store.db
      .selectFrom('accounts')
      .selectAll()
      .where('id', '=', accountId)
      .executeTakeFirstOrThrow();
  const keys = () => t.gw.ctx.store.db.selectFrom('secret_keys').selectAll().orderBy('created_at').execute();

  /** Posts `n` MOs; answers their msgKeys. */
  async function mos(n: number): Promise<string[]> {
    const keys: string[] = [];
    for (let i = 0; i < n; i++)
      keys.push((await sendMo(t, { to: NUMBER, from: handset(), content: `hi ${i}` })).msgKey);
    return keys;
  }

  function assertSignedAndAcked(msgKeys: readonly string[]): void {
    for (const k of msgKeys) {
      const { all, acked } = receiver.of(k);
      assert.ok(all.length > 0, `MO ${k} was posted`);
      assert.ok(
        all.every((r) => r.signatureValid),
        `MO ${k} signed with the client's secret`,
      );
      assert.equal(acked, 1, `MO ${k} acknowledged`);
    }
  }

  test('the master key is generated into the data directory, mode 0600, 64 hex digits', () => {
    const file = join(db.dir, SECRET_KEY_FILE);
    assert.equal(keyFileMode(file), 0o600);
    assert.match(readFileSync(file, 'utf8'), /^[0-9a-f]{64}\n$/);
  });

  test('the database holds the secret sealed, never in clear; the API shows it only when set', async () => {
    const row = await accountRow();
    assert.equal(row.webhook_secret, null);
    assert.ok(
      row.webhook_secret_sealed?.startsWith(`v1.${row.webhook_key}.`),
      String(row.webhook_secret_sealed),
    );
    for (const [table, text] of await readableDump(t.gw.ctx.store)) {
      assert.ok(!text.includes(SECRET), `the secret in clear in ${table}`);
    }
    // The data key is sealed under the master key, which the database does not hold.
    const [k] = await keys();
    const master = masterKey(Buffer.from(readFileSync(join(db.dir, SECRET_KEY_FILE), 'utf8').trim(), 'hex'));
    assert.equal(keyIdOf(k?.wrapped ?? ''), master.id);
    const shown = await t.request({ method: 'GET', url: `/admin/v1/accounts/${accountId}`, admin: true });
    assert.deepEqual(shown.json<{ webhook: unknown }>().webhook, { url: receiver.url, secretSet: true });
    assert.ok(!shown.body.includes(SECRET));
  });

  test('MOs and reports are signed with the client secret', async () => {
    const sent = await mos(2);
    await settle(t);
    assertSignedAndAcked(sent);
    const mode = await t.request({
      method: 'PUT',
      url: `/admin/v1/accounts/${accountId}/report-mode`,
      admin: true,
      body: { mode: 'webhook' },
    });
    assert.equal(mode.statusCode, 200, mode.body);
    const res = await t.request({
      method: 'POST',
      url: '/api/comm/v1/send/omni',
      apiKey,
      body: {
        destinations: [{ to: handset() }],
        messageFlow: [{ sms: { from: NUMBER, text: 'report me' } }],
      },
    });
    assert.equal(res.statusCode, 200, res.body);
    const msgKey = res.json<{ data: { data: { destinations: Array<{ msgKey: string }> } } }>().data.data
      .destinations[0]?.msgKey;
    await settle(t);
    assertSignedAndAcked([msgKey ?? '']);
  });

  test('a rotation on another connection while MOs are posted: every post signed, nothing left under the old key', async () => {
    const before = await accountRow();
    const oldKey = before.webhook_key ?? '';
    // Posts under way while the rotation runs beside them.
    const rotating = rotateSecrets(sideCtx(t, side));
    const during = await mos(6);
    const rotation = await rotating;
    await settle(t);
    const after = await mos(3);
    await settle(t);
    assertSignedAndAcked([...during, ...after]);

    assert.deepEqual(rotation.retired, [oldKey]);
    assert.deepEqual(rotation.deleted, [oldKey]);
    assert.ok(rotation.resealed.webhookSecrets >= 1);
    const row = await accountRow();
    assert.equal(row.webhook_key, rotation.key);
    assert.notEqual(row.webhook_secret_sealed, before.webhook_secret_sealed);
    assert.deepEqual(
      (await keys()).map((k) => [k.id, k.retired_at]),
      [[rotation.key, null]],
    );
    const under = await t.gw.ctx.store.db
      .selectFrom('accounts')
      .select('id')
      .where('webhook_key', '=', oldKey)
      .execute();
    assert.deepEqual(under, []);

    // The running gateway seals new secrets under the new key (it learns the old one is retired).
    const set = await t.request({
      method: 'PUT',
      url: `/admin/v1/accounts/${accountId}/webhook`,
      admin: true,
      body: { url: receiver.url, secret: SECRET },
    });
    assert.equal(set.statusCode, 200, set.body);
    assert.equal((await accountRow()).webhook_key, rotation.key);
  });

  test('webhook secrets set while rotations run never land under a retired key', async () => {
    const accounts = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => t.createAccount(`race-${i}`)));
    const put = (id: string, round: number) =>
      t.request({
        method: 'PUT',
        url: `/admin/v1/accounts/${id}/webhook`,
        admin: true,
        body: { url: receiver.url, secret: `race-secret-${round}-${id}` },
      });
    for (let round = 0; round < 3; round++) {
      const [rotation, ...answers] = await Promise.all([
        rotateSecrets(sideCtx(t, side)),
        ...accounts.map((a) => put(a.accountId, round)),
      ]);
      for (const a of answers) assert.equal(a.statusCode, 200, a.body);
      const usable = (await keys()).filter((k) => k.retired_at === null).map((k) => k.id);
      assert.deepEqual(usable, [rotation.key]);
      const rows = await t.gw.ctx.store.db
        .selectFrom('accounts')
        .select(['id', 'webhook_key'])
        .where('webhook_key', 'is not', null)
        .execute();
      for (const r of rows) assert.equal(r.webhook_key, rotation.key, `account ${r.id}`);
    }
    // Each secret still opens as the one set last.
    for (const a of accounts) {
      const row = await t.gw.ctx.store.db
        .selectFrom('accounts')
        .select('webhook_secret_sealed')
        .where('id', '=', a.accountId)
        .executeTakeFirstOrThrow();
      const plain = await t.gw.ctx.secrets.open(
        row.webhook_secret_sealed ?? '',
        `accounts.webhook_secret:${a.accountId}`,
      );
      assert.equal(plain, `race-secret-2-${a.accountId}`);
    }
  });

  test('a secret stored in clear (by an older version) still signs, and is sealed at start', async () => {
    await t.gw.ctx.store.db
      .updateTable('accounts')
      .set({ webhook_secret: SECRET, webhook_secret_sealed: null, webhook_key: null })
      .where('id', '=', accountId)
      .execute();
    const sent = await mos(1);
    await settle(t);
    assertSignedAndAcked(sent);
    // What the next start does (and a rotation).
    assert.equal(await sealPlainWebhookSecrets(t.gw.ctx), 1);
    const row = await accountRow();
    assert.equal(row.webhook_secret, null);
    assert.ok(row.webhook_secret_sealed?.startsWith('v1.'));
    const again = await mos(1);
    await settle(t);
    assertSignedAndAcked(again);
  });

  test('an instance under another master key refuses to start, naming the variable', async () => {
    const config = loadConfig({
      DATABASE_URL: db.url,
      OMNIGATE_DATA_DIR: join(db.dir, 'other'),
      OMNIGATE_ADMIN_TOKEN: 'x'.repeat(32),
      OMNIGATE_SECRET_KEY: 'b2'.repeat(32),
    });
    await assert.rejects(
      createGateway(config, db.schema ? { schema: db.schema } : {}),
      (err: unknown) => err instanceof ConfigError && /OMNIGATE_SECRET_KEY/.test(err.message),
    );
  });

  test('a change of master key: OMNIGATE_SECRET_KEY_PREVIOUS opens the old keys, a rotation moves to the new', async () => {
    const oldHex = readFileSync(join(db.dir, SECRET_KEY_FILE), 'utf8').trim();
    const newHex = 'c3'.repeat(32);
    await t.close();
    // Every instance restarted with the new key, the old one beside it.
    t = await startTestGateway(db, {
      env: { OMNIGATE_SECRET_KEY: newHex, OMNIGATE_SECRET_KEY_PREVIOUS: oldHex },
    });
    const first = await mos(1);
    await settle(t);
    assertSignedAndAcked(first);
    const rotation = await rotateSecrets(t.gw.ctx);
    assert.equal(rotation.masterKey, masterKey(Buffer.from(newHex, 'hex')).id);
    const [k] = await keys();
    assert.equal(keyIdOf(k?.wrapped ?? ''), rotation.masterKey);
    // The old key can go.
    await t.close();
    t = await startTestGateway(db, { env: { OMNIGATE_SECRET_KEY: newHex } });
    const later = await mos(1);
    await settle(t);
    assertSignedAndAcked(later);
  });
});
