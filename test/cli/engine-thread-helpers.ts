import assert from 'node:assert/strict';

/* What the tests of `omnigate serve` with its engine thread share (engine-thread*.test.ts). */

export const TOKEN = 'engine-thread-test-admin-token';

/** One HTTP call to the served gateway: its status and body text. */
export async function call(base: string, method: string, path: string, auth: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, text: await res.text() };
}

// biome-ignore lint/suspicious/noExplicitAny: the answers' shapes are what the assertions check.
export const json = (text: string) => JSON.parse(text) as Record<string, any>;

/**
 * Reads and acknowledges reports as a client does until `want` distinct ones came, each a
 * delivery and none twice (no sleep: polls until all came or the deadline passes).
 */
export async function readDelivered(
  base: string,
  apiKey: string,
  want: number,
  deadline: number,
): Promise<void> {
  const seen = new Set<string>();
  while (seen.size < want) {
    assert.ok(Date.now() < deadline, `only ${seen.size} of ${want} reports came`);
    const poll = json((await call(base, 'GET', '/api/comm/v1/report/polling', apiKey)).text);
    const { reportId, report } = poll.data.data;
    if (!report) continue;
    for (const r of report) {
      assert.ok(!seen.has(r.msgKey), `report for ${r.msgKey} twice`);
      assert.equal(r.reportCode, '10000');
      seen.add(r.msgKey);
    }
    await call(base, 'DELETE', `/api/comm/v1/report/polling/${reportId}`, apiKey);
  }
}
