// SMPP 3.4 PDUs an ESME writes: each is one allocUnsafe sized up front, then straight-line writes.

import { type BindCommand, CMD, type EmptyCommand, HEADER } from './frames.ts';

function writeHeader(buf: Buffer, id: number, status: number, seq: number): void {
  buf.writeUInt32BE(buf.length, 0);
  buf.writeUInt32BE(id, 4);
  buf.writeUInt32BE(status, 8);
  buf.writeUInt32BE(seq, 12);
}

/**
 * A NUL inside a C-Octet string would end it early and shift every later field: the SMSC would
 * read a different, still well-formed PDU. Checked on the way in rather than trusted to callers.
 */
function cLength(s: string, field: string): number {
  if (s.includes('\0')) throw new Error(`SMPP ${field} contains a NUL`);
  // latin1: one byte per UTF-16 unit, so the length is known before writing.
  return s.length + 1;
}

function writeC(buf: Buffer, off: number, s: string): number {
  if (s.length > 0) buf.write(s, off, 'latin1');
  buf[off + s.length] = 0;
  return off + s.length + 1;
}

export interface BindFields {
  systemId: string;
  password: string;
  systemType: string;
  interfaceVersion: number;
  addrTon: number;
  addrNpi: number;
  addressRange: string;
}

export function encodeBind(id: BindCommand, seq: number, f: BindFields): Buffer {
  const buf = Buffer.allocUnsafe(
    HEADER +
      cLength(f.systemId, 'system_id') +
      cLength(f.password, 'password') +
      cLength(f.systemType, 'system_type') +
      3 +
      cLength(f.addressRange, 'address_range'),
  );
  writeHeader(buf, id, 0, seq);
  let off = writeC(buf, HEADER, f.systemId);
  off = writeC(buf, off, f.password);
  off = writeC(buf, off, f.systemType);
  buf[off++] = f.interfaceVersion;
  buf[off++] = f.addrTon;
  buf[off++] = f.addrNpi;
  writeC(buf, off, f.addressRange);
  return buf;
}

export interface SubmitSmFields {
  serviceType: string;
  sourceTon: number;
  sourceNpi: number;
  source: string;
  destTon: number;
  destNpi: number;
  destination: string;
  esmClass: number;
  protocolId: number;
  priority: number;
  registeredDelivery: number;
  dataCoding: number;
  /** Raw bytes, UDH included; at most 255 (sm_length is one octet; longer needs message_payload). */
  shortMessage: Buffer;
}

/** submit_sm with schedule_delivery_time and validity_period empty (SMSC defaults), no TLVs. */
export function encodeSubmitSm(seq: number, f: SubmitSmFields): Buffer {
  const sm = f.shortMessage;
  if (sm.length > 255) throw new RangeError(`short_message of ${sm.length} bytes exceeds 255`);
  const buf = Buffer.allocUnsafe(
    HEADER +
      cLength(f.serviceType, 'service_type') +
      cLength(f.source, 'source_addr') +
      cLength(f.destination, 'destination_addr') +
      // ton/npi ×2, esm_class, protocol_id, priority_flag, 2 empty times, registered_delivery,
      // replace_if_present_flag, data_coding, sm_default_msg_id, sm_length
      14 +
      sm.length,
  );
  writeHeader(buf, CMD.submit_sm, 0, seq);
  let off = writeC(buf, HEADER, f.serviceType);
  buf[off++] = f.sourceTon;
  buf[off++] = f.sourceNpi;
  off = writeC(buf, off, f.source);
  buf[off++] = f.destTon;
  buf[off++] = f.destNpi;
  off = writeC(buf, off, f.destination);
  buf[off++] = f.esmClass;
  buf[off++] = f.protocolId;
  buf[off++] = f.priority;
  buf[off++] = 0; // schedule_delivery_time ''
  buf[off++] = 0; // validity_period ''
  buf[off++] = f.registeredDelivery;
  buf[off++] = 0; // replace_if_present_flag
  buf[off++] = f.dataCoding;
  buf[off++] = 0; // sm_default_msg_id
  buf[off++] = sm.length;
  sm.copy(buf, off);
  return buf;
}

/**
 * A PDU without a body; deliver_sm_resp and data_sm_resp get their message_id, which SMPP 3.4
 * (4.6.2, 4.7.2) says is unused and set to NULL: a single NUL byte.
 */
export function encodeEmpty(id: EmptyCommand, seq: number, status = 0): Buffer {
  const withId = id === CMD.deliver_sm_resp || id === CMD.data_sm_resp;
  const buf = Buffer.allocUnsafe(withId ? HEADER + 1 : HEADER);
  writeHeader(buf, id, status, seq);
  if (withId) buf[HEADER] = 0;
  return buf;
}

export function encodeDeliverSmResp(seq: number, status: number): Buffer {
  return encodeEmpty(CMD.deliver_sm_resp, seq, status);
}
