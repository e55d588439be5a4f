import assert from 'node:assert/strict';
import type { TestGateway } from './gateway.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * The client API as a suite's client calls it: `call` sends, `ok` checks A000 and returns
 * data.data, `refused` checks the HTTP status, data.code and (optionally) the result text.
 * `apiKey` is read at each call, so a suite may set its client up in before().
 */
export function clientCalls(t: () => TestGateway, apiKey: () => string) {
  const call = (method: Method, url: string, body?: unknown, key = apiKey()) =>
    t().request({ method, url, apiKey: key, ...(body === undefined ? {} : { body }) });
  const ok = async (method: Method, url: string, body?: unknown, key = apiKey()) => {
    const res = await call(method, url, body, key);
    assert.equal(res.statusCode, 200, res.body);
    const b = res.json();
    assert.equal(b.common.authCode, 'A000');
    assert.equal(b.data.code, 'A000', res.body);
    return b.data.data;
  };
  const refused = async (
    method: Method,
    url: string,
    body: unknown,
    code: string,
    status: number,
    result?: RegExp,
    key = apiKey(),
  ) => {
    const res = await call(method, url, body, key);
    assert.equal(res.statusCode, status, res.body);
    const b = res.json();
    assert.equal(b.data.code, code, res.body);
    if (result) assert.match(b.data.result, result);
  };
  return { call, ok, refused };
}
