import { connect, type Socket } from 'node:net';
import type { Logger } from 'pino';
import type { SmppConnectorConfig } from '../config.ts';
import { TEMPORARY_ERROR } from './deliver.ts';
import { statusName } from './status.ts';
import {
  CMD,
  type DeliverSm,
  decodeDeliverSm,
  decodeIdBody,
  encodeBind,
  encodeDeliverSmResp,
  encodeEmpty,
  encodeSubmitSm,
  FrameReader,
  header,
  type SubmitSmFields,
} from './wire.ts';

export type BindRole = 'transceiver' | 'transmitter' | 'receiver';
export type BindState = 'down' | 'connecting' | 'bound' | 'stopped';

/** A submit_sm on the wire, waiting for its submit_sm_resp. */
interface InFlight<T> {
  readonly job: T;
  readonly sentAt: number;
  /** performance.now() at the write, for the window's occupancy (sub-millisecond). */
  readonly sentPerf: number;
}

export interface BindEvents<T> {
  /** An incoming deliver_sm (receipt or MO); answers the command_status to reply with. */
  deliver(d: DeliverSm): Promise<number>;
  /** The SMSC's answer to a submit_sm (a generic_nack counts as one); messageId when status is 0. */
  answered(job: T, status: number, messageId: string): void;
  /**
   * Submissions that were on the wire when the connection ended, never answered. SMPP 3.4 gives
   * no way to ask whether the SMSC took them; an SMSC answers what it has taken, so the connector
   * submits them again (docs/connectors.md).
   */
  lost(jobs: T[]): void;
  /** Bound, dropped, window freed: the connector may send more. */
  changed(): void;
}

const BIND = {
  transceiver: [CMD.bind_transceiver, CMD.bind_transceiver_resp],
  transmitter: [CMD.bind_transmitter, CMD.bind_transmitter_resp],
  receiver: [CMD.bind_receiver, CMD.bind_receiver_resp],
} as const;

/** ESME_RINVCMDID: a request this ESME does not take. ESME_RINVCMDLEN: a PDU it cannot read. */
const INVALID_COMMAND = 0x03;
const INVALID_LENGTH = 0x02;
/** ESME_RBINDFAIL, ESME_RINVPASWD, ESME_RINVSYSID: the credentials, most likely. */
const BIND_FAILED = 0x0d;
const INVALID_PASSWORD = 0x0e;
const INVALID_SYSTEM_ID = 0x0f;
/** A link up this long, and not closed for silence, counts as working (the backoff starts over). */
const HEALTHY_MS = 60_000;

/**
 * One SMPP session to an SMSC: connects, binds, keeps the link alive with enquire_link, and
 * reconnects with backoff after any drop. Submissions go through `submit` while the window has
 * room; their answers, and those lost with a dropped link, go back through `events`. PDUs are
 * read and written by wire.ts: the hot path (submit_sm out, its answer and the receipt in) is a
 * few buffer reads and writes per message.
 */
export class SmppBind<T> {
  state: BindState = 'down';
  readonly #inFlight = new Map<number, InFlight<T>>();
  #socket: Socket | null = null;
  #seq = 0;
  #failures = 0;
  #boundTimes = 0;
  #corked = false;
  #retryTimer: NodeJS.Timeout | null = null;
  #tick: NodeJS.Timeout | null = null;
  #lastEnquire = 0;
  #enquireSentAt: number | null = null;
  #bindSentAt = 0;
  #boundAt = 0;
  /** The SMSC answered a submit_sm on this link: it is really working, not only bound. */
  #answered = false;
  /** This link was closed for leaving a request unanswered. */
  #timedOut = false;
  #unbound: (() => void) | null = null;

  constructor(
    readonly cfg: SmppConnectorConfig,
    readonly role: BindRole,
    readonly index: number,
    readonly events: BindEvents<T>,
    readonly logger: Logger,
  ) {}

  /** Binds after the first: how often the link was rebuilt (metrics). */
  get reconnects(): number {
    return Math.max(0, this.#boundTimes - 1);
  }

  get inFlight(): number {
    return this.#inFlight.size;
  }

  /**
   * How long answered submit_sm held their window slots in all, in ms: from the write to the
   * answer being taken here. Beyond the SMSC's round trip it holds whatever kept this event loop
   * from reading the answer (bench/smpp prints it per submit).
   */
  heldMs = 0;
  /** submit_sm answered on this link (any status), the count heldMs is over. */
  answers = 0;

  /** Bound, able to submit, and with room in its window. */
  get ready(): boolean {
    return this.state === 'bound' && this.role !== 'receiver' && this.#inFlight.size < this.cfg.window;
  }

  start(): void {
    if (this.state !== 'down' || this.#retryTimer) return;
    this.#connect();
  }

  submit(job: T, fields: SubmitSmFields): void {
    const socket = this.#socket;
    if (!socket || this.state !== 'bound') throw new Error('bind is not bound');
    const seq = this.#nextSeq();
    this.#inFlight.set(seq, { job, sentAt: Date.now(), sentPerf: performance.now() });
    this.#write(socket, encodeSubmitSm(seq, fields));
  }

  /** Unbinds (answers to what is in flight are awaited up to the response timeout), then closes. */
  async stop(): Promise<void> {
    const socket = this.#socket;
    const was = this.state;
    this.state = 'stopped';
    if (this.#retryTimer) clearTimeout(this.#retryTimer);
    this.#retryTimer = null;
    if (!socket) return;
    const timeout = this.cfg.responseTimeoutSeconds * 1000;
    const deadline = Date.now() + timeout;
    while (this.#inFlight.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    if (was === 'bound' && !socket.destroyed) {
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, Math.min(1000, timeout));
        this.#unbound = () => {
          clearTimeout(t);
          resolve();
        };
        this.#write(socket, encodeEmpty(CMD.unbind, this.#nextSeq()));
      });
    }
    socket.destroy();
    this.#closed(socket);
  }

  #nextSeq(): number {
    this.#seq = this.#seq >= 0x7fffffff ? 1 : this.#seq + 1;
    return this.#seq;
  }

  /**
   * PDUs written in one tick leave in one write: a syscall per submit_sm (and per
   * deliver_sm_resp) cost more than encoding them.
   */
  #write(socket: Socket, pdu: Buffer): void {
    if (socket.destroyed) return;
    if (!this.#corked) {
      this.#corked = true;
      socket.cork();
      process.nextTick(() => {
        this.#corked = false;
        socket.uncork();
      });
    }
    socket.write(pdu);
  }

  #connect(): void {
    this.#retryTimer = null;
    if (this.state === 'stopped') return;
    this.state = 'connecting';
    const socket = connect({ host: this.cfg.host, port: this.cfg.port });
    this.#socket = socket;
    this.#corked = false;
    socket.setNoDelay(true);
    const reader = new FrameReader();
    socket.on('error', (err: Error) => {
      if (socket !== this.#socket) return;
      this.logger.warn({ connector: this.cfg.name, bind: this.index, err: err.message }, 'SMPP link error');
    });
    socket.on('close', () => this.#closed(socket));
    socket.on('data', (chunk: Buffer) => {
      let pdus: Buffer[];
      try {
        pdus = reader.push(chunk);
      } catch (err) {
        this.logger.error({ connector: this.cfg.name, bind: this.index, err }, 'SMPP stream unreadable');
        socket.destroy();
        return;
      }
      for (const pdu of pdus) this.#incoming(socket, pdu);
    });
    socket.on('connect', () => {
      if (socket !== this.#socket) return;
      const [command] = BIND[this.role];
      this.#bindSentAt = Date.now();
      this.#tick = setInterval(() => this.#check(socket), this.#tickMs());
      this.#write(
        socket,
        encodeBind(command, this.#nextSeq(), {
          systemId: this.cfg.systemId,
          password: this.cfg.password,
          systemType: this.cfg.systemType,
          interfaceVersion: 0x34,
          addrTon: this.cfg.sourceAddr.ton,
          addrNpi: this.cfg.sourceAddr.npi,
          addressRange: '',
        }),
      );
    });
  }

  #tickMs(): number {
    const ms = Math.min(this.cfg.enquireLinkSeconds, this.cfg.responseTimeoutSeconds) * 250;
    return Math.max(5, Math.min(1000, ms));
  }

  /** Keep-alive and the response timer: a link that stops answering is closed and rebuilt. */
  #check(socket: Socket): void {
    if (socket !== this.#socket) return;
    const now = Date.now();
    const timeout = this.cfg.responseTimeoutSeconds * 1000;
    if (this.state === 'connecting') {
      if (now - this.#bindSentAt > timeout) {
        this.logger.warn({ connector: this.cfg.name, bind: this.index }, 'SMPP bind not answered');
        socket.destroy();
      }
      return;
    }
    if (this.state !== 'bound') return;
    const oldest = this.#inFlight.values().next();
    const enquireLate = this.#enquireSentAt !== null && now - this.#enquireSentAt > timeout;
    if ((!oldest.done && now - oldest.value.sentAt > timeout) || enquireLate) {
      this.#timedOut = true;
      this.logger.warn({ connector: this.cfg.name, bind: this.index }, 'SMPP peer stopped answering');
      socket.destroy();
      return;
    }
    if (this.#enquireSentAt === null && now - this.#lastEnquire >= this.cfg.enquireLinkSeconds * 1000) {
      this.#lastEnquire = now;
      this.#enquireSentAt = now;
      this.#write(socket, encodeEmpty(CMD.enquire_link, this.#nextSeq()));
    }
  }

  #bound(socket: Socket, status: number): void {
    if (this.state !== 'connecting') return;
    if (status !== 0) {
      this.logger.error(
        {
          connector: this.cfg.name,
          bind: this.index,
          status: `${statusName(status)} (0x${status.toString(16)})`,
        },
        status === BIND_FAILED || status === INVALID_PASSWORD || status === INVALID_SYSTEM_ID
          ? 'SMPP bind refused: check systemId, password and systemType with the carrier'
          : 'SMPP bind refused',
      );
      socket.destroy();
      return;
    }
    this.#boundTimes += 1;
    this.#boundAt = Date.now();
    this.#answered = false;
    this.state = 'bound';
    this.#lastEnquire = Date.now();
    this.logger.info({ connector: this.cfg.name, bind: this.index, role: this.role }, 'SMPP bound');
    this.events.changed();
  }

  #incoming(socket: Socket, pdu: Buffer): void {
    if (socket !== this.#socket) return;
    const h = header(pdu);
    switch (h.id) {
      case CMD.submit_sm_resp:
      case CMD.generic_nack: {
        const f = this.#inFlight.get(h.seq);
        if (!f) return;
        this.#inFlight.delete(h.seq);
        this.heldMs += performance.now() - f.sentPerf;
        this.answers += 1;
        this.#answered = true;
        this.events.answered(f.job, h.status, h.status === 0 ? decodeIdBody(pdu) : '');
        this.events.changed();
        return;
      }
      case CMD.deliver_sm:
      case CMD.data_sm: {
        let d: DeliverSm;
        try {
          d = decodeDeliverSm(pdu);
        } catch (err) {
          this.logger.warn({ connector: this.cfg.name, err }, 'SMPP deliver_sm unreadable');
          this.#write(socket, encodeEmpty(CMD.generic_nack, h.seq, INVALID_LENGTH));
          return;
        }
        const answer = (status: number) =>
          this.#write(
            socket,
            h.id === CMD.deliver_sm
              ? encodeDeliverSmResp(h.seq, status)
              : encodeEmpty(CMD.data_sm_resp, h.seq, status),
          );
        this.events.deliver(d).then(answer, (err: unknown) => {
          this.logger.error({ connector: this.cfg.name, err }, 'deliver_sm not taken; the SMSC will resend');
          // ESME_RX_T_APPN: a temporary refusal, the SMSC delivers it again later.
          answer(TEMPORARY_ERROR);
        });
        return;
      }
      case CMD.enquire_link:
        this.#write(socket, encodeEmpty(CMD.enquire_link_resp, h.seq));
        return;
      case CMD.enquire_link_resp:
        this.#enquireSentAt = null;
        return;
      case CMD.unbind:
        this.#write(socket, encodeEmpty(CMD.unbind_resp, h.seq));
        // Not bound from here: nothing more may be submitted on a link the SMSC is closing.
        if (this.state === 'bound') this.state = 'down';
        socket.end();
        return;
      case CMD.unbind_resp:
        this.#unbound?.();
        return;
      case BIND[this.role][1]:
        this.#bound(socket, h.status);
        return;
      default:
        // A request this ESME does not take gets generic_nack; an unexpected answer is dropped.
        if ((h.id & 0x80000000) === 0)
          this.#write(socket, encodeEmpty(CMD.generic_nack, h.seq, INVALID_COMMAND));
    }
  }

  #closed(socket: Socket): void {
    if (socket !== this.#socket) return;
    this.#socket = null;
    if (this.#tick) clearInterval(this.#tick);
    this.#tick = null;
    this.#enquireSentAt = null;
    this.#unbound = null;
    const lost = [...this.#inFlight.values()].map((f) => f.job);
    this.#inFlight.clear();
    if (this.state !== 'stopped') {
      if (this.state === 'bound')
        this.logger.warn(
          { connector: this.cfg.name, bind: this.index, inFlight: lost.length },
          'SMPP link dropped',
        );
      this.state = 'down';
      // The backoff starts again only after a link that worked: one that binds and then stops
      // answering, again and again, must not be rebuilt at the shortest delay for ever.
      const longUp = this.#boundAt > 0 && Date.now() - this.#boundAt > HEALTHY_MS;
      const worked = this.#answered || (longUp && !this.#timedOut);
      if (worked) this.#failures = 0;
      this.#boundAt = 0;
      this.#answered = false;
      this.#timedOut = false;
      this.#failures += 1;
      const cap = this.cfg.reconnectSeconds.max * 1000;
      const delay = Math.min(
        cap,
        this.cfg.reconnectSeconds.min * 1000 * 2 ** Math.min(this.#failures - 1, 20),
      );
      this.#retryTimer = setTimeout(() => this.#connect(), delay);
    }
    if (lost.length > 0) this.events.lost(lost);
    this.events.changed();
  }
}
