import assert from 'node:assert/strict';
import type { Static } from '@sinclair/typebox';
import type {
  BroadcastPage,
  BroadcastRow,
  ReservationPage,
  ReservationRow,
} from '../../src/features/admin/campaign-schemas.ts';
import type { Delivery, DeliveryPage } from '../../src/features/admin/delivery-schemas.ts';
import type { MessageDetail, MessagePage } from '../../src/features/admin/message-schemas.ts';
import type { TestGateway } from '../helpers/gateway.ts';

/* What the tests of the operator's cross-account views (admin-*.test.ts) share. */

export type Messages = Static<typeof MessagePage>;
export type Message = Static<typeof MessageDetail>;
export type Reservations = Static<typeof ReservationPage>;
export type Reservation = Static<typeof ReservationRow>;
export type Broadcasts = Static<typeof BroadcastPage>;
export type BroadcastRowView = Static<typeof BroadcastRow>;
export type Deliveries = Static<typeof DeliveryPage>;
export type DeliveryRow = Static<typeof Delivery>;

export interface AdminAnswer<T> {
  status: number;
  body: T;
  raw: string;
}

export async function admin<T>(t: TestGateway, method: 'GET' | 'POST', url: string): Promise<AdminAnswer<T>> {
  const res = await t.request({ method, url, admin: true, ...(method === 'POST' ? { body: {} } : {}) });
  return { status: res.statusCode, body: res.json<T>(), raw: res.body };
}

/** A successful operator call's body. */
export async function adminOk<T>(t: TestGateway, method: 'GET' | 'POST', url: string): Promise<T> {
  const a = await admin<T>(t, method, url);
  assert.equal(a.status, 200, a.raw);
  return a.body;
}

/** A refused operator call: its code, HTTP status, and a result naming `detail`. */
export async function adminRefused(
  t: TestGateway,
  method: 'GET' | 'POST',
  url: string,
  code: string,
  detail?: string,
): Promise<void> {
  const a = await admin<{ code: string; result: string }>(t, method, url);
  const status = code === 'A820' ? 404 : code === 'A824' ? 409 : code === 'A401' ? 401 : 400;
  assert.equal(a.status, status, a.raw);
  assert.equal(a.body.code, code, a.raw);
  if (detail) assert.ok(a.body.result.includes(detail), `${a.body.result} should name ${detail}`);
}

/** The call without a token (or session) is refused. */
export async function needsAuth(t: TestGateway, method: 'GET' | 'POST', url: string): Promise<void> {
  const res = await t.request({ method, url, ...(method === 'POST' ? { body: {} } : {}) });
  assert.equal(res.statusCode, 401, `${method} ${url}: ${res.body}`);
}
