import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { ConnectorConfigError, parseConnectorsConfig } from '../../src/connectors/config.ts';
import { createSmppConnector, type SmppConnector } from '../../src/connectors/smpp/connector.ts';
import type { OutboundMessage } from '../../src/connectors/types.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { SmscSimulator } from '../helpers/smsc.ts';
import { startSmppGateway } from './smpp-helpers.ts';

function message(msgKey: string, over: Partial<OutboundMessage> = {}): OutboundMessage {
  return {
    msgKey,
    step: 0,
    accountId: 'acc',
    channel: 'sms',
    msgType: 'SM',
    to: '01074000001',
    international: false,
    from: '0212345678',
    title: null,
    text: 'once',
    payload: {},
    submittedAt: 0,
    ...over,
  };
}

describeEachDb('SMPP connector: submissions are remembered', (db) => {
  let smsc: SmscSimulator;
  let t: TestGateway;
  let conn: SmppConnector;

  before(async () => {
    smsc = await SmscSimulator.start({ systemId: 'omnigate', password: 'secret', receipts: false });
    // The gateway's own workers stay off: this file drives the connector by hand.
    t = await startTestGateway(db, { start: false });
    const cfg = parseConnectorsConfig(
      {
        connectors: [
          {
            name: 'direct',
            type: 'smpp',
            host: '127.0.0.1',
            port: smsc.port,
            systemId: 'omnigate',
            password: 'secret',
            concatenation: true,
            reconnectSeconds: { min: 0.05, max: 0.1 },
          },
        ],
        routes: [{ channel: 'sms', connector: 'direct' }],
      },
      'test',
    );
    const [c] = cfg.connectors;
    assert.ok(c?.type === 'smpp');
    conn = createSmppConnector(
      t.gw.ctx,
      { deliveryResult: async () => {}, deliveryResults: async () => ({ held: [] }), mo: async () => {} },
      c,
    );
    conn.start();
    await smsc.waitFor(() => smsc.sessions().length === 1, 'the bind');
  });
  after(async () => {
    await conn.stop();
    await t.close();
    await smsc.close();
  });

  test('a pass submitted again (a crash before its commit) gets the first answer, not a second SMS', async () => {
    const batch = [
      message('k-1', { to: '01074000001' }),
      message('k-2', { to: '01074000002', text: 'x'.repeat(400) }),
    ];
    const first = await conn.submit(batch);
    const again = await conn.submit(batch);
    assert.deepEqual(again, first);
    assert.equal(first[0]?.kind, 'accepted');
    assert.equal(first[1]?.kind, 'accepted');
    assert.equal(smsc.submitted.length, 1 + 3);
    // A later step of the same message is a submission of its own.
    const step1 = await conn.submit([message('k-1', { step: 1 })]);
    assert.equal(step1[0]?.kind, 'accepted');
    assert.notDeepEqual(step1, first.slice(0, 1));
    assert.equal(smsc.submitted.length, 5);
  });

  test('data_coding follows the per-SMSC override; a forced alphabet applies to every text', async () => {
    const make = (name: string, extra: Record<string, unknown>) => {
      const cfg = parseConnectorsConfig(
        {
          connectors: [
            {
              name,
              type: 'smpp',
              host: '127.0.0.1',
              port: smsc.port,
              systemId: 'omnigate',
              password: 'secret',
              ...extra,
            },
          ],
          routes: [{ channel: 'sms', connector: name }],
        },
        'test',
      ).connectors[0];
      assert.ok(cfg?.type === 'smpp');
      return createSmppConnector(
        t.gw.ctx,
        { deliveryResult: async () => {}, deliveryResults: async () => ({ held: [] }), mo: async () => {} },
        cfg,
      );
    };
    const custom = make('custom', { dataCoding: { gsm: 1, ucs2: 25 } });
    const forced = make('forced', { encoding: 'ucs2' });
    custom.start();
    forced.start();
    try {
      await smsc.waitFor(() => smsc.sessions().length === 3, 'two more binds');
      const from = smsc.submitted.length;
      await custom.submit([
        message('dc-1', { to: '01074000011', text: 'plain' }),
        message('dc-2', { to: '01074000012', text: '한글' }),
      ]);
      await forced.submit([message('dc-3', { to: '01074000013', text: 'plain' })]);
      // The bytes are the alphabet's; only the data_coding value sent for it changes.
      const seen = smsc.submitted
        .slice(from)
        .map((m) => [m.destinationAddr, m.dataCoding, m.shortMessage.toString('hex')]);
      const ucs2 = (text: string) => Buffer.from(text, 'utf16le').swap16().toString('hex');
      assert.deepEqual(seen, [
        ['01074000011', 1, Buffer.from('plain').toString('hex')],
        ['01074000012', 25, ucs2('한글')],
        ['01074000013', 8, ucs2('plain')],
      ]);
    } finally {
      await custom.stop();
      await forced.stop();
    }
  });

  test('what SMPP cannot carry is refused for the engine to fail over', async () => {
    const [rcs, mms, tooLong] = await conn.submit([
      message('k-3', { channel: 'rcs', msgType: 'RCS' }),
      message('k-4', { channel: 'mms', msgType: 'MM' }),
      message('k-5', { text: 'y'.repeat(160 * 12) }),
    ]);
    assert.deepEqual(rcs, {
      kind: 'rejected',
      code: '85001',
      text: 'SMPP carries SMS and LMS only',
      retryable: false,
    });
    assert.equal(mms?.kind, 'rejected');
    assert.equal(tooLong?.kind === 'rejected' && tooLong.code, '85004');
  });
});

describeEachDb('SMPP connector: the connectors file at start', (db) => {
  test('a mistake in the file stops the start with a message naming the file and the key', async () => {
    const file = join(db.dir, 'bad-connectors.json');
    writeFileSync(
      file,
      JSON.stringify({
        connectors: [{ name: 'x', type: 'smpp', host: 'h', systemId: 's', window: 0 }],
        routes: [{ channel: 'sms', connector: 'x' }],
      }),
    );
    await assert.rejects(startSmppGateway(db, file), (err: unknown) => {
      assert.ok(err instanceof ConnectorConfigError);
      assert.match(
        err.message,
        /bad-connectors\.json: connectors\[0\]\.window: must be an integer from 1 to 1000, got 0/,
      );
      return true;
    });
  });
});
