import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, test } from 'node:test';
import pino from 'pino';
import { ConnectorConfigError } from '../../src/connectors/config.ts';
import { inbox, send, setHandset } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway } from '../helpers/gateway.ts';
import { SmscSimulator } from '../helpers/smsc.ts';
import { eventually, pollReports, type Relay, startRelay } from './relay-helpers.ts';

/* Failover across connectors, the outbound policy on the upstream's address, and the API key
 * kept out of logs and /metrics. */

describeEachDb('upstream connector: failover to SMPP, policy, secrets', (db) => {
  let r: Relay;
  let smsc: SmscSimulator;
  let logs = '';
  const reports = new Map<string, Array<Record<string, string>>>();

  before(async () => {
    smsc = await SmscSimulator.start({ systemId: 'omnigate', password: 'secret', firstMessageId: 0x7000 });
    const sink = new Writable({
      write(chunk, _enc, done) {
        logs += String(chunk);
        done();
      },
    });
    r = await startRelay(db, {
      extraConnectors: [
        {
          name: 'carrier',
          type: 'smpp',
          host: '127.0.0.1',
          port: smsc.port,
          systemId: 'omnigate',
          password: 'secret',
          reconnectSeconds: { min: 0.05, max: 0.1 },
        },
      ],
      routes: [
        { channel: 'rcs', connector: 'hq' },
        { channel: 'sms', connector: 'carrier' },
      ],
      relayOptions: { logger: pino({ level: 'debug' }, sink) },
    });
    await smsc.waitFor(() => smsc.sessions().length === 1, 'the bind');
  });
  after(async () => {
    await r.close();
    await smsc.close();
  });

  test('an rcs step the upstream fails moves on to an sms step over SMPP, under the same msgKey', async () => {
    const to = '01044440001';
    await setHandset(r.up, to, { rcs: false });
    const res = await send(r.relay, r.client, {
      destinations: [{ to }],
      messageFlow: [
        { rcs: { brandKey: r.client.brandKey, formatId: 'SS000000', body: { description: 'rich' } } },
        { sms: { from: r.client.sender, text: 'plain fallback' } },
      ],
    });
    const msgKey = res.json().data.data.destinations[0].msgKey as string;
    const rep = await eventually('the final report', async () => {
      await pollReports(r.relay, r.client.apiKey, reports);
      return reports.get(msgKey)?.[0];
    });
    assert.equal(rep.reportCode, '10000', JSON.stringify(rep));
    assert.equal(rep.serviceType, 'SMS');
    assert.equal(smsc.submitted.filter((m) => m.destinationAddr === to).length, 1, 'one SMS over SMPP');
    assert.equal((await inbox(r.up, to)).length, 0, 'the upstream delivered nothing');
    const inq = await r.relay.request({
      method: 'GET',
      url: `/api/comm/v1/message/inquiry/msgKey/${msgKey}`,
      apiKey: r.client.apiKey,
    });
    const steps = inq.json().data.data.messages as Array<{
      channel: string;
      status: string;
      reportCode: string;
    }>;
    assert.deepEqual(
      steps.map((s) => [s.channel, s.status]),
      [
        ['rcs', 'failed'],
        ['sms', 'delivered'],
      ],
    );
  });

  test('the API key appears in no log line and not in /metrics', async () => {
    const metrics = await r.relay.request({ method: 'GET', url: '/metrics' });
    assert.equal(metrics.statusCode, 200);
    assert.ok(!metrics.body.includes(r.upClient.apiKey), 'not in /metrics');
    assert.match(logs, /upstream connectors loaded/);
    assert.ok(!logs.includes(r.upClient.apiKey), 'not in the logs');
  });
});

describeEachDb('upstream connector: the outbound policy judges the upstream at start', (db) => {
  const file = async (baseUrl: string) => {
    const { writeFileSync } = await import('node:fs');
    const path = `${db.dir}/policy-${Math.random().toString(36).slice(2)}.json`;
    writeFileSync(
      path,
      JSON.stringify({
        connectors: [{ name: 'hq', type: 'upstream', baseUrl, apiKey: 'k', reports: 'polling' }],
        routes: [{ channel: 'rcs', connector: 'hq' }],
      }),
    );
    return path;
  };

  test('a metadata address, or a name resolving to a private one, stops the start; no packet leaves', async () => {
    const lookups: string[] = [];
    const resolve = async (host: string) => {
      lookups.push(host);
      return [{ address: '10.0.0.5', family: 4 }];
    };
    for (const [url, why] of [
      ['http://169.254.169.254/latest', /link-local/],
      [
        'https://upstream.internal.example',
        /upstream\.internal\.example resolves to 10\.0\.0\.5, a private address/,
      ],
    ] as const) {
      await assert.rejects(
        startTestGateway(db, {
          env: { OMNIGATE_CONNECTORS: await file(url), OMNIGATE_WEBHOOK_ALLOW: '' },
          resolve,
          start: false,
        }),
        (err: unknown) =>
          err instanceof ConnectorConfigError && why.test(err.message) && /baseUrl/.test(err.message),
      );
    }
    assert.deepEqual(lookups, ['upstream.internal.example'], 'names are judged through the resolver only');
  });
});
