import type { Logger } from 'pino';
import smpp from 'smpp';
import type { SmppConnectorConfig } from '../config.ts';
import { TEMPORARY_ERROR } from './deliver.ts';

export type BindRole = 'transceiver' | 'transmitter' | 'receiver';
export type BindState = 'down' | 'connecting' | 'bound' | 'stopped';

/** A submit_sm on the wire, waiting for its submit_sm_resp. */
export interface InFlight<T> {
  readonly job: T;
  readonly sentAt: number;
}

export interface BindEvents<T> {
  /** An incoming deliver_sm (receipt or MO); answers the command_status to reply with. */
  deliver(pdu: smpp.PDU): Promise<number>;
  /** The SMSC's answer to a submit_sm (a generic_nack counts as one). */
  answered(job: T, resp: smpp.PDU): void;
  /**
   * Submissions that were on the wire when the connection ended, never answered. SMPP 3.4 gives
   * no way to ask whether the SMSC took them; an SMSC answers what it has taken, so the connector
   * submits them again (docs/connectors.md).
   */
  lost(jobs: T[]): void;
  /** Bound, dropped, window freed: the connector may send more. */
  changed(): void;
}

const BIND_COMMAND = {
  transceiver: 'bind_transceiver',
  transmitter: 'bind_transmitter',
  receiver: 'bind_receiver',
} as const;

/**
 * One SMPP session to an SMSC: connects, binds, keeps the link alive with enquire_link, and
 * reconnects with backoff after any drop. Submissions go through `submit` while the window
 * has room; their answers, and those lost with a dropped link, go back through `events`.
 */
export class SmppBind<T> {
  state: BindState = 'down';
  readonly #inFlight = new Map<number, InFlight<T>>();
  #session: smpp.Session | null = null;
  #failures = 0;
  #retryTimer: NodeJS.Timeout | null = null;
  #tick: NodeJS.Timeout | null = null;
  #lastEnquire = 0;
  #enquireSentAt: number | null = null;
  #boundTimes = 0;
  #corked = false;

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

  /** Bound, able to submit, and with room in its window. */
  get ready(): boolean {
    return this.state === 'bound' && this.role !== 'receiver' && this.#inFlight.size < this.cfg.window;
  }

  start(): void {
    if (this.state !== 'down' || this.#retryTimer) return;
    this.#connect();
  }

  /**
   * PDUs written in one tick leave in one write: a syscall per submit_sm (and per
   * deliver_sm_resp) cost more than encoding them.
   */
  #cork(session: smpp.Session): void {
    if (this.#corked) return;
    this.#corked = true;
    session.socket.cork();
    process.nextTick(() => {
      this.#corked = false;
      session.socket.uncork();
    });
  }

  submit(job: T, fields: Record<string, unknown>): void {
    const session = this.#session;
    if (!session || this.state !== 'bound') throw new Error('bind is not bound');
    this.#cork(session);
    const pdu = new smpp.PDU('submit_sm', fields);
    const ok = session.send(pdu, (resp) => {
      if (session !== this.#session) return;
      const f = this.#inFlight.get(resp.sequence_number);
      if (!f) return;
      this.#inFlight.delete(resp.sequence_number);
      this.events.answered(f.job, resp);
      this.events.changed();
    });
    if (!ok) {
      // The socket closed under us: the job was never written.
      this.events.lost([job]);
      return;
    }
    this.#inFlight.set(pdu.sequence_number, { job, sentAt: Date.now() });
  }

  /** Unbinds (answers to what is in flight are awaited up to the response timeout), then closes. */
  async stop(): Promise<void> {
    const session = this.#session;
    const was = this.state;
    this.state = 'stopped';
    if (this.#retryTimer) clearTimeout(this.#retryTimer);
    this.#retryTimer = null;
    if (!session) return;
    const deadline = Date.now() + this.cfg.responseTimeoutSeconds * 1000;
    while (this.#inFlight.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    if (was === 'bound') {
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, Math.min(1000, this.cfg.responseTimeoutSeconds * 1000));
        const sent = session.unbind({}, () => {
          clearTimeout(t);
          resolve();
        });
        if (!sent) {
          clearTimeout(t);
          resolve();
        }
      });
    }
    session.destroy();
    this.#closed(session);
  }

  #connect(): void {
    this.#retryTimer = null;
    if (this.state === 'stopped') return;
    this.state = 'connecting';
    const session = smpp.connect({ host: this.cfg.host, port: this.cfg.port });
    this.#session = session;
    session.socket.setNoDelay(true);
    session.on('error', (err: Error) => {
      if (session !== this.#session) return;
      this.logger.warn({ connector: this.cfg.name, bind: this.index, err: err.message }, 'SMPP link error');
      session.destroy();
    });
    session.on('close', () => this.#closed(session));
    session.on('connect', () => {
      if (session !== this.#session) return;
      const cmd = BIND_COMMAND[this.role];
      const pdu = new smpp.PDU(cmd, {
        system_id: this.cfg.systemId,
        password: this.cfg.password,
        system_type: this.cfg.systemType,
        interface_version: 0x34,
        addr_ton: this.cfg.sourceAddr.ton,
        addr_npi: this.cfg.sourceAddr.npi,
        address_range: '',
      });
      const timer = setTimeout(() => {
        if (session === this.#session && this.state === 'connecting') session.destroy();
      }, this.cfg.responseTimeoutSeconds * 1000);
      session.send(pdu, (resp) => {
        clearTimeout(timer);
        if (session !== this.#session) return;
        if (resp.command_status !== 0) {
          this.logger.error(
            { connector: this.cfg.name, bind: this.index, status: resp.command_status },
            'SMPP bind refused',
          );
          session.destroy();
          return;
        }
        this.#boundTimes += 1;
        this.#failures = 0;
        this.state = 'bound';
        this.#lastEnquire = Date.now();
        this.logger.info({ connector: this.cfg.name, bind: this.index, role: this.role }, 'SMPP bound');
        this.#tick = setInterval(() => this.#check(session), this.#tickMs());
        this.events.changed();
      });
    });
    session.on('pdu', (pdu: smpp.PDU) => this.#incoming(session, pdu));
  }

  #tickMs(): number {
    const ms = Math.min(this.cfg.enquireLinkSeconds, this.cfg.responseTimeoutSeconds) * 250;
    return Math.max(5, Math.min(1000, ms));
  }

  /** Keep-alive and the response timer: a link that stops answering is closed and rebuilt. */
  #check(session: smpp.Session): void {
    if (session !== this.#session || this.state !== 'bound') return;
    const now = Date.now();
    const timeout = this.cfg.responseTimeoutSeconds * 1000;
    const oldest = this.#inFlight.values().next();
    const enquireLate = this.#enquireSentAt !== null && now - this.#enquireSentAt > timeout;
    if ((!oldest.done && now - oldest.value.sentAt > timeout) || enquireLate) {
      this.logger.warn({ connector: this.cfg.name, bind: this.index }, 'SMPP peer stopped answering');
      session.destroy();
      return;
    }
    if (this.#enquireSentAt === null && now - this.#lastEnquire >= this.cfg.enquireLinkSeconds * 1000) {
      this.#lastEnquire = now;
      this.#enquireSentAt = now;
      session.enquire_link({}, () => {
        this.#enquireSentAt = null;
      });
    }
  }

  #incoming(session: smpp.Session, pdu: smpp.PDU): void {
    if (session !== this.#session) return;
    switch (pdu.command) {
      case 'enquire_link':
        session.send(pdu.response());
        return;
      case 'deliver_sm':
      case 'data_sm':
        this.events.deliver(pdu).then(
          (status) => {
            this.#cork(session);
            session.send(pdu.response({ command_status: status }));
          },
          (err: unknown) => {
            this.logger.error(
              { connector: this.cfg.name, err },
              'deliver_sm not taken; the SMSC will resend',
            );
            // ESME_RX_T_APPN: a temporary refusal, the SMSC delivers it again later.
            session.send(pdu.response({ command_status: TEMPORARY_ERROR }));
          },
        );
        return;
      case 'unbind':
        session.send(pdu.response());
        session.close();
        return;
      default:
        if (!pdu.isResponse())
          session.send(
            new smpp.PDU('generic_nack', { sequence_number: pdu.sequence_number, command_status: 0x03 }),
          );
    }
  }

  #closed(session: smpp.Session): void {
    if (session !== this.#session) return;
    this.#session = null;
    if (this.#tick) clearInterval(this.#tick);
    this.#tick = null;
    this.#enquireSentAt = null;
    const lost = [...this.#inFlight.values()].map((f) => f.job);
    this.#inFlight.clear();
    if (this.state !== 'stopped') {
      if (this.state === 'bound')
        this.logger.warn(
          { connector: this.cfg.name, bind: this.index, inFlight: lost.length },
          'SMPP link dropped',
        );
      this.state = 'down';
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
