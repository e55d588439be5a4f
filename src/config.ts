import { isIP } from 'node:net';
import { isAbsolute, join, resolve } from 'node:path';
import { decodeSecretKey, SECRET_KEY_FORMAT } from './crypto/key-text.ts';
import { parseAllowList } from './http/outbound.ts';
import { DEFAULT_OPT_IN_KEYWORDS, DEFAULT_OPT_OUT_KEYWORDS } from './rules/opt-keywords.ts';

/** Every setting of the gateway, read once at boot; every default lives here. */
export interface Config {
  readonly host: string;
  readonly port: number;
  readonly dataDir: string;
  readonly databaseUrl: string;
  /** Null means: generate one at first start and keep it in the data directory. */
  readonly adminToken: string | null;
  /**
   * The master key that protects secrets at rest (src/crypto/keyring.ts), as written in
   * OMNIGATE_SECRET_KEY (checked here); null means: generate one at first start and keep it in the
   * data directory. Kept as text: the configuration crosses to the engine's thread as it is.
   */
  readonly secretKey: string | null;
  /** Earlier master keys, only to open what they wrapped while the key is being changed. */
  readonly previousSecretKeys: readonly string[];
  readonly sandbox: boolean;
  /** The operator web console at /console (docs/console.md). */
  readonly console: boolean;
  readonly clock: 'system' | 'manual';
  readonly publicUrl: string;
  readonly role: 'api' | 'worker' | 'all';
  /**
   * With the role `all`, the engine runs in a thread of its own (src/engine/thread.ts), off the
   * event loop that accepts requests, SMPP binds included (their state comes back for /metrics).
   * Not on an in-memory SQLite database (one per connection).
   */
  readonly engineThread: boolean;
  /** PostgreSQL: statements run again are prepared by name, once per connection (store/db/pg-prepared.ts). */
  readonly pgPrepared: boolean;
  /**
   * What the gateway's own requests (webhooks) may reach besides public addresses: CIDR ranges,
   * addresses and host names (src/http/outbound.ts). Empty: public addresses only.
   */
  readonly webhookAllow: readonly string[];
  /**
   * Which proxies in front of the gateway are believed about the client's address
   * (X-Forwarded-For): false (none), true (any: only when nothing else can reach the port), a
   * number of hops, or their addresses and CIDR ranges. The console's sign-in counts wrong tokens
   * by that address.
   */
  readonly trustProxy: boolean | number | readonly string[];
  /** How long a client has to send a request's headers; past it the socket is closed (408). */
  readonly headersTimeoutMs: number;
  /** How long a client has to send a whole request, body included (a 200 MB video upload). */
  readonly requestTimeoutMs: number;
  /**
   * The nice value the engine's thread lowers itself to (src/engine/thread-priority.ts): when the
   * cores are all busy, the thread that answers HTTP runs first and the engine catches up once
   * acceptance pauses. 0 leaves the engine at the serving thread's priority.
   */
  readonly engineNice: number;
  /** Largest request body accepted, in bytes (413 above it). */
  readonly bodyLimit: number;
  readonly logLevel: string;
  /** How long a worker holds a claimed job before another instance may take it over. */
  readonly jobLeaseMs: number;
  /** How often an idle worker looks for due work that nobody announced (other instances, timers). */
  readonly jobPollMs: number;
  /** How long graceful shutdown waits for in-flight work before releasing it. */
  readonly shutdownGraceMs: number;
  /**
   * Automatic review of informational templates: `off` leaves requests to a reviewer (the
   * sandbox's POST /sandbox/v1/reviews); `approve` or `reject` decides each request
   * `reviewDelayMs` after it, on the gateway clock.
   */
  readonly reviewAuto: 'off' | 'approve' | 'reject';
  readonly reviewDelayMs: number;
  /** The connectors and routes file (docs/connectors.md); null: the sandbox carries everything. */
  readonly connectorsFile: string | null;
  /** MO messages that put their sender on the account's opt-out list, or take it off (docs/security.md). */
  readonly optOutKeywords: readonly string[];
  readonly optInKeywords: readonly string[];
  /** How long each kind of record is kept, and how the purge deletes (docs/security.md#retention). */
  readonly retention: RetentionConfig;
  /**
   * Refused client requests each process records a second at most (src/http/refused-requests.ts);
   * the rest are only counted. 0 records none.
   */
  readonly refusedPerSecond: number;
}

/** The kinds of records the purge deletes once they are older than their age (src/engine/purge.ts). */
export const RETENTION_KINDS = [
  'messages',
  'mo',
  'twofa',
  'sandbox_inbox',
  'webhooks',
  'friend_group_files',
  'uploads',
  'dead_jobs',
  'audit',
] as const;
export type RetentionKind = (typeof RETENTION_KINDS)[number];

/**
 * Default ages in days (docs/security.md#retention says what each is counted from). Delivery
 * records stay a quarter, long enough for a client's monthly reconciliation and a dispute about
 * it; what holds phone numbers or codes and serves nothing later (2FA requests, number lists,
 * the simulated handsets' inboxes) goes sooner; the audit log stays a year.
 */
export const RETENTION_DEFAULT_DAYS = {
  messages: 90,
  mo: 90,
  twofa: 30,
  sandbox_inbox: 7,
  webhooks: 30,
  friend_group_files: 1,
  uploads: 30,
  dead_jobs: 30,
  audit: 365,
} as const satisfies Record<RetentionKind, number>;

/** Refused client requests are kept a day by default: the integrator's debugging of today. */
export const REFUSED_DEFAULT_HOURS = 24;

export interface RetentionConfig {
  /** Days each kind is kept; 0 keeps it for good. */
  readonly days: Readonly<Record<RetentionKind, number>>;
  /**
   * Hours refused client requests are kept (src/http/refused-requests.ts); 0 keeps them for good,
   * as 0 days does for the other kinds. Hours: they serve the debugging of the day, no more.
   */
  readonly refusedHours: number;
  /** Rows a purge deletes per transaction. */
  readonly batchSize: number;
}

/** `OMNIGATE_RETENTION_SANDBOX_INBOX_DAYS` and so on. */
export function retentionVariable(kind: RetentionKind): string {
  return `OMNIGATE_RETENTION_${kind.toUpperCase()}_DAYS`;
}

type Env = Readonly<Record<string, string | undefined>>;

export class ConfigError extends Error {}

function bool(name: string, raw: string | undefined, dflt: boolean): boolean {
  if (raw === undefined || raw === '') return dflt;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

function int(name: string, raw: string | undefined, dflt: number, min: number, max: number): number {
  if (raw === undefined || raw === '') return dflt;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return n;
}

/** A comma-separated list; unset or empty: the default. */
function list(raw: string | undefined, dflt: readonly string[]): readonly string[] {
  if (raw === undefined || raw.trim() === '') return dflt;
  return raw
    .split(',')
    .map((k) => k.trim())
    .filter((k) => k !== '');
}

function trustProxy(raw: string | undefined): boolean | number | readonly string[] {
  const v = (raw ?? '').trim();
  if (v === '' || v === 'false') return false;
  if (v === 'true') return true;
  if (/^\d{1,2}$/.test(v)) return Number(v);
  const entries = v.split(',').map((e) => e.trim());
  for (const e of entries) {
    const [net = '', bits, extra] = e.split('/');
    const family = isIP(net);
    const max = family === 4 ? 32 : 128;
    if (
      family === 0 ||
      extra !== undefined ||
      (bits !== undefined && !(/^\d{1,3}$/.test(bits) && Number(bits) <= max))
    ) {
      throw new ConfigError(
        `OMNIGATE_TRUST_PROXY must be true, false, a number of hops, or addresses and CIDR ranges; "${e}" is none of them`,
      );
    }
  }
  return entries;
}

function allowList(raw: string | undefined): readonly string[] {
  try {
    return parseAllowList(raw ?? '');
  } catch (err) {
    throw new ConfigError(err instanceof Error ? err.message : String(err));
  }
}

function secretKey(name: string, raw: string): string {
  if (!decodeSecretKey(raw)) {
    // The value itself is a secret: never repeated in the message.
    throw new ConfigError(`${name} must be ${SECRET_KEY_FORMAT}; got ${raw.trim().length} characters`);
  }
  return raw.trim();
}

function oneOf<T extends string>(name: string, raw: string | undefined, values: readonly T[], dflt: T): T {
  if (raw === undefined || raw === '') return dflt;
  const found = values.find((v) => v === raw);
  if (found === undefined) throw new ConfigError(`${name} must be one of ${values.join(', ')}, got "${raw}"`);
  return found;
}

function retention(e: Env): RetentionConfig {
  const days = {} as Record<RetentionKind, number>;
  for (const kind of RETENTION_KINDS) {
    const name = retentionVariable(kind);
    // Ten years at most: a larger number is a typo, and 0 already means "for good".
    days[kind] = int(name, e[name], RETENTION_DEFAULT_DAYS[kind], 0, 3650);
  }
  return Object.freeze({
    days: Object.freeze(days),
    // Ten years at most, as the days' ages.
    refusedHours: int(
      'OMNIGATE_RETENTION_REFUSED_HOURS',
      e.OMNIGATE_RETENTION_REFUSED_HOURS,
      REFUSED_DEFAULT_HOURS,
      0,
      87_600,
    ),
    // 500 records: with a message's attempt and report, about 1,500 rows per transaction; a send
    // waiting for SQLite's write lock waits for one such batch at most (bench/purge.ts measures it).
    batchSize: int('OMNIGATE_RETENTION_BATCH', e.OMNIGATE_RETENTION_BATCH, 500, 1, 10_000),
  });
}

/** Flags of `omnigate serve` override the environment; both use the names of the README's table. */
export function loadConfig(env: Env = process.env, overrides: Partial<Record<string, string>> = {}): Config {
  const e: Env = { ...env, ...overrides };
  const host = e.HOST || '127.0.0.1';
  const port = int('PORT', e.PORT, 8080, 0, 65535);
  const dataDirRaw = e.OMNIGATE_DATA_DIR || './data';
  const dataDir = isAbsolute(dataDirRaw) ? dataDirRaw : resolve(dataDirRaw);
  const databaseUrl = e.DATABASE_URL || `sqlite:${join(dataDir, 'omnigate.db')}`;
  if (!/^(sqlite:|postgres(ql)?:\/\/)/.test(databaseUrl)) {
    throw new ConfigError(`DATABASE_URL must start with sqlite: or postgres://, got "${databaseUrl}"`);
  }
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return Object.freeze({
    host,
    port,
    dataDir,
    databaseUrl,
    adminToken: e.OMNIGATE_ADMIN_TOKEN || null,
    secretKey: e.OMNIGATE_SECRET_KEY ? secretKey('OMNIGATE_SECRET_KEY', e.OMNIGATE_SECRET_KEY) : null,
    previousSecretKeys: Object.freeze(
      (e.OMNIGATE_SECRET_KEY_PREVIOUS ?? '')
        .split(',')
        .filter((k) => k.trim() !== '')
        .map((k) => secretKey('OMNIGATE_SECRET_KEY_PREVIOUS', k)),
    ),
    sandbox: bool('OMNIGATE_SANDBOX', e.OMNIGATE_SANDBOX, true),
    console: bool('OMNIGATE_CONSOLE', e.OMNIGATE_CONSOLE, true),
    clock: oneOf('OMNIGATE_CLOCK', e.OMNIGATE_CLOCK, ['system', 'manual'] as const, 'system'),
    publicUrl: (e.OMNIGATE_PUBLIC_URL || `http://${urlHost}:${port}`).replace(/\/+$/, ''),
    role: oneOf('OMNIGATE_ROLE', e.OMNIGATE_ROLE, ['api', 'worker', 'all'] as const, 'all'),
    engineThread: bool('OMNIGATE_ENGINE_THREAD', e.OMNIGATE_ENGINE_THREAD, true),
    pgPrepared: bool('OMNIGATE_PG_PREPARED', e.OMNIGATE_PG_PREPARED, true),
    webhookAllow: allowList(e.OMNIGATE_WEBHOOK_ALLOW),
    trustProxy: trustProxy(e.OMNIGATE_TRUST_PROXY),
    headersTimeoutMs: int(
      'OMNIGATE_HEADERS_TIMEOUT_MS',
      e.OMNIGATE_HEADERS_TIMEOUT_MS,
      10_000,
      1000,
      600_000,
    ),
    requestTimeoutMs: int(
      'OMNIGATE_REQUEST_TIMEOUT_MS',
      e.OMNIGATE_REQUEST_TIMEOUT_MS,
      600_000,
      1000,
      24 * 3600_000,
    ),
    engineNice: int('OMNIGATE_ENGINE_NICE', e.OMNIGATE_ENGINE_NICE, 19, 0, 19),
    bodyLimit: int('OMNIGATE_BODY_LIMIT', e.OMNIGATE_BODY_LIMIT, 2 * 1024 * 1024, 1024, 512 * 1024 * 1024),
    logLevel: e.LOG_LEVEL || 'info',
    jobLeaseMs: int('OMNIGATE_JOB_LEASE_MS', e.OMNIGATE_JOB_LEASE_MS, 30_000, 1000, 3_600_000),
    jobPollMs: int('OMNIGATE_JOB_POLL_MS', e.OMNIGATE_JOB_POLL_MS, 200, 5, 60_000),
    shutdownGraceMs: int('OMNIGATE_SHUTDOWN_GRACE_MS', e.OMNIGATE_SHUTDOWN_GRACE_MS, 10_000, 0, 600_000),
    reviewAuto: oneOf(
      'OMNIGATE_REVIEW_AUTO',
      e.OMNIGATE_REVIEW_AUTO,
      ['off', 'approve', 'reject'] as const,
      'off',
    ),
    // Up to 2 days: the platform promises a decision within 2 business days.
    reviewDelayMs:
      int('OMNIGATE_REVIEW_DELAY_SECONDS', e.OMNIGATE_REVIEW_DELAY_SECONDS, 5, 0, 172_800) * 1000,
    // As named: start-up errors name the file the way the operator wrote it.
    connectorsFile: e.OMNIGATE_CONNECTORS || null,
    optOutKeywords: list(e.OMNIGATE_OPT_OUT_KEYWORDS, DEFAULT_OPT_OUT_KEYWORDS),
    optInKeywords: list(e.OMNIGATE_OPT_IN_KEYWORDS, DEFAULT_OPT_IN_KEYWORDS),
    retention: retention(e),
    refusedPerSecond: int('OMNIGATE_REFUSED_PER_SECOND', e.OMNIGATE_REFUSED_PER_SECOND, 20, 0, 10_000),
  });
}
