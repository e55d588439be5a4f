import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { DAY_MS, isoKst, kstDayStart } from '../../src/clock.ts';
import { PUBLIC_TEMPLATES } from '../../src/features/infomsg/public-templates.ts';
import { type Client, settle } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import type { TestGateway } from '../helpers/gateway.ts';
import { startWithClients } from '../helpers/suite-start.ts';
import {
  type Api,
  addProfile,
  apiOf,
  BASE,
  draft,
  ok,
  refused,
  register,
  type Template,
} from './infomsg-helpers.ts';

/*
 * The query parameters of the informational template lists: paging bounds (a huge value is A300
 * naming it, never a database error), closed sets listing every allowed value, and the forms of
 * `since`.
 */

describeEachDb('infomsg list queries', (db) => {
  let t: TestGateway;
  let c: Client;
  let api: Api;
  let registeredAt: number;
  // A profile of its own: setupClient registers a template on the client's first one.
  let p: { senderKey: string };

  before(async () => {
    [t, c] = await startWithClients(db, ['acme']);
    api = apiOf(t, c.apiKey);
    p = { senderKey: `${c.senderKey}-q` };
    await addProfile(t, c.accountId, p.senderKey);
    registeredAt = t.gw.ctx.clock.now();
    await register(api, draft(p, 'q1'));
  });
  after(() => t.close());

  const list = (q: string) => api('GET', `${BASE}/template/list?senderKey=${p.senderKey}${q}`);
  const lastModified = (q: string) =>
    api('GET', `${BASE}/template/lastModified?senderKey=${p.senderKey}${q}`);

  test('huge offsets, pages and counts are A300 naming the field, never a 500', async () => {
    for (const offset of ['9223372036854775807', '99999999999999999999', '1000001']) {
      refused(
        await list(`&offset=${offset}`),
        'A300',
        400,
        /^Invalid request: querystring offset must be <= 1000000$/,
      );
    }
    // Not decimal digits: refused before the range is looked at (src/http/strict-integers.ts).
    refused(
      await list('&offset=1e30'),
      'A300',
      400,
      /querystring offset must be an integer in decimal digits/,
    );
    const far = ok<{ infomsg: { templates: Template[]; totalCount: number } }>(await list('&offset=1000000'));
    assert.deepEqual([far.infomsg.templates.length, far.infomsg.totalCount], [0, 1]);
    for (const q of ['&page=100000000000000000&count=1000', '&page=100001', '&page=9223372036854775807']) {
      refused(await lastModified(q), 'A300', 400, /page must be <= 100000$/);
    }
    const lastPage = ok<{ infomsg: { templates: Template[] } }>(
      await lastModified('&page=100000&count=1000'),
    );
    assert.equal(lastPage.infomsg.templates.length, 0);
    refused(await lastModified('&count=99999999999999999999'), 'A300', 400, /count must be <= 1000$/);
    refused(
      await api('GET', `${BASE}/public/template?page=100000000000000000&count=1000`),
      'A300',
      400,
      /page/,
    );
    ok(await api('GET', `${BASE}/public/template?page=100000&count=1000`));
  });

  test('a value outside a closed set is refused listing every allowed value', async () => {
    const cases: Array<[string, string]> = [
      ['&status=ZZ', 'status must be one of R, A, S'],
      ['&inspectionStatus=ZZ', 'inspectionStatus must be one of REG, REQ, APR, REJ'],
      ['&templateType=ZZ', 'templateType must be one of BA, EX, AD, MI'],
      ['&senderKeyType=ZZ', 'senderKeyType must be one of S, G'],
      ['&status=', 'status must be one of R, A, S'],
    ];
    for (const [q, message] of cases)
      refused(await list(q), 'A300', 400, new RegExp(`: querystring ${message}$`));
    refused(await lastModified('&senderKeyType=Q'), 'A300', 400, /senderKeyType must be one of S, G$/);
  });

  test('since: a plain date is Korea-time midnight; the refusal lists the accepted forms', async () => {
    const codes = async (since: string) =>
      ok<{ infomsg: { templates: Template[] } }>(
        await lastModified(`&since=${encodeURIComponent(since)}`),
      ).infomsg.templates.map((x) => x.templateCode);
    const day = isoKst(registeredAt).slice(0, 10);
    const nextDay = isoKst(kstDayStart(registeredAt) + DAY_MS).slice(0, 10);
    assert.deepEqual(await codes(day), ['q1']);
    assert.deepEqual(await codes(day.replaceAll('-', '')), ['q1']);
    assert.deepEqual(await codes(nextDay), []);
    // Midnight in Korea: a template changed at 00:00 KST of the next day is found from that date.
    const set = { set: `${nextDay} 00:00:00` };
    const moved = await t.request({ method: 'POST', url: '/sandbox/v1/clock', admin: true, body: set });
    assert.equal(moved.statusCode, 200, moved.body);
    await settle(t);
    await register(api, draft(p, 'q2'));
    assert.deepEqual(await codes(nextDay), ['q2']);
    assert.deepEqual(await codes(`${nextDay}T00:00:00+09:00`), ['q2']);
    assert.deepEqual(await codes(`${nextDay}T00:00:01+09:00`), []);
    for (const bad of ['2026-13-01', '2026-02-30', 'yesterday', '2026-1-1']) {
      refused(
        await lastModified(`&since=${encodeURIComponent(bad)}`),
        'A300',
        400,
        /since must be ISO 8601 .*a date \(2026-01-01 or 20260101: Korea-time midnight\)/,
      );
    }
  });

  test('public templates: since as a plain date is the same as yyyyMMdd', async () => {
    const codes = async (since: string) =>
      ok<{ templates: Array<{ templateCode: string }> }>(
        await api('GET', `${BASE}/public/template?since=${since}&count=1000`),
      ).templates.map((p) => p.templateCode);
    const expected = PUBLIC_TEMPLATES.filter(
      (p) => Date.parse(p.releaseDate) >= Date.parse('2021-09-01T00:00:00+09:00'),
    ).map((p) => p.templateCode);
    assert.deepEqual(await codes('2021-09-01'), expected);
    assert.deepEqual(await codes('20210901'), expected);
    assert.deepEqual(await codes('2026-01-01'), []);
    refused(await api('GET', `${BASE}/public/template?since=2021-09-31`), 'A300', 400, /since must be/);
  });
});
