// SMPP 3.4 PDUs an ESME reads: deliver_sm / data_sm and the C-Octet body of *_resp. One pass with
// a cursor, strings by indexOf(0), buffers as views: no per-field objects, no text decoding here
// (the connector decodes the few bodies it needs, after routing on esm_class and TLVs).

import { CMD, HEADER } from './frames.ts';

/** The end of the PDU's bytes as its header declares them, checked against what is there. */
function pduEnd(pdu: Buffer): number {
  if (pdu.length < HEADER) throw new Error(`SMPP PDU truncated: ${pdu.length} bytes`);
  const end = pdu.readUInt32BE(0);
  if (end < HEADER || end > pdu.length) {
    throw new Error(`SMPP command_length ${end} does not fit the ${pdu.length} bytes received`);
  }
  return end;
}

/**
 * submit_sm_resp / bind_*_resp: the C-Octet string after the header; '' when the body is empty,
 * as SMSCs send on error. A missing NUL is forgiven: the string runs to the end of the PDU.
 */
export function decodeIdBody(pdu: Buffer): string {
  const end = pduEnd(pdu);
  if (end === HEADER) return '';
  const nul = pdu.indexOf(0, HEADER);
  return pdu.toString('latin1', HEADER, nul === -1 || nul > end ? end : nul);
}

/** A deliver_sm or data_sm. Buffers are views into the PDU: copy them to keep them long. */
export interface DeliverSm {
  source: string;
  sourceTon: number;
  sourceNpi: number;
  destination: string;
  esmClass: number;
  dataCoding: number;
  /** Raw bytes (UDH included); the message_payload TLV's bytes when sm_length is 0 (or data_sm). */
  shortMessage: Buffer;
  receiptedMessageId?: string;
  messageState?: number;
  networkErrorCode?: Buffer;
  sarRef?: number;
  sarTotal?: number;
  sarSeq?: number;
}

const EMPTY: Buffer = Buffer.alloc(0);

function truncated(what: string): Error {
  return new Error(`SMPP deliver_sm truncated in ${what}`);
}

/** Index of the NUL ending the C-Octet string at off; it must lie before end. */
function nulAt(pdu: Buffer, off: number, end: number, what: string): number {
  const nul = off < end ? pdu.indexOf(0, off) : -1;
  if (nul === -1 || nul >= end) throw truncated(what);
  return nul;
}

const TLV_RECEIPTED_MESSAGE_ID = 0x001e;
const TLV_SAR_MSG_REF_NUM = 0x020c;
const TLV_SAR_TOTAL_SEGMENTS = 0x020e;
const TLV_SAR_SEGMENT_SEQNUM = 0x020f;
const TLV_NETWORK_ERROR_CODE = 0x0423;
const TLV_MESSAGE_PAYLOAD = 0x0424;
const TLV_MESSAGE_STATE = 0x0427;

/** Throws a plain Error on a truncated or foreign PDU; the caller answers generic_nack. */
export function decodeDeliverSm(pdu: Buffer): DeliverSm {
  const end = pduEnd(pdu);
  const id = pdu.readUInt32BE(4);
  const isData = id === CMD.data_sm;
  if (!isData && id !== CMD.deliver_sm)
    throw new Error(`SMPP command 0x${id.toString(16)} is not deliver_sm`);

  let off = nulAt(pdu, HEADER, end, 'service_type') + 1;
  if (off + 2 > end) throw truncated('source_addr_ton');
  const sourceTon = pdu[off++] ?? 0;
  const sourceNpi = pdu[off++] ?? 0;
  let nul = nulAt(pdu, off, end, 'source_addr');
  const source = pdu.toString('latin1', off, nul);
  off = nul + 3; // dest_addr_ton, dest_addr_npi: not needed
  if (off > end) throw truncated('dest_addr_ton');
  nul = nulAt(pdu, off, end, 'destination_addr');
  const destination = pdu.toString('latin1', off, nul);
  off = nul + 1;

  let esmClass: number;
  let dataCoding: number;
  let shortMessage = EMPTY;
  if (isData) {
    // data_sm: esm_class, registered_delivery, data_coding; the text only in message_payload.
    if (off + 3 > end) throw truncated('data_coding');
    esmClass = pdu[off] ?? 0;
    dataCoding = pdu[off + 2] ?? 0;
    off += 3;
  } else {
    if (off + 3 > end) throw truncated('priority_flag');
    esmClass = pdu[off] ?? 0;
    off = nulAt(pdu, off + 3, end, 'schedule_delivery_time') + 1;
    off = nulAt(pdu, off, end, 'validity_period') + 1;
    // registered_delivery, replace_if_present_flag, data_coding, sm_default_msg_id, sm_length
    if (off + 5 > end) throw truncated('sm_length');
    dataCoding = pdu[off + 2] ?? 0;
    const smLength = pdu[off + 4] ?? 0;
    off += 5;
    if (off + smLength > end) throw truncated('short_message');
    if (smLength > 0) shortMessage = pdu.subarray(off, off + smLength);
    off += smLength;
  }

  let receiptedMessageId: string | undefined;
  let messageState: number | undefined;
  let networkErrorCode: Buffer | undefined;
  let sarRef: number | undefined;
  let sarTotal: number | undefined;
  let sarSeq: number | undefined;
  // Fewer than 4 trailing bytes cannot hold a TLV; ignored, as the smpp package and SMSCs do.
  while (off + 4 <= end) {
    const tag = pdu.readUInt16BE(off);
    const len = pdu.readUInt16BE(off + 2);
    off += 4;
    if (off + len > end) throw truncated(`TLV 0x${tag.toString(16).padStart(4, '0')}`);
    switch (tag) {
      case TLV_RECEIPTED_MESSAGE_ID: {
        // A C-Octet string by the spec; some SMSCs leave out the NUL, then the length ends it.
        const n = pdu.indexOf(0, off);
        receiptedMessageId = pdu.toString('latin1', off, n === -1 || n > off + len ? off + len : n);
        break;
      }
      case TLV_MESSAGE_STATE:
        if (len >= 1) messageState = pdu[off];
        break;
      case TLV_NETWORK_ERROR_CODE:
        networkErrorCode = pdu.subarray(off, off + len);
        break;
      case TLV_MESSAGE_PAYLOAD:
        if (shortMessage.length === 0) shortMessage = pdu.subarray(off, off + len);
        break;
      case TLV_SAR_MSG_REF_NUM:
        if (len >= 2) sarRef = pdu.readUInt16BE(off);
        break;
      case TLV_SAR_TOTAL_SEGMENTS:
        if (len >= 1) sarTotal = pdu[off];
        break;
      case TLV_SAR_SEGMENT_SEQNUM:
        if (len >= 1) sarSeq = pdu[off];
        break;
    }
    off += len;
  }

  // One object literal with every key: one hidden class for all deliver_sm, whatever TLVs came.
  return {
    source,
    sourceTon,
    sourceNpi,
    destination,
    esmClass,
    dataCoding,
    shortMessage,
    receiptedMessageId,
    messageState,
    networkErrorCode,
    sarRef,
    sarTotal,
    sarSeq,
  };
}
