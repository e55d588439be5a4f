import type { PDU } from 'smpp';
import { decodeShortMessage } from './encoding.ts';

/** A deliver_sm (or data_sm) as the connector reads it: the package's loose fields, narrowed. */
export interface Deliver {
  source: string;
  destination: string;
  esmClass: number;
  dataCoding: number;
  /** The text after the UDH, decoded by data_coding. */
  text: string;
  /** The UDH with its length byte, when the message carries one. */
  udh: Buffer | null;
  receiptedMessageId: string | undefined;
  messageState: number | undefined;
  networkErrorCode: Buffer | undefined;
  sar: { ref: number | undefined; total: number | undefined; seq: number | undefined };
}

const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The package decodes short_message into {message, udh: IE buffers}; both shapes are read back. */
function body(v: unknown, dataCoding: number): { text: string; udh: Buffer | null } {
  if (Buffer.isBuffer(v)) return { text: decodeShortMessage(v, dataCoding), udh: null };
  if (typeof v === 'string') return { text: v, udh: null };
  if (v && typeof v === 'object' && 'message' in v) {
    const m: unknown = v.message;
    const text = Buffer.isBuffer(m) ? decodeShortMessage(m, dataCoding) : typeof m === 'string' ? m : '';
    let udh: Buffer | null = null;
    if ('udh' in v && Array.isArray(v.udh) && v.udh.length > 0) {
      const ies = v.udh.filter((b): b is Buffer => Buffer.isBuffer(b));
      const all = Buffer.concat(ies);
      udh = Buffer.concat([Buffer.from([all.length]), all]);
    }
    return { text, udh };
  }
  return { text: '', udh: null };
}

export function readDeliver(pdu: PDU): Deliver {
  const dataCoding = num(pdu.data_coding) ?? 0;
  let { text, udh } = body(pdu.short_message, dataCoding);
  if (text === '' && udh === null && pdu.message_payload !== undefined) {
    ({ text, udh } = body(pdu.message_payload, dataCoding));
  }
  const nec = pdu.network_error_code;
  return {
    source: str(pdu.source_addr),
    destination: str(pdu.destination_addr),
    esmClass: num(pdu.esm_class) ?? 0,
    dataCoding,
    text,
    udh,
    receiptedMessageId: typeof pdu.receipted_message_id === 'string' ? pdu.receipted_message_id : undefined,
    messageState: num(pdu.message_state),
    networkErrorCode: Buffer.isBuffer(nec) ? nec : undefined,
    sar: {
      ref: num(pdu.sar_msg_ref_num),
      total: num(pdu.sar_total_segments),
      seq: num(pdu.sar_segment_seqnum),
    },
  };
}

/** esm_class bits 2-5 name the message type: 0x04 SMSC delivery receipt, 0x20 intermediate notification. */
export function isReceipt(d: Deliver): boolean {
  return (d.esmClass & 0x3c) === 0x04 || (d.esmClass & 0x3c) === 0x20 || d.receiptedMessageId !== undefined;
}

/** The submit_sm_resp's message_id. */
export function messageIdOf(resp: PDU): string {
  return str(resp.message_id);
}
