import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { field, Gateway, type Json, list, str } from '../../scripts/upgrade-fixture/http.ts';
import type { Manifest } from '../../scripts/upgrade-fixture/manifest.ts';
import { kst, World } from '../../scripts/upgrade-fixture/world.ts';

/*
 * What the old release wrote, read back through the new release's HTTP APIs before any clock
 * move: every record of the manifest, in the state it was left in.
 */

export const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** Every page of an operator list. */
export async function allPages(gw: Gateway, path: string, key: string): Promise<Json[]> {
  const rows: Json[] = [];
  let cursor: string | null = null;
  for (;;) {
    const sep = path.includes('?') ? '&' : '?';
    const page = await gw.admin('GET', `${path}${sep}limit=200${cursor ? `&cursor=${cursor}` : ''}`);
    rows.push(...list(page, key));
    const next = field(page, 'next');
    if (typeof next !== 'string' && typeof next !== 'number') return rows;
    cursor = String(next);
  }
}

export async function checkEverythingKept(base: string, m: Manifest): Promise<void> {
  const gw = new Gateway(base, m.adminToken);
  const w = new World(gw, m.accounts);
  const p = m.accounts.polling;

  const ready = await gw.call('GET', '/readyz', null);
  assert.equal(ready.status, 200, ready.text);
  // The manual clock goes on from where the old release left it.
  assert.equal(await w.now(), m.clockMs);

  // Keys: the live one authenticates, the revoked one is still refused.
  for (const a of Object.values(m.accounts)) {
    const revoked = await gw.call('GET', '/api/comm/v1/report/inquiry/x', a.revokedKey);
    assert.equal(revoked.status, 401, revoked.text);
    assert.equal(field(revoked.body, 'common', 'authCode'), 'A401');
  }

  for (const msg of m.messages) {
    const what = `${msg.label} ${msg.msgKey}`;
    const detail = await gw.admin('GET', `/admin/v1/messages/${msg.msgKey}`);
    assert.equal(str(detail, 'accountId'), m.accounts[msg.account].accountId, what);
    // Queued ones may be on their way already: the engine started with the gateway.
    if (msg.status === 'queued') continue;
    assert.deepEqual(
      await w.inquiry(msg.account, msg.msgKey),
      { status: msg.status, attempts: msg.attempts },
      what,
    );
    const rows = await w.inbox(msg.to, msg.msgKey);
    if (msg.status === 'failed') assert.equal(rows.length, 0, what);
    else {
      assert.equal(rows.length, 1, what);
      if (msg.text !== null) assert.equal(field(rows[0], 'text'), msg.text, what);
    }
    const reports = await gw.api(w.key(msg.account), 'GET', `/api/comm/v1/report/inquiry/${msg.msgKey}`);
    const codes = list(reports, 'data', 'report').map((r) => str(r, 'reportCode'));
    assert.deepEqual(codes, msg.status === 'waiting' ? [] : [msg.finalReportCode], what);
  }

  const tpl = '/api/comm/v1/center/infomsg/template';
  for (const t of m.templates.infomsg) {
    const got = await gw.api(
      p.apiKey,
      'GET',
      `${tpl}?senderKey=${m.templates.senderKey}&templateCode=${t.templateCode}`,
    );
    assert.equal(str(got, 'data', 'infomsg', 'status'), t.status, t.templateCode);
    assert.equal(str(got, 'data', 'infomsg', 'inspectionStatus'), t.inspectionStatus, t.templateCode);
  }
  for (const code of m.templates.brand) {
    const got = await gw.api(
      p.apiKey,
      'GET',
      `/api/comm/v1/center/brandmessage/template?senderKey=${m.templates.senderKey}&templateCode=${code}`,
    );
    assert.equal(str(got, 'data', 'brandmessage', 'status'), 'A');
  }

  // Uploads the old release kept on its disk are served with the same bytes.
  for (const f of [...m.files, m.video.thumbnail]) {
    const got = await gw.file(f.path);
    assert.equal(got.status, 200, `${f.label} ${f.path}`);
    assert.equal(got.bytes.length, f.size, f.label);
    assert.equal(sha256(got.bytes), f.sha256, f.label);
  }
  const video = await w.gw.api(
    p.apiKey,
    'GET',
    `/api/comm/v1/center/brandmessage/video?vid=${m.video.vid}&senderKey=${p.senderKey}`,
  );
  const v = field(video, 'data', 'brandmessage', 'video');
  assert.equal(str(v, 'status'), m.video.status);
  assert.equal(str(v, 'fileName'), m.video.fileName);
  assert.equal(field(v, 'fileSize'), m.video.fileSize);
  assert.equal(new URL(str(v, 'thumbnailUrl')).pathname, m.video.thumbnail.path);

  for (const g of m.friendGroups) {
    const got = await gw.api(
      p.apiKey,
      'GET',
      `/api/comm/v1/center/brandmessage/friendGroup?senderKey=${p.senderKey}&friendGroupKey=${g.friendGroupKey}`,
    );
    const fg = field(got, 'data', 'friendGroup');
    assert.deepEqual(
      [str(fg, 'status'), field(fg, 'userCount'), field(fg, 'phoneNumberCount')],
      [g.status, g.userCount, g.phoneNumberCount],
      g.friendGroupKey,
    );
  }
  for (const r of m.reservations) {
    const got = await gw.api(p.apiKey, 'GET', `/api/comm/v1/reservation/resvKey/${r.resvKey}`);
    assert.equal(str(got, 'data', 'status'), r.status, r.label);
    assert.equal(str(got, 'data', 'resvSendTime'), r.resvSendTime, r.label);
  }
  for (const b of m.broadcasts) {
    const got = await gw.api(
      p.apiKey,
      'GET',
      `/api/comm/v1/center/brandmessage/groupMessage?senderKey=${p.senderKey}&requestId=${b.requestId}`,
    );
    const bm = field(got, 'data', 'brandmessage');
    assert.deepEqual([str(bm, 'status'), field(bm, 'sendCount')], [b.status, b.sendCount], b.label);
  }

  await checkTwofa(gw, m);

  for (const account of ['polling', 'webhook'] as const) {
    const page = await gw.admin('GET', `/admin/v1/accounts/${m.accounts[account].accountId}/mo`);
    const rows = list(page, 'messages');
    for (const mo of m.mo.filter((x) => x.account === account)) {
      const row = rows.find((r) => field(r, 'msgKey') === mo.msgKey);
      assert.equal(field(row, 'content'), mo.content, mo.label);
      assert.equal(field(row, 'status'), mo.status, mo.label);
    }
  }
  const optOuts = await gw.api(p.apiKey, 'GET', '/api/comm/v1/optout');
  const listed = list(optOuts, 'data', 'optOuts').map((o) => [
    str(o, 'phone'),
    str(o, 'from'),
    str(o, 'source'),
  ]);
  for (const o of m.optOuts)
    assert.ok(
      listed.some((l) => l.join() === [o.phone, o.from, o.source].join()),
      o.phone,
    );
  assert.ok(
    listed.some((l) => l[0] === '01090000121' && l[2] === 'mo'),
    'the opt-out the recipient sent by MO',
  );
  const rules = (await allPages(gw, '/admin/v1/policy/rules', 'rules')).map((r) => str(r, 'ruleId'));
  for (const r of m.spamRules) assert.ok(rules.includes(r.ruleId), r.ruleId);
  const refused = (await allPages(gw, '/admin/v1/refused-requests', 'requests')).map((r) => field(r, 'id'));
  for (const id of m.refusedRequestIds) assert.ok(refused.includes(id), `refused request ${id}`);
  const audit = (await allPages(gw, '/admin/v1/audit', 'entries')).map((r) => field(r, 'id'));
  for (const id of m.auditIds) assert.ok(audit.includes(id), `audit row ${id}`);

  for (const h of m.handsets) {
    const got = await gw.admin('GET', `/sandbox/v1/handsets/${h.phone}`);
    assert.equal(field(got, 'configured'), true, h.phone);
    for (const [k, value] of Object.entries(h.configured))
      assert.deepEqual(field(got, k), value, `${h.phone} ${k}`);
  }

  // The idempotency key is remembered: the same request again sends nothing.
  const again = await gw.api(
    w.key(m.idempotency.account),
    'POST',
    '/api/comm/v1/send/omni',
    m.idempotency.body as Json,
  );
  assert.equal(str(list(again, 'data', 'destinations')[0], 'code'), 'A301');
}

/** The verified code is used; the pending one (sealed under the old release) verifies now, once. */
async function checkTwofa(gw: Gateway, m: Manifest): Promise<void> {
  const key = m.accounts.polling.apiKey;
  const verify = async (r: { to: string; code: string; requestId: string }) => {
    const a = await gw.call('POST', '/api/verify/v1/2fa/verify', key, {
      to: r.to,
      authNumber: r.code,
      requestId: r.requestId,
    });
    return str(a.body, 'data', 'code');
  };
  assert.equal(await verify(m.twofa.verified), 'A708');
  assert.equal(await verify(m.twofa.pending), 'A000');
  assert.equal(await verify(m.twofa.pending), 'A708');
  const logs = await gw.api(key, 'POST', '/api/verify/v1/2fa/logs', {
    requestDate: kst(m.clockMs).slice(0, 10).replaceAll('-', ''),
  });
  const statuses = new Map(list(logs, 'list').map((e) => [str(e, 'requestId'), str(e, 'status')]));
  assert.equal(statuses.get(m.twofa.verified.requestId), 'SUCCESS');
  assert.equal(statuses.get(m.twofa.pending.requestId), 'SUCCESS');
  const service = await gw.api(key, 'POST', '/api/verify/v1/2fa/service', {});
  assert.equal(str(service, 'serviceName'), m.twofa.serviceName);
}
