import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import smpp, { type PDU, type Session } from 'smpp';
import { type SmscOptions, SmscSimulator, submittedText } from '../helpers/smsc.ts';

/** A bare smpp client: records every PDU it receives and answers deliver_sm unless told not to. */
interface Client {
  session: Session;
  received: PDU[];
  /** Commands in arrival order, to check receipts against responses. */
  log: string[];
  closed: Promise<void>;
}

function connect(sim: SmscSimulator, opts: { ack?: boolean } = {}): Promise<Client> {
  const session = smpp.connect({ host: '127.0.0.1', port: sim.port });
  const client: Client = {
    session,
    received: [],
    log: [],
    closed: new Promise((resolve) => session.on('close', () => resolve())),
  };
  session.on('error', () => {});
  session.on('pdu', (pdu: PDU) => {
    client.log.push(pdu.command);
    client.received.push(pdu);
    if (pdu.command === 'deliver_sm' && opts.ack !== false) session.send(pdu.response());
  });
  return new Promise((resolve, reject) => {
    session.on('connect', () => resolve(client));
    session.on('error', reject);
  });
}

function request(send: (cb: (resp: PDU) => void) => boolean): Promise<PDU> {
  return new Promise((resolve, reject) => {
    if (!send(resolve)) reject(new Error('session not writable'));
  });
}

async function bound(
  sim: SmscSimulator,
  bindType: 'transceiver' | 'transmitter' | 'receiver' = 'transceiver',
  creds = { system_id: 'omni', password: 'secret' },
  opts: { ack?: boolean } = {},
): Promise<Client> {
  const client = await connect(sim, opts);
  const resp = await request((cb) => client.session[`bind_${bindType}`](creds, cb));
  assert.equal(resp.command_status, 0, 'bind accepted');
  return client;
}

const submit = (client: Client, options: Record<string, unknown>) =>
  request((cb) =>
    client.session.submit_sm(
      { source_addr: '1588', destination_addr: '01000000001', registered_delivery: 1, ...options },
      cb,
    ),
  );

const deliveries = (client: Client) => client.received.filter((p) => p.command === 'deliver_sm');

function message(pdu: PDU): string {
  const sm = pdu.short_message;
  return typeof sm === 'object' && sm !== null && 'message' in sm && typeof sm.message === 'string'
    ? sm.message
    : '';
}

function udh(pdu: PDU): Buffer[] {
  const sm = pdu.short_message;
  if (typeof sm !== 'object' || sm === null || !('udh' in sm) || !Array.isArray(sm.udh)) return [];
  return sm.udh.filter((part): part is Buffer => Buffer.isBuffer(part));
}

describe('SMSC simulator', () => {
  const sims: SmscSimulator[] = [];
  const start = async (options: SmscOptions = {}) => {
    const sim = await SmscSimulator.start({ systemId: 'omni', password: 'secret', ...options });
    sims.push(sim);
    return sim;
  };
  after(async () => {
    await Promise.all(sims.map((s) => s.close()));
  });

  test('binds with the right credentials and refuses the wrong ones, closing the connection', async () => {
    const sim = await start();
    const ok = await bound(sim, 'transceiver');
    assert.deepEqual(
      sim.sessions().map((s) => [s.bindType, s.systemId]),
      [['transceiver', 'omni']],
    );

    const bad = await connect(sim);
    const resp = await request((cb) =>
      bad.session.bind_transmitter({ system_id: 'omni', password: 'nope' }, cb),
    );
    assert.equal(resp.command_status, 0x0d);
    await bad.closed;

    sim.refuseBinds(true);
    const refused = await connect(sim);
    const r2 = await request((cb) =>
      refused.session.bind_receiver({ system_id: 'omni', password: 'secret' }, cb),
    );
    assert.equal(r2.command_status, 0x0d);
    await refused.closed;
    assert.equal(sim.received.get('bind_transmitter'), 1);
    assert.equal(sim.sessions().length, 1);

    const unbind = await request((cb) => ok.session.unbind({}, cb));
    assert.equal(unbind.command, 'unbind_resp');
    await ok.closed;
    await sim.waitFor(() => sim.sessions().length === 0, 'session gone after unbind');
  });

  for (const [idFormat, receiptIdFormat, respId, receiptId] of [
    ['hex', 'same', '1000', '1000'],
    ['decimal', 'same', '4096', '4096'],
    ['hex', 'decimal', '1000', '4096'],
    ['decimal', 'hex-padded-lower', '4096', '00001000'],
  ] as const) {
    test(`submit gets id ${respId} and a receipt carrying ${receiptId} (${idFormat}/${receiptIdFormat})`, async () => {
      const sim = await start({ idFormat, receiptIdFormat });
      const client = await bound(sim);
      const resp = await submit(client, { short_message: 'Hello receipt world, long text' });
      assert.equal(resp.command_status, 0);
      assert.equal(resp.message_id, respId);
      await sim.waitFor(() => sim.receiptsAcked === 1, 'receipt acknowledged');

      const [receipt] = deliveries(client);
      assert.ok(receipt);
      assert.equal(receipt.esm_class, 0x04);
      assert.equal(receipt.source_addr, '01000000001');
      assert.equal(receipt.destination_addr, '1588');
      assert.equal(receipt.receipted_message_id, receiptId);
      assert.equal(receipt.message_state, 2);
      assert.match(
        message(receipt),
        new RegExp(
          `^id:${receiptId} sub:001 dlvrd:001 submit date:\\d{10} done date:\\d{10} stat:DELIVRD err:000 text:Hello receipt world,$`,
        ),
      );
      assert.equal(sim.submitted[0]?.messageId, respId);
      assert.equal(sim.receiptsSent, 1);
    });
  }

  test('keeps raw short_message bytes and decodes UCS2 with UDH and GSM escapes', async () => {
    const sim = await start({
      receiptStat: (d) => (d === '01000000005' ? 'UNDELIV' : 'DELIVRD'),
      receiptTlvs: false,
    });
    const client = await bound(sim);
    const ucs2 = Buffer.concat([Buffer.from([5, 0, 3, 7, 2, 1]), Buffer.from('안녕', 'utf16le').swap16()]);
    await submit(client, { data_coding: 8, esm_class: 0x40, short_message: ucs2 });
    // '@' is GSM 0x00 and '€' the escape pair 0x1B 0x65: the package's own decoding would not give these back.
    const gsm = Buffer.from([0x00, 0x1b, 0x65, 0x41]);
    await submit(client, { data_coding: 0, short_message: gsm, destination_addr: '01000000005' });
    await submit(client, { short_message: '', message_payload: Buffer.from('payload text') });

    const [first, second, third] = sim.submitted;
    assert.ok(first && second && third);
    assert.deepEqual(first.shortMessage, ucs2);
    assert.deepEqual(submittedText(first), { text: '안녕', concat: { ref: 7, total: 2, seq: 1 } });
    assert.deepEqual(second.shortMessage, gsm);
    assert.equal(submittedText(second).text, '@€A');
    assert.equal(submittedText(third).text, 'payload text');

    await sim.waitFor(() => sim.receiptsAcked === 3, 'three receipts');
    const undeliv = deliveries(client).find((p) => p.source_addr === '01000000005');
    assert.ok(undeliv);
    assert.match(message(undeliv), / dlvrd:000 .* stat:UNDELIV /);
    assert.equal(undeliv.receipted_message_id, undefined, 'receiptTlvs false leaves the TLVs out');
  });

  test('failNext and failDestination answer with the status and accept nothing', async () => {
    const sim = await start();
    const client = await bound(sim);
    sim.failNext(2, 0x58);
    sim.failDestination('01099999999', 0x0b);
    assert.equal((await submit(client, { short_message: 'a' })).command_status, 0x58);
    assert.equal((await submit(client, { short_message: 'b' })).command_status, 0x58);
    assert.equal(
      (await submit(client, { short_message: 'c', destination_addr: '01099999999' })).command_status,
      0x0b,
    );
    assert.equal((await submit(client, { short_message: 'd' })).command_status, 0);
    assert.deepEqual(
      sim.submitted.map((m) => submittedText(m).text),
      ['d'],
    );
    assert.equal(sim.received.get('submit_sm'), 4);
  });

  test("receiptTiming 'before' sends the receipt ahead of the submit_sm_resp, 'hold' until released", async () => {
    const before = await start({ receiptTiming: 'before' });
    const client = await bound(before);
    const resp = await submit(client, { short_message: 'x' });
    assert.deepEqual(client.log.slice(-2), ['deliver_sm', 'submit_sm_resp']);
    assert.equal(deliveries(client)[0]?.receipted_message_id, resp.message_id);

    const hold = await start({ receiptTiming: 'hold' });
    const held = await bound(hold);
    await submit(held, { short_message: 'y' });
    await submit(held, { short_message: 'z' });
    assert.equal(hold.receiptsSent, 0);
    await hold.releaseReceipts();
    assert.equal(hold.receiptsAcked, 2);
    assert.equal(deliveries(held).length, 2);
  });

  test('an MO in 3 parts sent out of order arrives as 3 deliver_sm with concatenation UDH', async () => {
    const sim = await start();
    const client = await bound(sim, 'receiver');
    const statuses = await sim.sendMo({
      from: '01012345678',
      to: '1588',
      text: 'aaaabbbbcccc',
      parts: 3,
      order: [3, 1, 2],
      ref: 42,
    });
    assert.deepEqual(statuses, [0, 0, 0]);
    const parts = deliveries(client);
    assert.deepEqual(
      parts.map((p) => [p.esm_class, p.data_coding, udh(p).map((u) => [...u]), message(p)]),
      [
        [0x40, 0, [[0, 3, 42, 3, 3]], 'cccc'],
        [0x40, 0, [[0, 3, 42, 3, 1]], 'aaaa'],
        [0x40, 0, [[0, 3, 42, 3, 2]], 'bbbb'],
      ],
    );

    await sim.sendMo({ from: '01012345678', to: '1588', text: '한글문자', parts: 2, sar: true });
    const sar = deliveries(client).slice(3);
    assert.deepEqual(
      sar.map((p) => [p.data_coding, p.sar_total_segments, p.sar_segment_seqnum, message(p)]),
      [
        [8, 2, 1, '한글'],
        [8, 2, 2, '문자'],
      ],
    );
    assert.equal(sim.received.get('deliver_sm_resp'), 5);
  });

  test('dropConnections closes every session and the server keeps listening', async () => {
    const sim = await start();
    const a = await bound(sim);
    const b = await bound(sim, 'transmitter');
    sim.dropConnections();
    await Promise.all([a.closed, b.closed]);
    await sim.waitFor(() => sim.sessions().length === 0, 'sessions gone');
    const c = await bound(sim);
    assert.equal((await submit(c, { short_message: 'again' })).command_status, 0);
  });

  test('stall with dropAfter swallows submits then drops the connection', async () => {
    const sim = await start();
    const client = await bound(sim);
    sim.stall({ dropAfter: 2 });
    client.session.submit_sm({ destination_addr: '01000000001', short_message: 'lost 1' });
    client.session.submit_sm({ destination_addr: '01000000001', short_message: 'lost 2' });
    await client.closed;
    assert.equal(sim.submitted.length, 0);
    assert.equal(client.log.includes('submit_sm_resp'), false);
    const again = await bound(sim);
    assert.equal(
      (await submit(again, { short_message: 'after' })).command_status,
      0,
      'stall ended with the drop',
    );
  });

  test('enquire_link is answered unless ignored', async () => {
    const sim = await start();
    const client = await bound(sim);
    assert.equal((await request((cb) => client.session.enquire_link({}, cb))).command, 'enquire_link_resp');
    sim.ignoreEnquireLinks(true);
    client.session.enquire_link();
    // Responses come back in order on one connection: once this one is in, the enquire_link's never will be.
    await submit(client, { short_message: 'marker', registered_delivery: 0 });
    assert.equal(client.log.filter((c) => c === 'enquire_link_resp').length, 1);
    assert.equal(sim.received.get('enquire_link'), 2);
  });

  test('receipts wait for a receiver to bind, and one unacknowledged when its session drops is sent again', async () => {
    const sim = await start();
    const tx = await bound(sim, 'transmitter');
    const resp = await submit(tx, { short_message: 'queued' });
    assert.equal(sim.receiptsSent, 0);

    const silent = await bound(sim, 'receiver', undefined, { ack: false });
    await sim.waitFor(() => deliveries(silent).length === 1, 'receipt sent on bind');
    assert.equal(sim.receiptsAcked, 0);
    silent.session.destroy();
    await silent.closed;

    const rx = await bound(sim, 'receiver');
    await sim.waitFor(() => sim.receiptsAcked === 1, 'receipt re-sent after the drop');
    assert.equal(deliveries(rx)[0]?.receipted_message_id, resp.message_id);
    assert.equal(sim.receiptsSent, 2);
  });

  test('keeps up with thousands of submits', async () => {
    const sim = await start();
    const client = await bound(sim);
    const n = 5000;
    const started = Date.now();
    const resps = await Promise.all(
      Array.from({ length: n }, (_, i) => submit(client, { short_message: `m${i}` })),
    );
    await sim.waitFor(() => sim.receiptsAcked === n, 'all receipts acknowledged', 20_000);
    assert.equal(new Set(resps.map((r) => r.message_id)).size, n);
    const last = sim.submitted.at(-1);
    assert.ok(last);
    assert.equal(submittedText(last).text, `m${n - 1}`);
    assert.ok(Date.now() - started < 15_000);
  });
});
