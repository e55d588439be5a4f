import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { DAY_MS, formatKst } from '../../src/clock.ts';
import { purge } from '../../src/engine/purge.ts';
import { storeUpload } from '../../src/features/files/storage.ts';
import { saveNumberFile } from '../../src/store/campaigns/friend-group-files.ts';
import { findBlob } from '../../src/store/media/blobs.ts';
import type { StoredFile } from '../../src/store/media/files.ts';
import { REPORT_WEBHOOK_JOB } from '../../src/store/messages/reports.ts';
import { type Client, inbox, send, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { png } from '../helpers/images.ts';
import { advanceDays, rowCount, sendTo, settleAll } from './retention-helpers.ts';

/** The upload's bytes are still in the database. */
async function bytesKept(t: TestGateway, f: StoredFile): Promise<boolean> {
  return (await findBlob(t.gw.ctx.store.db, f.path)) !== undefined;
}

/*
 * Every other kind goes at its own age (README, OMNIGATE_RETENTION_*_DAYS): MO messages, 2FA
 * requests, the sandbox inboxes, webhook deliveries given up, other dead jobs, number lists,
 * uploads nothing can use, expired idempotency keys and the audit log.
 */
describeEachDb('retention: records of every kind', (db) => {
  let t: TestGateway;
  let c: Client;
  before(async () => {
    t = await startTestGateway(db);
    await t.request({
      method: 'POST',
      url: '/sandbox/v1/clock',
      admin: true,
      body: { set: '2026-12-01 10:00:00' },
    });
    c = await setupClient(t);
  });
  after(() => t.close());

  const now = () => t.gw.ctx.clock.now();

  test('the sandbox inbox keeps a week; the messages stay their 90 days', async () => {
    const [first] = await sendTo(t, c, ['01080000001']);
    await settleAll(t);
    await advanceDays(t, 5);
    const [second] = await sendTo(t, c, ['01080000001']);
    await settleAll(t);
    assert.equal((await inbox(t, '01080000001')).length, 2);
    await advanceDays(t, 3);
    const left = await inbox(t, '01080000001');
    assert.deepEqual(
      left.map((m) => m.msgKey),
      [second],
      'what the handset received 8 days ago is gone',
    );
    assert.equal(await rowCount(t, 'messages', 'msg_key', [first ?? '', second ?? '']), 2);
  });

  test('an inbox row of a message still on its way stays', async () => {
    const [key] = await sendTo(t, c, ['01080000002']);
    await settleAll(t);
    await t.gw.ctx.store.db
      .updateTable('messages')
      .set({ status: 'waiting', done_at: null, next_at: now() + 3650 * DAY_MS })
      .where('msg_key', '=', key ?? '')
      .execute();
    await advanceDays(t, 8);
    assert.equal((await inbox(t, '01080000002')).length, 1);
    await t.gw.ctx.store.db
      .updateTable('messages')
      .set({ status: 'delivered', done_at: now(), next_at: null })
      .where('msg_key', '=', key ?? '')
      .execute();
    await advanceDays(t, 1);
    assert.equal((await inbox(t, '01080000002')).length, 0);
  });

  test('MO messages go 90 days after their delivery ended; 2FA requests after 30 days', async () => {
    const mo = await t.request({
      method: 'POST',
      url: '/sandbox/v1/mo',
      admin: true,
      body: { to: c.sender, from: '01080000003', content: 'hi' },
    });
    assert.equal(mo.statusCode, 200, mo.body);
    const code = await t.request({
      method: 'POST',
      url: '/api/verify/v1/2fa/request',
      apiKey: c.apiKey,
      body: { to: '01080000004', userRef: 'u' },
    });
    assert.equal(code.json().data.code, 'A000', code.body);
    await settleAll(t);
    // No webhook: the MO's delivery is given up after its 24 hours of retries, by the attempt
    // that runs when the clock comes past them (its end: now).
    await advanceDays(t, 2);
    const given = await t.gw.ctx.store.db
      .selectFrom('mo_messages')
      .select(['status', 'last_attempt_at'])
      .executeTakeFirstOrThrow();
    assert.equal(given.status, 'GIVEN_UP');
    assert.equal(Number(given.last_attempt_at), now());
    assert.equal(await rowCount(t, 'twofa_requests'), 1);
    assert.equal(await rowCount(t, 'twofa_windows'), 1);
    await advanceDays(t, 29);
    assert.equal(await rowCount(t, 'twofa_requests'), 0, '2FA: 31 days old');
    assert.equal(await rowCount(t, 'twofa_windows'), 0);
    assert.equal(await rowCount(t, 'mo_messages'), 1);
    await advanceDays(t, 60);
    assert.equal(await rowCount(t, 'mo_messages'), 1, 'ended 89 days ago');
    await advanceDays(t, 2);
    assert.equal(await rowCount(t, 'mo_messages'), 0, 'ended 91 days ago');
  });

  test('a webhook delivery given up goes after 30 days, its report stays with its message', async () => {
    const [key] = await sendTo(t, c, ['01080000005']);
    await settleAll(t);
    const report = await t.gw.ctx.store.db
      .selectFrom('reports')
      .select('id')
      .where('msg_key', '=', key ?? '')
      .executeTakeFirstOrThrow();
    // As the report's delivery job is left after its last attempt failed.
    await t.gw.ctx.store.db
      .updateTable('reports')
      .set({ channel: 'webhook', batch_id: null, acked_at: null })
      .where('id', '=', report.id)
      .execute();
    const dead = (kind: string, payload: string) =>
      t.gw.ctx.store.db
        .insertInto('jobs')
        .values({
          kind,
          payload,
          run_at: now(),
          attempts: 20,
          max_attempts: 20,
          state: 'dead',
          last_error: 'webhook: HTTP 500',
          created_at: now(),
        })
        .execute();
    await dead(REPORT_WEBHOOK_JOB, JSON.stringify({ reportId: Number(report.id) }));
    await dead('dispatch', JSON.stringify({ requestId: 'req_x' }));
    await advanceDays(t, 29);
    assert.equal(await rowCount(t, 'jobs', 'state', ['dead']), 2);
    await advanceDays(t, 2);
    assert.equal(await rowCount(t, 'jobs', 'state', ['dead']), 0, 'webhooks and dead jobs: 30 days');
    assert.equal(await rowCount(t, 'reports', 'msg_key', [key ?? '']), 1);
    assert.equal(await rowCount(t, 'messages', 'msg_key', [key ?? '']), 1);
  });

  test('idempotency keys go once their TTL has passed', async () => {
    const body = (idempotencyKey: string, idempotencyTtl: number) => ({
      destinations: [{ to: '01080000006' }],
      messageFlow: [{ sms: { from: c.sender, text: 'once' } }],
      idempotencyKey,
      idempotencyTtl,
    });
    assert.equal((await send(t, c, body('short', 60))).json().data.code, 'A000');
    assert.equal((await send(t, c, body('long', 7200))).json().data.code, 'A000');
    await settleAll(t);
    await advanceDays(t, 1 / 24);
    const keys = await t.gw.ctx.store.db.selectFrom('idempotency_keys').select('idem_key').execute();
    assert.deepEqual(
      keys.map((k) => k.idem_key),
      ['long'],
    );
    await advanceDays(t, 2 / 24);
    assert.equal(await rowCount(t, 'idempotency_keys'), 0);
  });

  test('number lists go a day after they expire, with their numbers', async () => {
    await saveNumberFile(
      t.gw.ctx.store.db,
      t.gw.ctx.store.caps,
      {
        fileKey: 'FGFleft',
        accountId: c.accountId,
        senderKey: c.senderKey,
        numberCount: 2,
        expiresAt: now() + DAY_MS,
        createdAt: now(),
      },
      ['01080000007', '01080000008'],
    );
    await advanceDays(t, 1.5);
    assert.equal(await rowCount(t, 'friend_group_files', 'file_key', ['FGFleft']), 1);
    await advanceDays(t, 1);
    assert.equal(await rowCount(t, 'friend_group_files', 'file_key', ['FGFleft']), 0);
    assert.equal(await rowCount(t, 'friend_group_file_numbers', 'file_key', ['FGFleft']), 0);
  });

  test('uploads: expired ones and ones nothing names go, rows and files; named and brand images stay', async () => {
    const up = (kind: string, expiresAt: number | null) =>
      storeUpload(
        t.gw.ctx,
        {
          accountId: c.accountId,
          kind,
          bytes: Buffer.from(png(800, 400)),
          fileKey: undefined,
          keyPrefix: 'img_',
          name: kind,
          ext: 'png',
          mime: 'image/png',
          width: 800,
          height: 400,
          expiresAt,
        },
        now(),
      );
    const mms = await up('mms', now() + 7 * DAY_MS);
    const unused = await up('infomsg-template', null);
    const named = await up('infomsg-template', null);
    const brand = await up('brandmessage-default', null);
    const messagebase = await up('rcs-messagebase', null);
    const orphan = await up('rcs-messagebase', null);
    // A template names one image by its URL, a brand's message-base images name one by key.
    await t.gw.ctx.store.db
      .updateTable('infomsg_templates')
      .set({ img_url: `${t.gw.ctx.config.publicUrl}/${named.path}` })
      .where('account_id', '=', c.accountId)
      .execute();
    await t.gw.ctx.store.db
      .insertInto('rcs_messagebase_images')
      .values({ file_id: messagebase.fileKey, brand_id: `b-${c.accountId}`, created_at: now() })
      .execute();
    const onDisk = (f: StoredFile) => bytesKept(t, f);
    const kept = async (f: StoredFile) =>
      (await rowCount(t, 'files', 'file_key', [f.fileKey])) === 1 && (await onDisk(f));

    await advanceDays(t, 29);
    for (const f of [mms, unused, named, brand, messagebase, orphan]) assert.ok(await kept(f), f.kind);
    await advanceDays(t, 2);
    assert.ok(!(await kept(unused)), 'an informational template image no template names, 31 days old');
    assert.ok(!(await onDisk(unused)), 'its bytes too');
    assert.ok(!(await kept(orphan)), 'a message-base image of no brand');
    assert.ok(await kept(mms), 'expired 24 days ago');
    for (const f of [named, brand, messagebase]) assert.ok(await kept(f), f.kind);
    await advanceDays(t, 7);
    assert.ok(!(await kept(mms)), 'expired 31 days ago');
    assert.ok(!(await onDisk(mms)));
    for (const f of [named, brand, messagebase]) assert.ok(await kept(f), f.kind);
  });

  test("uploads under one fileKey in two accounts: the unused one goes, the other account's named one stays", async () => {
    const other = await setupClient(t, 'other-uploader');
    const up = (accountId: string) =>
      storeUpload(
        t.gw.ctx,
        {
          accountId,
          kind: 'infomsg-template',
          bytes: Buffer.from(png(800, 400)),
          fileKey: 'shared-key',
          keyPrefix: 'img_',
          name: 'shared',
          ext: 'png',
          mime: 'image/png',
          width: 800,
          height: 400,
          expiresAt: null,
        },
        now(),
      );
    const unused = await up(c.accountId);
    const named = await up(other.accountId);
    assert.notEqual(unused.path, named.path);
    await t.gw.ctx.store.db
      .updateTable('infomsg_templates')
      .set({ img_url: `${t.gw.ctx.config.publicUrl}/${named.path}` })
      .where('account_id', '=', other.accountId)
      .execute();
    await advanceDays(t, 31);
    const onDisk = (f: StoredFile) => bytesKept(t, f);
    assert.equal(await rowCount(t, 'files', 'path', [unused.path]), 0);
    assert.ok(!(await onDisk(unused)));
    assert.equal(
      await rowCount(t, 'files', 'path', [named.path]),
      1,
      "the other account's upload under the key",
    );
    assert.ok(await onDisk(named));
  });

  test('an expired MMS image that a reservation not yet sent names stays until it is sent', async () => {
    const image = await storeUpload(
      t.gw.ctx,
      {
        accountId: c.accountId,
        kind: 'mms',
        bytes: Buffer.from(png(64, 48)),
        fileKey: undefined,
        keyPrefix: 'mms_',
        name: 'later',
        ext: 'png',
        mime: 'image/png',
        width: 64,
        height: 48,
        expiresAt: now() + 7 * DAY_MS,
      },
      now(),
    );
    const resv = await t.request({
      method: 'POST',
      url: '/api/comm/v1/reservation',
      apiKey: c.apiKey,
      body: {
        destinations: [{ to: '01080000009' }],
        messageFlow: [{ mms: { from: c.sender, text: 'later', fileKey: [image.fileKey] } }],
        resvSendTime: formatKst(now() + 60 * DAY_MS),
      },
    });
    assert.equal(resv.json().data.code, 'A000', resv.body);
    await advanceDays(t, 50);
    assert.equal(
      await rowCount(t, 'files', 'file_key', [image.fileKey]),
      1,
      'expired 43 days ago, still named',
    );
    await advanceDays(t, 11);
    assert.equal((await inbox(t, '01080000009')).length, 1);
    await advanceDays(t, 1);
    assert.equal(await rowCount(t, 'files', 'file_key', [image.fileKey]), 0, 'sent: named by nothing live');
    // Nobody read the reservation since: it is still PROCESSING, and goes once its messages have.
    const resvKey = resv.json().data.resvKey;
    await advanceDays(t, 89);
    assert.equal(await rowCount(t, 'reservations', 'resv_key', [resvKey]), 1);
    await advanceDays(t, 2);
    assert.equal(await rowCount(t, 'reservations', 'resv_key', [resvKey]), 0);
  });

  test('the audit log keeps a year of real time', async () => {
    const entry = (at: number, action: string) => ({
      at,
      actor: 'cli test',
      action,
      target: '{}',
      status: 200,
      tr_id: '',
    });
    await t.gw.ctx.store.db
      .insertInto('audit_log')
      .values([entry(Date.now() - 400 * DAY_MS, 'old'), entry(Date.now() - 300 * DAY_MS, 'recent')])
      .execute();
    const result = await purge(t.gw.ctx);
    assert.deepEqual(result.kinds.find((k) => k.kind === 'audit')?.rows, { audit_log: 1 });
    const left = await t.gw.ctx.store.db.selectFrom('audit_log').select('action').execute();
    assert.ok(left.some((e) => e.action === 'recent'));
    assert.ok(!left.some((e) => e.action === 'old'));
  });
});
