import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { formatKst } from '../../src/clock.ts';
import { inbox, settle } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { jpeg } from '../helpers/images.ts';
import { clientOf, numbers, type Served, serveGateway } from './helpers.ts';

/*
 * A sample of the thin methods against the gateway, one of each kind: multipart uploads (bytes
 * and a Blob), binary answers, path parameters, queries, JSON bodies, and the 2FA shape.
 */
describeEachDb('client: operations', (db) => {
  let s: Served;
  before(async () => {
    s = await serveGateway(db);
  });
  after(() => s.t.close());

  test('files.mms from bytes and from a Blob; the keys send an MMS', async () => {
    const { c, client } = await clientOf(s, 'uploads');
    const fromBytes = await client.files.mms({ file: Buffer.from(jpeg(64, 48)), fileName: 'cat.jpg' });
    const fromBlob = await client.files.mms({
      file: new File([jpeg(32, 32)], 'dog.jpg', { type: 'image/jpeg' }),
      fileKey: 'dog-1',
    });
    const keys = [fromBytes.data.fileKey, fromBlob.data.fileKey];
    assert.equal(keys[1], 'dog-1');
    const [to] = numbers('51', 1);
    const [sent] = await client.mms(to ?? '', { from: c.sender, title: 'Pets', text: 'two', fileKey: keys });
    assert.equal(sent?.code, 'A000', sent?.result);
    await settle(s.t);
    assert.equal((await inbox(s.t, to ?? ''))[0]?.channel, 'mms');
  });

  test('binary answers: an RCS stock logo and a public template preview as Blobs', async () => {
    const { client } = await clientOf(s, 'blobs');
    const logos = await client.rcsCenter.formLogos('SL000000');
    const images = (logos.data as { rcs?: { images?: { fileId: string }[] } } | undefined)?.rcs?.images ?? [];
    assert.ok(images[0]);
    const logo = await client.rcsCenter.formLogo(images[0].fileId);
    assert.equal(logo.type, 'image/png');
    assert.deepEqual([...new Uint8Array(await logo.slice(1, 4).arrayBuffer())], [0x50, 0x4e, 0x47]);
    const list = await client.infomsgTemplates.publicTemplates();
    const templates = (list.data as { templates?: { templateCode: string }[] } | undefined)?.templates ?? [];
    assert.ok(templates[0]);
    const preview = await client.infomsgTemplates.publicPreview(templates[0].templateCode);
    assert.match(await preview.text(), /<svg/);
  });

  test('reservations: create, get, cancel; unknown keys are NotFoundError', async () => {
    const { c, client } = await clientOf(s, 'reservations');
    const now = s.t.gw.ctx.clock.now();
    const made = await client.reservations.create({
      destinations: [{ to: numbers('52', 1)[0] ?? '' }],
      messageFlow: [{ sms: { from: c.sender, text: 'later' } }],
      resvSendTime: formatKst(now + 3600_000),
      resvName: 'in an hour',
    });
    assert.ok(made.resvKey);
    assert.equal(made.data.destinations[0]?.code, 'A000');
    const got = await client.reservations.get(made.resvKey ?? '');
    assert.equal(got.code, 'A000');
    await client.reservations.cancel(made.resvKey ?? '');
    await assert.rejects(client.reservations.get('resv-none'), { name: 'NotFoundError' });
  });

  test('group tags, opt-outs and 2FA through their methods', async () => {
    const { c, client } = await clientOf(s, 'misc');
    await client.groupTags.create({
      senderKey: c.senderKey,
      groupTag: { groupTagKey: 'vip', groupTagName: 'VIP' },
    });
    const tags = await client.groupTags.list(c.senderKey);
    assert.match(JSON.stringify(tags.data), /"vip"/);
    await client.groupTags.delete(c.senderKey, 'vip');

    const added = await client.optOuts.add({ phones: ['01077770001'] });
    assert.equal(added.data.added, 1);
    assert.deepEqual(
      (await client.optOuts.list()).data.optOuts.map((o) => o.phone),
      ['01077770001'],
    );
    assert.equal((await client.optOuts.remove('01077770001')).data.deleted, true);

    const asked = await client.twofa.request({ to: '01077770002', userRef: 'u-1' });
    assert.equal(asked.code, 'A000');
    assert.equal(asked.userRef, 'u-1');
    assert.equal(typeof asked.requestId, 'string');
  });
});
