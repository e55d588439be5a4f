import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { advance, type Client, inbox, send, settle } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import type { TestGateway } from '../helpers/gateway.ts';
import { jpeg, png } from '../helpers/images.ts';
import { postForm } from '../helpers/multipart.ts';
import { startWithClients } from '../helpers/suite-start.ts';
import { pathOf } from './uploads-fixtures.ts';

/*
 * Issue 15: fileKeys are per account. Two accounts may use one key, each for its own file, and
 * no answer to one account tells anything of the other's keys.
 */

interface TimelineItem {
  msgKey: string;
  media: Record<string, string>;
}

describeEachDb('fileKeys per account', (db) => {
  let t: TestGateway;
  let a: Client;
  let b: Client;
  let n = 0;
  const phone = () => `0108${String(++n).padStart(7, '0')}`;

  before(async () => {
    [t, a, b] = await startWithClients(db, ['alpha', 'beta']);
  });
  after(() => t.close());

  /** An answer to one account holds no trace of the other: neither its id nor its existence. */
  function tellsNothingOf(res: LightMyRequestResponse, other: Client): void {
    assert.ok(!res.body.includes(other.accountId), `the answer names the other account: ${res.body}`);
    assert.doesNotMatch(res.body, /another account/);
  }

  async function upload(
    who: Client,
    path: string,
    key: string,
    bytes: Uint8Array,
    type = 'image/png',
  ): Promise<LightMyRequestResponse> {
    const name = type === 'image/jpeg' ? 'pic.jpg' : 'pic.png';
    return postForm(
      t,
      `/api/comm/v1/file/${path}`,
      [
        { name: 'fileKey', value: key },
        { name: 'file', bytes, filename: name, type },
      ],
      who.apiKey,
    );
  }

  async function uploaded(who: Client, path: string, key: string, bytes: Uint8Array, type?: string) {
    const res = await upload(who, path, key, bytes, type);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().data.code, 'A000', res.body);
    return res.json().data.data;
  }

  const served = async (url: string) => {
    const res = await t.gw.app.inject({ method: 'GET', url: pathOf(url) });
    return { status: res.statusCode, bytes: new Uint8Array(res.rawPayload), body: res.body };
  };

  const mms = (who: Client, keys: string[]) => ({ mms: { from: who.sender, text: 'pic', fileKey: keys } });
  const rcs = (who: Client, media: string) => ({
    rcs: { brandKey: who.brandKey, formatId: 'SMwThT00', body: { description: 'pic', media } },
  });

  /** A send of one flow entry to `to`; answers the HTTP response. */
  const sendTo = (who: Client, to: string, entry: unknown) =>
    send(t, who, { destinations: [{ to }], messageFlow: [entry] });

  async function accepted(who: Client, to: string, entry: unknown): Promise<string> {
    const res = await sendTo(who, to, entry);
    assert.equal(res.statusCode, 200, res.body);
    const d = res.json().data.data.destinations[0];
    assert.equal(d.code, 'A000', res.body);
    return d.msgKey;
  }

  async function timeline(to: string): Promise<TimelineItem[]> {
    const res = await t.request({ method: 'GET', url: `/sandbox/v1/handsets/${to}/timeline`, admin: true });
    assert.equal(res.statusCode, 200, res.body);
    return res.json().items;
  }

  test('two accounts upload under one fileKey: both succeed, each gets its own file and URL', async () => {
    const mmsA = await upload(a, 'mms', 'promo', jpeg(64, 48), 'image/jpeg');
    const mmsB = await upload(b, 'mms', 'promo', jpeg(32, 24), 'image/jpeg');
    for (const [res, other] of [
      [mmsA, b],
      [mmsB, a],
    ] as const) {
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().data.data.fileKey, 'promo');
      tellsNothingOf(res, other);
    }

    const bytesA = png(800, 400, 100);
    const bytesB = png(1000, 500, 200);
    const imgA = await upload(a, 'infomsg/template', 'banner', bytesA);
    const imgB = await upload(b, 'infomsg/template', 'banner', bytesB);
    assert.equal(imgA.statusCode, 200, imgA.body);
    assert.equal(imgB.statusCode, 200, imgB.body);
    tellsNothingOf(imgB, a);
    const urlA = imgA.json().data.data.imgUrl;
    const urlB = imgB.json().data.data.imgUrl;
    assert.notEqual(urlA, urlB);
    assert.deepEqual((await served(urlA)).bytes, bytesA);
    assert.deepEqual((await served(urlB)).bytes, bytesB);
  });

  test("each account's MMS with the key reaches the handset with its own image", async () => {
    const bytesA = jpeg(64, 48, { pad: 300 });
    const bytesB = jpeg(32, 24, { pad: 500 });
    await uploaded(a, 'mms', 'card', bytesA, 'image/jpeg');
    await uploaded(b, 'mms', 'card', bytesB, 'image/jpeg');
    // One handset gets both: its timeline resolves each message's key under its sender.
    const to = phone();
    const fromA = await accepted(a, to, mms(a, ['card']));
    const fromB = await accepted(b, to, mms(b, ['card']));
    await settle(t);
    assert.deepEqual(
      (await inbox(t, to)).map((m) => [m.msgKey, m.payload.fileKey]).sort(),
      [
        [fromA, ['card']],
        [fromB, ['card']],
      ].sort(),
    );
    const items = await timeline(to);
    const urlOf = (msgKey: string) => items.find((i) => i.msgKey === msgKey)?.media.card ?? '';
    assert.notEqual(urlOf(fromA), urlOf(fromB));
    assert.deepEqual((await served(urlOf(fromA))).bytes, bytesA);
    assert.deepEqual((await served(urlOf(fromB))).bytes, bytesB);
  });

  test("each account's RCS body.media with the key is its own upload", async () => {
    const bytesA = png(400, 300, 100);
    const bytesB = png(400, 300, 700);
    assert.equal((await uploaded(a, 'rcs', 'rcs-card', bytesA)).media, 'rcs-card');
    assert.equal((await uploaded(b, 'rcs', 'rcs-card', bytesB)).media, 'rcs-card');
    const [toA, toB] = [phone(), phone()];
    await accepted(a, toA, rcs(a, 'rcs-card'));
    await accepted(b, toB, rcs(b, 'rcs-card'));
    await settle(t);
    const [itemA] = await timeline(toA);
    const [itemB] = await timeline(toB);
    assert.deepEqual((await served(itemA?.media['rcs-card'] ?? '')).bytes, bytesA);
    assert.deepEqual((await served(itemB?.media['rcs-card'] ?? '')).bytes, bytesB);
  });

  test('a key only another account has is refused exactly as a key nobody has', async () => {
    await uploaded(a, 'mms', 'only-alpha', jpeg(10, 10), 'image/jpeg');
    await uploaded(a, 'rcs', 'only-alpha-rcs', png(400, 300));
    const cases = [
      [mms(b, ['only-alpha']), mms(b, ['nobody-has']), 'only-alpha'],
      [rcs(b, 'only-alpha-rcs'), rcs(b, 'nobody-has'), 'only-alpha-rcs'],
    ] as const;
    for (const [theirs, nobodys, key] of cases) {
      const held = await sendTo(b, phone(), theirs);
      const none = await sendTo(b, phone(), nobodys);
      assert.equal(held.statusCode, 400, held.body);
      assert.equal(held.statusCode, none.statusCode);
      assert.equal(held.json().data.code, 'A217');
      assert.equal(held.json().data.code, none.json().data.code);
      assert.equal(held.json().data.result, none.json().data.result.replace('nobody-has', key));
      tellsNothingOf(held, a);
    }
  });

  test("A224 stays for the account's own key of another kind, and never reflects another account's", async () => {
    await uploaded(a, 'infomsg/template', 'both', png(800, 400));
    const own = await upload(a, 'infomsg/itemHighlight', 'both', png(200, 200));
    assert.equal(own.statusCode, 400, own.body);
    assert.equal(own.json().data.code, 'A224');
    assert.equal(
      own.json().data.result,
      'fileKey is in use for another kind of file: both is used by this account for another kind of file (infomsg-template); a key is reused only for the same kind',
    );
    // beta holds no "both": alpha's template image is nothing to it.
    const theirs = await upload(b, 'infomsg/itemHighlight', 'both', png(200, 200));
    assert.equal(theirs.statusCode, 200, theirs.body);
    // Now beta's own highlight holds it for beta, and that is all beta's A224 speaks of.
    const again = await upload(b, 'infomsg/template', 'both', png(800, 400));
    assert.equal(again.json().data.code, 'A224', again.body);
    assert.match(again.json().data.result, /\(infomsg-item-highlight\)/);
    tellsNothingOf(again, a);
  });

  test("re-uploading a key replaces the account's own file only: the other's URL keeps serving", async () => {
    const first = await uploaded(a, 'brandmessage/default', 'logo', png(800, 400, 1));
    const bytesB = png(800, 400, 2);
    const theirs = await uploaded(b, 'brandmessage/default', 'logo', bytesB);
    const bytesA2 = png(800, 400, 3);
    const second = await uploaded(a, 'brandmessage/default', 'logo', bytesA2);
    const gone = await served(first.imgUrl);
    assert.equal(gone.status, 404);
    assert.match(gone.body, /A820/);
    assert.deepEqual((await served(theirs.imgUrl)).bytes, bytesB);
    assert.deepEqual((await served(second.imgUrl)).bytes, bytesA2);
  });

  // Last: it moves the suite's clock a week on.
  test("expiry is per account: one account's key expiring leaves the other's usable", async () => {
    await uploaded(a, 'mms', 'weekly', jpeg(10, 10), 'image/jpeg');
    await advance(t, 86_400);
    await uploaded(b, 'mms', 'weekly', jpeg(20, 20), 'image/jpeg');
    await advance(t, 6 * 86_400);
    const expired = await sendTo(a, phone(), mms(a, ['weekly']));
    assert.equal(expired.json().data.code, 'A217', expired.body);
    await accepted(b, phone(), mms(b, ['weekly']));
    // alpha may upload under the key again: its expired file is replaced, beta's is untouched.
    await uploaded(a, 'mms', 'weekly', jpeg(30, 30), 'image/jpeg');
    await accepted(a, phone(), mms(a, ['weekly']));
    await accepted(b, phone(), mms(b, ['weekly']));
  });
});
