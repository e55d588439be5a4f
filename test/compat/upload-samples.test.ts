import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { setClock } from '../features/reservation-helpers.ts';
import { type Client, inbox, settle, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { jpeg, png } from '../helpers/images.ts';
import { type Part, postForm } from '../helpers/multipart.ts';
import { call, destinations, envelopeOf, ok, phones, strings } from './compat-helpers.ts';
import * as S from './samples.ts';

/*
 * The form-data operations of the specification, sent with the form fields it names, and what
 * the JSON samples then do with their outputs: an RCS card with the uploaded media, a friend
 * group from an uploaded number list, a review request with an attachment, the RCS brand update
 * and message-base images. Each answer is read under the specification's field names.
 */

describeEachDb('compatibility: form-data samples', (db) => {
  let t: TestGateway;
  let c: Client;
  const phone = phones('77');

  before(async () => {
    t = await startTestGateway(db);
    await setClock(t, '2026-12-01 10:00:00');
    c = await setupClient(t);
  });
  after(() => t.close());

  const form = async <T>(url: string, parts: readonly Part[], method: 'POST' | 'PUT' = 'POST') =>
    ok<T>(envelopeOf(await postForm(t, url, parts, c.apiKey, method)));
  const image = (bytes: Uint8Array, filename: string, type: string): Part => ({
    name: 'file',
    bytes,
    filename,
    type,
  });

  test('RCS media upload, then the RCS card sample with body.media', async () => {
    const up = await form<{ media: string; expired: string }>('/api/comm/v1/file/rcs', [
      image(jpeg(568, 336), 'card.jpg', 'image/jpeg'),
      { name: 'imageName', value: 'card' },
    ]);
    strings(up, ['media', 'expired'], 'rcs upload');
    const to = phone();
    const sent = await call(
      t,
      c.apiKey,
      'POST',
      '/api/comm/v1/send/omni',
      S.fill(S.SEND_RCS_MEDIA, {
        phone_number: to,
        sender_number: c.sender,
        brand_key: c.brandKey,
        media: up.media,
      }),
    );
    assert.deepEqual(
      destinations(sent).map((d) => d.code),
      ['A000'],
    );
    await settle(t);
    const got = await inbox(t, to);
    assert.equal(got[0]?.channel, 'rcs');
    assert.equal(got[0]?.title, '신상품');
  });

  test('template image uploads answer imgUrl (and fileName for informational templates)', async () => {
    const info = await form<{ imgUrl: string; fileName: string }>('/api/comm/v1/file/infomsg/template', [
      image(png(800, 400), 'banner.png', 'image/png'),
    ]);
    strings(info, ['imgUrl', 'fileName'], 'infomsg template image');
    const hl = await form<{ imgUrl: string; fileName: string }>('/api/comm/v1/file/infomsg/itemHighlight', [
      image(png(200, 200), 'thumb.png', 'image/png'),
    ]);
    strings(hl, ['imgUrl', 'fileName'], 'item highlight image');
    const brand = await form<{ imgUrl: string }>('/api/comm/v1/file/brandmessage/default', [
      image(png(800, 400), 'sale.png', 'image/png'),
    ]);
    strings(brand, ['imgUrl'], 'brand image');
  });

  test('review request as form-data with an attachment', async () => {
    const base = '/api/comm/v1/center/infomsg/template';
    ok(
      await call(
        t,
        c.apiKey,
        'POST',
        base,
        S.fill(S.INFOMSG_TEMPLATE_REGISTER, { sender_key: c.senderKey, template_code: 'CP-FORM' }),
      ),
    );
    const answer = await form<undefined>(`${base}/request`, [
      { name: 'senderKey', value: c.senderKey },
      { name: 'senderKeyType', value: 'S' },
      { name: 'templateCode', value: 'CP-FORM' },
      { name: 'comment', value: '검수 부탁드립니다.' },
      {
        name: 'attachment',
        bytes: new TextEncoder().encode('%PDF-1.4\n%%EOF\n'),
        filename: 'evidence.pdf',
        type: 'application/pdf',
      },
    ]);
    assert.equal(answer, undefined, 'only code and result');
  });

  test('friend group from a number-list file', async () => {
    const list = Array.from({ length: 10 }, (_, i) => `0109100${String(i).padStart(4, '0')}`).join('\n');
    const up = await form<{ friendGroup: Record<string, unknown> }>(
      '/api/comm/v1/center/brandmessage/friendGroup/file',
      [
        { name: 'senderKey', value: c.senderKey },
        { name: 'file', bytes: new TextEncoder().encode(list), filename: 'numbers.csv', type: 'text/csv' },
      ],
    );
    strings(up.friendGroup, ['fileKey', 'expiredAt'], 'friend group file');
    const made = ok<{ friendGroup: Record<string, unknown> }>(
      await call(
        t,
        c.apiKey,
        'POST',
        '/api/comm/v1/center/brandmessage/friendGroup',
        S.fill(S.FRIEND_GROUP_FILE, {
          sender_key: c.senderKey,
          friend_group_key: 'fg-file',
          file_key: String(up.friendGroup.fileKey),
        }),
      ),
    );
    assert.equal(made.friendGroup.status, 'IN_PROGRESS');
  });

  test('RCS brand update (regBrand) and message-base images', async () => {
    const brandId = `b-${c.accountId}`;
    const brand = await form<{ rcs: Record<string, unknown> }>(
      '/api/comm/v1/center/rcs/brand',
      [
        { name: 'brandId', value: brandId },
        { name: 'regBrand', value: S.fill(S.RCS_REG_BRAND, {}) },
      ],
      'PUT',
    );
    strings(brand.rcs, ['brandId', 'name', 'brandKey', 'status'], 'rcs brand');
    assert.equal(brand.rcs.name, '옴니 브랜드');

    const posted = await form<{ rcs: { image: Record<string, unknown> } }>(
      '/api/comm/v1/center/rcs/messagebase/file',
      [{ name: 'brandId', value: brandId }, image(png(400, 400), 'logo.png', 'image/png')],
    );
    const img = posted.rcs.image;
    strings(img, ['fileId', 'fileName'], 'rcs image');
    assert.ok(Number.isInteger(img.imageWidth) && Number.isInteger(img.imageHeight), JSON.stringify(img));
    const looked = ok<{ rcs: { image: Record<string, unknown> } }>(
      await call(
        t,
        c.apiKey,
        'GET',
        `/api/comm/v1/center/rcs/messagebase/file?brandId=${brandId}&fileId=${String(img.fileId)}`,
      ),
    );
    assert.equal(looked.rcs.image.fileId, img.fileId);
    const logos = ok<{ rcs: { images: unknown } }>(
      await call(
        t,
        c.apiKey,
        'GET',
        '/api/comm/v1/center/rcs/messagebase/messagebaseform/logo?messagebaseformId=SMwThM00',
      ),
    );
    assert.ok(Array.isArray(logos.rcs.images), JSON.stringify(logos));
  });
});
