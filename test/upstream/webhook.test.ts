import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { after, before, test } from 'node:test';
import { inbox, send } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { eventually, pollReports, type Relay, startRelay } from './relay-helpers.ts';

/* Reports and MO messages posted by the upstream to the relay's webhook endpoint, signed. */

const SECRET = 'relay-webhook-secret-0123456789';
const PATH = '/upstream/v1/hq/webhook';

describeEachDb('upstream connector: reports and MO by webhook', (db) => {
  let r: Relay;
  let n = 0;
  const phone = () => `0105${String(++n).padStart(7, '0')}`;
  const reports = new Map<string, Array<Record<string, string>>>();

  before(async () => {
    r = await startRelay(db, { connector: { reports: 'webhook', webhookSecret: SECRET } });
    const admin = async (method: 'PUT', url: string, body: unknown) => {
      const res = await r.up.request({ method, url, admin: true, body });
      assert.equal(res.statusCode, 200, res.body);
    };
    // The upstream's operator points the account's webhook at the relay, with the shared secret.
    await admin('PUT', `/admin/v1/accounts/${r.upClient.accountId}/webhook`, {
      url: `${r.relayUrl}${PATH}`,
      secret: SECRET,
    });
    await admin('PUT', `/admin/v1/accounts/${r.upClient.accountId}/report-mode`, { mode: 'webhook' });
  });
  after(() => r.close());

  test('a report posted by the upstream settles the message; the client gets it', async () => {
    const to = phone();
    const res = await send(r.relay, r.client, {
      destinations: [{ to }],
      messageFlow: [{ sms: { from: r.client.sender, text: 'by webhook' } }],
    });
    const msgKey = res.json().data.data.destinations[0].msgKey as string;
    await eventually('delivery upstream', async () =>
      (await inbox(r.up, to)).length === 1 ? true : undefined,
    );
    const rep = await eventually('the report', async () => {
      await pollReports(r.relay, r.client.apiKey, reports);
      return reports.get(msgKey)?.[0];
    });
    assert.equal(rep.reportCode, '10000');
    // Nothing was left for polling upstream: the report went by webhook, acknowledged.
    const left = await r.up.request({
      method: 'GET',
      url: '/api/comm/v1/report/polling',
      apiKey: r.upClient.apiKey,
    });
    assert.equal(left.json().data.data.reportId, '', left.body);
  });

  test('an MO the upstream received for the account number reaches the relay account', async () => {
    const from = phone();
    const mo = await r.up.request({
      method: 'POST',
      url: '/sandbox/v1/mo',
      admin: true,
      body: { to: r.upClient.sender, from, content: '예 참석합니다' },
    });
    assert.equal(mo.statusCode, 200, mo.body);
    const got = await eventually('the MO on the relay', async () => {
      const list = await r.relay.request({
        method: 'GET',
        url: `/admin/v1/accounts/${r.client.accountId}/mo`,
        admin: true,
      });
      const items = list.json().messages as Array<{ from: string; content: string }>;
      return items.find((m) => m.from === from);
    });
    assert.equal(got.content, '예 참석합니다');
  });

  test('a post with a wrong signature, or a stale one signed over the timestamp only, is refused', async () => {
    const body = JSON.stringify({ msgKey: 'x', reportCode: '10000', reportType: 'STANDARD' });
    const post = (headers: Record<string, string>) =>
      r.relay.gw.app.inject({
        method: 'POST',
        url: PATH,
        headers: { 'content-type': 'application/json', ...headers },
        payload: body,
      });
    const ts = String(Date.now());
    const sig = (s: string, v: string) => createHmac('sha256', s).update(v).digest('hex');
    assert.equal((await post({})).statusCode, 401);
    assert.equal(
      (await post({ 'x-svc-timestamp': ts, 'x-svc-signature': sig('wrong', ts) })).statusCode,
      401,
    );
    const old = String(Date.now() - 3600_000);
    assert.equal(
      (await post({ 'x-svc-timestamp': old, 'x-svc-signature': sig(SECRET, old) })).statusCode,
      401,
    );
    const bad = await post({
      'x-svc-timestamp': ts,
      'x-svc-signature': sig(SECRET, ts),
      'x-omnigate-body-signature': sig(SECRET, `${ts}.{}`),
    });
    assert.equal(bad.statusCode, 401, 'a body signature over another body');
    const stale = await post({
      'x-svc-timestamp': old,
      'x-svc-signature': sig(SECRET, old),
      'x-omnigate-body-signature': sig(SECRET, `${old}.${body}`),
    });
    assert.equal(stale.statusCode, 401, 'a body-signed post is fresh too (no replay of a captured one)');
    // Signed as the spec signs (uppercase hex here): taken, answered with the msgKey.
    const good = await post({ 'x-svc-timestamp': ts, 'x-svc-signature': sig(SECRET, ts).toUpperCase() });
    assert.equal(good.statusCode, 200, good.body);
    assert.deepEqual(good.json(), { msgKey: 'x' });
  });
});
