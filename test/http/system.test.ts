import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';

describeEachDb('health, readiness, metrics and API docs', (db) => {
  let t: TestGateway;
  before(async () => {
    t = await startTestGateway(db);
  });
  after(() => t.close());

  test('/healthz answers ok and /readyz ready once migrations are applied', async () => {
    const h = await t.request({ method: 'GET', url: '/healthz' });
    assert.equal(h.statusCode, 200);
    assert.deepEqual(h.json(), { status: 'ok' });
    const r = await t.request({ method: 'GET', url: '/readyz' });
    assert.equal(r.statusCode, 200);
    assert.deepEqual(r.json(), { status: 'ready' });
  });

  test('/metrics is Prometheus text with request counts and job gauges', async () => {
    await t.request({ method: 'GET', url: '/healthz' });
    const m = await t.request({ method: 'GET', url: '/metrics' });
    assert.equal(m.statusCode, 200);
    assert.match(String(m.headers['content-type']), /text\/plain/);
    assert.match(m.body, /omnigate_http_requests_total\{method="GET",route="\/healthz",status="200"\} \d+/);
    assert.match(m.body, /# TYPE omnigate_jobs gauge/);
    assert.match(m.body, /# TYPE omnigate_http_request_duration_seconds histogram/);
  });

  test('/docs/json is an OpenAPI 3 document generated from the route schemas; /docs is a page', async () => {
    const j = await t.request({ method: 'GET', url: '/docs/json' });
    assert.equal(j.statusCode, 200);
    const doc = j.json();
    assert.match(doc.openapi, /^3\./);
    assert.ok(doc.paths['/sandbox/v1/clock'].post.requestBody, 'the clock body schema is documented');
    assert.ok(doc.paths['/healthz']);
    const page = await t.request({ method: 'GET', url: '/docs/' });
    assert.equal(page.statusCode, 200);
    assert.match(String(page.headers['content-type']), /text\/html/);
  });

  test('/readyz is 503 once the database is gone', async () => {
    await t.gw.ctx.store.close();
    const r = await t.request({ method: 'GET', url: '/readyz' });
    assert.equal(r.statusCode, 503);
    assert.deepEqual(r.json(), { status: 'not ready' });
  });
});
