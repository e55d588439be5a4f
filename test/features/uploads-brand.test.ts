import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { findImageByUrl } from '../../src/features/files/image-upload.ts';
import { BRAND_IMAGE_KINDS, IMAGE_KINDS, type ImageKindName } from '../../src/rules/image-kinds.ts';
import { ratioOf, shareOneRatio } from '../../src/rules/image-ratio.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { gif, jpeg, ofSize, png } from '../helpers/images.ts';
import type { Part } from '../helpers/multipart.ts';
import { filePart, pathOf, TEXT, upload } from './uploads-fixtures.ts';

type Size = readonly [number, number];

/** Per kind: sizes accepted, sizes refused for their ratio, one too narrow, the byte limit. */
const CASES: readonly {
  name: ImageKindName;
  path: string;
  kind: string;
  accepted: readonly Size[];
  badRatio: readonly Size[];
  tooNarrow: Size;
  maxBytes: number;
}[] = [
  {
    name: 'brandDefault',
    path: 'brandmessage/default',
    kind: 'brandmessage-default',
    accepted: [
      [800, 400],
      [720, 720],
      [600, 800],
      [800, 600],
    ],
    badRatio: [
      [900, 400],
      [500, 800],
    ],
    tooNarrow: [498, 249],
    maxBytes: 5 * 1024 * 1024,
  },
  {
    name: 'brandWide',
    path: 'brandmessage/wide',
    kind: 'brandmessage-wide',
    accepted: [
      [800, 600],
      [800, 400],
      [800, 800],
    ],
    badRatio: [
      [600, 800],
      [900, 400],
    ],
    tooNarrow: [499, 400],
    maxBytes: 5 * 1024 * 1024,
  },
  {
    name: 'brandWideListFirst',
    path: 'brandmessage/wideItemList/first',
    kind: 'brandmessage-wide-list-first',
    accepted: [
      [800, 400],
      [500, 250],
    ],
    badRatio: [
      [800, 800],
      [800, 600],
    ],
    tooNarrow: [400, 200],
    maxBytes: 5 * 1024 * 1024,
  },
  {
    name: 'brandWideList',
    path: 'brandmessage/wideItemList',
    kind: 'brandmessage-wide-list',
    accepted: [
      [400, 400],
      [100, 100],
    ],
    badRatio: [
      [800, 400],
      [400, 300],
    ],
    tooNarrow: [99, 99],
    maxBytes: 2 * 1024 * 1024,
  },
  {
    name: 'brandCarouselFeed',
    path: 'brandmessage/carouselFeed',
    kind: 'brandmessage-carousel-feed',
    accepted: [
      [800, 400],
      [800, 800],
    ],
    badRatio: [
      [800, 600],
      [600, 800],
    ],
    tooNarrow: [400, 400],
    maxBytes: 5 * 1024 * 1024,
  },
  {
    name: 'brandCarouselCommerce',
    path: 'brandmessage/carouselCommerce',
    kind: 'brandmessage-carousel-commerce',
    accepted: [
      [800, 400],
      [800, 800],
    ],
    badRatio: [
      [800, 600],
      [600, 1800],
    ],
    tooNarrow: [400, 200],
    maxBytes: 5 * 1024 * 1024,
  },
  {
    name: 'brandCatalog',
    path: 'brandmessage/catalog',
    kind: 'brandmessage-catalog',
    accepted: [
      [800, 800],
      [500, 500],
    ],
    badRatio: [
      [800, 400],
      [800, 600],
    ],
    tooNarrow: [300, 300],
    maxBytes: 2 * 1024 * 1024,
  },
  {
    name: 'brandCatalogOddFirst',
    path: 'brandmessage/catalog/oddFirst',
    kind: 'brandmessage-catalog-odd-first',
    accepted: [
      [800, 400],
      [1000, 500],
    ],
    badRatio: [
      [800, 800],
      [800, 600],
    ],
    tooNarrow: [400, 200],
    maxBytes: 5 * 1024 * 1024,
  },
];

describeEachDb('brand message image uploads', (db) => {
  let t: TestGateway;
  let apiKey: string;
  let accountId: string;

  before(async () => {
    t = await startTestGateway(db, { clock: 'manual' });
    ({ apiKey, accountId } = await t.createAccount('acme'));
  });
  after(() => t.close());

  const post = (path: string, parts: readonly Part[]) => upload(t, path, parts, apiKey);
  const imgUrlOf = (res: LightMyRequestResponse): string => {
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json();
    assert.equal(body.data.code, 'A000');
    assert.deepEqual(Object.keys(body.data.data), ['imgUrl'], 'brand uploads answer imgUrl only');
    return body.data.data.imgUrl;
  };
  const codeOf = (res: LightMyRequestResponse, code: string, result?: RegExp) => {
    assert.equal(res.statusCode, 400, res.body);
    assert.equal(res.json().data.code, code, res.body);
    if (result) assert.match(res.json().data.result, result);
  };

  test('the table in code is the one these tests (and docs/uploads.md) state', () => {
    assert.deepEqual(
      CASES.map((c) => c.name),
      Object.keys(IMAGE_KINDS).filter((k) => k.startsWith('brand')),
    );
    for (const c of CASES) {
      const spec = IMAGE_KINDS[c.name];
      assert.deepEqual([spec.path, spec.kind, spec.maxBytes], [c.path, c.kind, c.maxBytes], c.name);
      assert.deepEqual(spec.formats, ['jpg', 'png'], c.name);
      assert.equal(spec.retentionMs, null, c.name);
    }
    assert.deepEqual([...BRAND_IMAGE_KINDS].sort(), CASES.map((c) => c.kind).sort());
  });

  for (const c of CASES) {
    test(`${c.path}: accepted sizes as PNG and JPEG; the imgUrl serves the bytes`, async () => {
      for (const [w, h] of c.accepted) {
        for (const [bytes, name, mime] of [
          [png(w, h, 64), 'a.png', 'image/png'],
          [jpeg(w, h, { pad: 64 }), 'a.jpg', 'image/jpeg'],
        ] as const) {
          const url = imgUrlOf(await post(c.path, [filePart(bytes, name)]));
          assert.ok(url.startsWith(`${t.gw.ctx.config.publicUrl}/files/${c.kind}/img_`), url);
          const served = await t.gw.app.inject({ method: 'GET', url: pathOf(url) });
          assert.equal(served.statusCode, 200);
          assert.equal(served.headers['content-type'], mime);
          assert.deepEqual(new Uint8Array(served.rawPayload), bytes);
          const rec = await findImageByUrl(t.gw.ctx, url, { accountId, kinds: [c.kind] });
          assert.deepEqual([rec?.width, rec?.height, rec?.expiresAt], [w, h, null], `${c.path} ${w}x${h}`);
        }
      }
    });

    test(`${c.path}: refusals name the rule and what was received`, async () => {
      for (const [w, h] of c.badRatio) {
        codeOf(
          await post(c.path, [filePart(png(w, h), 'a.png')]),
          'A221',
          new RegExp(`${w}x${h} is ${ratioOf(w, h)}; .* is `),
        );
      }
      const [nw, nh] = c.tooNarrow;
      codeOf(
        await post(c.path, [filePart(png(nw, nh), 'a.png')]),
        'A226',
        new RegExp(`${nw}x${nh}; .* at least ${IMAGE_KINDS[c.name].minWidth} px wide`),
      );
      const [w, h] = c.accepted[0] ?? [800, 400];
      codeOf(await post(c.path, [filePart(gif(w, h), 'a.gif')]), 'A218', /got gif; .* is jpg, png/);
      codeOf(await post(c.path, [filePart(TEXT, 'a.txt', 'text/plain')]), 'A218', /not a recognised image/);
      codeOf(
        await post(c.path, [filePart(png(w, h), 'a.jpg', 'image/jpeg')]),
        'A225',
        /\.jpg but holds a png/,
      );
      codeOf(
        await post(c.path, [
          filePart(
            ofSize((p) => jpeg(w, h, { pad: p }), c.maxBytes + 1),
            'a.jpg',
          ),
        ]),
        'A212',
        new RegExp(`at most ${c.maxBytes} bytes`),
      );
      const atMax = await post(c.path, [
        filePart(
          ofSize((p) => jpeg(w, h, { pad: p }), c.maxBytes),
          'a.jpg',
        ),
      ]);
      imgUrlOf(atMax);
    });
  }

  test('carousel and catalog images carry the sizes the template work compares', async () => {
    const feed = [
      imgUrlOf(await post('brandmessage/carouselFeed', [filePart(png(800, 400), 'a.png')])),
      imgUrlOf(await post('brandmessage/carouselFeed', [filePart(png(1000, 500), 'b.png')])),
    ];
    const square = imgUrlOf(await post('brandmessage/carouselFeed', [filePart(png(800, 800), 'c.png')]));
    const sizes = async (urls: readonly string[]) => {
      const out: { width: number; height: number }[] = [];
      for (const url of urls) {
        const rec = await findImageByUrl(t.gw.ctx, url);
        assert.ok(rec?.width && rec.height);
        out.push({ width: rec.width, height: rec.height });
      }
      return out;
    };
    assert.equal(shareOneRatio(await sizes(feed)), true);
    assert.equal(shareOneRatio(await sizes([...feed, square])), false);
    const first = await findImageByUrl(t.gw.ctx, feed[0] ?? '');
    assert.equal(first && ratioOf(first.width ?? 0, first.height ?? 0), '2:1');
  });
});
