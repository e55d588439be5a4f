import assert from 'node:assert/strict';
import { formatKst, kstDayStart, parseKst } from '../../src/clock.ts';
import { type EngineEventMap, EventBus } from '../../src/engine/events.ts';
import { JobRunner } from '../../src/engine/runner.ts';
import { reservationJobHandlers } from '../../src/features/reservations/fire.ts';
import { type Client, inbox, settle as settleOnce } from '../helpers/client.ts';
import type { TestGateway } from '../helpers/gateway.ts';

/*
 * What the reservation tests (reservation*.test.ts) share: the client API's reservation calls as
 * a client makes them, the manual clock in Korea time, and report polling.
 */

export const BASE = '/api/comm/v1/reservation';
/** Where every reservation suite starts its clock (a Tuesday). */
export const START = '2026-12-01 10:00:00';

export interface DestResult {
  to: string;
  msgKey: string;
  code: string;
  result: string;
}

export interface ReservationView {
  seq: number;
  resvKey: string;
  resvName: string;
  resvSendTime: string;
  status: 'PENDING' | 'PROCESSING' | 'DONE' | 'STOPPED' | 'CANCELLED';
  destinationCount: number;
  messages: Record<string, number>;
}

export interface ListView {
  reservations: ReservationView[];
  lastSeq: number;
  hasNext: boolean;
  limit: number;
}

export interface DestinationView {
  seq: number;
  msgKey: string;
  to: string;
  status: string;
  reportCode: string;
  replaceWords?: Record<string, string>;
}

/** The envelope's data section (data.data is the payload). */
export interface Data<T> {
  code: string;
  result: string;
  data: T;
  resvKey?: string;
  ref?: string;
}

export interface Answer<T> {
  status: number;
  data: Data<T>;
  raw: string;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A client API call; `data` is the envelope's data section. */
export async function call<T = unknown>(
  t: TestGateway,
  c: Pick<Client, 'apiKey'>,
  method: Method,
  url: string,
  body?: unknown,
): Promise<Answer<T>> {
  const res = await t.request({ method, url, apiKey: c.apiKey, ...(body === undefined ? {} : { body }) });
  const json = res.json<{ common: { authCode: string }; data: Data<T> }>();
  assert.equal(json.common.authCode, 'A000', res.body);
  return { status: res.statusCode, data: json.data, raw: res.body };
}

/** Asserts a refusal: the code, its HTTP status, and a result that names `detail` when given. */
export function refused(a: Answer<unknown>, code: string, detail?: string | RegExp): void {
  assert.equal(a.data.code, code, a.raw);
  const status = code === 'A820' ? 404 : code === 'A824' ? 409 : code === 'A325' ? 403 : 400;
  assert.equal(a.status, status, a.raw);
  if (typeof detail === 'string') assert.ok(a.data.result.includes(detail), `${a.data.result} ∌ ${detail}`);
  else if (detail) assert.match(a.data.result, detail);
}

/** Asserts success and returns the payload. */
export function ok<T>(a: Answer<T>): T {
  assert.equal(a.status, 200, a.raw);
  assert.equal(a.data.code, 'A000', a.raw);
  return a.data.data;
}

const ENDED = ['job.completed', 'job.rescheduled', 'job.failed', 'job.dead', 'job.lost'] as const;

/**
 * Lets the workers finish everything due now. The runner's whenIdle() can answer while a job that
 * ended during its last look has just committed more work (a firing, its sending): a look that
 * saw nothing due started before that commit. So look again until a look saw no job end.
 */
export async function settle(t: TestGateway): Promise<void> {
  for (;;) {
    let ended = 0;
    const offs = ENDED.map((k) =>
      t.gw.ctx.events.on(k, () => {
        ended += 1;
      }),
    );
    try {
      await settleOnce(t);
    } finally {
      for (const off of offs) off();
    }
    if (ended === 0) return;
  }
}

/** Moves the manual clock by `seconds` and lets due work finish (settle). */
export async function advance(t: TestGateway, seconds: number): Promise<void> {
  const res = await t.request({
    method: 'POST',
    url: '/sandbox/v1/clock',
    admin: true,
    body: { advanceSeconds: seconds },
  });
  assert.equal(res.statusCode, 200, res.body);
  await settle(t);
}

// ---- the manual clock, Korea time ----

export async function setClock(t: TestGateway, at: string): Promise<void> {
  const res = await t.request({ method: 'POST', url: '/sandbox/v1/clock', admin: true, body: { set: at } });
  assert.equal(res.statusCode, 200, res.body);
}

/** The gateway clock as `yyyy-MM-dd HH:mm:ss`, Korea time. */
export function clockText(t: TestGateway): string {
  return formatKst(t.gw.ctx.clock.now());
}

/** `seconds` from the gateway's now, as `yyyy-MM-dd HH:mm:ss`. */
export function inSeconds(t: TestGateway, seconds: number): string {
  return formatKst(t.gw.ctx.clock.now() + seconds * 1000);
}

/** `HH:mm:ss` on the Korea-time day `days` after today's, as `yyyy-MM-dd HH:mm:ss`. */
export function onDay(t: TestGateway, days: number, time: string): string {
  const day = formatKst(kstDayStart(t.gw.ctx.clock.now()) + days * 86_400_000).slice(0, 10);
  return `${day} ${time}`;
}

/** Seconds from the gateway's now until a Korea-time `yyyy-MM-dd HH:mm:ss`. */
export function secondsUntil(t: TestGateway, at: string): number {
  const ms = parseKst(at);
  assert.ok(ms !== null, at);
  return (ms - t.gw.ctx.clock.now()) / 1000;
}

/**
 * Moves the clock to 10:00:00 of the next Korea-time day (always forwards) and lets due work
 * finish: each test of a suite starts on a day of its own, with its quiet hours ahead of it.
 */
export async function nextDay(t: TestGateway): Promise<void> {
  await setClock(t, onDay(t, 1, '10:00:00'));
  await settle(t);
}

// ---- reservations ----

export interface Reserve {
  to?: readonly (string | Record<string, unknown>)[];
  flow?: readonly unknown[];
  at?: string;
  name?: string;
  extra?: Record<string, unknown>;
}

export function sms(c: Client, text: string): { sms: { from: string; text: string } } {
  return { sms: { from: c.sender, text } };
}

export function brandFlow(c: Client, content = '혜택 안내'): unknown {
  return { brandmessage: { sendType: 'free', msgType: 'FT', senderKey: c.senderKey, content } };
}

export function reservationBody(c: Client, r: Reserve, fallbackAt: string): Record<string, unknown> {
  return {
    destinations: (r.to ?? []).map((d) => (typeof d === 'string' ? { to: d } : d)),
    messageFlow: r.flow ?? [sms(c, 'reserved')],
    resvSendTime: r.at ?? fallbackAt,
    ...(r.name === undefined ? {} : { resvName: r.name }),
    ...r.extra,
  };
}

/** POST /api/comm/v1/reservation, as sent (by default 15 minutes ahead). */
export function reserveRaw(
  t: TestGateway,
  c: Client,
  r: Reserve,
): Promise<Answer<{ destinations: DestResult[] }>> {
  return call(t, c, 'POST', BASE, reservationBody(c, r, inSeconds(t, 15 * 60)));
}

/** A reservation every recipient of which is accepted: its key and msgKeys (in recipient order). */
export async function reserve(
  t: TestGateway,
  c: Client,
  r: Reserve,
): Promise<{ resvKey: string; msgKeys: string[] }> {
  const a = await reserveRaw(t, c, r);
  const dests = ok(a).destinations;
  for (const d of dests) assert.equal(d.code, 'A000', d.result);
  const resvKey = a.data.resvKey ?? '';
  assert.match(resvKey, /\S/, a.raw);
  return { resvKey, msgKeys: dests.map((d) => d.msgKey) };
}

export const getResv = (t: TestGateway, c: Client, k: string) =>
  call<ReservationView>(t, c, 'GET', `${BASE}/resvKey/${k}`);

export async function statusOf(t: TestGateway, c: Client, k: string): Promise<ReservationView['status']> {
  return ok(await getResv(t, c, k)).status;
}

export const action = (t: TestGateway, c: Client, k: string, a: 'cancel' | 'stop' | 'resume') =>
  call<ReservationView>(t, c, 'POST', `${BASE}/resvKey/${k}/${a}`);

export const updateResv = (t: TestGateway, c: Client, k: string, body: Record<string, unknown>) =>
  call<ReservationView>(t, c, 'PUT', `${BASE}/resvKey/${k}`, body);

export const listDest = (t: TestGateway, c: Client, k: string, query = '') =>
  call<{ destinations: DestinationView[]; offset: number; limit: number; lastSeq: number; hasNext: boolean }>(
    t,
    c,
    'GET',
    `${BASE}/resvKey/${k}/destinations${query}`,
  );

export const addDest = (t: TestGateway, c: Client, k: string, to: readonly (string | object)[]) =>
  call<{ resvKey: string; destinations: DestResult[] }>(t, c, 'POST', `${BASE}/resvKey/${k}/destinations`, {
    destinations: to.map((d) => (typeof d === 'string' ? { to: d } : d)),
  });

export const removeDest = (t: TestGateway, c: Client, k: string, msgKey: string) =>
  call<{ resvKey: string; msgKey: string }>(
    t,
    c,
    'DELETE',
    `${BASE}/resvKey/${k}/destinations/msgKey/${msgKey}`,
  );

export const listResv = (t: TestGateway, c: Client, query = '') =>
  call<ListView>(t, c, 'GET', `${BASE}/list${query}`);

// ---- what reached the handsets ----

/** Texts in each handset's inbox, in the order of `phones`. */
export async function inboxTexts(t: TestGateway, phones: readonly string[]): Promise<string[][]> {
  const out: string[][] = [];
  for (const p of phones) out.push((await inbox(t, p)).map((m) => m.text));
  return out;
}

/** How many messages each handset got. */
export async function inboxCounts(t: TestGateway, phones: readonly string[]): Promise<number[]> {
  return (await inboxTexts(t, phones)).map((x) => x.length);
}

export interface Report {
  msgKey: string;
  reportCode: string;
  sendTime: string;
}

/**
 * The reports of these messages, from every report waiting for the client (all acknowledged: a
 * report of another test's messages is dropped), sorted by msgKey.
 */
export async function drainReports(t: TestGateway, c: Client, msgKeys: readonly string[]): Promise<Report[]> {
  const all: Report[] = [];
  for (;;) {
    const page = ok(
      await call<{ reportId: string; report: Report[] | null }>(t, c, 'GET', '/api/comm/v1/report/polling'),
    );
    if (!page.report) break;
    all.push(...page.report);
    ok(await call(t, c, 'DELETE', `/api/comm/v1/report/polling/${page.reportId}`));
  }
  const wanted = new Set(msgKeys);
  return all.filter((r) => wanted.has(r.msgKey)).sort((a, b) => a.msgKey.localeCompare(b.msgKey));
}

/** Phone numbers of a suite's own: `010`, the suite's digits, then a counter (11 digits in all). */
export function phones(prefix: string): () => string {
  let n = 0;
  return () => `010${prefix}${String(++n).padStart(8 - prefix.length, '0')}`;
}

/**
 * A worker of its own that only fires reservations, on the gateway's store and clock: with the
 * gateway's workers off, a reservation can be caught between its firing and its sending.
 */
export async function fireDue(t: TestGateway): Promise<void> {
  const runner = new JobRunner({
    store: t.gw.ctx.store,
    clock: t.gw.ctx.clock,
    events: new EventBus<EngineEventMap>(),
    handlers: reservationJobHandlers(t.gw.ctx),
    leaseMs: 30_000,
    pollMs: 20,
  });
  runner.start();
  await runner.whenIdle();
  await runner.stop();
}
