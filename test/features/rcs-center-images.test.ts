import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { RcsImage } from '../../src/features/rcs/messagebase.ts';
import type { Client } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { codeOf, resultOf } from '../helpers/envelope-code.ts';
import type { TestGateway } from '../helpers/gateway.ts';
import { jpeg, ofSize, png } from '../helpers/images.ts';
import { type Part, postForm } from '../helpers/multipart.ts';
import { startWithClients } from '../helpers/suite-start.ts';

const URL_FILE = '/api/comm/v1/center/rcs/messagebase/file';

const file = (bytes: Uint8Array, filename = 'card.png', type = 'image/png'): Part => ({
  name: 'file',
  bytes,
  filename,
  type,
});

describeEachDb('RCS center: message-base images', (db) => {
  let t: TestGateway;
  let c: Client;
  let other: Client;
  let brandId: string;
  const secondBrand = 'b-second';

  /** Registers the account's second brand (what the operator does). */
  const addSecondBrand = async () => {
    const res = await t.request({
      method: 'POST',
      url: `/admin/v1/accounts/${c.accountId}/rcs-brands`,
      admin: true,
      body: { brandId: secondBrand, brandKey: 'key-second', name: 'Second' },
    });
    assert.equal(res.statusCode, 200, res.body);
  };

  before(async () => {
    [t, c, other] = await startWithClients(db, ['acme', 'other']);
    brandId = `b-${c.accountId}`;
    await addSecondBrand();
  });
  after(() => t.close());

  const upload = (parts: readonly Part[], key = c.apiKey) => postForm(t, URL_FILE, parts, key);
  const lookup = (brand: string, fileId: string, key = c.apiKey) =>
    t.request({
      method: 'GET',
      url: `${URL_FILE}?brandId=${encodeURIComponent(brand)}&fileId=${encodeURIComponent(fileId)}`,
      apiKey: key,
    });
  const expectCode = (
    res: { statusCode: number; body: string; json: () => { data: { code: string; result: string } } },
    status: number,
    code: string,
    result: RegExp,
  ) => {
    assert.equal(res.statusCode, status, res.body);
    assert.equal(codeOf(res.json()), code, res.body);
    assert.match(resultOf(res.json()) ?? '', result);
  };
  const uploaded = async (parts: readonly Part[]): Promise<RcsImage> => {
    const res = await upload(parts);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().data.code, 'A000');
    return res.json().data.data.rcs.image;
  };

  test('an upload answers rcs.image; the lookup answers the same; the URL serves the bytes', async () => {
    const bytes = png(568, 528, 500);
    const image = await uploaded([
      { name: 'brandId', value: brandId },
      file(bytes, 'C:\\cards\\tall card.png'),
    ]);
    assert.match(image.fileId, /^rcsmb_[0-9a-z]+$/);
    assert.equal(image.fileName, 'tall card.png');
    assert.equal(image.imageWidth, 568);
    assert.equal(image.imageHeight, 528);
    assert.match(image.registerDate, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const got = await lookup(brandId, image.fileId);
    assert.equal(got.statusCode, 200, got.body);
    assert.deepEqual(got.json().data.data.rcs.image, image);

    const served = await t.request({ method: 'GET', url: new URL(image.imageUrl).pathname });
    assert.equal(served.statusCode, 200);
    assert.equal(served.headers['content-type'], 'image/png');
    assert.deepEqual(new Uint8Array(served.rawPayload), bytes);
  });

  test('a JPEG is taken too; the brandId may follow the file; a nameless file is named after its id', async () => {
    const image = await uploaded([file(jpeg(196, 336), ''), { name: 'brandId', value: brandId }]);
    assert.deepEqual([image.imageWidth, image.imageHeight], [196, 336]);
    assert.equal(image.fileName, `${image.fileId}.jpg`);
    const served = await t.request({ method: 'GET', url: new URL(image.imageUrl).pathname });
    assert.equal(served.headers['content-type'], 'image/jpeg');
  });

  test('an image is found only within its brand and its account', async () => {
    const image = await uploaded([{ name: 'brandId', value: brandId }, file(png(232, 232))]);
    // The same account's other brand does not hold it.
    expectCode(
      await lookup(secondBrand, image.fileId),
      404,
      'A612',
      new RegExp(`${image.fileId}.*${secondBrand}`),
    );
    // Another account cannot reach it through the brand, nor through its own brand.
    expectCode(
      await lookup(brandId, image.fileId, other.apiKey),
      404,
      'A611',
      new RegExp(`brandId ${brandId}`),
    );
    expectCode(
      await lookup(`b-${other.accountId}`, image.fileId, other.apiKey),
      404,
      'A612',
      /is not an image/,
    );
    expectCode(await lookup(brandId, 'rcsmb_unknown'), 404, 'A612', /rcsmb_unknown/);
  });

  test('the lookup needs brandId and fileId', async () => {
    const none = await t.request({ method: 'GET', url: `${URL_FILE}?brandId=${brandId}`, apiKey: c.apiKey });
    expectCode(none, 400, 'A300', /fileId is required/);
    const noBrand = await t.request({ method: 'GET', url: `${URL_FILE}?fileId=x`, apiKey: c.apiKey });
    expectCode(noBrand, 400, 'A300', /brandId is required/);
  });

  test('an upload needs the account’s brand and a file', async () => {
    expectCode(await upload([file(png(300, 300))]), 400, 'A300', /brandId is required/);
    expectCode(await upload([{ name: 'brandId', value: brandId }]), 400, 'A210', /file/);
    expectCode(
      await upload([{ name: 'brandId', value: `b-${other.accountId}` }, file(png(300, 300))]),
      404,
      'A611',
      new RegExp(`b-${other.accountId}`),
    );
    expectCode(
      await upload([{ name: 'brandId', value: 'nope' }, file(png(300, 300))]),
      404,
      'A611',
      /brandId nope/,
    );
  });

  test('an upload is checked: format, size, dimensions', async () => {
    const b = { name: 'brandId', value: brandId };
    const gif = new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x2c, 0x01, 0x2c, 0x01, 0, 0, 0]);
    expectCode(
      await upload([b, file(gif, 'a.gif', 'image/gif')]),
      400,
      'A618',
      /file: the content is not a JPEG/,
    );
    expectCode(
      await upload([b, file(new Uint8Array(Buffer.from('%PDF-1.7')), 'a.pdf')]),
      400,
      'A618',
      /file/,
    );
    expectCode(await upload([b, file(png(99, 300))]), 400, 'A619', /file: 99x300, width 100 to 2000/);
    expectCode(await upload([b, file(png(300, 2001))]), 400, 'A619', /file: 300x2001/);
    expectCode(
      await upload([b, file(png(300, 300, 1024 * 1024))]),
      400,
      'A212',
      /file: at most 1048576 bytes/,
    );
    // The name must not contradict the content (A225): the answer's fileName and URL would differ.
    expectCode(
      await upload([b, file(png(300, 300), 'x.jpg')]),
      400,
      'A225',
      /file: the file is named \.jpg but holds a png/,
    );
    expectCode(
      await upload([b, file(jpeg(300, 300), 'x.png', 'image/jpeg')]),
      400,
      'A225',
      /named \.png but holds a jpg/,
    );
    assert.equal((await uploaded([b, file(jpeg(300, 300), 'x.JPEG', 'image/jpeg')])).fileName, 'x.JPEG');
    // The limits themselves are accepted.
    await uploaded([b, file(ofSize((pad) => png(100, 2000, pad), 1024 * 1024))]);
    await uploaded([b, file(png(2000, 100))]);
  });

  test('a form that is not multipart, or with two files, is refused', async () => {
    const json = await t.request({ method: 'POST', url: URL_FILE, apiKey: c.apiKey, body: { brandId } });
    expectCode(json, 415, 'A415', /multipart/);
    expectCode(
      await upload([{ name: 'brandId', value: brandId }, file(png(300, 300)), file(png(300, 300))]),
      400,
      'A300',
      /more than one part named file/,
    );
    expectCode(
      await upload([
        { name: 'brandId', value: brandId },
        { ...file(png(300, 300)), name: 'image' },
      ]),
      400,
      'A300',
      /part named "image": files go in file/,
    );
  });

  test('images go with their brand when the operator removes it', async () => {
    const image = await uploaded([{ name: 'brandId', value: secondBrand }, file(png(300, 300))]);
    const del = await t.request({
      method: 'DELETE',
      url: `/admin/v1/accounts/${c.accountId}/rcs-brands/${secondBrand}`,
      admin: true,
    });
    assert.equal(del.statusCode, 200, del.body);
    await addSecondBrand();
    expectCode(await lookup(secondBrand, image.fileId), 404, 'A612', /is not an image/);
  });
});
