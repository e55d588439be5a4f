import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { CATEGORIES } from '../../src/features/infomsg/categories.ts';
import { findPublicTemplate, PUBLIC_TEMPLATES } from '../../src/features/infomsg/public-templates.ts';
import { compileTemplate } from '../../src/rules/substitution.ts';
import type { Client } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import type { TestGateway } from '../helpers/gateway.ts';
import { startWithClients } from '../helpers/suite-start.ts';
import { type Api, apiOf, BASE, draft, ok, refused } from './infomsg-helpers.ts';

interface Category {
  code: string;
  name: string;
  groupName: string;
  inclusion: string;
  exclusion: string;
}

interface PublicRecord {
  templateName: string;
  templateCode: string;
  status: string;
  categoryCode: string;
  releaseDate: string;
  previewImageUrl: string;
  text: string;
  charCount: number;
}

describeEachDb('infomsg categories and public templates', (db) => {
  let t: TestGateway;
  let c: Client;
  let api: Api;

  before(async () => {
    [t, c] = await startWithClients(db, ['acme']);
    api = apiOf(t, c.apiKey);
  });
  after(() => t.close());

  test('categories: every one with code, name, groupName, inclusion, exclusion', async () => {
    const { categories } = ok<{ categories: Category[] }>(await api('GET', `${BASE}/category`));
    assert.equal(categories.length, CATEGORIES.length);
    assert.ok(categories.length >= 30);
    for (const cat of categories) {
      assert.match(cat.code, /^\d{6}$/);
      for (const f of ['name', 'groupName', 'inclusion', 'exclusion'] as const) assert.ok(cat[f].length > 0);
    }
    assert.equal(new Set(categories.map((x) => x.code)).size, categories.length);
    assert.deepEqual(
      categories.find((x) => x.code === '001001'),
      {
        code: '001001',
        name: '회원가입',
        groupName: '회원',
        inclusion: '회원가입 완료, 가입 환영 안내',
        exclusion: '가입 축하 쿠폰 등 광고성 내용(할인·이벤트·혜택 홍보)',
      },
    );
  });

  test('one category by categoryCode; an unknown one is A820; an empty one A300', async () => {
    const { category } = ok<{ category: Category }>(await api('GET', `${BASE}/category?categoryCode=006003`));
    assert.deepEqual([category.code, category.name, category.groupName], ['006003', '배송완료', '배송']);
    refused(await api('GET', `${BASE}/category?categoryCode=000000`), 'A820', 404, /000000/);
    refused(await api('GET', `${BASE}/category?categoryCode=`), 'A300', 400, /categoryCode/);
  });

  test('every category can be used by a template', async () => {
    for (const [i, cat] of CATEGORIES.entries()) {
      const res = await api('POST', `${BASE}/template`, {
        infomsg: draft(c, `cat${i}`, { categoryCode: cat.code }),
      });
      ok(res);
    }
  });

  test('public templates: the record with text, charCount and a preview that is served', async () => {
    const { templates } = ok<{ templates: PublicRecord[] }>(await api('GET', `${BASE}/public/template`));
    assert.equal(templates.length, PUBLIC_TEMPLATES.length);
    for (const p of templates) {
      assert.equal(p.status, 'A');
      assert.match(p.releaseDate, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+09:00$/);
      assert.ok(
        CATEGORIES.some((x) => x.code === p.categoryCode),
        p.categoryCode,
      );
      assert.ok(p.charCount >= [...p.text].length, p.templateCode);
      assert.equal(p.text, findPublicTemplate(p.templateCode)?.text);
    }
    const first = templates[0];
    assert.ok(first);
    const url = new URL(first.previewImageUrl);
    assert.equal(url.pathname, `${BASE}/public/template/${first.templateCode}/preview`);
    const svg = await api('GET', url.pathname);
    assert.equal(svg.statusCode, 200);
    assert.match(String(svg.headers['content-type']), /^image\/svg\+xml/);
    assert.match(svg.body, /^<svg /);
    assert.match(svg.body, new RegExp(first.templateName));
    refused(await api('GET', `${BASE}/public/template/NOPE/preview`), 'A820', 404);
  });

  test('public templates: since filters by release date; page and count page them; bad values are A300', async () => {
    const list = async (q: string) =>
      ok<{ templates: PublicRecord[]; hasNext: boolean }>(await api('GET', `${BASE}/public/template?${q}`));
    const since = '2021-09-01T00:00:00+09:00';
    const expected = PUBLIC_TEMPLATES.filter((p) => Date.parse(p.releaseDate) >= Date.parse(since));
    assert.ok(expected.length > 0 && expected.length < PUBLIC_TEMPLATES.length);
    assert.deepEqual(
      (await list(`since=${encodeURIComponent(since)}`)).templates.map((p) => p.templateCode),
      expected.map((p) => p.templateCode),
    );
    assert.deepEqual(
      (await list('since=20210901')).templates.map((p) => p.templateCode),
      expected.map((p) => p.templateCode),
    );
    const p1 = await list('page=1&count=2');
    const p2 = await list('page=2&count=2');
    assert.deepEqual(
      [...p1.templates, ...p2.templates].map((p) => p.templateCode),
      PUBLIC_TEMPLATES.slice(0, 4).map((p) => p.templateCode),
    );
    assert.equal(p1.hasNext, true);
    const last = await list(`page=1&count=${PUBLIC_TEMPLATES.length}`);
    assert.equal(last.hasNext, false);
    refused(await api('GET', `${BASE}/public/template?since=soon`), 'A300', 400, /since/);
    refused(await api('GET', `${BASE}/public/template?count=0`), 'A300', 400, /count/);
    refused(await api('GET', `${BASE}/public/template?count=1001`), 'A300', 400, /count/);
    refused(await api('GET', `${BASE}/public/template?page=0`), 'A300', 400, /page/);
  });

  test('findPublicTemplate: the send path’s lookup, with text, charCount and variables', () => {
    const p = findPublicTemplate('PUB_001');
    assert.ok(p);
    assert.equal(p.msgType, 'AT');
    assert.deepEqual(p.variables, compileTemplate(p.text).keys);
    assert.ok(p.variables.includes('인증번호'));
    assert.equal(p.charCount, 90);
    assert.equal(findPublicTemplate('PUB_999'), undefined);
  });

  test('the catalog needs the API key', async () => {
    const res = await t.request({ method: 'GET', url: `${BASE}/category` });
    assert.equal(res.statusCode, 401);
    assert.equal(res.json().common.authCode, 'A401');
  });
});

test('config: automatic review off by default, 5 s delay; values checked', () => {
  const d = loadConfig({});
  assert.equal(d.reviewAuto, 'off');
  assert.equal(d.reviewDelayMs, 5000);
  const c = loadConfig({ OMNIGATE_REVIEW_AUTO: 'approve', OMNIGATE_REVIEW_DELAY_SECONDS: '120' });
  assert.deepEqual([c.reviewAuto, c.reviewDelayMs], ['approve', 120_000]);
  assert.throws(() => loadConfig({ OMNIGATE_REVIEW_AUTO: 'yes' }), ConfigError);
  assert.throws(() => loadConfig({ OMNIGATE_REVIEW_DELAY_SECONDS: '-1' }), /OMNIGATE_REVIEW_DELAY_SECONDS/);
  assert.throws(
    () => loadConfig({ OMNIGATE_REVIEW_DELAY_SECONDS: '172801' }),
    /OMNIGATE_REVIEW_DELAY_SECONDS/,
  );
});
