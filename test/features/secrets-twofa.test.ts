import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { after, before, test } from 'node:test';
import { rotateSecrets } from '../../src/features/admin/secrets.ts';
import type { Store } from '../../src/store/db/database.ts';
import { type Client, inbox, settle, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { readableDump, sideCtx, tablesHolding } from './secrets-helpers.ts';
import { lastCode, ok, otherCode, phones, post, refused, START, setClock, tick } from './twofa-helpers.ts';

/*
 * 2FA codes at rest (issue 15, item 2): the code reaches the handset, and nothing stored shows it.
 * The send request keeps its text masked, the text as sent is sealed (and erased when the code
 * expires), and the request keeps an HMAC of the code under a key derived from the keyring, so
 * the database alone cannot check guesses. Only the sandbox handset's inbox, the simulated phone,
 * holds what the phone received.
 */

/** Tables that may hold a code: the simulated phone's inbox. */
const PHONE = ['sandbox_inbox'];

describeEachDb('secrets at rest: 2FA codes', (db) => {
  let t: TestGateway;
  let c: Client;
  let side: Store;
  const phone = phones('77');

  before(async () => {
    t = await startTestGateway(db);
    await setClock(t, START);
    c = await setupClient(t);
    side = await db.openStore();
  });
  after(() => t.close());

  async function request(to: string, extra: Record<string, unknown> = {}): Promise<string> {
    const d = ok(await post(t, c, '/request', { to, ...extra }));
    await settle(t);
    return d.requestId ?? '';
  }

  const twofaRow = (id: string) =>
    t.gw.ctx.store.db.selectFrom('twofa_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  test('a fixed code reaches the handset and verifies, and no table but the inbox holds it', async () => {
    const to = phone();
    const requestId = await request(to, { authNumber: '391732' });
    assert.match((await inbox(t, to)).at(-1)?.text ?? '', /^인증번호 \[391732\]을 입력해주세요\.$/);
    assert.deepEqual(tablesHolding(await readableDump(t.gw.ctx.store), '391732'), PHONE);

    // What the views read: the text with the code masked.
    const row = await twofaRow(requestId);
    const stored = await t.gw.ctx.store.db
      .selectFrom('send_requests')
      .select('flow')
      .where('id', '=', row.send_request_id)
      .executeTakeFirstOrThrow();
    const [step] = JSON.parse(stored.flow) as Array<{
      text: string;
      payload: { text: string };
      sealed: boolean;
    }>;
    assert.equal(step?.text, '인증번호 [******]을 입력해주세요.');
    assert.equal(step?.payload.text, '인증번호 [******]을 입력해주세요.');
    assert.equal(step?.sealed, true);
    // An HMAC under the keyring's key, not under a salt stored beside it.
    assert.equal(row.code_salt, '');
    assert.match(row.code_hash, /^[0-9a-f]{64}$/);
    const current = await t.gw.ctx.secrets.current();
    assert.equal(row.code_key, current.id);

    refused(
      await post(t, c, '/verify', { to, authNumber: '391733', requestId }),
      'A706',
      400,
      '4 attempts left',
    );
    ok(await post(t, c, '/verify', { to, authNumber: '391732', requestId }));
  });

  test('a random code: on the handset only, verified; a wrong one fails', async () => {
    const to = phone();
    const requestId = await request(to);
    const code = await lastCode(t, to);
    assert.deepEqual(tablesHolding(await readableDump(t.gw.ctx.store), code), PHONE);
    refused(await post(t, c, '/verify', { to, authNumber: otherCode(code), requestId }), 'A706', 400);
    ok(await post(t, c, '/verify', { to, authNumber: code }));
  });

  test('codes of a request made before 0022_secrets (salted HMAC) still verify', async () => {
    const to = phone();
    const salt = 'ab'.repeat(16);
    const now = t.gw.ctx.clock.now();
    await t.gw.ctx.store.db
      .insertInto('twofa_requests')
      .values({
        id: '2falegacy0001',
        account_id: c.accountId,
        number: to,
        code_hash: createHmac('sha256', salt).update('246810').digest('hex'),
        code_salt: salt,
        code_key: null,
        status: 'PENDING',
        attempts: 0,
        expires_at: now + 180_000,
        created_at: now,
        verified_at: null,
        send_request_id: 'req_legacy',
      })
      .execute();
    refused(
      await post(t, c, '/verify', { to, authNumber: '246811', requestId: '2falegacy0001' }),
      'A706',
      400,
    );
    ok(await post(t, c, '/verify', { to, authNumber: '246810', requestId: '2falegacy0001' }));
  });

  test('the sealed text is erased once the code expired', async () => {
    await request(phone());
    assert.ok(
      (await t.gw.ctx.store.db.selectFrom('request_secrets').select('request_id').execute()).length > 0,
    );
    await tick(t, 4 * 60);
    await settle(t);
    assert.deepEqual(
      await t.gw.ctx.store.db.selectFrom('request_secrets').select('request_id').execute(),
      [],
    );
  });

  test('a rotation keeps pending codes verifiable; their old key goes once they expired', async () => {
    const [a, b] = [phone(), phone()];
    const idA = await request(a);
    const idB = await request(b);
    const [codeA, codeB] = [await lastCode(t, a), await lastCode(t, b)];
    const oldKey = (await twofaRow(idA)).code_key ?? '';

    const rotation = await rotateSecrets(sideCtx(t, side), t.gw.ctx.clock.now());
    assert.ok(rotation.retired.includes(oldKey));
    assert.ok(rotation.resealed.requestSecrets >= 2, JSON.stringify(rotation));
    // Kept for the codes: their HMACs cannot be made again under the new key.
    assert.deepEqual(
      rotation.kept.map((k) => k.key),
      [oldKey],
    );
    const under = (table: 'request_secrets', key: string) =>
      t.gw.ctx.store.db.selectFrom(table).select('request_id').where('key_id', '=', key).execute();
    assert.deepEqual(await under('request_secrets', oldKey), []);

    // Made before the rotation, verified after it.
    ok(await post(t, c, '/verify', { to: a, authNumber: codeA, requestId: idA }));
    // Made after it, under the new key.
    const c2 = phone();
    const idC = await request(c2);
    assert.equal((await twofaRow(idC)).code_key, rotation.key);
    assert.deepEqual(tablesHolding(await readableDump(t.gw.ctx.store), await lastCode(t, c2)), PHONE);
    ok(await post(t, c, '/verify', { to: c2, authNumber: await lastCode(t, c2) }));

    // Past every code's 3 minutes: the sweep erases the sealed texts and the old key with them.
    await tick(t, 4 * 60);
    await settle(t);
    const keys = await t.gw.ctx.store.db.selectFrom('secret_keys').select('id').execute();
    assert.deepEqual(
      keys.map((k) => k.id),
      [rotation.key],
    );
    assert.deepEqual(
      await t.gw.ctx.store.db
        .selectFrom('twofa_requests')
        .select('id')
        .where('code_key', '=', oldKey)
        .execute(),
      [],
    );
    assert.equal((await twofaRow(idB)).code_hash, '');
    assert.deepEqual(
      await t.gw.ctx.store.db.selectFrom('request_secrets').select('request_id').execute(),
      [],
    );
    refused(await post(t, c, '/verify', { to: b, authNumber: codeB, requestId: idB }), 'A707', 409);
  });
});

describeEachDb('secrets at rest: a 2FA code that expires before it is sent', (db) => {
  let t: TestGateway;
  let c: Client;

  before(async () => {
    // Workers stopped: the message waits, as it would behind a connector that is down.
    t = await startTestGateway(db, { start: false });
    await setClock(t, START);
    c = await setupClient(t);
  });
  after(() => t.close());

  test('is not sent once its code expired: the message fails with 85006', async () => {
    const to = '01077990001';
    const d = ok(await post(t, c, '/request', { to, authNumber: '857201' }));
    await tick(t, 3 * 60);
    t.gw.start();
    await settle(t);
    assert.deepEqual(await inbox(t, to), []);
    const row = await t.gw.ctx.store.db
      .selectFrom('twofa_requests as r')
      .innerJoin('messages as m', 'm.request_id', 'r.send_request_id')
      .select(['m.status', 'm.report_code'])
      .where('r.id', '=', d.requestId ?? '')
      .executeTakeFirstOrThrow();
    assert.deepEqual(row, { status: 'failed', report_code: '85006' });
    assert.deepEqual(tablesHolding(await readableDump(t.gw.ctx.store), '857201'), []);
  });
});
