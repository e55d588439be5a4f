import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { setClock } from '../features/reservation-helpers.ts';
import { type Client, settle, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { call, ok, strings } from './compat-helpers.ts';
import * as S from './samples.ts';

/*
 * The template and brand message samples replayed as written: informational templates (register,
 * look up, list, update, review, cancel, categories, public templates), brand message templates,
 * friend groups, broadcasts (digit-string tpsLimit and requestId), audience checks, group tags,
 * send permission, video registration, and the RCS centre's lookups. Each answer is read with the
 * field names of the specification's records.
 */

const INFOMSG_RECORD = [
  'senderKey',
  'templateName',
  'templateCode',
  'templateMessageType',
  'templateEmphasizeType',
  'text',
  'categoryCode',
  'inspectionStatus',
  'status',
] as const;

const BRAND_RECORD = [
  'senderKey',
  'senderKeyType',
  'sendType',
  'templateCode',
  'templateName',
  'msgType',
  'text',
  'pushAlarm',
  'createAt',
  'modifiedAt',
  'status',
] as const;

describeEachDb('compatibility: template and brand message samples', (db) => {
  let t: TestGateway;
  let c: Client;

  before(async () => {
    t = await startTestGateway(db);
    c = await setupClient(t);
    // A Tuesday morning in Korea: broadcasts may start 10 minutes from now, inside 08:00-20:50.
    await setClock(t, '2026-12-01 10:00:00');
  });
  after(() => t.close());

  const v = (more: Record<string, string> = {}) => ({ sender_key: c.senderKey, ...more });
  const get = (url: string) => call(t, c.apiKey, 'GET', url);
  const post = (url: string, sample: string, more: Record<string, string> = {}) =>
    call(t, c.apiKey, 'POST', url, S.fill(sample, v(more)));
  const put = (url: string, sample: string, more: Record<string, string> = {}) =>
    call(t, c.apiKey, 'PUT', url, S.fill(sample, v(more)));

  test('informational templates: register, look up, list, update, review and cancel as written', async () => {
    const base = '/api/comm/v1/center/infomsg/template';
    const code = { template_code: 'CP-T1' };
    const reg = ok<{ infomsg: Record<string, unknown> }>(await post(base, S.INFOMSG_TEMPLATE_REGISTER, code));
    strings(reg.infomsg, ['senderKey', 'templateCode', 'text'], 'registered infomsg');
    assert.equal(reg.infomsg.templateCode, 'CP-T1');

    const one = ok<{ infomsg: Record<string, unknown> }>(
      await get(`${base}?senderKey=${c.senderKey}&templateCode=CP-T1`),
    );
    strings(one.infomsg, INFOMSG_RECORD, 'infomsg template');
    assert.equal(one.infomsg.templateMessageType, 'BA');
    assert.equal(one.infomsg.templateEmphasizeType, 'NONE');

    const upd = ok<{ infomsg: Record<string, unknown> }>(await put(base, S.INFOMSG_TEMPLATE_UPDATE, code));
    assert.equal(upd.infomsg.text, '주문하신 상품이 오늘 발송되었습니다.');

    const list = ok<{ infomsg: { templates: Record<string, unknown>[] } }>(
      await get(`${base}/list?senderKey=${c.senderKey}&offset=0&limit=10`),
    );
    assert.ok(list.infomsg.templates.some((x) => x.templateCode === 'CP-T1'));
    for (const x of list.infomsg.templates) strings(x, INFOMSG_RECORD, 'listed infomsg template');

    const recent = ok<{ infomsg: { templates: Record<string, unknown>[] } }>(
      await get(
        `${base}/lastModified?senderKey=${c.senderKey}&since=2026-11-01T00:00:00%2B09:00&page=1&count=10`,
      ),
    );
    assert.ok(recent.infomsg.templates.some((x) => x.templateCode === 'CP-T1'));

    assert.equal(ok(await post(`${base}/request`, S.INFOMSG_REVIEW_REQUEST, code)), undefined);
    assert.equal(ok(await post(`${base}/request/cancel`, S.INFOMSG_REVIEW_CANCEL, code)), undefined);
  });

  test('informational categories and public templates', async () => {
    const cats = ok<{ categories: Record<string, unknown>[] }>(
      await get('/api/comm/v1/center/infomsg/category'),
    );
    assert.ok(cats.categories.length > 0);
    const first = cats.categories[0];
    strings(first, ['code', 'name', 'groupName', 'inclusion', 'exclusion'], 'category');
    const one = ok<{ category: Record<string, unknown> }>(
      await get(`/api/comm/v1/center/infomsg/category?categoryCode=${String(first?.code)}`),
    );
    strings(one.category, ['code', 'name', 'groupName', 'inclusion', 'exclusion'], 'category');

    const pub = ok<{ templates: Record<string, unknown>[] }>(
      await get('/api/comm/v1/center/infomsg/public/template?since=2020-01-01&page=1&count=10'),
    );
    assert.ok(Array.isArray(pub.templates));
    for (const x of pub.templates) {
      strings(
        x,
        ['templateName', 'templateCode', 'status', 'categoryCode', 'releaseDate'],
        'public template',
      );
    }
  });

  test('brand message templates: register, look up, list, lastModified, update', async () => {
    const base = '/api/comm/v1/center/brandmessage/template';
    const code = { template_code: 'CP-B1' };
    const reg = ok<{ brandmessage: Record<string, unknown> }>(
      await post(base, S.BRAND_TEMPLATE_REGISTER, code),
    );
    strings(reg.brandmessage, BRAND_RECORD, 'brand template');
    assert.match(String(reg.brandmessage.createAt), /[+-]\d\d:\d\d$/);

    const one = ok<{ brandmessage: Record<string, unknown> }>(
      await get(`${base}?senderKey=${c.senderKey}&templateCode=CP-B1&sendType=basic`),
    );
    strings(one.brandmessage, BRAND_RECORD, 'brand template');

    const upd = ok<{ brandmessage: Record<string, unknown> }>(await put(base, S.BRAND_TEMPLATE_UPDATE, code));
    assert.equal(upd.brandmessage.text, '가을 세일이 연장되었습니다.');
    assert.equal(upd.brandmessage.pushAlarm, 'N');

    const list = ok<{ brandmessage: { templates: Record<string, unknown>[] } }>(
      await get(`${base}/list?senderKey=${c.senderKey}&senderKeyType=S&offset=0&limit=10`),
    );
    assert.ok(list.brandmessage.templates.some((x) => x.templateCode === 'CP-B1'));
    const recent = ok<{ brandmessage: { templates: Record<string, unknown>[] } }>(
      await get(
        `${base}/lastModified?senderKey=${c.senderKey}&since=2026-11-01T00:00:00%2B09:00&page=1&count=10`,
      ),
    );
    assert.ok(recent.brandmessage.templates.some((x) => x.templateCode === 'CP-B1'));
  });

  test('friend group and broadcast: tpsLimit and requestId as digit strings; status and audience', async () => {
    const fg = '/api/comm/v1/center/brandmessage/friendGroup';
    const group = { friend_group_key: 'fg-compat' };
    const made = ok<{ friendGroup: Record<string, unknown> }>(await post(fg, S.FRIEND_GROUP, group));
    strings(made.friendGroup, ['friendGroupKey', 'status', 'createdAt', 'modifiedAt'], 'friend group');
    assert.equal(made.friendGroup.status, 'IN_PROGRESS');
    // The group is processed on the gateway clock, a few seconds later.
    const tick = await t.request({
      method: 'POST',
      url: '/sandbox/v1/clock',
      admin: true,
      body: { advanceSeconds: 60 },
    });
    assert.equal(tick.statusCode, 200, tick.body);
    await settle(t);
    const looked = ok<{ friendGroup: Record<string, unknown> }>(
      await get(`${fg}?senderKey=${c.senderKey}&friendGroupKey=fg-compat`),
    );
    assert.ok(['COMPLETED', 'C'].includes(String(looked.friendGroup.status)), JSON.stringify(looked));
    assert.equal(typeof looked.friendGroup.userCount, 'number');
    ok(await get(`${fg}/list?senderKey=${c.senderKey}`));

    ok(
      await post('/api/comm/v1/center/brandmessage/template', S.BRAND_TEMPLATE_REGISTER, {
        template_code: 'CP-BC',
      }),
    );
    const gm = '/api/comm/v1/center/brandmessage/groupMessage';
    const created = ok<{ brandmessage: Record<string, unknown> }>(
      await post(gm, S.BROADCAST, { ...group, template_code: 'CP-BC', send_start_at: '2026-12-01 11:00:00' }),
    );
    const rec = created.brandmessage;
    // The record as the spec types it: requestId a string, the counts integers.
    strings(
      rec,
      [
        'requestId',
        'status',
        'sendStartAt',
        'campaignId',
        'pushAlarm',
        'senderKey',
        'templateCode',
        'msgType',
      ],
      'broadcast',
    );
    for (const f of ['tpsLimit', 'expectedCount', 'sendCount']) {
      assert.ok(Number.isInteger(rec[f]), `broadcast.${f}: ${JSON.stringify(rec)}`);
    }
    assert.equal(rec.status, 'READY');
    assert.equal(rec.sendStartAt, '2026-12-01 11:00:00');
    assert.equal(rec.tpsLimit, 100);
    assert.equal(rec.sendCount, 0);
    const requestId = String(rec.requestId);

    const status = ok<{ brandmessage: Record<string, unknown> }>(
      await get(`${gm}?senderKey=${c.senderKey}&requestId=${requestId}`),
    );
    assert.equal(status.brandmessage.status, 'READY');
    const ended = ok<{ brandmessage: Record<string, unknown> }>(
      await post(`${gm}/terminate`, S.BROADCAST_ACTION, { request_id: requestId }),
    );
    assert.equal(ended.brandmessage.status, 'TERMINATED');

    const possible = ok<{ possible: unknown }>(
      await get(`${gm}/possible?senderKey=${c.senderKey}&msgType=TEXT`),
    );
    assert.equal(typeof possible.possible, 'number');
    const byPhones = ok<{ possible: unknown }>(await post(`${gm}/friend/possible`, S.FRIEND_POSSIBLE));
    assert.equal(typeof byPhones.possible, 'number');
    const count = ok<{ count: unknown }>(await get(`${gm}/friendCount?senderKey=${c.senderKey}`));
    assert.equal(typeof count.count, 'number');
    const estimate = ok<{ estimatedFinishedAt: unknown; duration: unknown }>(
      await get(`${gm}/estimate?senderKey=${c.senderKey}&startTime=2026-12-01T11:00:00&count=1000`),
    );
    assert.equal(typeof estimate.estimatedFinishedAt, 'string');
    assert.equal(typeof estimate.duration, 'number');
  });

  test('group tags, send permission and video registration as written', async () => {
    const tags = '/api/comm/v1/center/brandmessage/groupTag';
    const made = ok<{ groupTags: Record<string, unknown>[] }>(await post(tags, S.GROUP_TAG));
    strings(made.groupTags[0], ['groupTagKey', 'groupTagName'], 'group tag');
    const renamed = ok<{ groupTags: Record<string, unknown>[] }>(await put(tags, S.GROUP_TAG_UPDATE));
    assert.equal(renamed.groupTags[0]?.groupTagName, 'VVIP 고객');
    ok(await get(`${tags}/list?senderKey=${c.senderKey}`));
    ok(await get(`${tags}?senderKey=${c.senderKey}&groupTagKey=vip`));

    // Permission: only code and result, granted or not (this profile has too few friends).
    const perm = '/api/comm/v1/center/brandmessage/sendPermission';
    for (const r of [await get(`${perm}?senderKey=${c.senderKey}`), await post(perm, S.SEND_PERMISSION)]) {
      assert.equal(r.body.common.authCode, 'A000', r.raw);
      assert.equal(r.body.data.data, undefined, r.raw);
    }

    const video = '/api/comm/v1/center/brandmessage/video';
    const up = ok<{ brandmessage: { video: Record<string, unknown> } }>(
      await post(`${video}/upload/register`, S.VIDEO_UPLOAD_REGISTER),
    );
    strings(up.brandmessage.video, ['vid', 'uploadUrl', 'token'], 'video upload');
    const vid = String(up.brandmessage.video.vid);
    const both = await post(`${video}/register`, S.VIDEO_REGISTER_BOTH, { vid });
    assert.equal(both.body.data.code, 'A502', both.raw);
    // Once encoded and public, the same video registered by vid alone.
    const state = await t.request({
      method: 'POST',
      url: `/sandbox/v1/videos/${vid}/state`,
      admin: true,
      body: { status: 'PUBLIC' },
    });
    assert.equal(state.statusCode, 200, state.body);
    const registered = ok<{ brandmessage: { video: Record<string, unknown> } }>(
      await post(`${video}/register`, S.VIDEO_REGISTER, { vid }),
    );
    strings(registered.brandmessage.video, ['vid', 'status', 'title', 'videoUrl'], 'registered video');
    const one = ok<{ brandmessage: { video: Record<string, unknown> } }>(
      await get(`${video}?vid=${vid}&senderKey=${c.senderKey}`),
    );
    assert.equal(one.brandmessage.video.status, 'PUBLIC');
    // Every output of the video table is under data.data.brandmessage.video, the list's too.
    const listed = ok<{
      brandmessage: { video: { totalCount: unknown; videos: Record<string, unknown>[] } };
    }>(await get(`${video}/list?senderKey=${c.senderKey}&offset=0&limit=100`));
    const page = listed.brandmessage.video;
    assert.ok(Array.isArray(page.videos), JSON.stringify(listed));
    assert.equal(typeof page.totalCount, 'number');
    strings(page.videos[0], ['vid', 'status', 'title', 'videoUrl', 'fileName', 'senderKey'], 'video');
    assert.equal(typeof page.videos[0]?.fileSize, 'number');
  });

  test('RCS centre lookups: brand, common formats, format detail', async () => {
    const rcs = '/api/comm/v1/center/rcs';
    const brand = ok<{ rcs: Record<string, unknown> }>(await get(`${rcs}/brand?brandId=b-${c.accountId}`));
    strings(brand.rcs, ['brandId', 'name', 'brandKey', 'status'], 'rcs brand');
    const forms = ok<{ rcs: { messageForms: Record<string, unknown>[] } }>(
      await get(`${rcs}/messagebase/common/list`),
    );
    assert.ok(
      forms.rcs.messageForms.some((f) => f.messagebaseformId === 'SS000000'),
      JSON.stringify(forms),
    );
    const form = ok<{ rcs: { messageForm: Record<string, unknown> } }>(
      await get(`${rcs}/messagebase/common?messagebaseId=SS000000`),
    );
    assert.equal(form.rcs.messageForm.formatId, 'SS000000');
  });
});
