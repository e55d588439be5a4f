import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import {
  ConnectorConfigError,
  loadConnectorsConfig,
  parseConnectorsConfig,
  UPSTREAM_DEFAULTS,
  type UpstreamConnectorConfig,
} from '../../src/connectors/config.ts';

type Json = Record<string, unknown>;

const KEY = 'og_live-Key.123';
const SECRET = 'whsec_Sekrit-456';
const ENV = { HQ_KEY: KEY, HQ_HOOK: SECRET, EMPTY: '', SPACED: 'two words' };

/** The smallest valid upstream file; `conn` and `extra` merge into its only connector and the top level. */
function file(conn: Json = {}, extra: Json = {}): Json {
  return {
    connectors: [
      {
        name: 'hq',
        type: 'upstream',
        baseUrl: 'https://hq.example.com',
        apiKey: KEY,
        reports: 'polling',
        ...conn,
      },
    ],
    routes: [{ channel: 'rcs', connector: 'hq' }],
    ...extra,
  };
}

function problems(json: unknown, env: Readonly<Record<string, string>> = ENV): readonly string[] {
  try {
    parseConnectorsConfig(json, 'connectors.json', env);
  } catch (e) {
    assert.ok(e instanceof ConnectorConfigError, String(e));
    for (const p of e.problems) {
      assert.ok(!p.includes(KEY) && !p.includes(SECRET), `a secret is shown: ${p}`);
    }
    return e.problems;
  }
  assert.fail('expected a ConnectorConfigError');
}

/** `conn` without the keys named in `drop`: the base file gives some that a case must leave out. */
function without(conn: Json, ...drop: string[]): Json {
  const f = file(conn);
  const c = (f.connectors as Json[])[0]!;
  for (const k of drop) delete c[k];
  return f;
}

describe('upstream connectors', () => {
  test('the defaults fill what is left out; the key comes from the environment given', () => {
    const conf = parseConnectorsConfig(
      without({ baseUrl: 'https://HQ.example.com/', apiKeyEnv: 'HQ_KEY' }, 'apiKey'),
      'c.json',
      ENV,
    );
    const expected: UpstreamConnectorConfig = {
      name: 'hq',
      type: 'upstream',
      baseUrl: 'https://hq.example.com',
      apiKey: KEY,
      apiKeyEnv: 'HQ_KEY',
      reports: 'polling',
      rate: null,
      concurrency: 4,
      timeoutSeconds: 30,
      receiptWaitSeconds: 86_400,
      pollIntervalSeconds: 1,
      webhookPath: null,
      webhookSecret: null,
    };
    assert.deepEqual(conf.connectors, [expected]);
    assert.deepEqual(UPSTREAM_DEFAULTS, {
      rate: null,
      concurrency: 4,
      timeoutSeconds: 30,
      receiptWaitSeconds: 86_400,
      pollIntervalSeconds: 1,
    });
    assert.ok(Object.isFrozen(conf.connectors[0]));
  });

  test('every key given is kept; a path keeps its place, trailing slashes go', () => {
    const conf = parseConnectorsConfig(
      file(
        {
          name: 'hq-2',
          baseUrl: 'http://10.0.0.9:8080/gateway//',
          reports: 'webhook',
          rate: 0.5,
          concurrency: 64,
          timeoutSeconds: 600,
          receiptWaitSeconds: 5,
          pollIntervalSeconds: 3600,
          webhookPath: '/hooks/hq~2.v1',
          webhookSecretEnv: 'HQ_HOOK',
        },
        { routes: [{ channel: 'mms', connector: 'hq-2' }] },
      ),
      'c.json',
      ENV,
    );
    assert.deepEqual(conf.connectors[0], {
      name: 'hq-2',
      type: 'upstream',
      baseUrl: 'http://10.0.0.9:8080/gateway',
      apiKey: KEY,
      apiKeyEnv: null,
      reports: 'webhook',
      rate: 0.5,
      concurrency: 64,
      timeoutSeconds: 600,
      receiptWaitSeconds: 5,
      pollIntervalSeconds: 3600,
      webhookPath: '/hooks/hq~2.v1',
      webhookSecret: SECRET,
    } satisfies UpstreamConnectorConfig);
  });

  test('a webhook secret without a path listens on the default path', () => {
    const conf = parseConnectorsConfig(file({ webhookSecret: SECRET }), 'c.json', {});
    const c = conf.connectors[0];
    assert.ok(c?.type === 'upstream');
    assert.equal(c.webhookPath, '/upstream/v1/hq/webhook');
    assert.equal(c.webhookSecret, SECRET);
    assert.equal(c.reports, 'polling');
  });

  test('the environment defaults to process.env', () => {
    process.env.OMNIGATE_TEST_UPSTREAM_KEY = 'from-process';
    try {
      const conf = parseConnectorsConfig(
        without({ apiKeyEnv: 'OMNIGATE_TEST_UPSTREAM_KEY' }, 'apiKey'),
        'c.json',
      );
      const c = conf.connectors[0];
      assert.ok(c?.type === 'upstream');
      assert.equal(c.apiKey, 'from-process');
    } finally {
      delete process.env.OMNIGATE_TEST_UPSTREAM_KEY;
    }
  });
});

describe('invalid upstream values', () => {
  const url = 'must be an absolute http or https URL (such as "https://api.example.com"), got';
  const cases: [string, unknown, string][] = [
    ['baseUrl', 7, 'must be an http or https URL, got 7'],
    ['baseUrl', 'hq.example.com', `${url} "hq.example.com"`],
    ['baseUrl', 'ftp://hq.example.com', `${url} "ftp://hq.example.com"`],
    ['baseUrl', 'http:hq.example.com', `${url} "http:hq.example.com"`],
    ['baseUrl', 'https://hq example.com', `${url} "https://hq example.com"`],
    ['baseUrl', 'https://', `${url} "https://"`],
    [
      'baseUrl',
      'https://hq.example.com/?',
      'must not have a query or fragment (the API paths are appended to it)',
    ],
    [
      'baseUrl',
      'https://hq.example.com#x',
      'must not have a query or fragment (the API paths are appended to it)',
    ],
    [
      'baseUrl',
      'https://me:pw@hq.example.com',
      'must not hold a user name or password (the key goes in "apiKey" or "apiKeyEnv")',
    ],
    ['apiKey', '', 'must not be empty'],
    ['apiKey', 'two words', 'must hold printable ASCII characters other than space only'],
    ['apiKey', 'kéy', 'must hold printable ASCII characters other than space only'],
    ['apiKey', 12345, 'must be a string, got a non-string'],
    ['reports', 'push', 'must be one of "polling", "webhook", got "push"'],
    [
      'reports',
      'webhook',
      '"webhook" needs "webhookSecret" or "webhookSecretEnv" (the secret that signs the upstream\'s posts)',
    ],
    ['rate', 0, 'must be a number above 0, got 0'],
    ['concurrency', 0, 'must be an integer from 1 to 64, got 0'],
    ['concurrency', 65, 'must be an integer from 1 to 64, got 65'],
    ['concurrency', 1.5, 'must be an integer from 1 to 64, got 1.5'],
    ['timeoutSeconds', 0, 'must be a number above 0 and at most 600, got 0'],
    ['timeoutSeconds', 601, 'must be a number above 0 and at most 600, got 601'],
    ['receiptWaitSeconds', -1, 'must be a number above 0, got -1'],
    ['pollIntervalSeconds', 3601, 'must be a number above 0 and at most 3600, got 3601'],
    ['webhookPath', '/hooks/hq', 'needs "webhookSecret" or "webhookSecretEnv" (posts are taken signed only)'],
    ['webhookSecret', ' ', 'must hold printable ASCII characters other than space only'],
    ['webhookSecret', true, 'must be a string, got a non-string'],
  ];
  for (const [key, value, message] of cases) {
    test(`${key}: ${JSON.stringify(value)}`, () => {
      assert.deepEqual(problems(file({ [key]: value })), [`connectors[0].${key}: ${message}`]);
    });
  }

  const path =
    'must be a path of 2 to 200 characters of A-Z, a-z, 0-9, ".", "_", "~", "/" and "-", starting with "/", got';
  const paths: [unknown, string][] = [
    ['hooks/hq', `${path} "hooks/hq"`],
    ['/', `${path} "/"`],
    ['/hooks hq', `${path} "/hooks hq"`],
    ['/hooks?hq', `${path} "/hooks?hq"`],
    [`/${'h'.repeat(200)}`, `${path} "/${'h'.repeat(56)}..."`],
    [null, `${path} null`],
    ['/hooks//hq', 'must not hold "//", "/./" or "/../", got "/hooks//hq"'],
    ['/hooks/../api/comm', 'must not hold "//", "/./" or "/../", got "/hooks/../api/comm"'],
    ['/hooks/.', 'must not hold "//", "/./" or "/../", got "/hooks/."'],
    ['/api/hq', 'must not start with "/api/" (the gateway\'s own routes), got "/api/hq"'],
    ['/Admin/hq', 'must not start with "/admin/" (the gateway\'s own routes), got "/Admin/hq"'],
    ['/sandbox/hq', 'must not start with "/sandbox/" (the gateway\'s own routes), got "/sandbox/hq"'],
    ['/console-hq', 'must not start with "/console" (the gateway\'s own routes), got "/console-hq"'],
    ['/docs', 'must not start with "/docs" (the gateway\'s own routes), got "/docs"'],
    ['/files/hq', 'must not start with "/files/" (the gateway\'s own routes), got "/files/hq"'],
    ['/metrics', 'must not start with "/metrics" (the gateway\'s own routes), got "/metrics"'],
    ['/healthz/hq', 'must not start with "/healthz" (the gateway\'s own routes), got "/healthz/hq"'],
    ['/readyz', 'must not start with "/readyz" (the gateway\'s own routes), got "/readyz"'],
  ];
  for (const [value, message] of paths) {
    test(`webhookPath: ${JSON.stringify(value)?.slice(0, 20)}`, () => {
      assert.deepEqual(problems(file({ webhookSecret: SECRET, webhookPath: value })), [
        `connectors[0].webhookPath: ${message}`,
      ]);
    });
  }
  test('webhookPath: 200 characters and names like "/apis" are fine', () => {
    for (const p of [`/${'h'.repeat(199)}`, '/apis/hq', '/upstream/v1/hq/webhook', '/hq/']) {
      assert.doesNotThrow(() =>
        parseConnectorsConfig(file({ webhookSecret: SECRET, webhookPath: p }), 'c', {}),
      );
    }
  });

  test('the key: exactly one of apiKey and apiKeyEnv, the variable set and fit', () => {
    assert.deepEqual(problems(without({}, 'apiKey')), [
      'connectors[0].apiKey: is required (or "apiKeyEnv": the environment variable holding it)',
    ]);
    assert.deepEqual(problems(file({ apiKeyEnv: 'HQ_KEY' })), [
      'connectors[0].apiKey: give "apiKey" or "apiKeyEnv", not both',
    ]);
    const env = (name: unknown) => problems(without({ apiKeyEnv: name }, 'apiKey'));
    assert.deepEqual(env('HQ_MISSING'), [
      'connectors[0].apiKeyEnv: the environment variable HQ_MISSING is not set',
    ]);
    assert.deepEqual(env('EMPTY'), ['connectors[0].apiKeyEnv: the environment variable EMPTY is empty']);
    assert.deepEqual(env('SPACED'), [
      'connectors[0].apiKeyEnv: the environment variable SPACED must hold printable ASCII characters other than space only',
    ]);
    const name =
      'connectors[0].apiKeyEnv: must be the name of an environment variable (A-Z, a-z, 0-9 and _, not starting with a digit)';
    assert.deepEqual(env('1KEY'), [name]);
    assert.deepEqual(env(5), [name]);
    // The key pasted where its variable's name belongs is not echoed either.
    assert.deepEqual(env(KEY), [name]);
  });

  test('the webhook secret: at most one of webhookSecret and webhookSecretEnv, the variable set', () => {
    assert.deepEqual(problems(file({ webhookSecret: SECRET, webhookSecretEnv: 'HQ_HOOK' })), [
      'connectors[0].webhookSecret: give "webhookSecret" or "webhookSecretEnv", not both',
    ]);
    assert.deepEqual(problems(file({ webhookSecretEnv: 'HQ_HOOK' }), {}), [
      'connectors[0].webhookSecretEnv: the environment variable HQ_HOOK is not set',
    ]);
    // A secret with a problem is reported once, not again by what needs it.
    assert.deepEqual(problems(file({ reports: 'webhook', webhookPath: '/hq', webhookSecretEnv: 'EMPTY' })), [
      'connectors[0].webhookSecretEnv: the environment variable EMPTY is empty',
    ]);
  });

  test('required keys', () => {
    assert.deepEqual(
      problems({ connectors: [{ type: 'upstream' }], routes: [{ channel: 'rcs', connector: 'x' }] }),
      [
        'connectors[0].name: is required',
        'connectors[0].baseUrl: is required',
        'connectors[0].apiKey: is required (or "apiKeyEnv": the environment variable holding it)',
        'connectors[0].reports: is required',
        'routes[0].connector: no connector is named "x" (none is configured)',
      ],
    );
  });

  test("unknown keys, the other type's among them, with the same suggestions as SMPP keys", () => {
    assert.deepEqual(problems(file({ baseURL: 'x', apikey: 'y', pollInterval: 1 })), [
      'connectors[0].baseURL: unknown key, did you mean "baseUrl"?',
      'connectors[0].apikey: unknown key, did you mean "apiKey"?',
      'connectors[0].pollInterval: unknown key (known keys: name, type, baseUrl, apiKey, apiKeyEnv, reports, rate, concurrency, timeoutSeconds, receiptWaitSeconds, pollIntervalSeconds, webhookPath, webhookSecret, webhookSecretEnv)',
    ]);
    const p = problems(file({ host: 'smsc.example.net', window: 10 }));
    assert.equal(p.length, 2);
    assert.match(p[0]!, /^connectors\[0\]\.host: unknown key \(known keys: name, type, baseUrl, /);
    assert.match(p[1]!, /^connectors\[0\]\.window: unknown key \(known keys: /);
    const smpp = {
      connectors: [
        { name: 'smsc', type: 'smpp', host: 'h', systemId: 's', baseUrl: 'https://x', reports: 'polling' },
      ],
      routes: [{ channel: 'sms', connector: 'smsc' }],
    };
    const q = problems(smpp);
    assert.equal(q.length, 2);
    assert.match(q[0]!, /^connectors\[0\]\.baseUrl: unknown key \(known keys: name, type, host, /);
    assert.match(q[1]!, /^connectors\[0\]\.reports: unknown key/);
  });

  test('two connectors may not share a webhook path, a default one included', () => {
    const hook = { type: 'upstream', baseUrl: 'https://hq.example.com', apiKey: KEY, reports: 'polling' };
    assert.deepEqual(
      problems({
        connectors: [
          { ...hook, name: 'a', webhookSecret: SECRET, webhookPath: '/hooks/a' },
          { ...hook, name: 'b', webhookSecret: SECRET, webhookPath: '/hooks/a' },
          { ...hook, name: 'c', webhookSecret: SECRET },
          { ...hook, name: 'd', webhookSecret: SECRET, webhookPath: '/upstream/v1/c/webhook' },
          { ...hook, name: 'e' },
        ],
        routes: ['a', 'b', 'c', 'd', 'e'].map((connector, i) => ({
          channel: 'rcs',
          connector,
          numbers: [`${i + 1}`],
        })),
      }),
      [
        'connectors[1].webhookPath: "/hooks/a" is already the webhook path of connectors[0]',
        'connectors[3].webhookPath: "/upstream/v1/c/webhook" is already the webhook path of connectors[2]',
      ],
    );
  });

  test('no problem shows a key or a secret, however it is given', () => {
    const all = [
      ...problems(file({ apiKey: `${KEY} `, webhookSecret: `${SECRET}\n` })),
      ...problems(file({ apiKey: [KEY], webhookSecret: { SECRET } })),
      ...problems(file({ apiKeyEnv: KEY, webhookSecretEnv: SECRET })),
      ...problems(file({ baseUrl: `https://${KEY}@hq.example.com` })),
      ...problems(file({ baseUrl: `https://x:${KEY}@` })),
      ...problems(file({ baseUrl: `ftp://hq.example.com/?key=${KEY}` })),
      ...problems(file({ baseUrl: `https://hq.example.com/?key=${KEY}` })),
      ...problems(
        file({ apiKey: KEY, apiKeyEnv: 'HQ_KEY', webhookSecret: SECRET, webhookSecretEnv: 'HQ_HOOK' }),
      ),
    ];
    assert.ok(all.length >= 10, all.join('\n'));
    assert.ok(
      all.some((p) => p.includes('ftp://hq.example.com/?...')),
      all.join('\n'),
    );
  });
});

describe('routes naming upstream and SMPP connectors', () => {
  const both = (routes: unknown[], smpp: Json = {}): Json => ({
    connectors: [
      { name: 'smsc', type: 'smpp', host: 'h', systemId: 's', concatenation: true, ...smpp },
      { name: 'hq', type: 'upstream', baseUrl: 'https://hq.example.com', apiKey: KEY, reports: 'polling' },
    ],
    routes,
  });

  test('an upstream connector takes every channel; lms needs no concatenation there', () => {
    const channels = ['sms', 'lms', 'mms', 'infomsg', 'rcs', 'brandmessage'];
    const conf = parseConnectorsConfig(
      both(
        [
          { channel: 'sms', connector: 'smsc', numbers: ['010'] },
          ...channels.map((channel) => ({ channel, connector: 'hq' })),
        ],
        {
          concatenation: false,
        },
      ),
      'c',
      {},
    );
    assert.deepEqual(
      conf.routes.map((r) => `${r.channel}:${r.connector}`),
      ['sms:smsc', ...channels.map((c) => `${c}:hq`)],
    );
  });

  test('an SMPP connector is named by sms and lms routes only', () => {
    const routes = ['sms', 'lms', 'mms', 'infomsg', 'rcs', 'brandmessage'].map((channel) => ({
      channel,
      connector: 'smsc',
    }));
    assert.deepEqual(problems(both([...routes, { channel: 'sms', connector: 'hq', numbers: ['1'] }])), [
      'routes[6].numbers[0]: "1" can never match: routes[0] already takes every sms number',
      'routes[2].channel: "mms" needs an upstream connector: SMPP carries SMS, and LMS as concatenated SMS',
      'routes[3].channel: "infomsg" needs an upstream connector: SMPP carries SMS, and LMS as concatenated SMS',
      'routes[4].channel: "rcs" needs an upstream connector: SMPP carries SMS, and LMS as concatenated SMS',
      'routes[5].channel: "brandmessage" needs an upstream connector: SMPP carries SMS, and LMS as concatenated SMS',
    ]);
    assert.deepEqual(
      problems(
        both([
          { channel: 'rcs', connector: 'smsc' },
          { channel: 'rcs', connector: 'hq', numbers: ['010'] },
        ]),
      ),
      [
        'routes[1].numbers[0]: "010" can never match: routes[0] already takes every rcs number',
        'routes[0].channel: "rcs" needs an upstream connector: SMPP carries SMS, and LMS as concatenated SMS',
      ],
    );
  });

  test('lms after mms can never match: the mms route takes LM messages too', () => {
    assert.deepEqual(
      problems(
        both([
          { channel: 'mms', connector: 'hq' },
          { channel: 'lms', connector: 'smsc' },
        ]),
      ),
      [
        'routes[1]: can never match: routes[0] already takes every mms number (an mms route takes LM messages too)',
      ],
    );
    assert.deepEqual(
      problems(
        both([
          { channel: 'mms', connector: 'hq', numbers: ['010'] },
          { channel: 'lms', connector: 'smsc', numbers: ['0101', '011'] },
        ]),
      ),
      [
        'routes[1].numbers[0]: "0101" can never match: routes[0] takes "010" first (an mms route takes LM messages too)',
      ],
    );
  });

  test('mms after lms is fine: MM messages still reach it; sms routes do not cover lms', () => {
    const conf = parseConnectorsConfig(
      both([
        { channel: 'sms', connector: 'smsc' },
        { channel: 'lms', connector: 'smsc' },
        { channel: 'mms', connector: 'hq' },
      ]),
      'c',
      {},
    );
    assert.deepEqual(
      conf.routes.map((r) => r.channel),
      ['sms', 'lms', 'mms'],
    );
    assert.doesNotThrow(() =>
      parseConnectorsConfig(
        both([
          { channel: 'lms', connector: 'hq', numbers: ['010'] },
          { channel: 'mms', connector: 'hq', numbers: ['010'] },
          { channel: 'lms', connector: 'smsc' },
        ]),
        'c',
        {},
      ),
    );
  });

  test('lms to SMPP still needs concatenation', () => {
    assert.deepEqual(
      problems(
        both(
          [
            { channel: 'lms', connector: 'smsc' },
            { channel: 'mms', connector: 'hq' },
          ],
          { concatenation: false },
        ),
      ),
      ['routes[0].channel: "lms" needs concatenation on connector "smsc" (LMS goes as concatenated SMS)'],
    );
  });
});

describe('loadConnectorsConfig with an environment', () => {
  const dir = mkdtempSync(join(tmpdir(), 'omnigate-upstream-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('the variables a file names come from the environment given', () => {
    const path = join(dir, 'upstream.json');
    writeFileSync(path, JSON.stringify(without({ apiKeyEnv: 'HQ_KEY' }, 'apiKey')));
    const c = loadConnectorsConfig(path, ENV).connectors[0];
    assert.ok(c?.type === 'upstream');
    assert.equal(c.apiKey, KEY);
    assert.throws(
      () => loadConnectorsConfig(path, {}),
      (e: unknown) =>
        e instanceof ConnectorConfigError &&
        e.message === `${path}: connectors[0].apiKeyEnv: the environment variable HQ_KEY is not set`,
    );
  });
});
