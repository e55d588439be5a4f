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

  /** The signature and IHDR chunk alone: a header that declares a size over no data at all. */
  const headerOnly = (width: number, height: number) => png(width, height).slice(0, 33);

  test('a header declaring 2^31-1 x 2^31-1, or 10k x 10k, is A203 naming the size', async () => {
    for (const [path, bytes, name, type] of [
      ['rcs', headerOnly(2 ** 31 - 1, 2 ** 31 - 1), 'huge.png', 'image/png'],
      ['brandmessage/default', headerOnly(2 ** 31 - 1, 2 ** 31 - 1), 'huge.png', 'image/png'],
      ['rcs', headerOnly(10_000, 10_000), 'big.png', 'image/png'],
      ['brandmessage/default', jpeg(10_000, 7_500).slice(0, 40), 'big.jpg', 'image/jpeg'],
    ] as const) {
      const res = await upload(path, bytes, name, type);
      assert.equal(res.statusCode, 400, `${path} ${name}: ${res.body}`);
      const data = res.json<{ data: { code: string; result: string } }>().data;
      assert.equal(data.code, 'A203', res.body);
      assert.match(data.result, /megapixels; an image is at most 25 megapixels/);
    }
  });

  test('25 megapixels exactly is within the ceiling', async () => {
    const res = await upload('rcs', png(5_000, 5_000, 100), 'ok.png', 'image/png');
    assert.equal(res.statusCode, 200, res.body);
  });

  test('a header over too little data to draw it is A222, saying how much it holds and needs', async () => {
    for (const [bytes, name, type, why] of [
      [
        headerOnly(2_000, 1_000),
        'thin.png',
        'image/png',
        /the 2000x1000 PNG holds 0 bytes of image data; drawing it takes at least 7753/,
      ],
      [
        jpeg(2_000, 1_000).slice(0, 60),
        'thin.jpg',
        'image/jpeg',
        /the 2000x1000 JPEG holds \d+ bytes of image data; its 31250 blocks take at least 3907/,
      ],
      [jpeg(2_000, 1_000).slice(0, 39), 'bare.jpg', 'image/jpeg', /JPEG holds no scan/],
    ] as const) {
      const res = await upload('brandmessage/default', bytes, name, type);
      assert.equal(res.statusCode, 400, `${name}: ${res.body}`);
      const data = res.json<{ data: { code: string; result: string } }>().data;
      assert.equal(data.code, 'A222', res.body);
      assert.match(data.result, why);
    }
  });
});
