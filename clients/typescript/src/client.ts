import { FriendGroups, GroupTags } from './audience.js';
import { Broadcasts, SendPermission, Videos } from './broadcasts.js';
import { type BulkOptions, bulkSend, type Recipient } from './bulk.js';
import { Files } from './files.js';
import { Messages, OptOuts } from './messages.js';
import { hasIdempotencyKey, invoke } from './operations.js';
import { RcsCenter } from './rcs.js';
import { Reports } from './reports.js';
import { Reservations } from './reservations.js';
import { steps } from './steps.js';
import { BrandTemplates, InfomsgTemplates } from './templates.js';
import { type CallOptions, type ClientOptions, Transport } from './transport.js';
import { Twofa } from './twofa.js';
import type {
  BrandMessage,
  BulkResult,
  FlowStep,
  Infomsg,
  Mms,
  Rcs,
  Section,
  SendRequest,
  SendResult,
  Sms,
} from './types.js';

/**
 * The Omnigate client API. Every method answers the operation's `data` section (`code`, `result`,
 * the payload in `data`) and throws an OmnigateError when the gateway refuses.
 */
export class Omnigate {
  readonly #t: Transport;
  readonly reservations: Reservations;
  readonly reports: Reports;
  readonly messages: Messages;
  readonly optOuts: OptOuts;
  readonly files: Files;
  readonly infomsgTemplates: InfomsgTemplates;
  readonly brandTemplates: BrandTemplates;
  readonly rcsCenter: RcsCenter;
  readonly groupTags: GroupTags;
  readonly friendGroups: FriendGroups;
  readonly broadcasts: Broadcasts;
  readonly videos: Videos;
  readonly sendPermission: SendPermission;
  readonly twofa: Twofa;

  constructor(options: ClientOptions) {
    const t = new Transport(options);
    this.#t = t;
    this.reservations = new Reservations(t);
    this.reports = new Reports(t);
    this.messages = new Messages(t);
    this.optOuts = new OptOuts(t);
    this.files = new Files(t);
    this.infomsgTemplates = new InfomsgTemplates(t);
    this.brandTemplates = new BrandTemplates(t);
    this.rcsCenter = new RcsCenter(t);
    this.groupTags = new GroupTags(t);
    this.friendGroups = new FriendGroups(t);
    this.broadcasts = new Broadcasts(t);
    this.videos = new Videos(t);
    this.sendPermission = new SendPermission(t);
    this.twofa = new Twofa(t);
  }

  /**
   * `POST /api/comm/v1/send/omni`: up to 200 recipients, one result each. Retried on 429 and
   * network errors only when it carries an idempotencyKey (the helpers below always do).
   */
  send(request: SendRequest, options?: CallOptions): Promise<Section<SendResult>> {
    const retry = hasIdempotencyKey(request) ? 'always' : 'never';
    return invoke(this.#t, 'POST', '/api/comm/v1/send/omni', { body: request }, options, retry);
  }

  /**
   * An ordered messageFlow (failover) to any number of recipients: chunks of 200, each with an
   * idempotency key (so that retries are safe), `concurrency` at once; one result per recipient,
   * in input order. See BulkOptions for batchId and what a failure does.
   */
  sendFlow(
    recipients: Recipient | readonly Recipient[],
    flow: FlowStep[],
    options?: BulkOptions,
  ): Promise<BulkResult[]> {
    const list = isList(recipients) ? recipients : [recipients];
    return bulkSend((r, o) => this.send(r, o), list, flow, options);
  }

  /** The same as sendFlow; the name says what the call is for. */
  bulkSend(recipients: readonly Recipient[], flow: FlowStep[], options?: BulkOptions): Promise<BulkResult[]> {
    return this.sendFlow(recipients, flow, options);
  }

  /** An SMS (at most 90 bytes) to one or many recipients. */
  sms(to: Recipient | readonly Recipient[], sms: Sms, options?: BulkOptions): Promise<BulkResult[]> {
    return this.sendFlow(to, [steps.sms(sms)], options);
  }
  /** An LMS: text up to 2000 bytes with an optional title, no images. */
  lms(
    to: Recipient | readonly Recipient[],
    lms: Omit<Mms, 'fileKey'>,
    options?: BulkOptions,
  ): Promise<BulkResult[]> {
    return this.sendFlow(to, [steps.lms(lms)], options);
  }
  /** An MMS with 1 to 3 images uploaded with `files.mms`. */
  mms(
    to: Recipient | readonly Recipient[],
    mms: Mms & { fileKey: string[] },
    options?: BulkOptions,
  ): Promise<BulkResult[]> {
    return this.sendFlow(to, [steps.mms(mms)], options);
  }
  /** An RCS message. */
  rcs(to: Recipient | readonly Recipient[], rcs: Rcs, options?: BulkOptions): Promise<BulkResult[]> {
    return this.sendFlow(to, [steps.rcs(rcs)], options);
  }
  /** An informational template message. */
  infomsg(
    to: Recipient | readonly Recipient[],
    infomsg: Infomsg,
    options?: BulkOptions,
  ): Promise<BulkResult[]> {
    return this.sendFlow(to, [steps.infomsg(infomsg)], options);
  }
  /** A brand message. */
  brandmessage(
    to: Recipient | readonly Recipient[],
    brandmessage: BrandMessage,
    options?: BulkOptions,
  ): Promise<BulkResult[]> {
    return this.sendFlow(to, [steps.brandmessage(brandmessage)], options);
  }
}

function isList(r: Recipient | readonly Recipient[]): r is readonly Recipient[] {
  return Array.isArray(r);
}
