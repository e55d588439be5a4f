import assert from 'node:assert/strict';
import type { Static } from '@sinclair/typebox';
import type { RefusedDetail, RefusedPage } from '../../src/features/debugger/refused-schemas.ts';
import type { TestGateway } from '../helpers/gateway.ts';

/* What the refused-request tests (test/debugger/*) share. */

export type Page = Static<typeof RefusedPage>;
export type Detail = Static<typeof RefusedDetail>;

/** Writes the refusals waiting in memory (the recorder writes them a moment after the answer). */
export function flushRefused(t: TestGateway): Promise<void> {
  return t.gw.app.refusedRequests.flush();
}

/** GET /admin/v1/refused-requests with these filters, after the waiting refusals are written. */
export async function listRefused(
  t: TestGateway,
  query: Record<string, string | number> = {},
): Promise<Page> {
  await flushRefused(t);
  const qs = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  const res = await t.request({
    method: 'GET',
    url: `/admin/v1/refused-requests${qs ? `?${qs}` : ''}`,
    admin: true,
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json<Page>();
}

export async function refusedById(t: TestGateway, id: number): Promise<Detail> {
  const res = await t.request({ method: 'GET', url: `/admin/v1/refused-requests/${id}`, admin: true });
  assert.equal(res.statusCode, 200, res.body);
  return res.json<Detail>();
}

/** The one refused request answered with this trId (the answer's providerTrId). */
export async function refusedOf(t: TestGateway, trId: string, accountId?: string): Promise<Detail> {
  const page = await listRefused(t, accountId ? { accountId, limit: 200 } : { limit: 200 });
  const row = page.requests.find((r) => r.trId === trId);
  assert.ok(
    row,
    `no refused request with trId ${trId} in ${JSON.stringify(page.requests.map((r) => r.trId))}`,
  );
  return refusedById(t, row.id);
}

/** The providerTrId of a client answer. */
export function trIdOf(body: string): string {
  const trId = JSON.parse(body)?.common?.providerTrId;
  assert.equal(typeof trId, 'string', body);
  return trId;
}
