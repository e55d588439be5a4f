import { decodeShortMessage, splitUdh } from './encoding.ts';
import type { DeliverSm } from './wire.ts';

/** A deliver_sm (or data_sm) as the connector reads it: the text decoded, the UDH apart. */
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

export function readDeliver(d: DeliverSm): Deliver {
  const { udh, body } =
    (d.esmClass & 0x40) !== 0 ? splitUdh(d.shortMessage) : { udh: null, body: d.shortMessage };
  return {
    source: d.source,
    destination: d.destination,
    esmClass: d.esmClass,
    dataCoding: d.dataCoding,
    text: decodeShortMessage(body, d.dataCoding),
    // A view into the socket's chunk: copied, since MO parts may wait for their siblings.
    udh: udh ? Buffer.from(udh) : null,
    receiptedMessageId: d.receiptedMessageId,
    messageState: d.messageState,
    networkErrorCode: d.networkErrorCode,
    sar: { ref: d.sarRef, total: d.sarTotal, seq: d.sarSeq },
  };
}

/** esm_class bits 2-5 name the message type: 0x04 SMSC delivery receipt, 0x20 intermediate notification. */
export function isReceipt(d: Deliver): boolean {
  return (d.esmClass & 0x3c) === 0x04 || (d.esmClass & 0x3c) === 0x20 || d.receiptedMessageId !== undefined;
}
