import type { Ctx } from '../context.ts';

/** The five channels a messageFlow entry can hold. */
export type Channel = 'sms' | 'mms' | 'infomsg' | 'rcs' | 'brandmessage';
export const CHANNELS: readonly Channel[] = ['sms', 'mms', 'infomsg', 'rcs', 'brandmessage'];

/** One message at one messageFlow step, as a connector receives it: substitution already done. */
export interface OutboundMessage {
  msgKey: string;
  /** The messageFlow index; (msgKey, step) identifies a submission: a retried one is not delivered twice. */
  step: number;
  accountId: string;
  channel: Channel;
  /** SM, LM, MM (sms/mms); AT, AI (infomsg); RCS and brand message types as sent. */
  msgType: string;
  to: string;
  /** True for an E.164 number whose country code is not 82. */
  international: boolean;
  from: string | null;
  title: string | null;
  /** The text that reaches the handset, after `#{key}` substitution. */
  text: string;
  /** The channel object after substitution (buttons, senderKey, targeting, body, fileKey ...). */
  payload: Record<string, unknown>;
  /** Gateway-clock time of the submission. */
  submittedAt: number;
  /**
   * The step as the client gave it, before substitution, for a connector that hands messages on
   * to a provider speaking this same API (upstream): it sends the channel object and each
   * recipient's values, and the provider substitutes, so one request carries many recipients.
   */
  source?: StepSource;
}

export interface StepSource {
  /** Messages of one request at one step share their channel object: they may share a request. */
  requestId: string;
  /** The channel object of the messageFlow entry (keywords not substituted). */
  payload: Record<string, unknown>;
  /** The recipient's replaceWords and variable-separation objects, as given; null when none. */
  vars: Readonly<Record<string, unknown>> | null;
  /** The step carries a secret (a 2FA code): what holds it is sealed at rest. */
  sealed: boolean;
}

/** What the network said about a message, now (in the submit answer) or later (a receipt). */
export interface DeliveryResult {
  /** true: delivered (or, for `push`, accepted as delivered). */
  delivered: boolean;
  /** The failure's report code (ignored when delivered). */
  code: string;
  text: string;
  carrier: string | null;
  /** Gateway-clock time of the result. */
  at: number;
}

export type SubmitOutcome =
  /**
   * Taken by the network, with its own message id; `result` when the outcome is known at once.
   * `early`: that result is also stored as an early receipt, which the commit using it deletes.
   * `stored`, with a result the network awaits an acknowledgement of (an SMPP receipt held during
   * the submission): called once the engine committed the outcome (true) or did not (false).
   */
  | {
      kind: 'accepted';
      networkId: string;
      result?: DeliveryResult;
      early?: boolean;
      stored?: (ok: boolean) => void;
    }
  /** Another pass is submitting this message right now: this pass leaves it alone. */
  | { kind: 'skipped' }
  /** Refused: `retryable` for throttling and queue-full (retried with backoff), not for a bad number. */
  | {
      kind: 'rejected';
      code: string;
      text: string;
      retryable: boolean;
      /** Retryable: the network asked for at least this long before the next try (Retry-After). */
      retryAfterMs?: number;
      /**
       * The network may have taken it all the same (its answer was lost, or a repeat of a request
       * it may have taken was refused): no failover, since the next step could deliver it twice.
       * Final, or once the retries run out, the message ends `uncertain` with this code.
       */
      uncertain?: boolean;
    };

/** Where connectors hand what arrives later: receipts, matched through the store, and MO messages. */
/** An MO message as a connector hands it over. */
export interface InboundMo {
  /** The MO number the handset sent to: an account's registered sender number. */
  to: string;
  /** The number the sender entered; the device number unless the sender typed another. */
  from: string;
  content: string;
  /** Carrier code of the sending handset; "" when the network does not say. */
  carrier?: string | undefined;
  /** The device that sent it; `from` when not given. */
  originator?: string | undefined;
  /** Gateway-clock time the handset sent it (epoch ms); the arrival time when not given. */
  occurredAt?: number | undefined;
  /** The connector it came through (`sandbox`, `smpp-...`). */
  connector: string;
  /** The network's own id of this MO: a second hand-over with the same id is the same MO. */
  networkId?: string | undefined;
}

export interface ConnectorSink {
  deliveryResult(connector: string, networkId: string, result: DeliveryResult): Promise<void>;
  /**
   * Many results in one transaction. Answers the ids it found no submission for: they are held
   * for the submission's record (a receipt that overtook it) and settled when it comes.
   */
  deliveryResults(
    connector: string,
    batch: ReadonlyArray<{ networkId: string; result: DeliveryResult }>,
  ): Promise<{ held: string[] }>;
  /**
   * An MO the network delivered, handed to the MO feature (src/features/mo/receive.ts): stored for
   * its account's webhook, or logged and dropped when no account can take it. Throws when it
   * could not be stored: the connector leaves the network's copy unacknowledged.
   */
  mo(input: InboundMo): Promise<void>;
}

/** The receipts' half of the sink: what the engine's settlement answers (src/engine/settle.ts). */
export type ReceiptSink = Pick<ConnectorSink, 'deliveryResult' | 'deliveryResults'>;

export interface Connector {
  readonly name: string;
  readonly channels: readonly Channel[];
  /** Messages per second (null: no limit) and unanswered submissions at once. */
  readonly pace: { perSecond: number | null; window: number };
  /** How long a step waits for its receipt before it fails (the engine's default when absent). */
  readonly receiptWaitMs?: number;
  /** Answers one outcome per message, in the order given. */
  submit(batch: readonly OutboundMessage[]): Promise<SubmitOutcome[]>;
  /**
   * Results the network already holds for these submissions, due by `until` (a simulated network
   * knows its receipts in advance). Asked before a wait is declared over.
   */
  resultsDueBy?(networkIds: readonly string[], until: number): Promise<Map<string, DeliveryResult>>;
  stop?(): Promise<void>;
}

export interface ConnectorDeps {
  ctx: Ctx;
  sink: ReceiptSink;
}
