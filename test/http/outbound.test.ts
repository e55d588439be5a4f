import assert from 'node:assert/strict';
import type { LookupAddress } from 'node:dns';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { OutboundPolicy, parseAllowList, type Resolve, refusedKind } from '../../src/http/outbound.ts';
import { postSignedJson } from '../../src/http/webhook-client.ts';
import { adminOk, type Deliveries } from '../features/ops-helpers.ts';
import { type Client, send, settle, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';

/*
 * The outbound policy (docs/security.md#outbound-requests). No test here lets a packet leave for
 * an address the policy refuses, nor for any address off this machine: names resolve through a
 * stub, and the one listener is on the loopback.
 */

/** A stub resolver: each name's addresses as the test sets them now; unknown names do not resolve. */
function stubResolver(): {
  resolve: Resolve;
  set: (host: string, ...addresses: string[]) => void;
  asked: string[];
} {
  const table = new Map<string, LookupAddress[]>();
  const asked: string[] = [];
  return {
    asked,
    set(host, ...addresses) {
      table.set(
        host,
        addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
      );
    },
    async resolve(host) {
      asked.push(host);
      const found = table.get(host);
      if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
      return found;
    },
  };
}

/** Every spelling of an address the gateway must not post to, as a URL would give it. */
const REFUSED_URLS = [
  'http://127.0.0.1/',
  'http://127.1/',
  'http://2130706433/',
  'http://0x7f000001/',
  'http://017700000001/',
  'http://0.0.0.0/',
  'http://[::1]/',
  'http://[::]/',
  'http://[::ffff:127.0.0.1]/',
  'http://[::ffff:7f00:1]/',
  'http://[64:ff9b::127.0.0.1]/',
  'http://169.254.169.254/latest/meta-data/',
  'http://[::ffff:169.254.169.254]/',
  'http://[fe80::1]/',
  'http://10.0.0.5/',
  'http://172.16.3.4/',
  'http://192.168.1.1/',
  'http://100.64.0.1/',
  'http://[fd00::1]/',
  'http://224.0.0.1/',
  'http://[ff02::1]/',
  'http://255.255.255.255/',
  'http://240.0.0.1/',
];

describe('outbound policy: what it refuses', () => {
  const policy = new OutboundPolicy([], async () => []);

  test('every spelling of loopback, link-local, private, unique-local, multicast and unspecified', async () => {
    for (const url of REFUSED_URLS) {
      const why = await policy.urlRefusal(new URL(url));
      assert.ok(why !== null, `${url} was not refused`);
      assert.match(why, /OMNIGATE_WEBHOOK_ALLOW/, `${url}: the refusal names the variable`);
    }
    assert.match(
      (await policy.urlRefusal(new URL('http://2130706433/'))) ?? '',
      /^127\.0\.0\.1 is a loopback/,
    );
    assert.match(
      (await policy.urlRefusal(new URL('http://169.254.169.254/'))) ?? '',
      /link-local address \(the cloud metadata service/,
    );
  });

  test('public addresses pass, IPv4 and IPv6', async () => {
    for (const url of [
      'http://203.0.113.7/',
      'https://8.8.8.8:8443/x',
      'http://[2001:db8::1]/',
      'http://1.1.1.1/',
    ]) {
      assert.equal(await policy.urlRefusal(new URL(url)), null, url);
    }
    assert.equal(refusedKind('172.32.0.1'), null, 'just past 172.16.0.0/12');
    assert.equal(refusedKind('100.128.0.1'), null, 'just past 100.64.0.0/10');
  });

  test('a name is judged by every address it resolves to', async () => {
    const dns = stubResolver();
    const named = new OutboundPolicy([], dns.resolve);
    dns.set('localhost', '127.0.0.1', '::1');
    dns.set('mixed.example', '203.0.113.9', '10.1.2.3');
    dns.set('public.example', '203.0.113.9', '2001:db8::9');
    assert.match(
      (await named.urlRefusal(new URL('http://localhost:9/'))) ?? '',
      /^localhost resolves to 127\.0\.0\.1, a loopback/,
    );
    assert.match(
      (await named.urlRefusal(new URL('http://mixed.example/'))) ?? '',
      /resolves to 10\.1\.2\.3, a private/,
    );
    assert.equal(await named.urlRefusal(new URL('http://public.example/')), null);
    // Not resolvable now: taken (it may resolve later), and judged again at every post.
    assert.equal(await named.urlRefusal(new URL('http://not-yet.example/')), null);
  });

  test('OMNIGATE_WEBHOOK_ALLOW lets ranges, addresses and exact names through', async () => {
    const dns = stubResolver();
    dns.set('hooks.internal', '10.20.30.40');
    dns.set('other.internal', '10.20.30.41');
    const allowing = new OutboundPolicy(
      parseAllowList(' 127.0.0.0/8, ::1 ,192.168.7.7,hooks.internal'),
      dns.resolve,
    );
    for (const url of [
      'http://127.0.0.1/',
      'http://127.1/',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://192.168.7.7/',
    ]) {
      assert.equal(await allowing.urlRefusal(new URL(url)), null, url);
    }
    assert.equal(
      await allowing.urlRefusal(new URL('http://HOOKS.internal./x')),
      null,
      'the name, in any case',
    );
    assert.notEqual(
      await allowing.urlRefusal(new URL('http://192.168.7.8/')),
      null,
      'one address, not its neighbours',
    );
    assert.notEqual(
      await allowing.urlRefusal(new URL('http://other.internal/')),
      null,
      'another name of the range',
    );
    assert.notEqual(await allowing.urlRefusal(new URL('http://169.254.169.254/')), null);
  });

  test('a malformed OMNIGATE_WEBHOOK_ALLOW stops the start, naming the entry', () => {
    for (const bad of ['10.0.0.0/33', '::1/129', '10.0.0.0/8/8', 'not a host', 'a/b', '10.0.0.0/x']) {
      assert.throws(
        () => loadConfig({ OMNIGATE_WEBHOOK_ALLOW: bad }),
        (err: unknown) => err instanceof ConfigError && err.message.includes('OMNIGATE_WEBHOOK_ALLOW'),
        bad,
      );
    }
    assert.deepEqual(loadConfig({}).webhookAllow, []);
    assert.deepEqual(loadConfig({ OMNIGATE_WEBHOOK_ALLOW: '127.0.0.0/8,::1' }).webhookAllow, [
      '127.0.0.0/8',
      '::1',
    ]);
  });
});

/** A receiver on the loopback that counts what reaches it. */
class Listener {
  hits = 0;
  readonly #server: Server = createServer((req, res) => {
    this.hits += 1;
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
  });

  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    return (this.#server.address() as AddressInfo).port;
  }

  close(): Promise<void> {
    this.#server.closeAllConnections();
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}

describe('outbound policy: at the post', () => {
  const listener = new Listener();
  let port = 0;
  before(async () => {
    port = await listener.listen();
  });
  after(() => listener.close());

  test('a name that resolves to the loopback when posting is refused before any connection (DNS rebinding)', async () => {
    const dns = stubResolver();
    const policy = new OutboundPolicy([], dns.resolve);
    dns.set('rebind.example', '203.0.113.50');
    assert.equal(
      await policy.urlRefusal(new URL(`http://rebind.example:${port}/hook`)),
      null,
      'public when set',
    );
    dns.set('rebind.example', '127.0.0.1');
    const answer = await postSignedJson(
      `http://rebind.example:${port}/hook`,
      's3cret-s3cret',
      { a: 1 },
      1,
      2000,
      policy,
    );
    assert.equal(answer.ok, false);
    assert.match(
      answer.error ?? '',
      /^refused: rebind\.example resolves to 127\.0\.0\.1, a loopback address/,
    );
    assert.equal(listener.hits, 0, 'nothing reached the listener');
  });

  test('an address literal is refused without a lookup; allowed, the same post goes through', async () => {
    const dns = stubResolver();
    const refusing = new OutboundPolicy([], dns.resolve);
    const answer = await postSignedJson(
      `http://[::ffff:7f00:1]:${port}/hook`,
      's3cret-s3cret',
      { a: 1 },
      1,
      2000,
      refusing,
    );
    assert.match(answer.error ?? '', /^refused: ::ffff:7f00:1 \(127\.0\.0\.1\) is a loopback address/);
    assert.deepEqual(dns.asked, []);
    assert.equal(listener.hits, 0);
    const allowing = new OutboundPolicy(['127.0.0.0/8'], dns.resolve);
    const ok = await postSignedJson(
      `http://127.0.0.1:${port}/hook`,
      's3cret-s3cret',
      { a: 1 },
      1,
      2000,
      allowing,
    );
    assert.equal(ok.ok, true, ok.error);
    assert.equal(listener.hits, 1);
  });

  test('an allowed name reaches its private address', async () => {
    const dns = stubResolver();
    dns.set('receiver.internal', '127.0.0.1');
    const policy = new OutboundPolicy(['receiver.internal'], dns.resolve);
    const before = listener.hits;
    const ok = await postSignedJson(
      `http://receiver.internal:${port}/hook`,
      's3cret-s3cret',
      { a: 2 },
      1,
      2000,
      policy,
    );
    assert.equal(ok.ok, true, ok.error);
    assert.equal(listener.hits, before + 1);
  });
});

describeEachDb('outbound policy through the operator API and the report webhook', (db) => {
  const dns = stubResolver();
  const listener = new Listener();
  let port = 0;
  let t: TestGateway;
  let c: Client;

  before(async () => {
    port = await listener.listen();
    // As shipped: no OMNIGATE_WEBHOOK_ALLOW.
    t = await startTestGateway(db, { env: { OMNIGATE_WEBHOOK_ALLOW: '' }, resolve: dns.resolve });
    c = await setupClient(t, 'outbound');
  });
  after(async () => {
    await t.close();
    await listener.close();
  });

  function setWebhook(url: string) {
    return t.request({
      method: 'PUT',
      url: `/admin/v1/accounts/${c.accountId}/webhook`,
      admin: true,
      body: { url, secret: 's3cret-s3cret' },
    });
  }

  test('a webhook URL naming a refused address is 400 A750, saying why and what to set', async () => {
    dns.set('localhost', '127.0.0.1');
    for (const url of [
      ...REFUSED_URLS,
      `http://localhost:${port}/`,
      'http://127.0.0.1:8080/admin/v1/accounts',
    ]) {
      const res = await setWebhook(url);
      assert.equal(res.statusCode, 400, `${url}: ${res.body}`);
      const body = res.json<{ code: string; result: string }>();
      assert.equal(body.code, 'A750', url);
      assert.match(body.result, /OMNIGATE_WEBHOOK_ALLOW/, url);
    }
    const shown = await adminOk<{ webhook: { url: string | null } }>(
      t,
      'GET',
      `/admin/v1/accounts/${c.accountId}`,
    );
    assert.equal(shown.webhook.url, null, 'none was set');
  });

  test('a name that turns to the loopback after it was set: the post fails, refused, and nothing is sent', async () => {
    dns.set('hooks.example', '203.0.113.80');
    const set = await setWebhook(`http://hooks.example:${port}/reports`);
    assert.equal(set.statusCode, 200, set.body);
    const mode = await t.request({
      method: 'PUT',
      url: `/admin/v1/accounts/${c.accountId}/report-mode`,
      admin: true,
      body: { mode: 'webhook' },
    });
    assert.equal(mode.statusCode, 200, mode.body);
    dns.set('hooks.example', '127.0.0.1');
    const res = await send(t, c, {
      destinations: [{ to: '01051000077' }],
      messageFlow: [{ sms: { from: c.sender, text: 'refused hook' } }],
    });
    const msgKey: string = res.json().data.data.destinations[0].msgKey;
    await settle(t);
    const failed = await adminOk<Deliveries>(
      t,
      'GET',
      `/admin/v1/webhook-deliveries?kind=report&accountId=${c.accountId}`,
    );
    const row = failed.deliveries.find((d) => d.msgKey === msgKey);
    assert.equal(row?.status, 'FAILED');
    assert.match(
      row?.lastError ?? '',
      /refused: hooks\.example resolves to 127\.0\.0\.1, a loopback address/,
    );
    assert.equal(listener.hits, 0, 'no post reached the loopback listener');
  });
});
