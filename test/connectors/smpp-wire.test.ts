import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { describe, test } from 'node:test';
import smpp, { type PDU } from 'smpp';
import {
  CMD,
  type DeliverSm,
  decodeDeliverSm,
  decodeIdBody,
  type EmptyCommand,
  encodeBind,
  encodeDeliverSmResp,
  encodeEmpty,
  encodeSubmitSm,
  FrameReader,
  header,
  type SubmitSmFields,
} from '../../src/connectors/smpp/wire.ts';

// The `smpp` package is the oracle: what it decodes from our bytes, and what we decode from its.

/** The package's PDU for a buffer, failing the test when it cannot read one. */
function oracle(buf: Buffer): PDU {
  const pdu = smpp.PDU.fromBuffer(buf);
  assert.ok(pdu, 'the smpp package reads the PDU');
  return pdu;
}

/** A package-built PDU's bytes (toBuffer is left out of src/types/smpp.d.ts: the ESME never calls it). */
function pkg(command: string, fields: Record<string, unknown>): Buffer {
  const pdu = new smpp.PDU(command, fields);
  const toBuffer = pdu.toBuffer;
  assert.ok(typeof toBuffer === 'function');
  const buf: unknown = toBuffer.call(pdu);
  assert.ok(Buffer.isBuffer(buf));
  return buf;
}

/** short_message as the package decodes it under data_coding 4 (binary): {message: Buffer, udh?}. */
function rawMessage(v: unknown): { message: Buffer; udh: Buffer[] | undefined } {
  assert.ok(v && typeof v === 'object' && 'message' in v && Buffer.isBuffer(v.message));
  const udh =
    'udh' in v && Array.isArray(v.udh) ? v.udh.filter((b): b is Buffer => Buffer.isBuffer(b)) : undefined;
  return { message: v.message, udh };
}

const SUBMIT: SubmitSmFields = {
  serviceType: 'CMT',
  sourceTon: 5,
  sourceNpi: 0,
  source: 'Omnigate',
  destTon: 1,
  destNpi: 1,
  destination: '821012345678',
  esmClass: 0,
  protocolId: 0,
  priority: 1,
  registeredDelivery: 1,
  dataCoding: 4,
  shortMessage: Buffer.from('hello \x00\xff world', 'latin1'),
};

/** The package's submit_sm fields for the same values. */
function pkgSubmit(f: SubmitSmFields, seq: number): Record<string, unknown> {
  return {
    sequence_number: seq,
    service_type: f.serviceType,
    source_addr_ton: f.sourceTon,
    source_addr_npi: f.sourceNpi,
    source_addr: f.source,
    dest_addr_ton: f.destTon,
    dest_addr_npi: f.destNpi,
    destination_addr: f.destination,
    esm_class: f.esmClass,
    protocol_id: f.protocolId,
    priority_flag: f.priority,
    registered_delivery: f.registeredDelivery,
    data_coding: f.dataCoding,
    short_message: f.shortMessage,
  };
}

describe('SMPP wire: encoders', () => {
  const bind = {
    systemId: 'omnigate',
    password: 'secret',
    systemType: 'VMA',
    interfaceVersion: 0x34,
    addrTon: 1,
    addrNpi: 1,
    addressRange: '^8210',
  };

  for (const [name, id] of [
    ['bind_transceiver', CMD.bind_transceiver],
    ['bind_transmitter', CMD.bind_transmitter],
    ['bind_receiver', CMD.bind_receiver],
  ] as const) {
    test(`${name} is byte for byte the package's and reads back the same fields`, () => {
      const buf = encodeBind(id, 7, bind);
      const expected = pkg(name, {
        sequence_number: 7,
        system_id: bind.systemId,
        password: bind.password,
        system_type: bind.systemType,
        interface_version: bind.interfaceVersion,
        addr_ton: bind.addrTon,
        addr_npi: bind.addrNpi,
        address_range: bind.addressRange,
      });
      assert.deepEqual(buf, expected);
      const pdu = oracle(buf);
      assert.equal(pdu.command, name);
      assert.equal(pdu.sequence_number, 7);
      assert.equal(pdu.system_id, 'omnigate');
      assert.equal(pdu.password, 'secret');
      assert.equal(pdu.system_type, 'VMA');
      assert.equal(pdu.interface_version, 0x34);
      assert.equal(pdu.addr_ton, 1);
      assert.equal(pdu.addr_npi, 1);
      assert.equal(pdu.address_range, '^8210');
    });
  }

  test('a bind with empty strings', () => {
    const empty = { ...bind, systemType: '', addressRange: '', password: '' };
    const buf = encodeBind(CMD.bind_transceiver, 1, empty);
    assert.equal(buf.length, 16 + 9 + 1 + 1 + 3 + 1);
    const pdu = oracle(buf);
    assert.equal(pdu.system_id, 'omnigate');
    assert.equal(pdu.password, '');
    assert.equal(pdu.address_range, '');
  });

  test('submit_sm is byte for byte the package’s and reads back the same fields', () => {
    const buf = encodeSubmitSm(0xfffffffe, SUBMIT);
    assert.deepEqual(buf, pkg('submit_sm', pkgSubmit(SUBMIT, 0xfffffffe)));
    const pdu = oracle(buf);
    assert.equal(pdu.command, 'submit_sm');
    assert.equal(pdu.command_length, buf.length);
    assert.equal(pdu.sequence_number, 0xfffffffe);
    assert.equal(pdu.service_type, 'CMT');
    assert.equal(pdu.source_addr_ton, 5);
    assert.equal(pdu.source_addr_npi, 0);
    assert.equal(pdu.source_addr, 'Omnigate');
    assert.equal(pdu.dest_addr_ton, 1);
    assert.equal(pdu.dest_addr_npi, 1);
    assert.equal(pdu.destination_addr, '821012345678');
    assert.equal(pdu.esm_class, 0);
    assert.equal(pdu.priority_flag, 1);
    assert.equal(pdu.schedule_delivery_time, '');
    assert.equal(pdu.validity_period, '');
    assert.equal(pdu.registered_delivery, 1);
    assert.equal(pdu.replace_if_present_flag, 0);
    assert.equal(pdu.data_coding, 4);
    assert.equal(pdu.sm_default_msg_id, 0);
    assert.deepEqual(rawMessage(pdu.short_message).message, SUBMIT.shortMessage);
  });

  test('submit_sm with a concatenation UDH, UCS-2, an empty and a 255-byte message', () => {
    const udh = Buffer.from([0x05, 0x00, 0x03, 0x2a, 0x02, 0x01]);
    const body = Buffer.from('part one', 'latin1');
    const concat = { ...SUBMIT, esmClass: 0x40, shortMessage: Buffer.concat([udh, body]) };
    const c = rawMessage(oracle(encodeSubmitSm(2, concat)).short_message);
    assert.deepEqual(c.udh, [udh.subarray(1)]);
    assert.deepEqual(c.message, body);

    const ucs2 = { ...SUBMIT, dataCoding: 8, shortMessage: Buffer.from('안녕 €', 'utf16le').swap16() };
    const u = oracle(encodeSubmitSm(3, ucs2));
    assert.deepEqual(u.short_message, { message: '안녕 €' });

    const empty = encodeSubmitSm(4, { ...SUBMIT, shortMessage: Buffer.alloc(0) });
    assert.deepEqual(empty, pkg('submit_sm', pkgSubmit({ ...SUBMIT, shortMessage: Buffer.alloc(0) }, 4)));

    const long = { ...SUBMIT, shortMessage: Buffer.alloc(255, 0x41) };
    assert.deepEqual(encodeSubmitSm(5, long), pkg('submit_sm', pkgSubmit(long, 5)));
  });

  test('submit_sm refuses a short_message over 255 bytes and a NUL inside a C-Octet string', () => {
    assert.throws(() => encodeSubmitSm(1, { ...SUBMIT, shortMessage: Buffer.alloc(256) }), RangeError);
    assert.throws(() => encodeSubmitSm(1, { ...SUBMIT, destination: '8210\x001234' }), /destination_addr/);
    assert.throws(() => encodeBind(CMD.bind_transmitter, 1, { ...bind, password: 'a\x00b' }), /password/);
  });

  const empties: [string, EmptyCommand][] = [
    ['enquire_link', CMD.enquire_link],
    ['enquire_link_resp', CMD.enquire_link_resp],
    ['unbind', CMD.unbind],
    ['unbind_resp', CMD.unbind_resp],
    ['generic_nack', CMD.generic_nack],
    ['deliver_sm_resp', CMD.deliver_sm_resp],
    ['data_sm_resp', CMD.data_sm_resp],
  ];
  for (const [name, id] of empties) {
    test(`${name} is byte for byte the package’s`, () => {
      const buf = encodeEmpty(id, 42);
      assert.deepEqual(buf, pkg(name, { sequence_number: 42 }));
      const pdu = oracle(buf);
      assert.equal(pdu.command, name);
      assert.equal(pdu.sequence_number, 42);
      assert.equal(pdu.command_status, 0);
      if (name.endsWith('_sm_resp')) assert.equal(pdu.message_id, '');
    });
  }

  test('encodeEmpty carries a status; deliver_sm_resp keeps its NULL message_id under an error', () => {
    const nack = oracle(encodeEmpty(CMD.generic_nack, 9, smpp.ESME_RSYSERR));
    assert.equal(nack.command, 'generic_nack');
    assert.equal(nack.command_status, smpp.ESME_RSYSERR);

    const buf = encodeDeliverSmResp(10, 0x45);
    assert.equal(buf.length, 17);
    assert.deepEqual(header(buf), { length: 17, id: CMD.deliver_sm_resp, status: 0x45, seq: 10 });
    const resp = oracle(buf);
    assert.equal(resp.command, 'deliver_sm_resp');
    assert.equal(resp.command_status, 0x45);
    assert.deepEqual(encodeDeliverSmResp(11, 0), pkg('deliver_sm_resp', { sequence_number: 11 }));
  });
});

describe('SMPP wire: decoders', () => {
  test('header', () => {
    const buf = pkg('submit_sm_resp', { sequence_number: 0x01020304, message_id: 'x' });
    assert.deepEqual(header(buf), { length: 18, id: CMD.submit_sm_resp, status: 0, seq: 0x01020304 });
    assert.throws(() => header(buf.subarray(0, 15)), Error);
  });

  test('decodeIdBody reads submit_sm_resp and bind_*_resp ids', () => {
    assert.equal(decodeIdBody(pkg('submit_sm_resp', { message_id: '6B2F-00a1' })), '6B2F-00a1');
    assert.equal(decodeIdBody(pkg('bind_transceiver_resp', { system_id: 'SMSC01' })), 'SMSC01');
    assert.equal(decodeIdBody(pkg('submit_sm_resp', { message_id: '' })), '');
  });

  test('decodeIdBody: an empty body (error response) is "", a missing NUL runs to the end', () => {
    const throttled = pkg('submit_sm_resp', { command_status: smpp.ESME_RTHROTTLED, sequence_number: 3 });
    assert.equal(throttled.length, 16);
    assert.equal(decodeIdBody(throttled), '');

    const noNul = Buffer.concat([Buffer.alloc(16), Buffer.from('abc')]);
    noNul.writeUInt32BE(19, 0);
    noNul.writeUInt32BE(CMD.submit_sm_resp, 4);
    assert.equal(decodeIdBody(noNul), 'abc');
    // A NUL beyond command_length (the next PDU's bytes) does not extend the id.
    assert.equal(decodeIdBody(Buffer.concat([noNul, Buffer.from('de\x00')])), 'abc');
  });

  test('decodeIdBody throws when command_length overruns the buffer', () => {
    const buf = pkg('submit_sm_resp', { message_id: 'abcdef' });
    assert.throws(() => decodeIdBody(buf.subarray(0, buf.length - 1)), Error);
    assert.throws(() => decodeIdBody(buf.subarray(0, 10)), Error);
  });

  const receiptFixed = {
    sequence_number: 77,
    service_type: '',
    source_addr_ton: 1,
    source_addr_npi: 1,
    source_addr: '821012345678',
    dest_addr_ton: 5,
    dest_addr_npi: 0,
    destination_addr: 'Omnigate',
    esm_class: 0x04,
    data_coding: 0,
    short_message: Buffer.from(
      'id:6B2F00A1 sub:001 dlvrd:001 submit date:2401011200 done date:2401011201 stat:DELIVRD err:000 text:',
      'latin1',
    ),
  };
  const receipt = {
    ...receiptFixed,
    receipted_message_id: '6B2F00A1',
    message_state: 2,
    network_error_code: Buffer.from([0x03, 0x00, 0x00]),
  };

  test('a delivery receipt built by the package', () => {
    const d = decodeDeliverSm(pkg('deliver_sm', receipt));
    assert.deepEqual(d, {
      source: '821012345678',
      sourceTon: 1,
      sourceNpi: 1,
      destination: 'Omnigate',
      esmClass: 0x04,
      dataCoding: 0,
      shortMessage: receipt.short_message,
      receiptedMessageId: '6B2F00A1',
      messageState: 2,
      networkErrorCode: Buffer.from([0x03, 0x00, 0x00]),
      sarRef: undefined,
      sarTotal: undefined,
      sarSeq: undefined,
    } satisfies DeliverSm);
  });

  test('an MO part with a UDH, with SAR TLVs, and one whose text is in message_payload', () => {
    const udhBody = Buffer.from([0x05, 0x00, 0x03, 0x11, 0x02, 0x02, 0x41, 0x42]);
    const mo = {
      source_addr: '01073000001',
      destination_addr: '15887001',
      esm_class: 0x40,
      data_coding: 8,
      short_message: udhBody,
    };
    const udh = decodeDeliverSm(pkg('deliver_sm', mo));
    assert.equal(udh.esmClass, 0x40);
    assert.equal(udh.dataCoding, 8);
    assert.deepEqual(udh.shortMessage, udhBody);
    assert.equal(udh.receiptedMessageId, undefined);

    const sar = decodeDeliverSm(
      pkg('deliver_sm', {
        ...mo,
        esm_class: 0,
        short_message: Buffer.from('AB'),
        sar_msg_ref_num: 0xbeef,
        sar_total_segments: 3,
        sar_segment_seqnum: 2,
        user_message_reference: 0x1234, // an unread TLV between them is skipped
      }),
    );
    assert.deepEqual([sar.sarRef, sar.sarTotal, sar.sarSeq], [0xbeef, 3, 2]);
    assert.deepEqual(sar.shortMessage, Buffer.from('AB'));

    const long = Buffer.alloc(600, 0x61);
    const payload = decodeDeliverSm(
      pkg('deliver_sm', { ...mo, esm_class: 0, short_message: Buffer.alloc(0), message_payload: long }),
    );
    assert.deepEqual(payload.shortMessage, long);
    assert.equal(payload.source, '01073000001');
  });

  test('data_sm: its shorter body and message_payload', () => {
    const buf = pkg('data_sm', {
      sequence_number: 5,
      service_type: 'WAP',
      source_addr_ton: 2,
      source_addr_npi: 3,
      source_addr: '1234',
      dest_addr_ton: 4,
      dest_addr_npi: 5,
      destination_addr: '5678',
      esm_class: 0x04,
      registered_delivery: 1,
      data_coding: 3,
      message_payload: Buffer.from('payload bytes'),
      receipted_message_id: 'abc',
      message_state: 5,
    });
    const d = decodeDeliverSm(buf);
    assert.equal(d.source, '1234');
    assert.equal(d.sourceTon, 2);
    assert.equal(d.sourceNpi, 3);
    assert.equal(d.destination, '5678');
    assert.equal(d.esmClass, 0x04);
    assert.equal(d.dataCoding, 3);
    assert.deepEqual(d.shortMessage, Buffer.from('payload bytes'));
    assert.equal(d.receiptedMessageId, 'abc');
    assert.equal(d.messageState, 5);
  });

  test('a receipted_message_id TLV without its NUL', () => {
    const tlv = Buffer.from([0x00, 0x1e, 0x00, 0x03, 0x41, 0x42, 0x43]);
    const whole = Buffer.concat([pkg('deliver_sm', receiptFixed), tlv]);
    whole.writeUInt32BE(whole.length, 0);
    assert.equal(decodeDeliverSm(whole).receiptedMessageId, 'ABC');
  });

  test('other commands are refused', () => {
    assert.throws(
      () => decodeDeliverSm(pkg('submit_sm', { short_message: Buffer.from('x') })),
      /not deliver_sm/,
    );
  });

  /** Every error a decoder throws on bad input is a plain Error, never a RangeError from a read. */
  function plainErrorOrValue(f: () => unknown): 'threw' | 'ok' {
    try {
      f();
      return 'ok';
    } catch (err) {
      assert.ok(err instanceof Error);
      assert.equal(err.constructor, Error, `${err.constructor.name}: ${err.message}`);
      return 'threw';
    }
  }

  test('truncation anywhere in a deliver_sm throws a plain Error', () => {
    const buf = pkg('deliver_sm', {
      ...receipt,
      sar_msg_ref_num: 1,
      sar_total_segments: 2,
      sar_segment_seqnum: 1,
    });
    // TLVs start after the fixed part; cut there, the PDU is a shorter valid one.
    const fixedEnd = pkg('deliver_sm', receiptFixed).length;
    assert.equal(buf.readUInt16BE(fixedEnd), 0x001e);
    for (let cut = 0; cut < buf.length; cut++) {
      // The bytes stop short of command_length...
      assert.equal(
        plainErrorOrValue(() => decodeDeliverSm(buf.subarray(0, cut))),
        'threw',
      );
      if (cut < 16) continue;
      // ...or command_length itself says the PDU ends there.
      const patched = Buffer.from(buf.subarray(0, cut));
      patched.writeUInt32BE(cut, 0);
      const r = plainErrorOrValue(() => decodeDeliverSm(patched));
      if (cut < fixedEnd) assert.equal(r, 'threw', `cut at ${cut}`);
    }
  });

  test('random bodies never escape as anything but a plain Error', () => {
    let seed = 12345;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed;
    };
    const base = pkg('deliver_sm', receipt);
    for (let i = 0; i < 3000; i++) {
      const buf = Buffer.from(base.subarray(0, 16 + (rnd() % (base.length - 15))));
      // Flip a few bytes, biased to NULs and TLV-ish lengths.
      for (let k = 0; k < 4; k++) {
        const at = 16 + (rnd() % Math.max(1, buf.length - 16));
        if (at < buf.length) buf[at] = rnd() % 3 === 0 ? 0 : rnd() & 0xff;
      }
      buf.writeUInt32BE(buf.length, 0);
      buf.writeUInt32BE(rnd() % 2 ? CMD.deliver_sm : CMD.data_sm, 4);
      plainErrorOrValue(() => decodeDeliverSm(buf));
      plainErrorOrValue(() => decodeIdBody(buf));
    }
  });
});

describe('SMPP wire: FrameReader', () => {
  const pdus = [
    encodeEmpty(CMD.enquire_link, 1),
    encodeSubmitSm(2, SUBMIT),
    pkg('deliver_sm', {
      sequence_number: 3,
      short_message: Buffer.from('hi'),
      message_payload: Buffer.alloc(900),
    }),
    encodeDeliverSmResp(4, 0),
    pkg('submit_sm_resp', { sequence_number: 5, message_id: 'm5' }),
  ];
  const stream = Buffer.concat(pdus);

  function feed(reader: FrameReader, chunks: Buffer[]): Buffer[] {
    return chunks.flatMap((c) => reader.push(c));
  }

  test('one chunk holding several PDUs gives them all, as views of the chunk', () => {
    const out = new FrameReader().push(stream);
    assert.deepEqual(out, pdus);
    for (const p of out) assert.equal(p.buffer, stream.buffer);
  });

  test('1-byte chunks', () => {
    const chunks = [...stream].map((b) => Buffer.from([b]));
    assert.deepEqual(feed(new FrameReader(), chunks), pdus);
  });

  test('arbitrary chunk boundaries, including ones inside the length field', () => {
    let seed = 7;
    for (let round = 0; round < 200; round++) {
      const chunks: Buffer[] = [];
      for (let off = 0; off < stream.length; ) {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        const n = 1 + (seed % 40 === 0 ? 2000 : seed % 7);
        chunks.push(stream.subarray(off, off + n));
        off += n;
      }
      assert.deepEqual(feed(new FrameReader(), chunks), pdus);
    }
    // Split exactly inside the second PDU's command_length, then the rest at once.
    const at = pdus[0]!.length + 2;
    assert.deepEqual(feed(new FrameReader(), [stream.subarray(0, at), stream.subarray(at)]), pdus);
  });

  test('an empty chunk and a partial PDU give nothing until the rest comes', () => {
    const reader = new FrameReader();
    assert.deepEqual(reader.push(Buffer.alloc(0)), []);
    const sm = pdus[1]!;
    assert.deepEqual(reader.push(sm.subarray(0, 20)), []);
    assert.deepEqual(reader.push(sm.subarray(20, 30)), []);
    assert.deepEqual(reader.push(Buffer.concat([sm.subarray(30), pdus[0]!.subarray(0, 3)])), [sm]);
    assert.deepEqual(reader.push(pdus[0]!.subarray(3)), [pdus[0]]);
  });

  function withLength(n: number): Buffer {
    const b = Buffer.alloc(16);
    b.writeUInt32BE(n, 0);
    b.writeUInt32BE(CMD.enquire_link, 4);
    return b;
  }

  test('a command_length under 16 throws', () => {
    for (const n of [0, 4, 15]) assert.throws(() => new FrameReader().push(withLength(n)), /command_length/);
    // Also when only its 4 bytes have come, after a good PDU.
    const reader = new FrameReader();
    assert.throws(
      () => reader.push(Buffer.concat([pdus[0]!, withLength(8).subarray(0, 4)])),
      /command_length/,
    );
  });

  test('an oversized command_length throws as soon as its 4 bytes are in', () => {
    assert.throws(() => new FrameReader().push(withLength(64 * 1024 + 1).subarray(0, 4)), /command_length/);
    assert.deepEqual(new FrameReader().push(withLength(64 * 1024).subarray(0, 4)), []);
    const small = new FrameReader(100);
    assert.throws(() => feed(small, [withLength(101).subarray(0, 2), withLength(101).subarray(2, 5)]), /100/);
    // Across chunks: the reader waits for 4 bytes, then checks before buffering the body.
    const reader = new FrameReader(1000);
    assert.deepEqual(reader.push(pdus[0]!.subarray(0, 5)), []);
    assert.throws(() => reader.push(Buffer.concat([pdus[0]!.subarray(5), withLength(5000).subarray(0, 6)])));
  });
});

describe('SMPP wire: against the package’s SMSC over TCP', () => {
  async function until(cond: () => boolean, what: string, ms = 5000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!cond()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 2));
    }
  }

  test('bind, submit_sm, deliver_sm and enquire_link round trips', async () => {
    const submits: PDU[] = [];
    const deliverResps: PDU[] = [];
    const server = smpp.createServer((session) => {
      session.on('bind_transceiver', (pdu: PDU) => {
        session.send(pdu.response({ system_id: pdu.system_id === 'omnigate' ? 'SIM' : 'NO' }));
      });
      session.on('enquire_link', (pdu: PDU) => session.send(pdu.response()));
      session.on('submit_sm', (pdu: PDU) => {
        submits.push(pdu);
        session.send(pdu.response({ message_id: `id-${pdu.sequence_number}` }));
        session.deliver_sm(
          {
            source_addr: '821012345678',
            destination_addr: 'Omnigate',
            esm_class: 0x04,
            short_message: Buffer.from('stat:DELIVRD'),
            receipted_message_id: `id-${pdu.sequence_number}`,
            message_state: 2,
          },
          (resp: PDU) => deliverResps.push(resp),
        );
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const address = server.address();
    assert.ok(address && typeof address === 'object');
    const socket: Socket = connect(address.port, '127.0.0.1');
    const got: Buffer[] = [];
    const reader = new FrameReader();
    socket.on('data', (chunk: Buffer) => {
      for (const pdu of reader.push(chunk)) {
        got.push(pdu);
        // Answer deliver_sm as the ESME will.
        if (header(pdu).id === CMD.deliver_sm) socket.write(encodeDeliverSmResp(header(pdu).seq, 0));
      }
    });
    try {
      await new Promise<void>((r) => socket.once('connect', () => r()));
      socket.write(
        encodeBind(CMD.bind_transceiver, 1, {
          systemId: 'omnigate',
          password: 'secret',
          systemType: '',
          interfaceVersion: 0x34,
          addrTon: 0,
          addrNpi: 0,
          addressRange: '',
        }),
      );
      await until(() => got.length >= 1, 'bind_transceiver_resp');
      assert.equal(header(got[0]!).id, CMD.bind_transceiver_resp);
      assert.equal(decodeIdBody(got[0]!), 'SIM');

      // Written in one go, as the corked ESME does.
      socket.write(Buffer.concat([2, 3, 4].map((seq) => encodeSubmitSm(seq, SUBMIT))));
      socket.write(encodeEmpty(CMD.enquire_link, 5));
      await until(() => deliverResps.length === 3 && got.length === 8, 'the answers and receipts');

      assert.deepEqual(
        submits.map((p) => [p.sequence_number, p.destination_addr]),
        [2, 3, 4].map((seq) => [seq, '821012345678']),
      );
      const resps = got.filter((p) => header(p).id === CMD.submit_sm_resp);
      assert.deepEqual(resps.map(decodeIdBody), ['id-2', 'id-3', 'id-4']);
      const receipts = got.filter((p) => header(p).id === CMD.deliver_sm).map(decodeDeliverSm);
      assert.deepEqual(receipts.map((d) => d.receiptedMessageId).sort(), ['id-2', 'id-3', 'id-4']);
      assert.ok(receipts.every((d) => d.messageState === 2 && d.shortMessage.toString() === 'stat:DELIVRD'));
      assert.ok(deliverResps.every((p) => p.command === 'deliver_sm_resp' && p.command_status === 0));
      const link = got.find((p) => header(p).id === CMD.enquire_link_resp);
      assert.equal(link && header(link).seq, 5);
    } finally {
      socket.destroy();
      for (const s of server.sessions) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
