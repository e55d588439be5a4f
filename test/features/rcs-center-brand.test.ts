import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { BRAND_REVIEW_SECONDS } from '../../src/features/rcs/brand.ts';
import { getBrand as storedBrand } from '../../src/store/templates/brands.ts';
import { findBrandDetails, submitBrandChange } from '../../src/store/templates/rcs-brand-details.ts';
import { advance, type Client } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import type { TestGateway } from '../helpers/gateway.ts';
import { gif, jpeg, png } from '../helpers/images.ts';
import { type Part, postForm } from '../helpers/multipart.ts';
import { startWithClients } from '../helpers/suite-start.ts';

const URL_BRAND = '/api/comm/v1/center/rcs/brand';

const GIF = gif(500, 500);
const PDF = new Uint8Array(Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1'));

const file = (name: string, bytes: Uint8Array, filename: string, type = 'image/png'): Part => ({
  name,
  bytes,
  filename,
  type,
});

describeEachDb('RCS center: brand', (db) => {
  let t: TestGateway;
  let c: Client;
  let other: Client;
  let brandId: string;

  before(async () => {
    [t, c, other] = await startWithClients(db, ['acme', 'other']);
    brandId = `b-${c.accountId}`;
  });
  after(() => t.close());

  const getBrand = (id: string, key = c.apiKey) =>
    t.request({ method: 'GET', url: `${URL_BRAND}?brandId=${encodeURIComponent(id)}`, apiKey: key });
  const put = (parts: readonly Part[], key = c.apiKey) => postForm(t, URL_BRAND, parts, key, 'PUT');
  const reg = (value: unknown, id = brandId): Part[] => [
    { name: 'brandId', value: id },
    { name: 'regBrand', value: typeof value === 'string' ? value : JSON.stringify(value) },
  ];
  const refused = async (parts: readonly Part[], status: number, code: string, result: RegExp) => {
    const res = await put(parts);
    assert.equal(res.statusCode, status, res.body);
    const body = res.json();
    assert.equal(body.common.authCode, 'A000');
    assert.equal(body.data.code, code, res.body);
    assert.match(body.data.result, result);
  };
  /** Moves the clock past any review in progress. */
  const reviewed = () => advance(t, BRAND_REVIEW_SECONDS);
  /** Registers another brand for the client's account (what the operator does). */
  const addBrand = async (id: string, status?: string) => {
    const res = await t.request({
      method: 'POST',
      url: `/admin/v1/accounts/${c.accountId}/rcs-brands`,
      admin: true,
      body: { brandId: id, brandKey: `key-${id}`, name: 'Second', ...(status ? { status } : {}) },
    });
    assert.equal(res.statusCode, 200, res.body);
  };

  test('GET: the registered brand, ready, with its dates and nothing the client has not set', async () => {
    const res = await getBrand(brandId);
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json();
    assert.equal(body.common.authCode, 'A000');
    assert.equal(body.data.code, 'A000');
    const rcs = body.data.data.rcs;
    assert.deepEqual(Object.keys(rcs).sort(), [
      'brandId',
      'brandKey',
      'name',
      'registerDate',
      'status',
      'updateDate',
    ]);
    assert.equal(rcs.brandId, brandId);
    assert.equal(rcs.brandKey, c.brandKey);
    assert.equal(rcs.name, 'Brand');
    assert.equal(rcs.status, 'ready');
    assert.match(rcs.registerDate, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  test('GET: another account’s brand, an unknown one, or none at all is refused', async () => {
    for (const [res, code] of [
      [await getBrand(`b-${other.accountId}`), 'A611'],
      [await getBrand('no-such-brand'), 'A611'],
      [await t.request({ method: 'GET', url: URL_BRAND, apiKey: c.apiKey }), 'A300'],
    ] as const) {
      assert.equal(res.json().data.code, code, res.body);
    }
    const res = await getBrand(`b-${other.accountId}`);
    assert.equal(res.statusCode, 404);
    assert.match(res.json().data.result, new RegExp(`brandId b-${other.accountId}`));
    const missing = await t.request({ method: 'GET', url: URL_BRAND, apiKey: c.apiKey });
    assert.equal(missing.statusCode, 400);
    assert.match(missing.json().data.result, /brandId is required/);
  });

  test('PUT: every field and file; the change is under review, then ready; the images are served', async () => {
    const res = await put([
      ...reg({
        name: '  Acme Coffee ',
        description: '매일 아침 신선한 커피',
        tel: '15881234',
        webSiteUrl: 'https://coffee.acme.co.kr/home',
        unknownField: 'ignored',
      }),
      file('brandProfile', png(500, 500, 100), 'logo.png'),
      file('brandBackground', jpeg(1080, 720), 'C:\\pics\\cover.jpg', 'image/jpeg'),
      file('seasonDocFile', PDF, 'registration.pdf', 'application/pdf'),
    ]);
    assert.equal(res.statusCode, 200, res.body);
    const rcs = res.json().data.data.rcs;
    assert.equal(rcs.brandId, brandId);
    assert.equal(rcs.brandKey, c.brandKey);
    assert.equal(rcs.name, 'Acme Coffee');
    assert.equal(rcs.description, '매일 아침 신선한 커피');
    assert.equal(rcs.tel, '15881234');
    assert.equal(rcs.webSiteUrl, 'https://coffee.acme.co.kr/home');
    assert.equal(rcs.seasonDocFileName, 'registration.pdf');
    assert.equal(rcs.status, 'inspecting');
    assert.equal('unknownField' in rcs, false);

    const profile = await t.request({ method: 'GET', url: new URL(rcs.profileImageUrl).pathname });
    assert.equal(profile.statusCode, 200);
    assert.equal(profile.headers['content-type'], 'image/png');
    assert.deepEqual(new Uint8Array(profile.rawPayload), png(500, 500, 100));
    const cover = await t.request({ method: 'GET', url: new URL(rcs.backgroundImageUrl).pathname });
    assert.equal(cover.headers['content-type'], 'image/jpeg');
    assert.deepEqual(new Uint8Array(cover.rawPayload), jpeg(1080, 720));

    // GET shows the same record; the operator sees the new name too.
    assert.deepEqual((await getBrand(brandId)).json().data.data.rcs, rcs);
    const admin = await t.request({
      method: 'GET',
      url: `/admin/v1/accounts/${c.accountId}/rcs-brands`,
      admin: true,
    });
    assert.match(admin.body, /Acme Coffee/);

    // One second before the review ends it is still inspecting; at its end, ready.
    await advance(t, BRAND_REVIEW_SECONDS - 1);
    assert.equal((await getBrand(brandId)).json().data.data.rcs.status, 'inspecting');
    await advance(t, 1);
    const done = (await getBrand(brandId)).json().data.data.rcs;
    assert.equal(done.status, 'ready');
    assert.equal(done.name, 'Acme Coffee');
  });

  test('PUT during a review is A824; the same values again (a retry) are answered without a new review', async () => {
    const first = await put(reg({ description: 'Roasted daily' }));
    assert.equal(first.statusCode, 200, first.body);
    assert.equal(first.json().data.data.rcs.status, 'inspecting');
    const retry = await put(reg({ description: 'Roasted daily' }));
    assert.equal(retry.statusCode, 200, retry.body);
    assert.deepEqual(retry.json().data.data.rcs, first.json().data.data.rcs);
    await refused(
      reg({ description: 'Something else' }),
      409,
      'A824',
      /under review until \d{4}-\d{2}-\d{2}T/,
    );
    await refused([...reg({}), file('brandProfile', png(300, 300), 'p.png')], 409, 'A824', /under review/);
    await reviewed();
    const after = await getBrand(brandId);
    assert.equal(after.json().data.data.rcs.description, 'Roasted daily');
    assert.equal(after.json().data.data.rcs.status, 'ready');
  });

  test('of two changes racing for one brand, one is recorded and the other is A824', async () => {
    const [a, b] = await Promise.all([
      put(reg({ description: 'Race A' })),
      put(reg({ description: 'Race B' })),
    ]);
    const codes = [a, b].map((r) => r.json().data.code).sort();
    assert.deepEqual(codes, ['A000', 'A824']);
    const winner = a.json().data.code === 'A000' ? 'Race A' : 'Race B';
    assert.equal((await getBrand(brandId)).json().data.data.rcs.description, winner);
    await reviewed();
  });

  test('store: a change is recorded only for the account’s ready brand with no review running', async () => {
    const store = t.gw.ctx.store;
    const now = t.gw.ctx.clock.now();
    await addBrand('b-store');
    const values = {
      description: 'd',
      tel: null,
      webSiteUrl: null,
      profileFileKey: null,
      backgroundFileKey: null,
      seasonDocFileKey: null,
    };
    const change = (name: string, accountId = c.accountId) => ({
      accountId,
      brandId: 'b-store',
      name,
      values: { ...values, description: name },
      reviewUntil: now + 1000,
    });
    assert.equal(await submitBrandChange(store, change('S1'), now), true);
    // A review runs until now + 1000: the second change writes nothing, its rename included.
    assert.equal(await submitBrandChange(store, change('S2'), now + 999), false);
    assert.equal((await storedBrand(store, c.accountId, 'b-store'))?.name, 'S1');
    assert.equal((await findBrandDetails(store, 'b-store'))?.description, 'S1');
    assert.equal(await submitBrandChange(store, change('S3'), now + 1000), true);
    assert.equal((await findBrandDetails(store, 'b-store'))?.reviewUntil, now + 1000);
    assert.equal((await findBrandDetails(store, 'b-store'))?.updatedAt, now + 1000);
    // Another account's change of this brand writes nothing.
    assert.equal(await submitBrandChange(store, change('S4', other.accountId), now + 5000), false);
    assert.equal((await storedBrand(store, c.accountId, 'b-store'))?.name, 'S3');
  });

  test('PUT keeps absent fields, clears null or empty ones, and replaces a file in place', async () => {
    const before = (await getBrand(brandId)).json().data.data.rcs;
    const res = await put([
      ...reg({ tel: null, webSiteUrl: '' }),
      file('brandProfile', png(400, 400), 'new-logo.png'),
    ]);
    assert.equal(res.statusCode, 200, res.body);
    const rcs = res.json().data.data.rcs;
    assert.equal(rcs.name, before.name);
    assert.equal(rcs.description, before.description);
    assert.equal('tel' in rcs, false);
    assert.equal('webSiteUrl' in rcs, false);
    assert.equal(rcs.backgroundImageUrl, before.backgroundImageUrl);
    assert.notEqual(rcs.profileImageUrl, before.profileImageUrl);
    const fresh = await t.request({ method: 'GET', url: new URL(rcs.profileImageUrl).pathname });
    assert.deepEqual(new Uint8Array(fresh.rawPayload), png(400, 400));
    // The replaced image is gone.
    const old = await t.request({ method: 'GET', url: new URL(before.profileImageUrl).pathname });
    assert.equal(old.statusCode, 404);
    await reviewed();
  });

  test('PUT: brandId and regBrand are required; another account’s brand is not found', async () => {
    await refused([{ name: 'regBrand', value: '{}' }], 400, 'A300', /brandId is required/);
    await refused([{ name: 'brandId', value: brandId }], 400, 'A300', /regBrand is required/);
    await refused(
      reg({ name: 'X' }, `b-${other.accountId}`),
      404,
      'A611',
      new RegExp(`b-${other.accountId}`),
    );
    await refused(reg({ name: 'X' }, 'nope'), 404, 'A611', /brandId nope/);
    // Nothing of the other account's brand changed.
    assert.equal((await getBrand(`b-${other.accountId}`, other.apiKey)).json().data.data.rcs.name, 'Brand');
  });

  test('PUT: regBrand must be a JSON object', async () => {
    await refused(reg('{name: nope'), 400, 'A613', /not valid JSON/);
    await refused(reg('["a"]'), 400, 'A613', /must be a JSON object/);
    await refused(reg('null'), 400, 'A613', /must be a JSON object/);
    await refused(reg('"text"'), 400, 'A613', /must be a JSON object/);
  });

  test('PUT: each regBrand field is checked and named', async () => {
    const cases: Array<[unknown, string, RegExp]> = [
      [{ name: '' }, 'A614', /regBrand.name cannot be empty/],
      [{ name: '   ' }, 'A614', /regBrand.name cannot be empty/],
      [{ name: null }, 'A614', /regBrand.name must be a string/],
      [{ name: 42 }, 'A614', /regBrand.name must be a string/],
      [{ name: 'x'.repeat(41) }, 'A614', /longer than 40/],
      [{ description: 'x'.repeat(101) }, 'A615', /regBrand.description is longer than 100/],
      [{ description: ['x'] }, 'A615', /regBrand.description must be a string/],
      [{ tel: '1588-1234' }, 'A616', /digits only/],
      [{ tel: 15881234 }, 'A616', /regBrand.tel must be a string/],
      [{ tel: '12345' }, 'A616', /domestic number/],
      [{ tel: '1234567890123' }, 'A616', /domestic number/],
      [{ tel: '17001234' }, 'A616', /representative number/],
      [{ webSiteUrl: 'ftp://acme.co.kr' }, 'A617', /http:\/\/ or https:\/\//],
      [{ webSiteUrl: 'javascript:alert(1)' }, 'A617', /http:\/\/ or https:\/\//],
      [{ webSiteUrl: 'not a url' }, 'A617', /not a URL/],
      [{ webSiteUrl: 'http://intranet/' }, 'A617', /no public host name/],
      [{ webSiteUrl: `https://acme.co.kr/${'p'.repeat(200)}` }, 'A617', /longer than 200/],
    ];
    for (const [value, code, result] of cases) await refused(reg(value), 400, code, result);
    // Accepted forms of the same fields.
    for (const tel of ['0212345678', '021234567', '01012345678', '16001234', '18001234']) {
      const res = await put(reg({ tel }));
      assert.equal(res.statusCode, 200, `${tel}: ${res.body}`);
      assert.equal(res.json().data.data.rcs.tel, tel);
      await reviewed();
    }
    const ok = await put(
      reg({ name: 'x'.repeat(40), description: 'x'.repeat(100), webSiteUrl: 'http://a.kr' }),
    );
    assert.equal(ok.statusCode, 200, ok.body);
    await reviewed();
    // Nothing of a refused request was kept.
    const rcs = (await getBrand(brandId)).json().data.data.rcs;
    assert.equal(rcs.webSiteUrl, 'http://a.kr');
    assert.equal(rcs.tel, '18001234');
  });

  test('PUT: images and the document are checked (format, size, dimensions), naming the field', async () => {
    const base = reg({ description: 'With files' });
    const cases: Array<[Part, string, RegExp]> = [
      [file('brandProfile', GIF, 'p.gif', 'image/gif'), 'A618', /brandProfile: .*not a JPEG or PNG/],
      [file('brandProfile', new Uint8Array([1, 2, 3]), 'p.png'), 'A618', /brandProfile/],
      [file('brandProfile', png(500, 400), 'p.png'), 'A619', /brandProfile: 500x400, .*square/],
      [file('brandProfile', png(199, 199), 'p.png'), 'A619', /brandProfile: 199x199/],
      [file('brandProfile', png(1001, 1001), 'p.png'), 'A619', /brandProfile: 1001x1001/],
      [
        file('brandProfile', png(500, 500, 1024 * 1024), 'p.png'),
        'A212',
        /brandProfile: at most 1048576 bytes/,
      ],
      [
        file('brandBackground', png(700, 400), 'b.png'),
        'A619',
        /brandBackground: 700x400, width 720 to 2160/,
      ],
      [
        file('brandBackground', jpeg(1080, 2200), 'b.jpg', 'image/jpeg'),
        'A619',
        /brandBackground: 1080x2200/,
      ],
      [file('brandBackground', PDF, 'b.pdf', 'application/pdf'), 'A618', /brandBackground/],
      [
        file(
          'seasonDocFile',
          new Uint8Array(Buffer.from('PK\u0003\u0004 a docx')),
          'doc.docx',
          'application/zip',
        ),
        'A610',
        /seasonDocFile: the content is not a PDF, JPEG or PNG/,
      ],
      // A name whose extension contradicts the content (A225), as on every upload.
      [
        file('brandProfile', png(500, 500), 'p.jpg'),
        'A225',
        /brandProfile: the file is named \.jpg but holds a png/,
      ],
      [
        file('brandBackground', jpeg(1080, 720), 'b.png', 'image/jpeg'),
        'A225',
        /brandBackground: the file is named \.png but holds a jpg/,
      ],
      [
        file('seasonDocFile', PDF, 'doc.png'),
        'A225',
        /seasonDocFile: the file is named \.png but holds a pdf/,
      ],
    ];
    for (const [part, code, result] of cases) await refused([...base, part], 400, code, result);
    // Far over the largest limit: cut off while it streams in, still refused by its field's limit.
    const huge = new Uint8Array(6 * 1024 * 1024);
    huge.set(Buffer.from('%PDF-1.7'));
    await refused(
      [...base, file('seasonDocFile', huge, 'big.pdf')],
      400,
      'A212',
      /seasonDocFile: at most 5242880/,
    );
    // A refused file stores nothing, not even the valid fields beside it.
    assert.notEqual((await getBrand(brandId)).json().data.data.rcs.description, 'With files');

    const doc = await put([...base, file('seasonDocFile', png(800, 1100), 'scan.png')]);
    assert.equal(doc.statusCode, 200, doc.body);
    assert.equal(doc.json().data.data.rcs.seasonDocFileName, 'scan.png');
    await reviewed();
  });

  test('PUT: a form that is not multipart, or that names a field twice, is refused', async () => {
    const json = await t.request({
      method: 'PUT',
      url: URL_BRAND,
      apiKey: c.apiKey,
      body: { brandId, regBrand: { name: 'Json' } },
    });
    assert.equal(json.statusCode, 415, json.body);
    assert.equal(json.json().common.authCode, 'A415');
    await refused(
      [...reg({ name: 'A' }), { name: 'brandId', value: brandId }],
      400,
      'A300',
      /more than one part named brandId/,
    );
    await refused(
      [
        ...reg({ name: 'A' }),
        file('brandProfile', png(300, 300), 'a.png'),
        file('brandProfile', png(300, 300), 'b.png'),
      ],
      400,
      'A300',
      /more than one part named brandProfile/,
    );
    // A file under a part name the form does not have is refused, never dropped.
    await refused(
      [...reg({ name: 'A' }), file('profileImage', png(300, 300), 'a.png')],
      400,
      'A300',
      /part named "profileImage": files go in brandProfile, brandBackground, seasonDocFile/,
    );
  });

  test('regBrand may come as a JSON file part', async () => {
    const res = await put([
      { name: 'brandId', value: brandId },
      file(
        'regBrand',
        new Uint8Array(Buffer.from('{"name":"From a file"}')),
        'brand.json',
        'application/json',
      ),
    ]);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().data.data.rcs.name, 'From a file');
    await reviewed();
  });

  test('a brand the operator set to another status shows it and cannot be changed', async () => {
    await addBrand('b-suspended', 'suspended');
    const got = await getBrand('b-suspended');
    assert.equal(got.json().data.data.rcs.status, 'suspended');
    await refused(reg({ name: 'New' }, 'b-suspended'), 409, 'A824', /status is suspended/);
    // Unchanged values are still answered.
    const same = await put(reg({ name: 'Second' }, 'b-suspended'));
    assert.equal(same.statusCode, 200, same.body);
    assert.equal(same.json().data.data.rcs.status, 'suspended');
  });

  test('a brand the operator deletes takes its details along; registered again it starts afresh', async () => {
    await addBrand('b-again');
    const res = await put([
      ...reg({ description: 'Old details' }, 'b-again'),
      file('brandProfile', png(300, 300), 'x.png'),
    ]);
    assert.equal(res.statusCode, 200, res.body);
    const del = await t.request({
      method: 'DELETE',
      url: `/admin/v1/accounts/${c.accountId}/rcs-brands/b-again`,
      admin: true,
    });
    assert.equal(del.statusCode, 200, del.body);
    assert.equal((await getBrand('b-again')).json().data.code, 'A611');
    await addBrand('b-again');
    const fresh = (await getBrand('b-again')).json().data.data.rcs;
    assert.equal(fresh.status, 'ready');
    assert.equal('description' in fresh, false);
    assert.equal('profileImageUrl' in fresh, false);
  });
});
