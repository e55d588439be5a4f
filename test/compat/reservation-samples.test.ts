import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { advance, setClock } from '../features/reservation-helpers.ts';
import { type Client, inbox, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { call, destinations, ok, phones, strings } from './compat-helpers.ts';
import * as S from './samples.ts';

/*
 * The reservation sample replayed as written (POST /api/comm/v1/reservation): data.resvKey,
 * data.ref and the destination entries; then the management calls a client of the hosted service
 * makes (list, look up, recipients, stop, resume) and the reports of the fired messages, which
 * carry the destination's ref or else the request's.
 */

const BASE = '/api/comm/v1/reservation';

describeEachDb('compatibility: reservation samples', (db) => {
  let t: TestGateway;
  let c: Client;
  const phone = phones('75');

  before(async () => {
    t = await startTestGateway(db);
    await setClock(t, '2026-12-01 10:00:00');
    c = await setupClient(t);
  });
  after(() => t.close());

  test('reserve, manage and fire the sample; reports carry the refs', async () => {
    const [a, b, late] = [phone(), phone(), phone()];
    const made = await call(
      t,
      c.apiKey,
      'POST',
      BASE,
      S.fill(S.RESERVATION, {
        phone_number: a,
        phone_number_2: b,
        sender_number: c.sender,
        resv_send_time: '2026-12-01 11:00:00',
      }),
    );
    const dests = destinations(made);
    assert.deepEqual(
      dests.map((d) => [d.to, d.code]),
      [
        [a, 'A000'],
        [b, 'A000'],
      ],
    );
    assert.equal(made.body.data.ref, 'resv-ref');
    const resvKey = made.body.data.resvKey;
    assert.equal(typeof resvKey, 'string', made.raw);

    const list = ok<{ reservations: Record<string, unknown>[]; hasNext: unknown }>(
      await call(t, c.apiKey, 'GET', `${BASE}/list?resvSendTime=20261201`),
    );
    const listed = list.reservations.find((r) => r.resvKey === resvKey);
    assert.ok(listed, JSON.stringify(list));
    strings(listed, ['resvKey', 'resvName', 'resvSendTime', 'status'], 'reservation');
    assert.equal(listed.resvSendTime, '2026-12-01 11:00:00');
    assert.equal(listed.status, 'PENDING');

    const added = await call(
      t,
      c.apiKey,
      'POST',
      `${BASE}/resvKey/${resvKey}/destinations`,
      S.fill(S.RESERVATION_ADD_DESTINATIONS, { phone_number: late }),
    );
    assert.deepEqual(
      destinations(added).map((d) => d.to),
      [late],
    );
    ok(await call(t, c.apiKey, 'GET', `${BASE}/resvKey/${resvKey}/destinations`));
    ok(await call(t, c.apiKey, 'POST', `${BASE}/resvKey/${resvKey}/stop`));
    ok(await call(t, c.apiKey, 'POST', `${BASE}/resvKey/${resvKey}/resume`));
    const one = ok<Record<string, unknown>>(await call(t, c.apiKey, 'GET', `${BASE}/resvKey/${resvKey}`));
    assert.equal(one.status, 'PENDING');

    await advance(t, 3600);
    assert.deepEqual(
      (await inbox(t, a)).map((m) => m.text),
      ['홍길동님, 예약 안내입니다.'],
    );
    assert.deepEqual(
      (await inbox(t, late)).map((m) => m.text),
      ['김철수님, 예약 안내입니다.'],
    );

    const reports = new Map<string, Record<string, unknown>>();
    for (;;) {
      const poll = ok<{ reportId: string; report: Record<string, unknown>[] | null }>(
        await call(t, c.apiKey, 'GET', '/api/comm/v1/report/polling'),
      );
      if (!poll.report) break;
      for (const r of poll.report) reports.set(String(r.msgKey), r);
      ok(await call(t, c.apiKey, 'DELETE', `/api/comm/v1/report/polling/${poll.reportId}`));
    }
    const [first, second] = dests;
    assert.equal(reports.get(first?.msgKey ?? '')?.ref, 'resv-dest');
    assert.equal(reports.get(second?.msgKey ?? '')?.ref, 'resv-ref');
  });
});
