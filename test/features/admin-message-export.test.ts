import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, test } from 'node:test';
import { EXPORT_COLUMNS } from '../../src/features/admin/message-export-schemas.ts';
import { type Client, send, setHandset, settle, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { ADMIN_TOKEN, startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { COLUMNS, fillMessages, parseCsv, setClock, smsStep } from './message-search-helpers.ts';
import { adminOk, adminRefused, type Messages } from './ops-helpers.ts';

/*
 * The export of a message search (GET /admin/v1/messages/export?format=csv|json): the search's
 * filters, the whole result newest first, CSV quoting and formula cells, the JSON array, the file
 * name, a streamed (chunked) body, and a large export complete and in order.
 */

type Row = Record<(typeof EXPORT_COLUMNS)[number], string | number | null>;
const q = encodeURIComponent;

async function exported(t: TestGateway, query: string) {
  const res = await t.request({ method: 'GET', url: `/admin/v1/messages/export${query}`, admin: true });
  assert.equal(res.statusCode, 200, res.body);
  return res;
}

async function csv(t: TestGateway, query: string): Promise<string[][]> {
  const res = await exported(t, `?format=csv${query}`);
  assert.equal(res.headers['content-type'], 'text/csv; charset=utf-8');
  assert.ok(res.body.startsWith('\ufeff'), 'a byte order mark for spreadsheets');
  const rows = parseCsv(res.body.slice(1));
  assert.deepEqual(rows[0], [...EXPORT_COLUMNS], 'the header row');
  return rows.slice(1);
}

async function json(t: TestGateway, query: string): Promise<Row[]> {
  const res = await exported(t, `?format=json${query}`);
  assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
  const rows = res.json<Row[]>();
  assert.ok(Array.isArray(rows));
  for (const r of rows) assert.deepEqual(Object.keys(r), [...EXPORT_COLUMNS]);
  return rows;
}

async function sent(t: TestGateway, c: Client, body: unknown): Promise<string[]> {
  const res = await send(t, c, body);
  assert.equal(res.json().data.code, 'A000', res.body);
  await settle(t);
  return res.json().data.data.destinations.map((d: { msgKey: string }) => d.msgKey);
}

const FORMULAS = ['=HYPERLINK("http://evil.example","x")', '+1 more', '-5% today', '@SUM(A1:A2)'];

describeEachDb('admin: message export', (db) => {
  let t: TestGateway;
  let c: Client;
  let other: Client;
  let quoted: string;
  let formulas: string[];
  let mms: string;
  let failed: string;

  before(async () => {
    t = await startTestGateway(db);
    await setClock(t, '2026-11-25 11:00:00');
    c = await setupClient(t, 'Acme, Inc.');
    other = await setupClient(t, 'other');
    const number = await t.request({
      method: 'POST',
      url: `/admin/v1/accounts/${other.accountId}/senders`,
      admin: true,
      body: { number: '0312345678' },
    });
    assert.equal(number.statusCode, 200, number.body);
    [quoted = ''] = await sent(t, c, {
      destinations: [{ to: '01035000001', ref: 'order,9', replaceWords: { who: 'Kim "K"' } }],
      messageFlow: [{ sms: { from: c.sender, text: 'Hi #{who}, a, b\r\nsecond line\nthird' } }],
    });
    formulas = [];
    for (const [i, text] of FORMULAS.entries()) {
      formulas.push(
        ...(await sent(t, c, {
          destinations: [{ to: `0103500001${i}` }],
          messageFlow: [{ sms: { from: c.sender, text } }],
        })),
      );
    }
    [mms = ''] = await sent(t, other, {
      destinations: [{ to: '01035000020' }],
      messageFlow: [{ mms: { from: '0312345678', title: 'Weekly', text: 'plain' } }],
    });
    await setHandset(t, '01035000030', { reachable: false });
    [failed = ''] = await sent(t, c, {
      destinations: [{ to: '01035000030' }],
      messageFlow: [{ sms: { from: c.sender, text: 'unreachable' } }],
    });
  });
  after(() => t.close());

  test('the columns are the documented ones, in order', () => {
    assert.deepEqual([...EXPORT_COLUMNS], [...COLUMNS]);
  });

  test('CSV: a header, a row per message newest first, RFC 4180 quoting, formulas shown as text', async () => {
    const res = await exported(t, '?format=csv');
    assert.equal(res.headers['content-disposition'], 'attachment; filename="messages-20261125-110000.csv"');
    assert.equal(res.headers['content-length'], undefined, 'streamed: no length known up front');
    assert.equal(res.headers['cache-control'], 'no-store');
    const rows = await csv(t, '');
    const all = await adminOk<Messages>(t, 'GET', '/admin/v1/messages?limit=200');
    assert.deepEqual(
      rows.map((r) => r[0]),
      all.messages.map((m) => m.msgKey),
    );
    assert.equal(rows.length, 7);
    const col = (row: string[] | undefined, name: (typeof EXPORT_COLUMNS)[number]) =>
      row?.[EXPORT_COLUMNS.indexOf(name)];
    const byKey = new Map(rows.map((r) => [r[0], r]));
    const q1 = byKey.get(quoted);
    assert.equal(col(q1, 'text'), 'Hi Kim "K", a, b\r\nsecond line\nthird');
    assert.equal(col(q1, 'ref'), 'order,9');
    assert.equal(col(q1, 'accountName'), 'Acme, Inc.');
    assert.equal(col(q1, 'sender'), c.sender);
    assert.equal(col(q1, 'channel'), 'sms');
    assert.equal(col(q1, 'step'), '0');
    assert.equal(col(q1, 'status'), 'delivered');
    assert.equal(col(q1, 'reportCode'), '10000');
    assert.equal(col(q1, 'createdAt'), '2026-11-25T11:00:00+09:00');
    assert.equal(col(q1, 'doneAt'), '2026-11-25T11:00:00+09:00');
    assert.equal(col(q1, 'title'), '', 'no title: an empty cell');
    // A spreadsheet would run these: each is shown as text behind an apostrophe.
    assert.deepEqual(
      formulas.map((k) => col(byKey.get(k), 'text')),
      FORMULAS.map((f) => `'${f}`),
    );
    assert.equal(col(byKey.get(mms), 'title'), 'Weekly');
    assert.equal(col(byKey.get(failed), 'status'), 'failed');
    assert.ok(col(byKey.get(failed), 'reportCode'), 'the failure code');
    // The raw text: the quoted cell with its doubled quotes and line breaks, as RFC 4180 writes it.
    assert.ok(res.body.includes('"Hi Kim ""K"", a, b\r\nsecond line\nthird"'), res.body);
    assert.ok(res.body.includes(',"\'=HYPERLINK(""http://evil.example"",""x"")"\r\n'), res.body);
  });

  test('JSON: one array of the same rows and columns, texts as they are', async () => {
    const res = await exported(t, '?format=json');
    assert.equal(res.headers['content-disposition'], 'attachment; filename="messages-20261125-110000.json"');
    const rows = await json(t, '');
    const table = await csv(t, '');
    assert.deepEqual(
      rows.map((r) => r.msgKey),
      table.map((r) => r[0]),
    );
    const byKey = new Map(rows.map((r) => [r.msgKey, r]));
    assert.deepEqual(byKey.get(quoted), {
      msgKey: quoted,
      accountId: c.accountId,
      accountName: 'Acme, Inc.',
      to: '01035000001',
      sender: c.sender,
      channel: 'sms',
      step: 0,
      status: 'delivered',
      reportCode: '10000',
      reportText: byKey.get(quoted)?.reportText,
      ref: 'order,9',
      createdAt: '2026-11-25T11:00:00+09:00',
      doneAt: '2026-11-25T11:00:00+09:00',
      updatedAt: '2026-11-25T11:00:00+09:00',
      requestId: byKey.get(quoted)?.requestId,
      title: null,
      text: 'Hi Kim "K", a, b\r\nsecond line\nthird',
    });
    assert.deepEqual(
      formulas.map((k) => byKey.get(k)?.text),
      FORMULAS,
    );
    // Every cell of the CSV is the JSON's value (formulas behind their apostrophe, null empty).
    for (const r of table) {
      const o = byKey.get(r[0] ?? '');
      EXPORT_COLUMNS.forEach((name, i) => {
        const v = o?.[name];
        const text = v === null || v === undefined ? '' : String(v);
        assert.equal(r[i], /^[=+\-@]/.test(text) ? `'${text}` : text, `${r[0]} ${name}`);
      });
    }
    const empty = await exported(t, '?format=json&to=01099999999');
    assert.equal(empty.body, '[\n]\n');
    assert.deepEqual(empty.json(), []);
  });

  test("the search's filters apply", async () => {
    const keysOf = async (query: string) => (await json(t, query)).map((r) => r.msgKey);
    assert.deepEqual(await keysOf('&to=01035000001'), [quoted]);
    assert.deepEqual(await keysOf(`&accountId=${other.accountId}`), [mms]);
    assert.deepEqual(await keysOf('&sender=0312345678'), [mms]);
    assert.deepEqual(await keysOf(`&text=${q('SECOND LINE')}`), [quoted]);
    assert.deepEqual(await keysOf('&status=failed'), [failed]);
    assert.deepEqual(await keysOf(`&msgKey=${mms}`), [mms]);
    assert.deepEqual(await keysOf(`&msgKey=${mms}&status=failed`), []);
    assert.deepEqual(await keysOf(`&accountId=${c.accountId}&text=${q('%')}`), [formulas[2]]);
    assert.equal((await keysOf(`&until=${q('2026-11-25 11:00:00')}`)).length, 0);
    assert.equal((await keysOf(`&from=${q('2026-11-25T11:00:00+09:00')}`)).length, 7);
    // CSV alike.
    assert.deepEqual(
      (await csv(t, `&sender=0312345678`)).map((r) => r[0]),
      [mms],
    );
  });

  test('a missing or unknown format, and bad filters, are A300 naming what is wrong', async () => {
    await adminRefused(t, 'GET', '/admin/v1/messages/export', 'A300', 'format');
    await adminRefused(t, 'GET', '/admin/v1/messages/export?format=xlsx', 'A300', 'format');
    await adminRefused(t, 'GET', '/admin/v1/messages/export?format=csv&from=yesterday', 'A300', 'from');
    await adminRefused(t, 'GET', '/admin/v1/messages/export?format=csv&sender=abc', 'A300', 'sender');
    await adminRefused(
      t,
      'GET',
      `/admin/v1/messages/export?format=json&from=${q('2026-11-25 12:00:00')}&until=${q('2026-11-25 11:00:00')}`,
      'A300',
      'from must be before until',
    );
    const refused = await t.request({
      method: 'GET',
      url: '/admin/v1/messages/export?format=x',
      admin: true,
    });
    assert.equal(refused.headers['content-disposition'], undefined);
    assert.match(String(refused.headers['content-type']), /^application\/json/);
    // The export takes the search's filters, not its paging.
    await adminRefused(t, 'GET', '/admin/v1/messages/export?format=csv&cursor=k.x', 'A300', 'cursor');
    const anonymous = await t.request({ method: 'GET', url: '/admin/v1/messages/export?format=csv' });
    assert.equal(anonymous.statusCode, 401);
  });

  test('over a real socket the body is chunked, with no Content-Length', async () => {
    await t.gw.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.gw.app.server.address();
    const port = address && typeof address === 'object' ? address.port : 0;
    const answer = await new Promise<{ headers: Record<string, unknown>; body: string }>(
      (resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port,
            path: '/admin/v1/messages/export?format=json',
            headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
          },
          (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (d: string) => {
              body += d;
            });
            res.on('end', () => resolve({ headers: res.headers, body }));
          },
        );
        req.on('error', reject);
        req.end();
      },
    );
    assert.equal(answer.headers['transfer-encoding'], 'chunked');
    assert.equal(answer.headers['content-length'], undefined);
    assert.equal(JSON.parse(answer.body).length, 7);
  });
});

describeEachDb('admin: a large export is complete and in order', (db) => {
  let t: TestGateway;
  let c: Client;
  let needle: string;
  const COUNT = 20_000;

  before(async () => {
    t = await startTestGateway(db);
    await setClock(t, '2026-11-25 09:00:00');
    c = await setupClient(t, 'big');
    [needle = ''] = await sent(t, c, {
      destinations: [{ to: '01036000001' }],
      messageFlow: [{ sms: { from: c.sender, text: 'the NEEDLE under it all' } }],
    });
    await fillMessages(t, {
      accountId: c.accountId,
      requestId: 'req_big_export',
      prefix: 'zz',
      count: COUNT,
      flow: [smsStep('0299999999', 'filler #{n}')],
      words: (i) => ({ n: String(i) }),
      to: (i) => `0103${String(i).padStart(7, '0')}`,
      at: Date.parse('2026-11-25T01:00:00Z'),
    });
  });
  after(() => t.close());

  test(`${COUNT + 1} messages, CSV and JSON: every one, newest first`, async () => {
    const rows = await json(t, '');
    assert.equal(rows.length, COUNT + 1);
    for (let i = 1; i < rows.length; i++) {
      assert.ok(String(rows[i - 1]?.msgKey) > String(rows[i]?.msgKey), `in order at ${i}`);
    }
    assert.equal(rows[0]?.text, `filler ${COUNT - 1}`);
    assert.equal(rows[COUNT - 1]?.to, '01030000000');
    assert.equal(rows[COUNT]?.msgKey, needle);
    const table = await csv(t, `&accountId=${c.accountId}`);
    assert.equal(table.length, COUNT + 1);
    assert.deepEqual(
      table.map((r) => r[0]),
      rows.map((r) => r.msgKey),
    );
  });

  test('a filter no index serves walks every window, not one', async () => {
    // The search looks at one window a call and stops there; the export goes on to the end.
    const first = await adminOk<Messages>(t, 'GET', `/admin/v1/messages?text=needle`);
    assert.deepEqual(first.messages, []);
    assert.ok(first.searchedUntil);
    assert.deepEqual(
      (await json(t, '&text=needle')).map((r) => r.msgKey),
      [needle],
    );
    assert.deepEqual(
      (await csv(t, `&sender=${c.sender}&accountId=${c.accountId}`)).map((r) => r[0]),
      [needle],
    );
    assert.equal((await json(t, '&sender=0299999999&text=filler%2019999')).length, 1);
  });
});
