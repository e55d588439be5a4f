/**
 * What an upgrade fixture holds, as the release that wrote it answered over HTTP: what a later
 * release, started on a copy of that database, must find there, and the work still pending that
 * it must finish exactly once. Written by scripts/upgrade-fixture.ts, read by
 * test/upgrade/upgrade.test.ts.
 */

export type FixtureDialect = 'sqlite' | 'postgres';

export interface FixtureAccount {
  accountId: string;
  apiKey: string;
  keyId: string;
  /** A second key of the account, revoked: still refused after the upgrade. */
  revokedKey: string;
  sender: string;
  senderKey: string;
  brandKey: string;
  reportMode: 'polling' | 'webhook';
  webhookUrl: string;
  webhookSecret: string;
}

export type AccountName = 'polling' | 'webhook';

/** One attempt of the message inquiry: channel, fallback (`Y`/`N`), report code (`""`: not known yet). */
export type Attempt = readonly [channel: string, fallback: string, reportCode: string];

export interface FixtureMessage {
  /** What the message stands for in the fixture (`sms-delivered`, `failover`, ...). */
  label: string;
  msgKey: string;
  account: AccountName;
  to: string;
  /** The message inquiry's `status` when the fixture was written. */
  status: string;
  attempts: Attempt[];
  /** The final report code once everything pending has run (null: none expected, e.g. cancelled). */
  finalReportCode: string | null;
  /** The text that reaches (or reached) the handset, when it is delivered. */
  text: string | null;
}

export interface FixtureReservation {
  label: 'pending' | 'stopped' | 'cancelled' | 'done';
  resvKey: string;
  status: string;
  msgKey: string;
  to: string;
  /** `yyyy-MM-dd HH:mm:ss`, Korea time. */
  resvSendTime: string;
}

export interface FixtureBroadcast {
  label: 'done' | 'future';
  requestId: string;
  status: string;
  sendStartAt: string;
  sendCount: number;
  friendGroupKey: string;
  numbers: string[];
}

export interface FixtureTemplate {
  templateCode: string;
  status: string;
  inspectionStatus: string;
}

export interface FixtureFile {
  label: string;
  /** The path it is served at, `/files/<kind>/<name>` (without the public URL). */
  path: string;
  sha256: string;
  size: number;
}

export interface FixtureMo {
  label: string;
  msgKey: string;
  account: AccountName;
  from: string;
  content: string;
  /** Its webhook state when the fixture was written (`DELIVERED`, `FAILED`, `PENDING`). */
  status: string;
}

export interface Manifest {
  /** The release that wrote the database (package.json's version). */
  release: string;
  dialect: FixtureDialect;
  adminToken: string;
  secretKey: string;
  /** The gateway clock (manual) when the fixture was written, epoch ms. */
  clockMs: number;
  accounts: Record<AccountName, FixtureAccount>;
  messages: FixtureMessage[];
  reports: {
    /** Polled and acknowledged: never answered again. */
    acknowledged: string[];
    /** Polled and not acknowledged: the next poll answers this batch again. */
    openBatch: { reportId: string; msgKeys: string[] };
    /** Made and never polled. */
    unpolled: string[];
  };
  /** Webhook deliveries retrying against the dead receiver of the webhook account. */
  webhookPending: { reports: string[]; mo: string[] };
  reservations: FixtureReservation[];
  broadcasts: FixtureBroadcast[];
  templates: { infomsg: FixtureTemplate[]; brand: string[]; senderKey: string };
  /** The MMS image's key, named by a delivered and by a queued message. */
  mmsFileKey: string;
  files: FixtureFile[];
  video: { vid: string; status: string; fileName: string; fileSize: number; thumbnail: FixtureFile };
  friendGroups: { friendGroupKey: string; status: string; userCount: number; phoneNumberCount: number }[];
  twofa: {
    serviceName: string;
    verified: { requestId: string; to: string; code: string };
    pending: { requestId: string; to: string; code: string };
  };
  mo: FixtureMo[];
  optOuts: { account: AccountName; phone: string; from: string; source: string }[];
  spamRules: { ruleId: string; kind: string; pattern: string; accountId: string | null }[];
  refusedRequestIds: number[];
  auditIds: number[];
  idempotency: { account: AccountName; body: Record<string, unknown>; msgKey: string };
  handsets: { phone: string; configured: Record<string, unknown> }[];
}
