import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { jpeg, png } from '../helpers/images.ts';
import { postForm } from '../helpers/multipart.ts';

/*
 * An image's header may declare any size over no data; what is stored is decoded by handsets
 * and the platform. Past 25 megapixels an upload is refused, naming the size, on every image route.
 */
describeEachDb('image pixel ceiling', (db) => {
  let t: TestGateway;
  let apiKey = '';
  before(async () => {
    t = await startTestGateway(db);
    ({ apiKey } = await t.createAccount('pixels'));
  });
  after(() => t.close());

  const upload = (path: string, bytes: Uint8Array, filename: string, type: string) =>
    postForm(t, `/api/comm/v1/file/${path}`, [{ name: 'file', bytes, filename, type }], apiKey);

  test('a header declaring 2^31-1 x 2^31-1, or 10k x 10k, is A215 naming the size', async () => {
    for (const [path, bytes, name, type] of [
      ['rcs', png(2 ** 31 - 1, 2 ** 31 - 1, 100), 'huge.png', 'image/png'],
      ['brandmessage/default', png(2 ** 31 - 1, 2 ** 31 - 1, 100), 'huge.png', 'image/png'],
      ['rcs', png(10_000, 10_000, 100), 'big.png', 'image/png'],
      ['brandmessage/default', jpeg(10_000, 7_500, { pad: 100 }), 'big.jpg', 'image/jpeg'],
    ] as const) {
      const res = await upload(path, bytes, name, type);
      assert.equal(res.statusCode, 400, `${path} ${name}: ${res.body}`);
      const data = res.json<{ data: { code: string; result: string } }>().data;
      assert.equal(data.code, 'A215', res.body);
      assert.match(data.result, /megapixels; an image is at most 25 megapixels/);
    }
  });

  test('25 megapixels exactly is within the ceiling', async () => {
    const res = await upload('rcs', png(5_000, 5_000, 100), 'ok.png', 'image/png');
    assert.equal(res.statusCode, 200, res.body);
  });
});
