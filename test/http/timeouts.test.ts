import assert from 'node:assert/strict';
import { type AddressInfo, connect } from 'node:net';
import { after, before, test } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';

/*
 * A client that sends half its headers and then nothing is cut off once OMNIGATE_HEADERS_TIMEOUT_MS
 * has passed (Node looks every second), not held for a minute and a half.
 */
describeEachDb('request timeouts', (db) => {
  let t: TestGateway;
  let port = 0;
  before(async () => {
    t = await startTestGateway(db, { env: { OMNIGATE_HEADERS_TIMEOUT_MS: '1000' }, start: false });
    await t.gw.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.gw.app.server.address() as AddressInfo).port;
  });
  after(() => t.close());

  test('half-sent headers: answered 408 and closed within the timeout and a check', async () => {
    const socket = connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    const started = Date.now();
    let answer = '';
    socket.on('data', (c: Buffer) => {
      answer += c.toString();
    });
    socket.write('GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    await new Promise<void>((resolve, reject) => {
      socket.once('close', () => resolve());
      setTimeout(() => reject(new Error('still open after 10 s')), 10_000).unref();
    });
    const took = Date.now() - started;
    assert.ok(took < 5000, `closed after ${took} ms`);
    assert.match(answer, /^HTTP\/1\.1 408/);
  });

  test('a whole request on time is answered as ever', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/readyz`);
    assert.equal(res.status, 200);
  });
});

test('the timeouts are configured in milliseconds, within bounds', () => {
  const c = loadConfig({});
  assert.equal(c.headersTimeoutMs, 10_000);
  assert.equal(c.requestTimeoutMs, 600_000);
  assert.throws(() => loadConfig({ OMNIGATE_HEADERS_TIMEOUT_MS: '10' }), ConfigError);
});
