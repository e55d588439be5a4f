import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';

/** `/` leads somewhere useful: the console when it is on, the API reference when it is off. */
describeEachDb('the root address', (db) => {
  const gateways: TestGateway[] = [];
  after(async () => {
    for (const g of gateways) await g.close();
  });

  for (const [setting, target] of [
    ['true', '/console/'],
    ['false', '/docs'],
  ] as const) {
    test(`OMNIGATE_CONSOLE=${setting}: GET and HEAD / redirect (302) to ${target}`, async () => {
      const t = await startTestGateway(db, { env: { OMNIGATE_CONSOLE: setting }, start: false });
      gateways.push(t);
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await t.gw.app.inject({ method, url: '/' });
        assert.equal(res.statusCode, 302, method);
        assert.equal(res.headers.location, target, method);
      }
      const landed = await t.gw.app.inject({ method: 'GET', url: target });
      assert.equal(landed.statusCode, 200, `${target} answers a page`);
      assert.match(String(landed.headers['content-type']), /text\/html/);
    });
  }
});
