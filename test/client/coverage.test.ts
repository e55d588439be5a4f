import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { Omnigate } from '../../clients/typescript/src/index.ts';

/*
 * Every operation of the client API's OpenAPI document has its method: each method is called
 * once against a fetch that records what it was asked, and the requests are matched to the
 * document's operations. A new operation in the document fails this until the client has it.
 */

const doc: { paths: Record<string, Record<string, unknown>> } = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', '..', 'clients', 'typescript', 'openapi.json'), 'utf8'),
);

const OK = JSON.stringify({
  common: { authCode: 'A000', authResult: 'SUCCESS', providerTrId: 't' },
  data: { code: 'A000', result: 'SUCCESS', data: { reportId: '', report: null, destinations: [] } },
});

test('every operation of the OpenAPI document has a client method', async () => {
  const seen: string[] = [];
  const recording: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    seen.push(`${init?.method ?? 'GET'} ${url.pathname}`);
    const binary = url.pathname.endsWith('/preview') || /\/logo\/[^/]+$/.test(url.pathname);
    return binary
      ? new Response(new Uint8Array([1]), { headers: { 'content-type': 'image/png' } })
      : new Response(OK, { headers: { 'content-type': 'application/json' } });
  };
  const c = new Omnigate({ baseUrl: 'http://gateway.test', apiKey: 'k', fetch: recording });
  const file = { file: new Uint8Array([1, 2, 3]), fileName: 'a.jpg' };
  const sk = { senderKey: 'sk' };
  const flow = { destinations: [{ to: '01012345678' }], messageFlow: [] };
  const calls: (() => Promise<unknown>)[] = [
    () => c.send(flow),
    () => c.reservations.create({ ...flow, resvSendTime: '2026-01-01 10:00:00' }),
    () => c.reservations.list(),
    () => c.reservations.get('r'),
    () => c.reservations.update('r', { resvName: 'n' }),
    () => c.reservations.cancel('r'),
    () => c.reservations.stop('r'),
    () => c.reservations.resume('r'),
    () => c.reservations.destinations('r'),
    () => c.reservations.addDestinations('r', { destinations: [] }),
    () => c.reservations.removeDestination('r', 'm'),
    () => c.reports.poll(),
    () => c.reports.ack('rpt'),
    () => c.reports.inquiry('m'),
    () => c.messages.inquiry('m'),
    () => c.messages.moHistory(),
    () => c.optOuts.list(),
    () => c.optOuts.add({ phones: ['01012345678'] }),
    () => c.optOuts.remove('01012345678'),
    () => c.files.mms(file),
    () => c.files.rcs(file),
    () => c.files.infomsgTemplate(file),
    () => c.files.infomsgItemHighlight(file),
    () => c.files.brandDefault(file),
    () => c.files.brandWide(file),
    () => c.files.brandWideItemListFirst(file),
    () => c.files.brandWideItemList(file),
    () => c.files.brandCarouselFeed(file),
    () => c.files.brandCarouselCommerce(file),
    () => c.files.brandCatalog(file),
    () => c.files.brandCatalogOddFirst(file),
    () => c.infomsgTemplates.get({ ...sk, templateCode: 't' }),
    () =>
      c.infomsgTemplates.create({
        infomsg: { ...sk, templateCode: 't', templateName: 'n', text: 'x', categoryCode: '001001' },
      }),
    () => c.infomsgTemplates.update({ infomsg: { ...sk, templateCode: 't' } }),
    () => c.infomsgTemplates.list(sk),
    () => c.infomsgTemplates.lastModified(sk),
    () => c.infomsgTemplates.delete('sk', 't'),
    () => c.infomsgTemplates.requestReview({ infomsg: { ...sk, templateCode: 't', comment: '' } }),
    () => c.infomsgTemplates.cancelReview({ infomsg: { senderKey: 'sk', templateCode: 't' } }),
    () => c.infomsgTemplates.categories(),
    () => c.infomsgTemplates.publicTemplates(),
    () => c.infomsgTemplates.publicPreview('t'),
    () => c.brandTemplates.get({ ...sk, templateCode: 't' }),
    () => c.brandTemplates.create({ brandmessage: { ...sk, templateName: 'n', msgType: 'FT' } }),
    () =>
      c.brandTemplates.update({
        brandmessage: { ...sk, templateCode: 't', templateName: 'n', msgType: 'FT' },
      }),
    () => c.brandTemplates.list(sk),
    () => c.brandTemplates.lastModified(sk),
    () => c.brandTemplates.delete('sk', 't'),
    () => c.rcsCenter.brand('b'),
    () => c.rcsCenter.updateBrand({ brandId: 'b', regBrand: { name: 'n' }, brandProfile: file }),
    () => c.rcsCenter.commonFormats(),
    () => c.rcsCenter.commonFormat('f'),
    () => c.rcsCenter.uploadImage('b', file),
    () => c.rcsCenter.image({ brandId: 'b', fileId: 'f' }),
    () => c.rcsCenter.formLogos('f'),
    () => c.rcsCenter.formLogo('f'),
    () => c.groupTags.create({ groupTag: { groupTagKey: 'g', groupTagName: 'n' } }),
    () => c.groupTags.update({ groupTag: { groupTagKey: 'g', groupTagName: 'n' } }),
    () => c.groupTags.get({ ...sk, groupTagKey: 'g' }),
    () => c.groupTags.list('sk'),
    () => c.groupTags.delete('sk', 'g'),
    () => c.friendGroups.uploadFile('sk', file),
    () => c.friendGroups.create({ friendGroup: sk }),
    () => c.friendGroups.get({ ...sk, friendGroupKey: 'f' }),
    () => c.friendGroups.list(sk),
    () => c.friendGroups.addNumbers({ friendGroup: { ...sk, friendGroupKey: 'f' } }),
    () => c.friendGroups.removeNumbers({ friendGroup: { ...sk, friendGroupKey: 'f' } }),
    () => c.friendGroups.delete('sk', 'f'),
    () => c.broadcasts.create({ brandmessage: {} }),
    () => c.broadcasts.get({ ...sk, requestId: 1 }),
    () => c.broadcasts.pause({ brandmessage: { ...sk, requestId: 1 } }),
    () => c.broadcasts.resume({ brandmessage: { ...sk, requestId: 1 } }),
    () => c.broadcasts.terminate({ brandmessage: { ...sk, requestId: 1 } }),
    () => c.broadcasts.estimate({ ...sk, startTime: '2026-01-01T10:00:00', count: 1 }),
    () => c.broadcasts.possible({ ...sk, msgType: 'FT' }),
    () => c.broadcasts.friendPossible({ ...sk, phoneNumbers: [] }),
    () => c.broadcasts.friendCount('sk'),
    () => c.videos.registerUpload({ ...sk, fileName: 'v.mp4', fileSize: 1 }),
    () => c.videos.register(sk),
    () => c.videos.get({ ...sk, vid: 'v' }),
    () => c.videos.list({ ...sk, offset: 0, limit: 10 }),
    () => c.sendPermission.check('sk'),
    () => c.sendPermission.apply({ brandMessage: sk }),
    () => c.twofa.registerService({ serviceName: 's' }),
    () => c.twofa.service(),
    () => c.twofa.deleteService(),
    () => c.twofa.request({ to: '01012345678' }),
    () => c.twofa.verify({ to: '01012345678', authNumber: '123456' }),
    () => c.twofa.logs({ requestDate: '20260101' }),
  ];
  for (const call of calls) await call();

  const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops)
      .filter((m) => ['get', 'post', 'put', 'delete', 'patch'].includes(m))
      .map((m) => ({
        op: `${m.toUpperCase()} ${path}`,
        re: new RegExp(`^${m.toUpperCase()} ${path.replace(/\{\w+\}/g, '[^/]+')}$`),
      })),
  );
  const covered = new Set<string>();
  for (const request of seen) {
    // The most specific template (fewest parameters) that matches: /logo before /logo/{fileId}.
    const match = operations.filter((o) => o.re.test(request)).sort((a, b) => a.op.length - b.op.length)[0];
    assert.ok(match, `${request} is no operation of the document`);
    covered.add(match.op);
  }
  const missing = operations.map((o) => o.op).filter((op) => !covered.has(op));
  assert.deepEqual(missing, [], 'operations without a client method');
  assert.equal(seen.length, operations.length, 'one method per operation');
});
