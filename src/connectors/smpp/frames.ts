// SMPP 3.4 framing: command ids, the 16-byte header, and splitting a TCP stream into PDUs.

export const CMD = {
  generic_nack: 0x80000000,
  bind_receiver: 0x00000001,
  bind_receiver_resp: 0x80000001,
  bind_transmitter: 0x00000002,
  bind_transmitter_resp: 0x80000002,
  submit_sm: 0x00000004,
  submit_sm_resp: 0x80000004,
  deliver_sm: 0x00000005,
  deliver_sm_resp: 0x80000005,
  unbind: 0x00000006,
  unbind_resp: 0x80000006,
  bind_transceiver: 0x00000009,
  bind_transceiver_resp: 0x80000009,
  enquire_link: 0x00000015,
  enquire_link_resp: 0x80000015,
  data_sm: 0x00000103,
  data_sm_resp: 0x80000103,
} as const;

export type BindCommand =
  | typeof CMD.bind_receiver
  | typeof CMD.bind_transmitter
  | typeof CMD.bind_transceiver;

/** Commands whose body is empty, or (the *_sm_resp an ESME sends) a message_id that is unused. */
export type EmptyCommand =
  | typeof CMD.generic_nack
  | typeof CMD.unbind
  | typeof CMD.unbind_resp
  | typeof CMD.enquire_link
  | typeof CMD.enquire_link_resp
  | typeof CMD.deliver_sm_resp
  | typeof CMD.data_sm_resp;

/** Every PDU starts with command_length, command_id, command_status, sequence_number (u32 BE). */
export const HEADER = 16;

export interface Header {
  length: number;
  id: number;
  status: number;
  seq: number;
}

export function header(pdu: Buffer): Header {
  if (pdu.length < HEADER) throw new Error(`SMPP PDU of ${pdu.length} bytes is shorter than its header`);
  return {
    length: pdu.readUInt32BE(0),
    id: pdu.readUInt32BE(4),
    status: pdu.readUInt32BE(8),
    seq: pdu.readUInt32BE(12),
  };
}

/**
 * Splits a byte stream into PDUs. A PDU wholly inside a chunk is returned as a view of that chunk
 * (no copy); only a PDU split across chunks is copied, once, when its last byte arrives. After a
 * throw the stream is out of sync for good: the caller drops the connection.
 */
export class FrameReader {
  readonly #maxLength: number;
  /** Bytes of an incomplete PDU, kept as received until enough have come to finish it. */
  #rest: Buffer[] = [];
  #restLength = 0;
  /** How many bytes #rest must hold before parsing is worth trying again. */
  #need = 0;

  /** 64 KiB by default: the longest message_payload a handset can produce is a few KiB; more is garbage. */
  constructor(maxLength = 64 * 1024) {
    this.#maxLength = maxLength;
  }

  push(chunk: Buffer): Buffer[] {
    let buf = chunk;
    if (this.#restLength > 0) {
      this.#rest.push(chunk);
      this.#restLength += chunk.length;
      if (this.#restLength < this.#need) return [];
      buf = Buffer.concat(this.#rest, this.#restLength);
      this.#rest = [];
      this.#restLength = 0;
    }
    const out: Buffer[] = [];
    let off = 0;
    while (buf.length - off >= 4) {
      const length = this.#lengthAt(buf, off);
      if (buf.length - off < length) break;
      out.push(buf.subarray(off, off + length));
      off += length;
    }
    if (off < buf.length) {
      const rest = buf.subarray(off);
      this.#rest.push(rest);
      this.#restLength = rest.length;
      this.#need = rest.length >= 4 ? this.#lengthAt(rest, 0) : 4;
    }
    return out;
  }

  #lengthAt(buf: Buffer, off: number): number {
    const length = buf.readUInt32BE(off);
    if (length < HEADER || length > this.#maxLength) {
      throw new Error(`SMPP command_length ${length} outside ${HEADER}..${this.#maxLength}`);
    }
    return length;
  }
}
