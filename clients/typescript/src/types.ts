/*
 * The client's public types for the send family, written by hand because they say more than the
 * OpenAPI document can: which fields a request must carry (the gateway checks `to`, `from` and
 * `text` itself, to answer its own codes, so the schemas leave them optional), literal unions
 * (`reportType`), and the webhook bodies, which are posts to the client, not operations. Every
 * other method takes and answers the types generated from the document (openapi.ts, via
 * operations.ts); test/client/types-current.test.ts keeps those current.
 */

/** Any JSON object, for payloads the OpenAPI document does not describe yet. */
export type JsonObject = { [key: string]: unknown };

/** The spec's common response section. */
export interface Common {
  authCode: string;
  authResult: string;
  providerTrId: string;
}

/**
 * The `data` section of an answer, what every method returns: the operation's result code and
 * text, its payload in `data`, and the few fields some operations add beside it.
 */
export interface Section<T = JsonObject> {
  /** `A000` on success. */
  code: string;
  result: string;
  data: T;
  /** The request's `ref`, echoed (sends and reservations). */
  ref?: string;
  /** The reservation's key (reservation create). */
  resvKey?: string;
}

/** Every answer: the common section and the operation's section. */
export interface Envelope<T = JsonObject> {
  common: Common;
  data: Section<T>;
}

/** One recipient of a send (`destinations[]`). */
export interface Destination {
  /** 01012345678, or E.164 digits without + for an international number. */
  to: string;
  /** Values of the `#{key}` keywords of text and title, for this recipient. */
  replaceWords?: Record<string, string>;
  messageVariable?: JsonObject;
  buttonVariable?: JsonObject;
  couponVariable?: JsonObject;
  /** Echoed in this recipient's reports. */
  ref?: string;
}

export interface Sms {
  from: string;
  /** At most 90 bytes. */
  text: string;
  originCID?: string;
}

/** LMS (no fileKey) and MMS (1 to 3 fileKeys from `files.mms`). */
export interface Mms {
  from: string;
  title?: string;
  /** At most 2000 bytes. */
  text: string;
  fileKey?: string[];
  originCID?: string;
}

export interface Button {
  type?: string;
  name?: string;
  urlMobile?: string;
  urlPc?: string;
}

export interface Infomsg {
  /** `AT` (text) or `AI` (image). */
  msgType: 'AT' | 'AI' | (string & {});
  senderKey: string;
  templateCode?: string;
  text?: string;
  attachment?: { button?: Button[] };
  responseMethod?: 'push' | 'polling';
  /** Polling: 10 to 86400 seconds, default 180. */
  timeout?: number | null;
  /** `template`: the gateway fills the text from the stored template. */
  sendType?: string;
}

export interface Rcs {
  from?: string;
  formatId?: string;
  brandKey: string;
  body?: { title?: string; description?: string; media?: string };
  expiryOption?: string;
  /** Android RCS only. */
  header?: string;
  /** Android RCS only. */
  footer?: string;
  copyAllowed?: boolean;
}

export interface BrandMessage {
  /** `basic`, `free` or `template`. */
  sendType: 'basic' | 'free' | 'template' | (string & {});
  msgType: string;
  senderKey: string;
  templateCode?: string;
  /** The body of a free-form send. */
  content?: string;
  /** `I`; `M`, `N` and `O` need send permission. */
  targeting?: 'I' | 'M' | 'N' | 'O';
  pushAlarm?: string;
  originCID?: string;
  unsubscribePhoneNumber?: string;
  unsubscribeAuthNumber?: string;
  /** 1 to 100; null when unused. */
  discountRate?: number | null;
  responseMethod?: 'push' | 'polling';
  timeout?: number | null;
}

/** One `messageFlow` entry: exactly one channel object. */
export type FlowStep =
  | { sms: Sms }
  | { mms: Mms }
  | { infomsg: Infomsg }
  | { rcs: Rcs }
  | { brandmessage: BrandMessage };

/** The body of `POST /api/comm/v1/send/omni`. */
export interface SendRequest {
  /** 1 to 200 recipients (bulkSend takes any number). */
  destinations: Destination[];
  /** Ordered channels: when one fails the next is tried (failover). */
  messageFlow: FlowStep[];
  paymentCode?: string;
  groupKey?: string;
  /**
   * 1 to 200 characters; a repeat within its TTL sends nothing again. null is no key, as the
   * gateway reads it (the request is then never retried).
   */
  idempotencyKey?: string | null;
  /** Seconds, 0 to 86400, default 86400. */
  idempotencyTtl?: number;
  ref?: string;
  /** Omnigate extension: the request is advertising (the opt-out list applies). */
  advertising?: boolean;
}

/** The body of `POST /api/comm/v1/reservation`: a send at `resvSendTime`. */
export interface ReservationRequest extends SendRequest {
  /** `yyyy-MM-dd HH:mm:ss`, Korea time, at least 10 minutes ahead. */
  resvSendTime: string;
  resvName?: string;
}

/** One recipient's result in a send answer, in request order. */
export interface DestinationResult {
  to: string;
  /** The message's key (one across every failover step); `""` when refused. */
  msgKey: string;
  /**
   * `A000` accepted; `A301` a repeat of an idempotency key: msgKey is the first send's, or `""`
   * when the first send refused this recipient (not sent then nor now; that refusal's code is not
   * given again). Accepted means a non-empty msgKey, not A301 alone.
   */
  code: string;
  result: string;
}

/** The payload of a send answer. */
export interface SendResult {
  destinations: DestinationResult[];
}

/** One recipient's result in a bulk send, in input order. */
export interface BulkResult extends DestinationResult {
  /** The recipient's `ref` as given, `""` when none. */
  ref: string;
}

/** A delivery report (docs/reports.md), polled or posted to the webhook. Every field a string. */
export interface Report {
  msgKey: string;
  serviceType: string;
  msgType: string;
  reportType: 'STANDARD' | 'DLR';
  /** `10000` delivered; otherwise a failure code. */
  reportCode: string;
  reportText: string;
  /** `yyyy-MM-dd HH:mm:ss`, Korea time. */
  reportTime: string;
  sendTime: string;
  carrier: string;
  ref: string;
}

/** The answer of a report poll: `reportId` `""` and `report` null when nothing waits. */
export interface ReportBatch {
  reportId: string;
  report: Report[] | null;
}

/** An inbound MO message, as posted to the webhook (docs/webhooks.md). */
export interface MoMessage {
  msgKey: string;
  serviceType: 'MO';
  msgType: string;
  /** The account's number the handset sent to. */
  to: string;
  from: string;
  carrier: string;
  originator: string;
  content: string;
  /** ISO 8601 with `+09:00`. */
  occurredTime: string;
}

/** A file to upload: a Blob (browsers, Node 20) or bytes (a Node Buffer is a Uint8Array). */
export type Upload = Blob | Uint8Array;
