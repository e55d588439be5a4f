import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** One SMSC reached over SMPP 3.4, every default filled in. docs/connectors.md explains each key. */
export interface SmppConnectorConfig {
  name: string;
  type: 'smpp';
  host: string;
  port: number;
  systemId: string;
  password: string;
  systemType: string;
  bindMode: 'transceiver' | 'transmitter-receiver';
  /** Sessions to the SMSC: each a transceiver, or a transmitter + receiver pair. */
  binds: number;
  /** Unanswered submit_sm per bind. */
  window: number;
  /** submit_sm per second across all binds of this SMSC; null: no limit. */
  throughput: number | null;
  enquireLinkSeconds: number;
  responseTimeoutSeconds: number;
  reconnectSeconds: { min: number; max: number };
  sourceAddr: { ton: number; npi: number };
  destinationAddr: { ton: number; npi: number };
  encoding: 'auto' | 'gsm' | 'ucs2' | 'latin1';
  dataCoding: { gsm: number; ucs2: number; latin1: number };
  /** LMS as concatenated SMS (UDH); off: single-part SMS only. */
  concatenation: boolean;
  maxParts: number;
  receiptWaitSeconds: number;
  messageIds: { submit: MessageIdFormat; receipt: MessageIdFormat };
  /** Throttled/queue-full answers retried inside the connector before the engine's own backoff. */
  submitRetries: number;
}

export type MessageIdFormat = 'string' | 'hex' | 'decimal';

/** A provider reached over the Messaging Gateway API itself (docs/connectors.md#upstream-connectors). */
export interface UpstreamConnectorConfig {
  name: string;
  type: 'upstream';
  /** http(s) URL, no trailing slash, no query/fragment; the API paths (/api/comm/v1/...) are appended. */
  baseUrl: string;
  /** The API key, resolved (from "apiKey", or from the environment variable "apiKeyEnv" names). Never shown in a problem message. */
  apiKey: string;
  /** The environment variable the key was read from, or null when given inline. */
  apiKeyEnv: string | null;
  reports: 'polling' | 'webhook';
  /** Messages per second handed to the upstream; null: no limit. */
  rate: number | null;
  /** Requests to the upstream in flight at once, 1-64, default 4. */
  concurrency: number;
  /** Longest an upstream request may take, seconds, >0 and <= 600, default 30. */
  timeoutSeconds: number;
  /** How long a step waits for its report, >0, default 86400. */
  receiptWaitSeconds: number;
  /** Polling reports: pause between polls that found nothing, seconds, >0 and <= 3600, default 1. */
  pollIntervalSeconds: number;
  /** Where the upstream posts reports and MO to this gateway (path on this gateway's HTTP port), null when no webhook secret is configured. Default when a secret is given: `/upstream/v1/<name>/webhook`. */
  webhookPath: string | null;
  /** The secret that signs the upstream's webhook posts (resolved from "webhookSecret" or "webhookSecretEnv"), null when neither is given. Never shown in a problem message. */
  webhookSecret: string | null;
}

/**
 * What a route takes. `sms`: the sms channel; `lms`: the mms channel's LM messages (no image);
 * `mms`: every message of the mms channel, LM and MM; the others: their channels.
 */
export const ROUTE_CHANNELS = ['sms', 'lms', 'mms', 'infomsg', 'rcs', 'brandmessage'] as const;
export type RouteChannel = (typeof ROUTE_CHANNELS)[number];

/** numbers: digit prefixes; null: every number. */
export interface RouteConfig {
  channel: RouteChannel;
  connector: string;
  numbers: string[] | null;
}

export interface ConnectorsConfig {
  /** Discriminated by `type`. */
  connectors: Array<SmppConnectorConfig | UpstreamConnectorConfig>;
  routes: RouteConfig[];
}

type FileConnector = ConnectorsConfig['connectors'][number];

/** Every problem of the file at once, one per line, each naming the file and the JSON path. */
export class ConnectorConfigError extends Error {
  override readonly name = 'ConnectorConfigError';
  constructor(
    readonly source: string,
    readonly problems: readonly string[],
  ) {
    super(problems.map((p) => `${source}: ${p}`).join('\n'));
  }
}

export const SMPP_DEFAULTS = {
  port: 2775,
  password: '',
  systemType: '',
  bindMode: 'transceiver',
  binds: 1,
  window: 10,
  throughput: null,
  enquireLinkSeconds: 30,
  responseTimeoutSeconds: 10,
  reconnectSeconds: { min: 1, max: 60 },
  sourceAddr: { ton: 0, npi: 0 },
  // Domestic numbers (010...) go as the client wrote them; international ones always get TON 1.
  destinationAddr: { ton: 0, npi: 1 },
  encoding: 'auto',
  dataCoding: { gsm: 0, ucs2: 8, latin1: 3 },
  concatenation: false,
  maxParts: 10,
  receiptWaitSeconds: 86_400,
  messageIds: { submit: 'string', receipt: 'string' },
  submitRetries: 8,
} as const satisfies Omit<SmppConnectorConfig, 'name' | 'type' | 'host' | 'systemId'>;

export const UPSTREAM_DEFAULTS = {
  rate: null,
  concurrency: 4,
  timeoutSeconds: 30,
  receiptWaitSeconds: 86_400,
  pollIntervalSeconds: 1,
} as const satisfies Pick<
  UpstreamConnectorConfig,
  'rate' | 'concurrency' | 'timeoutSeconds' | 'receiptWaitSeconds' | 'pollIntervalSeconds'
>;

/** Where an upstream connector with a webhook secret and no `webhookPath` takes the upstream's posts. */
export function defaultWebhookPath(name: string): string {
  return `/upstream/v1/${name}/webhook`;
}

/** The keys of an upstream connector in the file: the secrets may come from the environment instead. */
const UPSTREAM_KEYS = [
  'name',
  'type',
  'baseUrl',
  'apiKey',
  'apiKeyEnv',
  'reports',
  'rate',
  'concurrency',
  'timeoutSeconds',
  'receiptWaitSeconds',
  'pollIntervalSeconds',
  'webhookPath',
  'webhookSecret',
  'webhookSecretEnv',
] as const satisfies readonly (keyof UpstreamConnectorConfig | 'webhookSecretEnv')[];

/** The gateway's own routes: a webhook path there would shadow them, or be shadowed. */
const RESERVED_PATHS = [
  '/api/',
  '/admin/',
  '/sandbox/',
  '/console',
  '/docs',
  '/files/',
  '/metrics',
  '/healthz',
  '/readyz',
];

const ROUTE_KEYS = ['channel', 'connector', 'numbers'] as const satisfies readonly (keyof RouteConfig)[];
const RESERVED_NAMES = ['sandbox', 'none'];

type Obj = Record<string, unknown>;
type Rule<T> = (v: unknown) => { value: T } | { problem: string };

function show(v: unknown): string {
  if (v === undefined) return 'nothing';
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') return 'an object';
  if (typeof v === 'string') return JSON.stringify(v.length > 60 ? `${v.slice(0, 57)}...` : v);
  return String(v);
}

function at(base: string, key: string | number): string {
  if (typeof key === 'number') return `${base}[${key}]`;
  if (!/^[A-Za-z_$][\w$]*$/.test(key)) return `${base}[${JSON.stringify(key)}]`;
  return base === '' ? key : `${base}.${key}`;
}

function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const int =
  (min: number, max: number): Rule<number> =>
  (v) =>
    typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max
      ? { value: v }
      : { problem: `must be an integer from ${min} to ${max}, got ${show(v)}` };

const positive =
  (max?: number): Rule<number> =>
  (v) =>
    typeof v === 'number' && v > 0 && (max === undefined || v <= max)
      ? { value: v }
      : {
          problem: `must be a number above 0${max === undefined ? '' : ` and at most ${max}`}, got ${show(v)}`,
        };

const oneOf =
  <T extends string>(values: readonly T[]): Rule<T> =>
  (v) => {
    const found = values.find((x) => x === v);
    return found !== undefined
      ? { value: found }
      : { problem: `must be one of ${values.map((x) => JSON.stringify(x)).join(', ')}, got ${show(v)}` };
  };

const bool: Rule<boolean> = (v) =>
  typeof v === 'boolean' ? { value: v } : { problem: `must be true or false, got ${show(v)}` };

const nullable =
  <T>(rule: Rule<T>): Rule<T | null> =>
  (v) =>
    v === null ? { value: null } : rule(v);

/** SMPP sends these as ASCII C-Octet strings whose size the spec bounds (3.4, section 4.1). */
const ascii =
  (max: number, opts: { required?: boolean; secret?: boolean } = {}): Rule<string> =>
  (v) => {
    if (typeof v !== 'string')
      return { problem: `must be a string, got ${opts.secret ? 'a non-string' : show(v)}` };
    if (opts.required && v === '') return { problem: 'must not be empty' };
    if (!/^[\x20-\x7e]*$/.test(v)) return { problem: 'must hold printable ASCII characters only' };
    if (v.length > max) return { problem: `must be at most ${max} characters (SMPP 3.4), got ${v.length}` };
    return { value: v };
  };

const host: Rule<string> = (v) =>
  typeof v === 'string' && /^[^\s/]+$/.test(v)
    ? { value: v }
    : { problem: `must be a host name or IP address, got ${show(v)}` };

const connectorName: Rule<string> = (v) => {
  if (typeof v !== 'string' || !/^[a-z0-9_-]{1,40}$/.test(v)) {
    return { problem: `must be 1 to 40 characters of a-z, 0-9, _ and -, got ${show(v)}` };
  }
  if (RESERVED_NAMES.includes(v)) return { problem: `"${v}" is reserved, choose another name` };
  return { value: v };
};

const connectorType = oneOf(['smpp', 'upstream'] as const);
const bindMode = oneOf(['transceiver', 'transmitter-receiver'] as const);
const encoding = oneOf(['auto', 'gsm', 'ucs2', 'latin1'] as const);
const messageId = oneOf<MessageIdFormat>(['string', 'hex', 'decimal']);

const reports = oneOf(['polling', 'webhook'] as const);
const routeChannel = oneOf(ROUTE_CHANNELS);

/** A URL may carry credentials in its user part or its query: neither is echoed. */
function showUrl(v: string): string {
  return show(v.replace(/^([^:/?#]*:\/\/)[^/?#]*@/, '$1...@').replace(/[?#].*$/, '?...'));
}

/** Whether the address may be reached is the outbound policy's call, made where it is used. */
const baseUrl: Rule<string> = (v) => {
  if (typeof v !== 'string') return { problem: `must be an http or https URL, got ${show(v)}` };
  // The URL parser forgives spaces and a missing "//" ("http:host"): typos, to be shown, not mended.
  const url = /^https?:\/\/\S+$/i.test(v) && URL.canParse(v) ? new URL(v) : null;
  if (!url?.hostname) {
    return {
      problem: `must be an absolute http or https URL (such as "https://api.example.com"), got ${showUrl(v)}`,
    };
  }
  if (url.username !== '' || url.password !== '') {
    return { problem: 'must not hold a user name or password (the key goes in "apiKey" or "apiKeyEnv")' };
  }
  // Checked on the text: the parser drops an empty "?" or "#".
  if (/[?#]/.test(v))
    return { problem: 'must not have a query or fragment (the API paths are appended to it)' };
  return { value: url.href.replace(/\/+$/, '') };
};

/** Keys and secrets go in HTTP headers and signatures: a stray space or line break is a copy mistake. */
const secretText: Rule<string> = (v) => {
  if (typeof v !== 'string') return { problem: 'must be a string, got a non-string' };
  if (v === '') return { problem: 'must not be empty' };
  if (!/^[\x21-\x7e]+$/.test(v))
    return { problem: 'must hold printable ASCII characters other than space only' };
  return { value: v };
};

/** Not echoed when wrong: a value that is no variable name is most likely the secret pasted in. */
const envName: Rule<string> = (v) =>
  typeof v === 'string' && /^[A-Za-z_][A-Za-z0-9_]*$/.test(v)
    ? { value: v }
    : {
        problem:
          'must be the name of an environment variable (A-Z, a-z, 0-9 and _, not starting with a digit)',
      };

const webhookPath: Rule<string> = (v) => {
  if (typeof v !== 'string' || !/^\/[A-Za-z0-9._~/-]{1,199}$/.test(v)) {
    return {
      problem: `must be a path of 2 to 200 characters of A-Z, a-z, 0-9, ".", "_", "~", "/" and "-", starting with "/", got ${show(v)}`,
    };
  }
  // Proxies and routers may fold these away, so that the path that arrives is not the one given.
  if (/\/\/|\/\.\.?(\/|$)/.test(v)) return { problem: `must not hold "//", "/./" or "/../", got ${show(v)}` };
  const taken = RESERVED_PATHS.find((p) => v.toLowerCase().startsWith(p));
  if (taken) return { problem: `must not start with "${taken}" (the gateway's own routes), got ${show(v)}` };
  return { value: v };
};

const connectorRef: Rule<string> = (v) =>
  typeof v === 'string' ? { value: v } : { problem: `must be a connector name, got ${show(v)}` };

const prefix: Rule<string> = (v) =>
  typeof v === 'string' && /^\d{1,20}$/.test(v)
    ? { value: v }
    : { problem: `must be a number prefix of 1 to 20 digits (such as "010" or "8210"), got ${show(v)}` };

function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      const sub = prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      cur.push(Math.min(prev[j]! + 1, cur[j - 1]! + 1, sub));
    }
    prev = cur;
  }
  return prev[b.length]!;
}

/** The known key a typo most likely meant, if one is close enough to suggest. */
function nearest(key: string, known: readonly string[]): string | undefined {
  const lower = key.toLowerCase();
  const limit = Math.min(2, Math.max(1, Math.floor(key.length / 3)));
  let best: { key: string; d: number } | undefined;
  for (const k of known) {
    const d = k.toLowerCase() === lower ? 0 : distance(k, key);
    if (d <= limit && (!best || d < best.d)) best = { key: k, d };
  }
  return best?.key;
}

/** Collects problems instead of stopping at the first: an operator fixes the whole file in one go. */
class Checker {
  readonly problems: string[] = [];

  fail(path: string, what: string): void {
    this.problems.push(path === '' ? what : `${path}: ${what}`);
  }

  /** The object at `path`, its keys checked against `known` if given; null (a problem noted) if it is none. */
  object(v: unknown, path: string, known?: readonly string[]): Obj | null {
    if (!isObj(v)) {
      this.fail(path, `must be an object, got ${show(v)}`);
      return null;
    }
    if (known) this.unknownKeys(v, path, known);
    return v;
  }

  /** A misspelt key must not pass for a default silently. */
  unknownKeys(v: Obj, path: string, known: readonly string[]): void {
    for (const key of Object.keys(v)) {
      if (known.includes(key)) continue;
      const near = nearest(key, known);
      this.fail(
        at(path, key),
        near ? `unknown key, did you mean "${near}"?` : `unknown key (known keys: ${known.join(', ')})`,
      );
    }
  }

  /** The value of `key`: `dflt` when absent or wrong (a wrong one is noted, so the result is never used). */
  take<T>(o: Obj, path: string, key: string, rule: Rule<T>, dflt: T): T {
    const v = o[key];
    return v === undefined ? dflt : this.value(v, at(path, key), rule, dflt);
  }

  value<T>(v: unknown, path: string, rule: Rule<T>, dflt: T): T {
    const r = rule(v);
    if ('problem' in r) {
      this.fail(path, r.problem);
      return dflt;
    }
    return r.value;
  }

  need<T>(o: Obj, path: string, key: string, rule: Rule<T>, placeholder: T): T {
    if (o[key] === undefined) this.fail(at(path, key), 'is required');
    return this.take(o, path, key, rule, placeholder);
  }

  /** A nested object of same-typed fields; the fields it leaves out keep their defaults. */
  group<K extends string, V>(
    o: Obj,
    path: string,
    key: string,
    rule: Rule<V>,
    dflt: Record<K, V>,
  ): Record<K, V> {
    const out = { ...dflt };
    if (o[key] === undefined) return out;
    const p = at(path, key);
    const keys = Object.keys(dflt) as K[];
    const g = this.object(o[key], p, keys);
    if (g) for (const k of keys) out[k] = this.take(g, p, k, rule, dflt[k]);
    return out;
  }

  list(v: unknown, path: string): unknown[] | null {
    if (v === undefined) this.fail(path, 'is required');
    else if (!Array.isArray(v)) this.fail(path, `must be an array, got ${show(v)}`);
    else return v;
    return null;
  }
}

type Env = Readonly<Record<string, string | undefined>>;

/**
 * A secret given in the file (`key`) or by the environment variable `envKey` names, at most one of
 * the two. undefined: neither is given; null: a problem, noted. The value never reaches a message.
 */
function secretFrom(
  c: Checker,
  o: Obj,
  path: string,
  env: Env,
  key: string,
  envKey: string,
): { value: string; env: string | null } | null | undefined {
  const inline = o[key];
  const named = o[envKey];
  if (inline !== undefined && named !== undefined) {
    c.fail(at(path, key), `give "${key}" or "${envKey}", not both`);
    return null;
  }
  if (inline !== undefined) {
    const r = secretText(inline);
    if ('value' in r) return { value: r.value, env: null };
    c.fail(at(path, key), r.problem);
    return null;
  }
  if (named === undefined) return undefined;
  const r = envName(named);
  if ('problem' in r) {
    c.fail(at(path, envKey), r.problem);
    return null;
  }
  const name = r.value;
  const value = env[name];
  const checked = value === undefined || value === '' ? null : secretText(value);
  if (checked && 'value' in checked) return { value: checked.value, env: name };
  const why = value === undefined ? 'is not set' : value === '' ? 'is empty' : checked?.problem;
  c.fail(at(path, envKey), `the environment variable ${name} ${why}`);
  return null;
}

/** The type decides which keys a connector may have: without a valid one, only its name is judged. */
function parseConnector(c: Checker, v: unknown, path: string, env: Env): FileConnector | null {
  const o = c.object(v, path);
  if (!o) return null;
  if (o.type === 'smpp') return parseSmpp(c, o, path);
  if (o.type === 'upstream') return parseUpstream(c, o, path, env);
  c.need(o, path, 'name', connectorName, '');
  c.need(o, path, 'type', connectorType, 'smpp');
  return null;
}

function parseUpstream(c: Checker, o: Obj, path: string, env: Env): UpstreamConnectorConfig {
  const d = UPSTREAM_DEFAULTS;
  const name = c.need(o, path, 'name', connectorName, '');
  const url = c.need(o, path, 'baseUrl', baseUrl, '');
  const key = secretFrom(c, o, path, env, 'apiKey', 'apiKeyEnv');
  if (key === undefined)
    c.fail(at(path, 'apiKey'), 'is required (or "apiKeyEnv": the environment variable holding it)');
  const conf: UpstreamConnectorConfig = {
    name,
    type: 'upstream',
    baseUrl: url,
    apiKey: key?.value ?? '',
    apiKeyEnv: key?.env ?? null,
    reports: c.need(o, path, 'reports', reports, 'polling'),
    rate: c.take(o, path, 'rate', nullable(positive()), d.rate),
    concurrency: c.take(o, path, 'concurrency', int(1, 64), d.concurrency),
    timeoutSeconds: c.take(o, path, 'timeoutSeconds', positive(600), d.timeoutSeconds),
    receiptWaitSeconds: c.take(o, path, 'receiptWaitSeconds', positive(), d.receiptWaitSeconds),
    pollIntervalSeconds: c.take(o, path, 'pollIntervalSeconds', positive(3600), d.pollIntervalSeconds),
    webhookPath: null,
    webhookSecret: null,
  };
  const secret = secretFrom(c, o, path, env, 'webhookSecret', 'webhookSecretEnv');
  if (secret === undefined) {
    // Unsigned posts are not taken, so a path without a secret would listen for nothing.
    if (o.webhookPath !== undefined) {
      c.fail(
        at(path, 'webhookPath'),
        'needs "webhookSecret" or "webhookSecretEnv" (posts are taken signed only)',
      );
    }
    if (conf.reports === 'webhook') {
      c.fail(
        at(path, 'reports'),
        '"webhook" needs "webhookSecret" or "webhookSecretEnv" (the secret that signs the upstream\'s posts)',
      );
    }
  } else {
    const given = c.take<string | null>(o, path, 'webhookPath', webhookPath, null);
    if (secret) {
      conf.webhookSecret = secret.value;
      conf.webhookPath = given ?? defaultWebhookPath(name);
    }
  }
  c.unknownKeys(o, path, UPSTREAM_KEYS);
  return conf;
}

function parseSmpp(c: Checker, o: Obj, path: string): SmppConnectorConfig {
  const d = SMPP_DEFAULTS;
  const conf: SmppConnectorConfig = {
    name: c.need(o, path, 'name', connectorName, ''),
    type: 'smpp',
    host: c.need(o, path, 'host', host, ''),
    port: c.take(o, path, 'port', int(1, 65_535), d.port),
    systemId: c.need(o, path, 'systemId', ascii(15, { required: true }), ''),
    password: c.take(o, path, 'password', ascii(8, { secret: true }), d.password),
    systemType: c.take(o, path, 'systemType', ascii(12), d.systemType),
    bindMode: c.take(o, path, 'bindMode', bindMode, d.bindMode),
    binds: c.take(o, path, 'binds', int(1, 32), d.binds),
    window: c.take(o, path, 'window', int(1, 1000), d.window),
    throughput: c.take(o, path, 'throughput', nullable(positive()), d.throughput),
    // Fractions are allowed so that tests can exercise keep-alive in milliseconds.
    enquireLinkSeconds: c.take(o, path, 'enquireLinkSeconds', positive(3600), d.enquireLinkSeconds),
    responseTimeoutSeconds: c.take(
      o,
      path,
      'responseTimeoutSeconds',
      positive(600),
      d.responseTimeoutSeconds,
    ),
    reconnectSeconds: c.group(o, path, 'reconnectSeconds', positive(), d.reconnectSeconds),
    sourceAddr: c.group(o, path, 'sourceAddr', int(0, 255), d.sourceAddr),
    destinationAddr: c.group(o, path, 'destinationAddr', int(0, 255), d.destinationAddr),
    encoding: c.take(o, path, 'encoding', encoding, d.encoding),
    dataCoding: c.group(o, path, 'dataCoding', int(0, 255), d.dataCoding),
    concatenation: c.take(o, path, 'concatenation', bool, d.concatenation),
    maxParts: c.take(o, path, 'maxParts', int(1, 255), d.maxParts),
    receiptWaitSeconds: c.take(o, path, 'receiptWaitSeconds', positive(), d.receiptWaitSeconds),
    messageIds: c.group(o, path, 'messageIds', messageId, d.messageIds),
    submitRetries: c.take(o, path, 'submitRetries', int(0, 100), d.submitRetries),
  };
  // The object just built has every key of the type, so it is the list of known keys.
  c.unknownKeys(o, path, Object.keys(conf));
  const { min, max } = conf.reconnectSeconds;
  if (min > max) c.fail(at(path, 'reconnectSeconds'), `min (${min}) must not be above max (${max})`);
  return conf;
}

/** `names`: every name the connectors list gives, valid or not (a bad name is reported once, there). */
function parseRoute(c: Checker, v: unknown, path: string, names: ReadonlySet<string>): RouteConfig | null {
  const o = c.object(v, path, ROUTE_KEYS);
  if (!o) return null;
  const channel = c.need<RouteChannel>(o, path, 'channel', routeChannel, 'sms');
  const connector = c.need(o, path, 'connector', connectorRef, '');
  if (typeof o.connector === 'string' && !names.has(connector)) {
    const known = names.size > 0 ? `configured: ${[...names].map(show).join(', ')}` : 'none is configured';
    c.fail(at(path, 'connector'), `no connector is named ${show(connector)} (${known})`);
  }
  let numbers: string[] | null = null;
  const raw = o.numbers;
  if (raw !== undefined && raw !== null) {
    const p = at(path, 'numbers');
    const items = c.list(raw, p);
    if (items?.length === 0) c.fail(p, 'must list at least one prefix (leave it out to match every number)');
    if (items) numbers = items.map((x, i) => c.value(x, at(p, i), prefix, ''));
  }
  return { channel, connector, numbers };
}

/** An `mms` route takes the mms channel's LM messages too, so it takes what an `lms` route would. */
function covers(earlier: RouteChannel, later: RouteChannel): boolean {
  return earlier === later || (earlier === 'mms' && later === 'lms');
}

/**
 * Routes are tried in order, so a prefix an earlier route already takes (or any route after a
 * catch-all) can never match: almost always a mistake in the order, worth refusing at start.
 */
function checkReachable(c: Checker, routes: readonly (RouteConfig | null)[]): void {
  // Every prefix in route order, a catch-all as "" (which every number starts with).
  const taken: { channel: RouteChannel; prefix: string; route: number }[] = [];
  routes.forEach((r, i) => {
    if (!r) return;
    const earlier = taken.filter((t) => covers(t.channel, r.channel));
    const also = (t: { channel: RouteChannel }) =>
      t.channel === r.channel ? '' : ` (an ${t.channel} route takes LM messages too)`;
    if (r.numbers === null) {
      const all = earlier.find((t) => t.prefix === '');
      if (all) {
        c.fail(
          at('routes', i),
          `can never match: routes[${all.route}] already takes every ${all.channel} number${also(all)}`,
        );
      }
      taken.push({ channel: r.channel, prefix: '', route: i });
      return;
    }
    r.numbers.forEach((p, j) => {
      const t = earlier.find((e) => p.startsWith(e.prefix));
      if (!t) return;
      const why = t.prefix === '' ? `already takes every ${t.channel} number` : `takes "${t.prefix}" first`;
      c.fail(
        at(at(at('routes', i), 'numbers'), j),
        `"${p}" can never match: routes[${t.route}] ${why}${also(t)}`,
      );
    });
    for (const p of r.numbers) taken.push({ channel: r.channel, prefix: p, route: i });
  });
}

/** What a route may name: SMPP carries SMS and LMS only, the latter when it may concatenate. */
function checkRouteTargets(
  c: Checker,
  routes: readonly (RouteConfig | null)[],
  connectors: readonly { conf: FileConnector }[],
): void {
  routes.forEach((r, i) => {
    const conf = connectors.find((x) => x.conf.name === r?.connector)?.conf;
    if (!r || conf?.type !== 'smpp') return;
    const p = at(at('routes', i), 'channel');
    if (r.channel !== 'sms' && r.channel !== 'lms') {
      c.fail(p, `"${r.channel}" needs an upstream connector: SMPP carries SMS, and LMS as concatenated SMS`);
    } else if (r.channel === 'lms' && !conf.concatenation) {
      c.fail(p, `"lms" needs concatenation on connector ${show(conf.name)} (LMS goes as concatenated SMS)`);
    }
  });
}

/** The upstream posts to its webhook path on this gateway: one path, one connector. */
function checkWebhookPaths(c: Checker, connectors: readonly { conf: FileConnector; index: number }[]): void {
  const seen = new Map<string, number>();
  for (const { conf, index } of connectors) {
    // A name with a problem (held as "") would give placeholder default paths that clash.
    if (conf.type !== 'upstream' || conf.webhookPath === null || conf.name === '') continue;
    const first = seen.get(conf.webhookPath);
    if (first === undefined) seen.set(conf.webhookPath, index);
    else
      c.fail(
        at(at('connectors', index), 'webhookPath'),
        `${show(conf.webhookPath)} is already the webhook path of connectors[${first}]`,
      );
  }
}

/**
 * Parses and validates (no I/O): `source` names the file in messages; `env` holds the variables
 * that `apiKeyEnv` and `webhookSecretEnv` name.
 */
export function parseConnectorsConfig(
  json: unknown,
  source: string,
  env: Env = process.env,
): ConnectorsConfig {
  const c = new Checker();
  if (!isObj(json)) {
    throw new ConnectorConfigError(source, [
      `must hold a JSON object with "connectors" and "routes", got ${show(json)}`,
    ]);
  }
  const top = c.object(json, '', ['connectors', 'routes']) ?? {};

  const rawConnectors = c.list(top.connectors, 'connectors');
  if (rawConnectors?.length === 0) c.fail('connectors', 'must list at least one connector');
  const connectors: { conf: FileConnector; index: number }[] = [];
  const names = new Map<string, number>();
  rawConnectors?.forEach((v, index) => {
    const path = at('connectors', index);
    const name = isObj(v) ? v.name : undefined;
    if (typeof name === 'string') {
      const first = names.get(name);
      if (first !== undefined)
        c.fail(at(path, 'name'), `${show(name)} is already the name of connectors[${first}]`);
      else names.set(name, index);
    }
    const conf = parseConnector(c, v, path, env);
    if (conf) connectors.push({ conf, index });
  });
  checkWebhookPaths(c, connectors);

  const rawRoutes = c.list(top.routes, 'routes');
  if (rawRoutes?.length === 0) c.fail('routes', 'must list at least one route');
  const before = c.problems.length;
  const given = new Set(names.keys());
  const routes = (rawRoutes ?? []).map((v, i) => parseRoute(c, v, at('routes', i), given));
  if (c.problems.length === before) checkReachable(c, routes);
  if (rawRoutes) {
    for (const { conf, index } of connectors) {
      if (conf.name !== '' && !routes.some((r) => r?.connector === conf.name)) {
        c.fail(at('connectors', index), `connector ${show(conf.name)} is not used by any route`);
      }
    }
    checkRouteTargets(c, routes, connectors);
  }

  if (c.problems.length > 0) throw new ConnectorConfigError(source, c.problems);
  return deepFreeze({
    connectors: connectors.map((x) => x.conf),
    routes: routes.filter((r) => r !== null),
  });
}

/** Reads the file (missing/unreadable/bad JSON → ConnectorConfigError naming the path) and parses it. */
export function loadConnectorsConfig(path: string, env: Env = process.env): ConnectorsConfig {
  const full = resolve(path);
  let text: string;
  try {
    text = readFileSync(full, 'utf8');
  } catch (err) {
    throw new ConnectorConfigError(path, [`cannot read the file ${full}: ${readFailure(err)}`]);
  }
  // Editors on Windows may save a byte-order mark, which JSON.parse refuses.
  text = text.replace(/^\uFEFF/, '');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new ConnectorConfigError(path, [`not valid JSON: ${jsonFailure(err, text)}`]);
  }
  return parseConnectorsConfig(json, path, env);
}

function readFailure(err: unknown): string {
  const code = err instanceof Error && 'code' in err ? err.code : undefined;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EISDIR') return 'it is a directory';
  if (code === 'EACCES') return 'permission denied';
  return err instanceof Error ? err.message : String(err);
}

/** Node 20's JSON.parse gives an offset only; an operator looks for a line. */
function jsonFailure(err: unknown, text: string): string {
  const message = err instanceof Error ? err.message : String(err);
  const pos = /at position (\d+)/.exec(message);
  if (!pos || /line \d+/.test(message)) return message;
  const before = text.slice(0, Number(pos[1]));
  const line = before.split('\n').length;
  const column = before.length - before.lastIndexOf('\n');
  return `${message} (line ${line}, column ${column})`;
}

function deepFreeze<T>(v: T): T {
  if (typeof v === 'object' && v !== null) {
    for (const x of Object.values(v)) deepFreeze(x);
    Object.freeze(v);
  }
  return v;
}
