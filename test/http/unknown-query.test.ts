import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import pino from 'pino';
import { type Client, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';

/*
 * A query parameter the route does not take is ignored (as the hosted service ignores it) but
 * leaves a trace: a counter in /metrics by route and name, and one warn line per route and name.
 * A misspelled filter otherwise answers a whole, unfiltered list with nothing to say why.
 */

interface LogLine {
  level: number;
  msg: string;
  route?: string;
  param?: string;
}

describeEachDb('unknown query parameters', (db) => {
  let t: TestGateway;
  let c: Client;
  const lines: LogLine[] = [];

  before(async () => {
    const logger = pino({ level: 'warn' }, { write: (s: string) => void lines.push(JSON.parse(s)) });
    t = await startTestGateway(db, { logger });
    c = await setupClient(t);
  });
  after(() => t.close());

  const metric = async (route: string, name: string): Promise<number> => {
    const text = (await t.request({ method: 'GET', url: '/metrics' })).body;
    const re = new RegExp(
      `^omnigate_unknown_query_params_total\\{route="${route.replace(/[/.]/g, '\\$&')}",name="${name}"\\} (\\d+)$`,
      'm',
    );
    return Number(re.exec(text)?.[1] ?? 0);
  };
  const warned = (param: string) => lines.filter((l) => l.level === 40 && l.param === param);

  test('a misspelled filter: answered as before, counted each time, logged once per route and name', async () => {
    const route = 'GET /api/comm/v1/reservation/list';
    for (let i = 0; i < 3; i++) {
      const res = await t.request({
        method: 'GET',
        url: '/api/comm/v1/reservation/list?resvSendTim=20261201&limit=5',
        apiKey: c.apiKey,
      });
      assert.equal(res.statusCode, 200, res.body);
    }
    assert.equal(await metric(route, 'resvSendTim'), 3);
    assert.equal(await metric(route, 'limit'), 0, 'a parameter the route takes is not counted');
    const logged = warned('resvSendTim');
    assert.equal(logged.length, 1, JSON.stringify(lines));
    assert.equal(logged[0]?.route, route);
    assert.match(logged[0]?.msg ?? '', /query parameter ignored/);
  });

  test('a route without query parameters counts any; each route counts apart', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/comm/v1/report/polling?debug=1',
      apiKey: c.apiKey,
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(await metric('GET /api/comm/v1/report/polling', 'debug'), 1);
    await t.request({ method: 'GET', url: '/api/comm/v1/reservation/list?debug=1', apiKey: c.apiKey });
    assert.equal(await metric('GET /api/comm/v1/reservation/list', 'debug'), 1);
    assert.equal(warned('debug').length, 2);
  });

  test('names that are not plain words share one label and are not logged', async () => {
    const odd = encodeURIComponent('a b"c');
    await t.request({ method: 'GET', url: `/api/comm/v1/report/polling?${odd}=1`, apiKey: c.apiKey });
    assert.equal(await metric('GET /api/comm/v1/report/polling', '\\(other\\)'), 1);
    assert.equal(
      lines.some((l) => l.param === 'a b"c'),
      false,
    );
  });
});
