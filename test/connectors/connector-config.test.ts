import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import {
  ConnectorConfigError,
  loadConnectorsConfig,
  parseConnectorsConfig,
  type SmppConnectorConfig,
} from '../../src/connectors/config.ts';

type Json = Record<string, unknown>;

/** The smallest valid file; `conn` and `extra` merge into its only connector and the top level. */
function file(conn: Json = {}, extra: Json = {}): Json {
  return {
    connectors: [{ name: 'carrier-a', type: 'smpp', host: 'smsc.example.net', systemId: 'acme', ...conn }],
    routes: [{ channel: 'sms', connector: 'carrier-a' }],
    ...extra,
  };
}

function problems(json: unknown): readonly string[] {
  try {
    parseConnectorsConfig(json, 'connectors.json');
  } catch (e) {
    assert.ok(e instanceof ConnectorConfigError, String(e));
    assert.equal(e.source, 'connectors.json');
    assert.equal(e.message, e.problems.map((p) => `connectors.json: ${p}`).join('\n'));
    return e.problems;
  }
  assert.fail('expected a ConnectorConfigError');
}

describe('connector defaults', () => {
  test('every key left out takes its default', () => {
    const conf = parseConnectorsConfig(file(), 'connectors.json');
    const expected: SmppConnectorConfig = {
      name: 'carrier-a',
      type: 'smpp',
      host: 'smsc.example.net',
      port: 2775,
      systemId: 'acme',
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
      destinationAddr: { ton: 0, npi: 1 },
      encoding: 'auto',
      dataCoding: { gsm: 0, ucs2: 8, latin1: 3 },
      concatenation: false,
      maxParts: 10,
      receiptWaitSeconds: 86_400,
      messageIds: { submit: 'string', receipt: 'string' },
      submitRetries: 8,
    };
    assert.deepEqual(conf.connectors, [expected]);
    assert.deepEqual(conf.routes, [{ channel: 'sms', connector: 'carrier-a', numbers: null }]);
  });

  test('every key given is kept', () => {
    const given: SmppConnectorConfig = {
      name: 'carrier_b-2',
      type: 'smpp',
      host: '10.0.0.7',
      port: 2776,
      systemId: 'acme-123456789',
      password: 'secret12',
      systemType: 'VMA',
      bindMode: 'transmitter-receiver',
      binds: 32,
      window: 1000,
      throughput: 0.5,
      enquireLinkSeconds: 0.05,
      responseTimeoutSeconds: 600,
      reconnectSeconds: { min: 0.01, max: 0.01 },
      sourceAddr: { ton: 5, npi: 0 },
      destinationAddr: { ton: 255, npi: 9 },
      encoding: 'ucs2',
      dataCoding: { gsm: 1, ucs2: 24, latin1: 255 },
      concatenation: true,
      maxParts: 255,
      receiptWaitSeconds: 5,
      messageIds: { submit: 'hex', receipt: 'decimal' },
      submitRetries: 0,
    };
    const conf = parseConnectorsConfig(
      { connectors: [given], routes: [{ channel: 'sms', connector: 'carrier_b-2', numbers: ['010'] }] },
      'x.json',
    );
    assert.deepEqual(conf.connectors, [given]);
    assert.deepEqual(conf.routes, [{ channel: 'sms', connector: 'carrier_b-2', numbers: ['010'] }]);
  });

  test('nested objects given in part keep the defaults of the keys they leave out', () => {
    const conf = parseConnectorsConfig(
      file({
        dataCoding: { ucs2: 25 },
        sourceAddr: { ton: 5 },
        destinationAddr: {},
        reconnectSeconds: { max: 5 },
        messageIds: { receipt: 'hex' },
        throughput: null,
      }),
      'c.json',
    );
    const c = conf.connectors[0];
    assert.ok(c?.type === 'smpp');
    assert.deepEqual(c.dataCoding, { gsm: 0, ucs2: 25, latin1: 3 });
    assert.deepEqual(c.sourceAddr, { ton: 5, npi: 0 });
    assert.deepEqual(c.destinationAddr, { ton: 0, npi: 1 });
    assert.deepEqual(c.reconnectSeconds, { min: 1, max: 5 });
    assert.deepEqual(c.messageIds, { submit: 'string', receipt: 'hex' });
    assert.equal(c.throughput, null);
  });

  test('the result is frozen all the way down', () => {
    const conf = parseConnectorsConfig(file({ dataCoding: { gsm: 1 } }), 'c.json');
    assert.ok(Object.isFrozen(conf));
    assert.ok(Object.isFrozen(conf.connectors));
    assert.ok(Object.isFrozen(conf.connectors[0]));
    const c = conf.connectors[0];
    assert.ok(c?.type === 'smpp');
    assert.ok(Object.isFrozen(c.dataCoding));
    assert.ok(Object.isFrozen(conf.routes[0]));
  });
});

describe('invalid connector values', () => {
  const int = (min: number, max: number, got: string) =>
    `must be an integer from ${min} to ${max}, got ${got}`;
  const cases: [string, unknown, string][] = [
    ['type', 'http', 'must be one of "smpp", "upstream", got "http"'],
    ['host', '', 'must be a host name or IP address, got ""'],
    ['host', 'smsc example', 'must be a host name or IP address, got "smsc example"'],
    ['host', 'smpp://smsc', 'must be a host name or IP address, got "smpp://smsc"'],
    ['port', 0, int(1, 65535, '0')],
    ['port', 65536, int(1, 65535, '65536')],
    ['port', '2775', int(1, 65535, '"2775"')],
    ['port', 2775.5, int(1, 65535, '2775.5')],
    ['systemId', '', 'must not be empty'],
    ['systemId', 'a'.repeat(16), 'must be at most 15 characters (SMPP 3.4), got 16'],
    ['systemId', 'acmé', 'must hold printable ASCII characters only'],
    ['systemId', null, 'must be a string, got null'],
    ['password', 'ninechars', 'must be at most 8 characters (SMPP 3.4), got 9'],
    ['password', 12345678, 'must be a string, got a non-string'],
    ['systemType', 'a'.repeat(13), 'must be at most 12 characters (SMPP 3.4), got 13'],
    ['bindMode', 'transmitter', 'must be one of "transceiver", "transmitter-receiver", got "transmitter"'],
    ['binds', 0, int(1, 32, '0')],
    ['binds', 33, int(1, 32, '33')],
    ['window', 0, int(1, 1000, '0')],
    ['window', 1001, int(1, 1000, '1001')],
    ['throughput', 0, 'must be a number above 0, got 0'],
    ['throughput', -5, 'must be a number above 0, got -5'],
    ['throughput', 'fast', 'must be a number above 0, got "fast"'],
    ['enquireLinkSeconds', 0, 'must be a number above 0 and at most 3600, got 0'],
    ['enquireLinkSeconds', 3601, 'must be a number above 0 and at most 3600, got 3601'],
    ['responseTimeoutSeconds', 0, 'must be a number above 0 and at most 600, got 0'],
    ['responseTimeoutSeconds', 601, 'must be a number above 0 and at most 600, got 601'],
    ['encoding', 'utf8', 'must be one of "auto", "gsm", "ucs2", "latin1", got "utf8"'],
    ['concatenation', 'yes', 'must be true or false, got "yes"'],
    ['maxParts', 0, int(1, 255, '0')],
    ['maxParts', 256, int(1, 255, '256')],
    ['receiptWaitSeconds', 0, 'must be a number above 0, got 0'],
    ['submitRetries', -1, int(0, 100, '-1')],
    ['submitRetries', 101, int(0, 100, '101')],
    ['reconnectSeconds', 5, 'must be an object, got 5'],
    ['dataCoding', [0, 8], 'must be an object, got an array'],
  ];
  for (const [key, value, message] of cases) {
    test(`${key}: ${JSON.stringify(value)?.slice(0, 20)}`, () => {
      assert.deepEqual(problems(file({ [key]: value })), [`connectors[0].${key}: ${message}`]);
    });
  }

  // The route names the connector as given, so that only the name's own problem shows.
  const names: [unknown, string][] = [
    ['Carrier A', 'must be 1 to 40 characters of a-z, 0-9, _ and -, got "Carrier A"'],
    ['x'.repeat(41), `must be 1 to 40 characters of a-z, 0-9, _ and -, got "${'x'.repeat(41)}"`],
    ['', 'must be 1 to 40 characters of a-z, 0-9, _ and -, got ""'],
    ['sandbox', '"sandbox" is reserved, choose another name'],
    ['none', '"none" is reserved, choose another name'],
  ];
  for (const [name, message] of names) {
    test(`name: ${JSON.stringify(name).slice(0, 20)}`, () => {
      const json = file({ name }, { routes: [{ channel: 'sms', connector: name }] });
      assert.deepEqual(problems(json), [`connectors[0].name: ${message}`]);
    });
  }

  test('name: not a string', () => {
    assert.deepEqual(problems(file({ name: 7 })), [
      'connectors[0].name: must be 1 to 40 characters of a-z, 0-9, _ and -, got 7',
      'routes[0].connector: no connector is named "carrier-a" (none is configured)',
    ]);
  });

  const nested: [string, Json, string][] = [
    ['reconnectSeconds', { min: 0 }, 'reconnectSeconds.min: must be a number above 0, got 0'],
    ['reconnectSeconds', { min: 90 }, 'reconnectSeconds: min (90) must not be above max (60)'],
    ['sourceAddr', { ton: 256 }, `sourceAddr.ton: ${int(0, 255, '256')}`],
    ['destinationAddr', { npi: -1 }, `destinationAddr.npi: ${int(0, 255, '-1')}`],
    ['dataCoding', { latin1: 3.5 }, `dataCoding.latin1: ${int(0, 255, '3.5')}`],
    [
      'messageIds',
      { submit: 'base64' },
      'messageIds.submit: must be one of "string", "hex", "decimal", got "base64"',
    ],
    ['dataCoding', { ucs3: 8 }, 'dataCoding.ucs3: unknown key, did you mean "ucs2"?'],
  ];
  for (const [key, value, message] of nested) {
    test(`${key}: ${JSON.stringify(value)}`, () => {
      assert.deepEqual(problems(file({ [key]: value })), [`connectors[0].${message}`]);
    });
  }

  test('required keys', () => {
    const p = problems({ connectors: [{ type: 'smpp' }], routes: [{ channel: 'sms', connector: 'x' }] });
    assert.deepEqual(p.slice(0, 3), [
      'connectors[0].name: is required',
      'connectors[0].host: is required',
      'connectors[0].systemId: is required',
    ]);
  });

  test('without a valid type only the name is judged: the type decides which keys belong', () => {
    const routes = [{ channel: 'sms', connector: 'x' }];
    assert.deepEqual(problems({ connectors: [{}], routes }), [
      'connectors[0].name: is required',
      'connectors[0].type: is required',
      'routes[0].connector: no connector is named "x" (none is configured)',
    ]);
    assert.deepEqual(problems({ connectors: [{ name: 'x', type: 'SMPP', hots: 'h' }], routes }), [
      'connectors[0].type: must be one of "smpp", "upstream", got "SMPP"',
    ]);
  });

  test('a password is never echoed', () => {
    const p = problems(file({ password: 'hunter2-secret' }));
    assert.equal(p.length, 1);
    assert.ok(!p[0]!.includes('hunter2'), p[0]);
  });

  test('a connector that is no object', () => {
    assert.deepEqual(problems({ connectors: ['carrier-a'], routes: [{ channel: 'sms', connector: 'x' }] }), [
      'connectors[0]: must be an object, got "carrier-a"',
      'routes[0].connector: no connector is named "x" (none is configured)',
    ]);
  });
});

describe('problems of the whole file', () => {
  test('every problem is listed at once, one per line', () => {
    const json = file({ window: 0, port: 'x', encoding: 'utf8' });
    let error: unknown;
    try {
      parseConnectorsConfig(json, '/etc/omnigate/connectors.json');
    } catch (e) {
      error = e;
    }
    assert.ok(error instanceof ConnectorConfigError);
    assert.equal(
      error.message,
      [
        '/etc/omnigate/connectors.json: connectors[0].port: must be an integer from 1 to 65535, got "x"',
        '/etc/omnigate/connectors.json: connectors[0].window: must be an integer from 1 to 1000, got 0',
        '/etc/omnigate/connectors.json: connectors[0].encoding: must be one of "auto", "gsm", "ucs2", "latin1", got "utf8"',
      ].join('\n'),
    );
    assert.equal(error.name, 'ConnectorConfigError');
  });

  test('unknown keys: a near one is suggested, otherwise the known keys are listed', () => {
    assert.deepEqual(problems(file({ windw: 5, Port: 1 })), [
      'connectors[0].windw: unknown key, did you mean "window"?',
      'connectors[0].Port: unknown key, did you mean "port"?',
    ]);
    const p = problems(file({ colour: 'red' }));
    assert.equal(p.length, 1);
    assert.match(
      p[0]!,
      /^connectors\[0\]\.colour: unknown key \(known keys: name, type, host, port, .*submitRetries\)$/,
    );
    assert.deepEqual(problems(file({}, { route: [] })), ['route: unknown key, did you mean "routes"?']);
    assert.deepEqual(problems(file({ 'dest addr': 1 })).length, 1);
    assert.match(problems(file({ 'dest addr': 1 }))[0]!, /^connectors\[0\]\["dest addr"\]: unknown key/);
  });

  test('duplicate names', () => {
    const json = file();
    const conns = json.connectors as Json[];
    conns.push({ ...conns[0] });
    assert.deepEqual(problems(json), [
      'connectors[1].name: "carrier-a" is already the name of connectors[0]',
    ]);
  });

  test('the file must hold an object with a non-empty connectors list and routes', () => {
    assert.deepEqual(problems([]), ['must hold a JSON object with "connectors" and "routes", got an array']);
    assert.deepEqual(problems(null), ['must hold a JSON object with "connectors" and "routes", got null']);
    assert.deepEqual(problems({}), ['connectors: is required', 'routes: is required']);
    assert.deepEqual(problems({ connectors: [], routes: [] }), [
      'connectors: must list at least one connector',
      'routes: must list at least one route',
    ]);
    assert.deepEqual(problems({ connectors: {}, routes: 'all' }), [
      'connectors: must be an array, got an object',
      'routes: must be an array, got "all"',
    ]);
  });
});

describe('routes in the file', () => {
  const two = (routes: unknown[]): Json => ({
    connectors: [
      { name: 'a', type: 'smpp', host: 'h', systemId: 's' },
      { name: 'b', type: 'smpp', host: 'h', systemId: 's' },
    ],
    routes,
  });

  test('a route to an unknown connector names the configured ones', () => {
    assert.deepEqual(
      problems(
        two([
          { channel: 'sms', connector: 'a', numbers: ['010'] },
          { channel: 'sms', connector: 'b' },
          { channel: 'sms', connector: 'c' },
        ]),
      ),
      ['routes[2].connector: no connector is named "c" (configured: "a", "b")'],
    );
  });

  test('a connector no route names is an error', () => {
    assert.deepEqual(problems(two([{ channel: 'sms', connector: 'a' }])), [
      'connectors[1]: connector "b" is not used by any route',
    ]);
  });

  test('a misspelt connector in a route shows both ends', () => {
    assert.deepEqual(problems(file({}, { routes: [{ channel: 'sms', connector: 'carier-a' }] })), [
      'routes[0].connector: no connector is named "carier-a" (configured: "carrier-a")',
      'connectors[0]: connector "carrier-a" is not used by any route',
    ]);
  });

  test('channel, connector and numbers are checked', () => {
    assert.deepEqual(
      problems(
        two([
          { channel: 'fax', connector: 'a', numbers: ['010', '+8210', '', '1'.repeat(21), 10] },
          { connector: 'b', numbers: [] },
          { channel: 'sms', numbers: '010' },
          { channel: 'sms', connector: 'a', number: ['1'] },
          'b',
        ]),
      ),
      [
        'routes[0].channel: must be one of "sms", "lms", "mms", "infomsg", "rcs", "brandmessage", got "fax"',
        'routes[0].numbers[1]: must be a number prefix of 1 to 20 digits (such as "010" or "8210"), got "+8210"',
        'routes[0].numbers[2]: must be a number prefix of 1 to 20 digits (such as "010" or "8210"), got ""',
        `routes[0].numbers[3]: must be a number prefix of 1 to 20 digits (such as "010" or "8210"), got "${'1'.repeat(21)}"`,
        'routes[0].numbers[4]: must be a number prefix of 1 to 20 digits (such as "010" or "8210"), got 10',
        'routes[1].channel: is required',
        'routes[1].numbers: must list at least one prefix (leave it out to match every number)',
        'routes[2].connector: is required',
        'routes[2].numbers: must be an array, got "010"',
        'routes[3].number: unknown key, did you mean "numbers"?',
        'routes[4]: must be an object, got "b"',
      ],
    );
  });

  test('numbers: null is every number', () => {
    const conf = parseConnectorsConfig(
      file({}, { routes: [{ channel: 'sms', connector: 'carrier-a', numbers: null }] }),
      'c',
    );
    assert.equal(conf.routes[0]!.numbers, null);
  });

  test('an lms route needs concatenation on its connector', () => {
    const routes = [
      { channel: 'sms', connector: 'carrier-a' },
      { channel: 'lms', connector: 'carrier-a' },
    ];
    assert.deepEqual(problems(file({}, { routes })), [
      'routes[1].channel: "lms" needs concatenation on connector "carrier-a" (LMS goes as concatenated SMS)',
    ]);
    const conf = parseConnectorsConfig(file({ concatenation: true }, { routes }), 'c');
    assert.equal(conf.routes[1]?.channel, 'lms');
  });

  test('a route or prefix an earlier route already takes can never match', () => {
    assert.deepEqual(
      problems(
        two([
          { channel: 'sms', connector: 'a', numbers: ['010', '8210'] },
          { channel: 'sms', connector: 'b', numbers: ['0101', '011'] },
          { channel: 'sms', connector: 'a' },
          { channel: 'sms', connector: 'b', numbers: ['1'] },
          { channel: 'sms', connector: 'b' },
        ]),
      ),
      [
        'routes[1].numbers[0]: "0101" can never match: routes[0] takes "010" first',
        'routes[3].numbers[0]: "1" can never match: routes[2] already takes every sms number',
        'routes[4]: can never match: routes[2] already takes every sms number',
      ],
    );
  });
});

describe('loadConnectorsConfig', () => {
  const dir = mkdtempSync(join(tmpdir(), 'omnigate-connectors-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('reads and parses a file', () => {
    const path = join(dir, 'ok.json');
    writeFileSync(path, `\uFEFF${JSON.stringify(file({ window: 20 }), null, 2)}`);
    const conf = loadConnectorsConfig(path);
    const c = conf.connectors[0];
    assert.ok(c?.type === 'smpp');
    assert.equal(c.window, 20);
  });

  test('a missing file names the path', () => {
    const path = join(dir, 'missing.json');
    assert.throws(
      () => loadConnectorsConfig(path),
      (e: unknown) =>
        e instanceof ConnectorConfigError &&
        e.message === `${path}: cannot read the file ${path}: no such file`,
    );
    assert.throws(() => loadConnectorsConfig(dir), /it is a directory/);
  });

  test('bad JSON names the path and the line', () => {
    const path = join(dir, 'bad.json');
    writeFileSync(path, '{\n  "connectors": [\n    { "name": "a", }\n  ]\n}\n');
    assert.throws(
      () => loadConnectorsConfig(path),
      (e: unknown) =>
        e instanceof ConnectorConfigError &&
        e.message.startsWith(`${path}: not valid JSON: `) &&
        /line 3/.test(e.message),
    );
  });

  test('problems of a read file name it as given', () => {
    const path = join(dir, 'invalid.json');
    writeFileSync(path, JSON.stringify(file({ binds: 0 })));
    assert.throws(
      () => loadConnectorsConfig(path),
      (e: unknown) =>
        e instanceof ConnectorConfigError &&
        e.message === `${path}: connectors[0].binds: must be an integer from 1 to 32, got 0`,
    );
  });
});
