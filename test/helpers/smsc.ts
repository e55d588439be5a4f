// A real SMPP 3.4 peer for the connector's integration tests and the send benchmark: the smpp package's
// server does the framing, this file plays the SMSC (binds, submits, receipts, MO, and the faults).
import type { Server as NetServer } from 'node:net';
import smpp, { type PDU, type Session } from 'smpp';

export interface SmscOptions {
  /** Bind check: a wrong system_id or password gets ESME_RBINDFAIL and the connection is closed. */
  systemId?: string;
  password?: string;
  /** message_id format in submit_sm_resp: 'hex' upper-case (default) or 'decimal'. */
  idFormat?: 'hex' | 'decimal';
  /**
   * Message id format in receipts (both the text's `id:` and the receipted_message_id TLV): the same string
   * as submit_sm_resp (default), 'decimal', or 'hex-padded-lower' (8 digits, e.g. '00001000').
   */
  receiptIdFormat?: 'same' | 'decimal' | 'hex-padded-lower';
  /** Send a delivery receipt for submits asking for one (registered_delivery & 3: 1 always, 2 on failure). */
  receipts?: boolean;
  /** Add the receipted_message_id and message_state TLVs to receipts. */
  receiptTlvs?: boolean;
  /** Receipt stat per destination number (default DELIVRD). */
  receiptStat?: (destination: string) => string;
  /** 'after' the submit_sm_resp (default), 'before' it, or 'hold' until releaseReceipts(). */
  receiptTiming?: 'after' | 'before' | 'hold';
  /**
   * The first message id handed out (default 0x1000). Simulators started one after the other on
   * one database must not repeat ids, as a real SMSC does not within minutes: a receipt whose id
   * an earlier simulator gave to a part is taken for a repeat of that part's.
   */
  firstMessageId?: number;
}

export interface Concat {
  ref: number;
  total: number;
  seq: number;
}

export interface SubmittedMessage {
  messageId: string;
  systemId: string;
  sessionIndex: number;
  sourceAddr: string;
  destinationAddr: string;
  esmClass: number;
  dataCoding: number;
  registeredDelivery: number;
  /** The exact bytes of short_message, UDH included (message_payload's when short_message is empty). */
  shortMessage: Buffer;
  /** Concatenation from the sar_* TLVs, when the ESME used them instead of a UDH. */
  sar: Concat | null;
  at: number;
}

type BindType = 'transceiver' | 'transmitter' | 'receiver';

const BIND_TYPES: Record<string, BindType> = {
  bind_transceiver: 'transceiver',
  bind_transmitter: 'transmitter',
  bind_receiver: 'receiver',
};

// SMPP 3.4 section 5.2.28 message_state values, keyed by the receipt's stat word.
const MESSAGE_STATES: Record<string, number> = {
  ENROUTE: 1,
  DELIVRD: 2,
  EXPIRED: 3,
  DELETED: 4,
  UNDELIV: 5,
  ACCEPTD: 6,
  UNKNOWN: 7,
  REJECTD: 8,
};

const ESME_RINVCMDID = 0x03;
const ESME_RINVBNDSTS = 0x04;
const ESME_RALYBND = 0x05;
const ESME_RSYSERR = 0x08;
const ESME_RBINDFAIL = 0x0d;
const ESM_UDHI = 0x40;
const ESM_RECEIPT = 0x04;
const FIRST_MESSAGE_ID = 0x1000;

/** What is waiting for a deliver_sm_resp (or generic_nack) on one session. */
interface Pending {
  settle(status: number): void;
  /** The session closed first. */
  drop(): void;
}

interface Peer {
  index: number;
  session: Session;
  bindType: BindType | null;
  systemId: string;
  open: boolean;
  inflight: Map<number, Pending>;
  /** The last chunk the package read off the socket: the PDU being emitted (see captureReads). */
  lastRead: Buffer | null;
}

interface Receipt {
  systemId: string;
  receiptId: string;
  /** The submit's addresses; the receipt swaps them. */
  sourceAddr: string;
  destinationAddr: string;
  stat: string;
  text: string;
  submittedAt: number;
  /** Set by releaseReceipts to learn when the receipt was answered (or could not be sent now). */
  done?: () => void;
}

/**
 * An SMSC on 127.0.0.1. Raw short_message bytes: the package decodes short_message through data_coding
 * (lossy for GSM), so each session's `socket.read` is wrapped to keep the last chunk it returned. The
 * package reads a PDU as `read(4)` then `read(length - 4)` and emits 'pdu' synchronously right after, so
 * inside the 'pdu' handler that chunk is exactly the PDU's bytes after command_length, which
 * parseSubmit walks; its sequence number is checked against the decoded PDU's.
 */
export class SmscSimulator {
  readonly port: number;
  readonly submitted: SubmittedMessage[] = [];
  readonly received = new Map<string, number>();
  private readonly server: NetServer;
  private readonly options: SmscOptions;
  private readonly peers = new Set<Peer>();
  private readonly failDestinations = new Map<string, number>();
  /** Receipts waiting for a receiver of their system id to bind, per system id. */
  private readonly queued = new Map<string, Receipt[]>();
  private heldReceipts: Receipt[] = [];
  private nextPeerIndex = 0;
  private nextMessageId = FIRST_MESSAGE_ID;
  private nextMoRef = 1;
  private roundRobin = 0;
  private failCount = 0;
  private failStatus = 0;
  private stalled: { dropAfter: number | undefined; held: number } | null = null;
  private ignoringEnquireLinks = false;
  private refusingBinds = false;
  private sent = 0;
  private acked = 0;
  private closing: Promise<void> | null = null;

  private constructor(server: NetServer, port: number, options: SmscOptions) {
    this.server = server;
    this.port = port;
    this.options = options;
    this.nextMessageId = options.firstMessageId ?? FIRST_MESSAGE_ID;
  }

  /** Listens on 127.0.0.1:`port` (0: a free port). */
  static async start(options: SmscOptions = {}, port = 0): Promise<SmscSimulator> {
    let sim: SmscSimulator | null = null;
    const server = smpp.createServer((session) => sim?.accept(session));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('SMSC simulator has no TCP port');
    sim = new SmscSimulator(server, address.port, options);
    return sim;
  }

  /** Deliver_sm receipt transmissions so far, re-sends after a dropped session included. */
  get receiptsSent(): number {
    return this.sent;
  }

  /** Receipts answered with deliver_sm_resp (any status). */
  get receiptsAcked(): number {
    return this.acked;
  }

  sessions(): Array<{ index: number; bindType: BindType; systemId: string }> {
    const bound: Array<{ index: number; bindType: BindType; systemId: string }> = [];
    for (const peer of this.peers) {
      if (peer.open && peer.bindType) {
        bound.push({ index: peer.index, bindType: peer.bindType, systemId: peer.systemId });
      }
    }
    return bound;
  }

  failNext(n: number, status: number): void {
    this.failCount = n;
    this.failStatus = status;
  }

  failDestination(destination: string, status: number): void {
    this.failDestinations.set(destination, status);
  }

  /**
   * Swallow submit_sm (never accepted nor answered; resume() does not answer them later). With dropAfter,
   * every connection is closed once that many are held, and the stall ends there: a restarted SMSC
   * answers the resubmits.
   */
  stall(options: { dropAfter?: number } = {}): void {
    this.stalled = { dropAfter: options.dropAfter, held: 0 };
  }

  resume(): void {
    this.stalled = null;
  }

  dropConnections(): void {
    // Marked closed first so receipts re-dispatched from the 'close' handlers skip the dying sessions.
    const peers = [...this.peers];
    for (const peer of peers) peer.open = false;
    for (const peer of peers) peer.session.destroy();
  }

  ignoreEnquireLinks(on: boolean): void {
    this.ignoringEnquireLinks = on;
  }

  refuseBinds(on: boolean): void {
    this.refusingBinds = on;
  }

  /**
   * Sends an MO to a bound receiver or transceiver (round-robin) and resolves with each part's
   * deliver_sm_resp command_status, in the order sent. Concatenation uses an 8-bit-ref UDH, or the sar_*
   * TLVs when `sar` is set.
   */
  async sendMo(mo: {
    from: string;
    to: string;
    text: string;
    parts?: number;
    order?: number[];
    ref?: number;
    sar?: boolean;
  }): Promise<number[]> {
    const peer = this.pickReceiver(null);
    if (!peer) throw new Error('SMSC simulator: no receiver or transceiver bound for the MO');
    const total = mo.parts ?? 1;
    const chars = Array.from(mo.text);
    if (total < 1 || total > 255 || chars.length < total)
      throw new Error(`cannot split MO into ${total} parts`);
    const order = mo.order ?? Array.from({ length: total }, (_, i) => i + 1);
    const size = Math.ceil(chars.length / total);
    const gsm = GSM_SAFE_ASCII.test(mo.text);
    const ref = (mo.ref ?? this.nextMoRef++) & 0xff;
    const pdus = order.map((seq) => {
      if (!Number.isInteger(seq) || seq < 1 || seq > total)
        throw new Error(`MO part ${seq} is not in 1..${total}`);
      const piece = chars.slice((seq - 1) * size, seq * size).join('');
      const body = gsm ? Buffer.from(piece, 'latin1') : Buffer.from(piece, 'utf16le').swap16();
      const concatenated = total > 1;
      const udh = concatenated && !mo.sar ? Buffer.from([5, 0, 3, ref, total, seq]) : null;
      const shortMessage = udh ? Buffer.concat([udh, body]) : body;
      if (shortMessage.length > 254) throw new Error(`MO part ${seq} is ${shortMessage.length} bytes`);
      const sar =
        concatenated && mo.sar
          ? { sar_msg_ref_num: ref, sar_total_segments: total, sar_segment_seqnum: seq }
          : {};
      return new smpp.PDU('deliver_sm', {
        source_addr: mo.from,
        destination_addr: mo.to,
        esm_class: udh ? ESM_UDHI : 0,
        data_coding: gsm ? 0 : 8,
        short_message: shortMessage,
        ...sar,
      });
    });
    return Promise.all(
      pdus.map(
        (pdu) =>
          new Promise<number>((resolve, reject) => {
            const drop = () => reject(new Error('SMSC simulator: MO session closed before deliver_sm_resp'));
            if (!this.transmit(peer, pdu, { settle: resolve, drop })) drop();
          }),
      ),
    );
  }

  /** Changes when receipts go out, from the next submit on. */
  setReceiptTiming(timing: 'after' | 'before' | 'hold'): void {
    this.options.receiptTiming = timing;
  }

  /**
   * Sends the receipts held by receiptTiming 'hold'. Resolves once each one sent now was answered (or its
   * session dropped); those queued for want of a bound receiver do not hold it up.
   */
  releaseReceipts(): Promise<void> {
    const held = this.heldReceipts;
    this.heldReceipts = [];
    return Promise.all(
      held.map(
        (receipt) =>
          new Promise<void>((resolve) => {
            receipt.done = resolve;
            this.dispatch(receipt);
          }),
      ),
    ).then(() => undefined);
  }

  waitFor(cond: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    return new Promise((resolve, reject) => {
      const check = () => {
        if (cond()) resolve();
        else if (Date.now() >= deadline)
          reject(new Error(`SMSC simulator: timed out after ${timeoutMs} ms: ${what}`));
        else setTimeout(check, 5);
      };
      check();
    });
  }

  close(): Promise<void> {
    this.closing ??= new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.dropConnections();
    });
    return this.closing;
  }

  private accept(session: Session): void {
    const peer: Peer = {
      index: this.nextPeerIndex++,
      session,
      bindType: null,
      systemId: '',
      open: true,
      inflight: new Map(),
      lastRead: null,
    };
    this.peers.add(peer);
    captureReads(peer);
    session.on('pdu', (pdu: PDU) => this.onPdu(peer, pdu));
    // Resets from clients that hang up are expected here; 'close' follows and does the cleanup.
    session.on('error', () => {});
    session.on('close', () => this.onClose(peer));
  }

  private onClose(peer: Peer): void {
    peer.open = false;
    this.peers.delete(peer);
    const pending = [...peer.inflight.values()];
    peer.inflight.clear();
    for (const p of pending) p.drop();
  }

  private onPdu(peer: Peer, pdu: PDU): void {
    // A dropped connection handles nothing more, even PDUs already read from its socket.
    if (!peer.open) return;
    this.received.set(pdu.command, (this.received.get(pdu.command) ?? 0) + 1);
    if (pdu.isResponse()) {
      const pending = peer.inflight.get(pdu.sequence_number);
      if (pending) {
        peer.inflight.delete(pdu.sequence_number);
        pending.settle(pdu.command_status);
      }
      return;
    }
    const bindType = BIND_TYPES[pdu.command];
    if (bindType) {
      this.onBind(peer, pdu, bindType);
      return;
    }
    switch (pdu.command) {
      case 'submit_sm':
        this.onSubmit(peer, pdu);
        return;
      case 'enquire_link':
        if (!this.ignoringEnquireLinks) peer.session.send(pdu.response());
        return;
      case 'unbind':
        // No new receipts go to an unbinding session; the ones in flight are re-sent if it closes unanswered.
        peer.bindType = null;
        peer.session.send(pdu.response());
        peer.session.close();
        return;
      default:
        // pdu.response() answers an unknown command id with generic_nack ESME_RINVCMDID.
        peer.session.send(
          pdu.command === 'unknown' ? pdu.response() : pdu.response({ command_status: ESME_RINVCMDID }),
        );
    }
  }

  private onBind(peer: Peer, pdu: PDU, bindType: BindType): void {
    const { session } = peer;
    if (peer.bindType) {
      session.send(pdu.response({ command_status: ESME_RALYBND }));
      return;
    }
    const systemId = typeof pdu.system_id === 'string' ? pdu.system_id : '';
    const password = typeof pdu.password === 'string' ? pdu.password : '';
    const { systemId: wantedId, password: wantedPassword } = this.options;
    const refused =
      this.refusingBinds ||
      (wantedId !== undefined && systemId !== wantedId) ||
      (wantedPassword !== undefined && password !== wantedPassword);
    if (refused) {
      session.send(pdu.response({ command_status: ESME_RBINDFAIL }));
      session.close();
      return;
    }
    session.send(pdu.response({ system_id: 'omnigate-smsc-sim' }));
    peer.bindType = bindType;
    peer.systemId = systemId;
    if (bindType !== 'transmitter') this.flushQueued(systemId);
  }

  private onSubmit(peer: Peer, pdu: PDU): void {
    const { session } = peer;
    if (peer.bindType !== 'transceiver' && peer.bindType !== 'transmitter') {
      session.send(pdu.response({ command_status: ESME_RINVBNDSTS }));
      return;
    }
    if (this.stalled) {
      const stall = this.stalled;
      stall.held++;
      if (stall.dropAfter !== undefined && stall.held >= stall.dropAfter) {
        this.stalled = null;
        this.dropConnections();
      }
      return;
    }
    const raw = peer.lastRead;
    const fields =
      raw && raw.length >= 12 && raw.readUInt32BE(8) === pdu.sequence_number ? parseSubmit(raw) : null;
    if (!fields) {
      session.send(pdu.response({ command_status: ESME_RSYSERR }));
      return;
    }
    let status = 0;
    if (this.failCount > 0) {
      this.failCount--;
      status = this.failStatus;
    } else {
      status = this.failDestinations.get(fields.destinationAddr) ?? 0;
    }
    if (status !== 0) {
      session.send(pdu.response({ command_status: status }));
      return;
    }
    const n = this.nextMessageId++;
    const messageId = this.options.idFormat === 'decimal' ? String(n) : n.toString(16).toUpperCase();
    const message: SubmittedMessage = {
      messageId,
      systemId: peer.systemId,
      sessionIndex: peer.index,
      ...fields,
      at: Date.now(),
    };
    this.submitted.push(message);
    const receipt = this.receiptFor(message, n);
    const timing = this.options.receiptTiming ?? 'after';
    if (receipt && timing === 'before') this.dispatch(receipt);
    session.send(pdu.response({ message_id: messageId }));
    if (receipt && timing === 'after') this.dispatch(receipt);
    if (receipt && timing === 'hold') this.heldReceipts.push(receipt);
  }

  private receiptFor(m: SubmittedMessage, n: number): Receipt | null {
    if (this.options.receipts === false) return null;
    const stat = this.options.receiptStat?.(m.destinationAddr) ?? 'DELIVRD';
    const wanted = m.registeredDelivery & 3;
    if (wanted !== 1 && !(wanted === 2 && stat !== 'DELIVRD')) return null;
    const format = this.options.receiptIdFormat ?? 'same';
    const receiptId =
      format === 'decimal'
        ? String(n)
        : format === 'hex-padded-lower'
          ? n.toString(16).padStart(8, '0')
          : m.messageId;
    return {
      systemId: m.systemId,
      receiptId,
      sourceAddr: m.sourceAddr,
      destinationAddr: m.destinationAddr,
      stat,
      text: submittedText(m).text.slice(0, 20),
      submittedAt: m.at,
    };
  }

  /** Sends a receipt on a receiver of its system id, or queues it until one binds. */
  private dispatch(receipt: Receipt): void {
    const peer = this.pickReceiver(receipt.systemId);
    if (peer && this.sendReceipt(peer, receipt)) return;
    const queue = this.queued.get(receipt.systemId);
    if (queue) queue.push(receipt);
    else this.queued.set(receipt.systemId, [receipt]);
    receipt.done?.();
    receipt.done = undefined;
  }

  private flushQueued(systemId: string): void {
    const queue = this.queued.get(systemId);
    if (!queue) return;
    this.queued.delete(systemId);
    for (const receipt of queue) this.dispatch(receipt);
  }

  private sendReceipt(peer: Peer, r: Receipt): boolean {
    const delivered = r.stat === 'DELIVRD';
    const text =
      `id:${r.receiptId} sub:001 dlvrd:${delivered ? '001' : '000'} submit date:${receiptDate(r.submittedAt)}` +
      ` done date:${receiptDate(Date.now())} stat:${r.stat} err:000 text:${r.text.replace(NOT_GSM_SAFE, '?')}`;
    const tlvs =
      this.options.receiptTlvs === false
        ? {}
        : {
            receipted_message_id: r.receiptId,
            message_state: MESSAGE_STATES[r.stat] ?? MESSAGE_STATES.UNKNOWN,
          };
    const pdu = new smpp.PDU('deliver_sm', {
      source_addr: r.destinationAddr,
      destination_addr: r.sourceAddr,
      esm_class: ESM_RECEIPT,
      data_coding: 0,
      short_message: Buffer.from(text, 'latin1'),
      ...tlvs,
    });
    const sent = this.transmit(peer, pdu, {
      settle: () => {
        this.acked++;
        r.done?.();
        r.done = undefined;
      },
      // Like a real SMSC, a receipt not acknowledged before its session drops is delivered again later.
      drop: () => {
        r.done?.();
        r.done = undefined;
        this.dispatch(r);
      },
    });
    if (sent) this.sent++;
    return sent;
  }

  /** A bound receiver or transceiver (of systemId, unless null), taken round-robin. */
  private pickReceiver(systemId: string | null): Peer | null {
    const eligible: Peer[] = [];
    for (const peer of this.peers) {
      if (
        peer.open &&
        (peer.bindType === 'transceiver' || peer.bindType === 'receiver') &&
        (systemId === null || peer.systemId === systemId)
      ) {
        eligible.push(peer);
      }
    }
    if (eligible.length === 0) return null;
    return eligible[this.roundRobin++ % eligible.length] ?? null;
  }

  private transmit(peer: Peer, pdu: PDU, pending: Pending): boolean {
    if (!peer.open || !peer.session.send(pdu)) return false;
    peer.inflight.set(pdu.sequence_number, pending);
    return true;
  }
}

/** Keeps the last chunk the session's parser read, which is the PDU it emits next (class comment). */
function captureReads(peer: Peer): void {
  const socket = peer.session.socket;
  const read = socket.read.bind(socket);
  socket.read = (size?: number) => {
    const chunk: unknown = read(size);
    if (Buffer.isBuffer(chunk)) peer.lastRead = chunk;
    return chunk;
  };
}

type SubmitFields = Pick<
  SubmittedMessage,
  'sourceAddr' | 'destinationAddr' | 'esmClass' | 'dataCoding' | 'registeredDelivery' | 'shortMessage' | 'sar'
>;

/** Walks submit_sm's mandatory fields (SMPP 3.4 section 4.4.1) from just after command_length; null if malformed. */
function parseSubmit(pdu: Buffer): SubmitFields | null {
  let at = 12;
  const cstring = () => {
    const end = pdu.indexOf(0, at);
    if (end < 0) throw new RangeError('unterminated C-octet string');
    const value = pdu.toString('latin1', at, end);
    at = end + 1;
    return value;
  };
  const octet = () => {
    const value = pdu[at++];
    if (value === undefined) throw new RangeError('submit_sm too short');
    return value;
  };
  try {
    cstring(); // service_type
    at += 2; // source ton, npi
    const sourceAddr = cstring();
    at += 2; // dest ton, npi
    const destinationAddr = cstring();
    const esmClass = octet();
    at += 2; // protocol_id, priority_flag
    cstring(); // schedule_delivery_time
    cstring(); // validity_period
    const registeredDelivery = octet();
    at += 1; // replace_if_present_flag
    const dataCoding = octet();
    at += 1; // sm_default_msg_id
    const smLength = octet();
    // Copied so that a record does not pin the whole socket chunk it came in.
    let shortMessage = Buffer.from(pdu.subarray(at, at + smLength));
    at += smLength;
    let ref: number | null = null;
    let total: number | null = null;
    let seq: number | null = null;
    while (at + 4 <= pdu.length) {
      const tag = pdu.readUInt16BE(at);
      const value = pdu.subarray(at + 4, at + 4 + pdu.readUInt16BE(at + 2));
      at += 4 + value.length;
      if (tag === 0x0424 && smLength === 0) shortMessage = Buffer.from(value);
      else if (tag === 0x020c && value.length === 2) ref = value.readUInt16BE(0);
      else if (tag === 0x020e && value.length === 1) total = value[0] ?? null;
      else if (tag === 0x020f && value.length === 1) seq = value[0] ?? null;
    }
    const sar = ref !== null && total !== null && seq !== null ? { ref, total, seq } : null;
    return { sourceAddr, destinationAddr, esmClass, dataCoding, registeredDelivery, shortMessage, sar };
  } catch {
    return null;
  }
}

/** Characters whose GSM 03.38 code equals their ASCII code, so one byte string reads the same either way. */
const GSM_SAFE_ASCII = /^[A-Za-z0-9 \r\n!"#%&'()*+,\-./:;<=>?]*$/;
const NOT_GSM_SAFE = /[^A-Za-z0-9 \r\n!"#%&'()*+,\-./:;<=>?]/g;

/** GSM 03.38 default alphabet, indexed by septet; 0x1B is the escape to GSM_EXTENSION. */
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\x1bÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENSION: Record<number, string> = {
  10: '\f',
  20: '^',
  40: '{',
  41: '}',
  47: '\\',
  60: '[',
  61: '~',
  62: ']',
  64: '|',
  101: '€',
};

function decodeGsm(bytes: Buffer): string {
  let text = '';
  for (let i = 0; i < bytes.length; i++) {
    const septet = (bytes[i] ?? 0) & 0x7f;
    if (septet === 0x1b && i + 1 < bytes.length) {
      const next = (bytes[++i] ?? 0) & 0x7f;
      text += GSM_EXTENSION[next] ?? GSM_BASIC[next];
    } else {
      text += GSM_BASIC[septet];
    }
  }
  return text;
}

function decodeText(bytes: Buffer, dataCoding: number): string {
  switch (dataCoding) {
    case 0:
      return decodeGsm(bytes);
    case 8:
      return Buffer.from(bytes.subarray(0, bytes.length & ~1))
        .swap16()
        .toString('utf16le');
    default:
      // 1 (IA5/ASCII) and 3 (Latin-1) both read as Latin-1; other codings are not text the gateway sends.
      return bytes.toString('latin1');
  }
}

/** Concatenation information elements: 0x00 (8-bit ref) and 0x08 (16-bit ref), 3GPP TS 23.040 9.2.3.24. */
function concatFromUdh(udh: Buffer): Concat | null {
  let at = 0;
  while (at + 2 <= udh.length) {
    const iei = udh[at] ?? 0;
    const data = udh.subarray(at + 2, at + 2 + (udh[at + 1] ?? 0));
    at += 2 + data.length;
    if (iei === 0x00 && data.length === 3)
      return { ref: data[0] ?? 0, total: data[1] ?? 0, seq: data[2] ?? 0 };
    if (iei === 0x08 && data.length === 4)
      return { ref: data.readUInt16BE(0), total: data[2] ?? 0, seq: data[3] ?? 0 };
  }
  return null;
}

/** The text of a submitted message (UDH stripped) and its concatenation info, from the UDH or sar_* TLVs. */
export function submittedText(m: SubmittedMessage): { text: string; concat: Concat | null } {
  let body = m.shortMessage;
  let concat = m.sar;
  if (m.esmClass & ESM_UDHI && body.length > 0) {
    const udhLength = body[0] ?? 0;
    concat = concatFromUdh(body.subarray(1, 1 + udhLength)) ?? concat;
    body = body.subarray(1 + udhLength);
  }
  return { text: decodeText(body, m.dataCoding), concat };
}

/** YYMMDDhhmm in UTC, the receipt text's date format (SMPP 3.4 Appendix B). */
function receiptDate(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return (
    two(d.getUTCFullYear() % 100) +
    two(d.getUTCMonth() + 1) +
    two(d.getUTCDate()) +
    two(d.getUTCHours()) +
    two(d.getUTCMinutes())
  );
}
