import assert from 'node:assert/strict';
import { createServer, request as forward } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, afterEach, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { type Client, send, settle, setupClient } from '../helpers/client.ts';
import { describeEachDb, type TestDb } from '../helpers/db.ts';
import { startTestGateway } from '../helpers/gateway.ts';
import { browserSkip, type ConsoleHarness, startConsoleHarness } from './browser.ts';

const skip = browserSkip();

/*
 * One connection state for the whole console: the gateway is stopped and started again on the
 * same port and database, and with no click the banner comes and goes, every page shows what
 * changed meanwhile, and the handset inbox resumes its live stream without losing or doubling a
 * message.
 */

const banner = (p: Page) => p.getByRole('alert').filter({ hasText: 'The gateway cannot be reached' });
const phoneLabel = (p: Page, text: RegExp) => p.getByRole('status').filter({ hasText: text });
const inbox = (p: Page) => p.getByRole('log', { name: 'Messages' });

/** Nothing on the page says NETWORK, nor a per-page "could not be reached" note. */
async function noNetworkNote(p: Page): Promise<void> {
  assert.equal(await p.getByText(/NETWORK/).count(), 0, 'no NETWORK note');
  assert.equal(await p.getByText('could not be reached').count(), 0, 'no per-page unreachable note');
}

/** The inbox holds exactly these messages, each once, top to bottom. */
async function holds(p: Page, expected: readonly string[]): Promise<void> {
  const shown = await inbox(p)
    .getByRole('article')
    .evaluateAll((els) => els.map((e) => (e as HTMLElement).innerText));
  assert.equal(shown.length, expected.length, shown.join(' | '));
  for (const [i, text] of expected.entries())
    assert.ok(shown[i]?.includes(text), `${i}: ${shown[i]} has ${text}`);
}

/**
 * What another instance on the same database does while the console's gateway is down (an API
 * instance stopped, the workers elsewhere running): a message sent and delivered, an account made.
 */
async function meanwhile(db: TestDb, c: Client, phone: string, text: string, account?: string) {
  const other = await startTestGateway(db);
  try {
    if (account) await other.createAccount(account);
    const res = await send(other, c, {
      destinations: [{ to: phone }],
      messageFlow: [{ sms: { from: c.sender, text } }],
    });
    assert.equal(res.statusCode, 200, res.body);
    await settle(other);
  } finally {
    await other.close();
  }
}

interface Proxy {
  base: string;
  /** Every stream request: its query and Last-Event-ID, and the status answered (502: the proxy's). */
  streams: Array<{ url: string; lastEventId: string | undefined; status: number }>;
  /** Settles when the proxy first answers a stream request 502. */
  streamRefused: Promise<void>;
  close(): Promise<void>;
}

/**
 * A reverse proxy on the loopback in front of the gateway, as nginx is: while the gateway refuses
 * connections it answers 502 with a page of its own (no JSON envelope).
 */
async function startProxy(target: string): Promise<Proxy> {
  const { hostname, port } = new URL(target);
  const streams: Proxy['streams'] = [];
  let refused!: () => void;
  const streamRefused = new Promise<void>((resolve) => {
    refused = resolve;
  });
  const server = createServer((req, res) => {
    const log = (status: number) => {
      if (!req.url?.includes('/timeline/stream')) return;
      const id = req.headers['last-event-id'];
      streams.push({ url: req.url, lastEventId: Array.isArray(id) ? id[0] : id, status });
      if (status === 502) refused();
    };
    const up = forward(
      { host: hostname, port, path: req.url, method: req.method, headers: req.headers },
      (r) => {
        log(r.statusCode ?? 0);
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      },
    );
    up.on('error', () => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      log(502);
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html><body><h1>502 Bad Gateway</h1></body></html>');
    });
    res.on('close', () => up.destroy());
    req.pipe(up);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: own } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${own}`,
    streams,
    streamRefused,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describeEachDb('console connection state in a browser', (db) => {
  let h: ConsoleHarness;
  let c: Client;
  before(async () => {
    if (skip) return;
    h = await startConsoleHarness(db);
    c = await setupClient(h.t);
  });
  // A test that failed with the gateway stopped leaves the next one a gateway to talk to.
  afterEach(async () => {
    if (h && !h.running) await h.startGateway();
  });
  after(() => h?.close());

  const openInbox = async (p: Page, base: string, phone: string) => {
    await p.goto(`${base}/console/sandbox/handsets/${phone}`);
    await p.getByRole('heading', { level: 1, name: phone }).waitFor();
    await phoneLabel(p, /^Live$/).waitFor();
  };
  const sms = (phone: string, text: string) =>
    send(h.t, c, { destinations: [{ to: phone }], messageFlow: [{ sms: { from: c.sender, text } }] });

  test('the gateway stopped: one banner; started again: the pages and the inbox recover with no click', {
    skip,
  }, async () => {
    const phone = '01077700001';
    const { context, page: list } = await h.open(1280);
    await h.signIn(list);
    await list.getByRole('link', { name: 'Accounts', exact: true }).click();
    await list.getByRole('link', { name: 'acme', exact: true }).waitFor();
    const phonePage = await context.newPage();
    phonePage.on('pageerror', (err) => {
      throw err;
    });
    await phonePage.setViewportSize({ width: 1280, height: 860 });
    await openInbox(phonePage, h.base, phone);
    assert.equal((await sms(phone, 'before the outage')).statusCode, 200);
    await inbox(phonePage).getByText('before the outage').waitFor();

    await h.stopGateway();
    // Both tabs say it, once, across the console; the phone agrees.
    await banner(list).waitFor();
    await banner(phonePage).waitFor();
    await phoneLabel(phonePage, /^Reconnecting…$/).waitFor();
    // What was shown stays (it may be out of date: the banner says so).
    await list.getByRole('link', { name: 'acme', exact: true }).waitFor();
    await h.shot(list, 'connection-lost');
    await h.shot(phonePage, 'connection-lost-inbox');
    // A page opened while it is down waits for it without a note of its own.
    await list.getByRole('link', { name: 'Messages', exact: true }).click();
    await list.getByRole('heading', { level: 1, name: 'Messages' }).waitFor();
    await list.getByRole('link', { name: 'Accounts', exact: true }).click();
    await list.getByRole('heading', { level: 1, name: 'Accounts' }).waitFor();
    await list.getByText('Loading accounts').waitFor();
    await banner(list).waitFor();
    await noNetworkNote(list);

    await meanwhile(db, c, phone, 'sent while the gateway was down', 'globex');
    await h.startGateway();
    assert.equal((await sms(phone, 'sent after the restart')).statusCode, 200);

    // No click from here on.
    await list.getByRole('status').filter({ hasText: 'Reconnected to the gateway.' }).waitFor();
    await banner(list).waitFor({ state: 'detached' });
    await list.getByRole('link', { name: 'globex', exact: true }).waitFor();
    await list.getByRole('link', { name: 'acme', exact: true }).waitFor();
    await noNetworkNote(list);
    await h.shot(list, 'connection-back');

    await banner(phonePage).waitFor({ state: 'detached' });
    await phoneLabel(phonePage, /^Live$/).waitFor();
    await inbox(phonePage).getByText('sent after the restart').waitFor();
    await inbox(phonePage).getByText('sent while the gateway was down').waitFor();
    await holds(phonePage, [
      'before the outage',
      'sent while the gateway was down',
      'sent after the restart',
    ]);
    await noNetworkNote(phonePage);
    await h.shot(phonePage, 'connection-back-inbox');
    await context.close();
  });

  test('behind a reverse proxy that answers 502: the refused stream reopens after the newest message held', {
    skip,
  }, async () => {
    const phone = '01077700002';
    const proxy = await startProxy(h.base);
    try {
      const { page } = await h.open(390);
      await h.signIn(page);
      await openInbox(page, proxy.base, phone);
      assert.equal((await sms(phone, 'first')).statusCode, 200);
      await inbox(page).getByText('first', { exact: true }).waitFor();
      const tl = await h.t.request({
        method: 'GET',
        url: `/sandbox/v1/handsets/${phone}/timeline`,
        admin: true,
      });
      const newest = tl.json<{ items: Array<{ id: number }> }>().items.at(-1)?.id;
      assert.ok(newest, tl.body);

      await h.stopGateway();
      await banner(page).waitFor();
      await phoneLabel(page, /^Reconnecting…$/).waitFor();
      // The stream came back to the proxy and was refused (a 502 ends an EventSource for good) ...
      await proxy.streamRefused;
      await phoneLabel(page, /^Reconnecting…$/).waitFor();
      // ... yet the inbox does not give up: it waits for the gateway, and says so.
      assert.equal(await page.getByRole('button', { name: 'Reconnect' }).count(), 0);
      await h.shot(page, 'connection-lost-phone', false);

      await meanwhile(db, c, phone, 'second, while down');
      const before = proxy.streams.length;
      await h.startGateway();
      assert.equal((await sms(phone, 'third, after')).statusCode, 200);

      await phoneLabel(page, /^Live$/).waitFor();
      await banner(page).waitFor({ state: 'detached' });
      await inbox(page).getByText('third, after').waitFor();
      await inbox(page).getByText('second, while down').waitFor();
      await holds(page, ['first', 'second, while down', 'third, after']);
      // Reopened as a new stream after the newest row the page held (not a reconnection of the
      // old one, which the 502 had ended).
      const reopened = proxy.streams.slice(before).find((s) => s.status === 200);
      assert.ok(reopened, JSON.stringify(proxy.streams));
      assert.equal(new URL(reopened.url, proxy.base).searchParams.get('since'), String(newest));
      assert.equal(reopened.lastEventId, undefined);
      await noNetworkNote(page);
      await h.shot(page, 'connection-back-phone', false);
      await page.context().close();
    } finally {
      await proxy.close();
    }
  });

  test('the sign-in page and the opening of the console say the gateway is down, and carry on by themselves', {
    skip,
  }, async () => {
    const { page } = await h.open(1280);
    await page.goto(`${h.base}/console`);
    await page.getByLabel('Admin token').waitFor();

    // Signing in while it is down: the card says so; once it is back, signing in works.
    await h.stopGateway();
    await page.getByLabel('Admin token').fill('test-admin-token-0123456789abcdef');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await banner(page).waitFor();
    await noNetworkNote(page);
    await h.shot(page, 'connection-sign-in');
    await h.startGateway();
    await banner(page).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();

    // Opening the console (signed in) just as the gateway goes away: its session check fails.
    let reached!: () => void;
    const arrived = new Promise<void>((resolve) => {
      reached = resolve;
    });
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      '**/admin/v1/session',
      async (route) => {
        reached();
        await released;
        await route.continue().catch(() => {});
      },
      { times: 1 },
    );
    await page.goto(`${h.base}/console/accounts`);
    await arrived;
    await h.stopGateway();
    release();
    await page.getByText('Opening the console').waitFor();
    await banner(page).waitFor();
    await h.shot(page, 'connection-opening');
    await h.startGateway();
    await page.getByRole('heading', { level: 1, name: 'Accounts' }).waitFor();
    await page.getByRole('link', { name: 'acme', exact: true }).waitFor();
    await page.context().close();
  });
});

/*
 * With the sandbox off there is no clock in the top bar asking the gateway every few seconds: a
 * page that asks nothing of its own still learns within QUIET_MS (15 s) that the gateway went
 * away. The browser's clock is Playwright's (time moves when the test says).
 */
describeEachDb('console connection state without the sandbox', (db) => {
  let h: ConsoleHarness;
  before(async () => {
    if (!skip) h = await startConsoleHarness(db, { env: { OMNIGATE_SANDBOX: 'false' } });
  });
  after(() => h?.close());

  test('a quiet page shows the banner after 15 s without an answer, and reloads when the gateway is back', {
    skip,
  }, async () => {
    await h.t.createAccount('acme');
    const { page } = await h.open(1280);
    await page.clock.install();
    await h.signIn(page);
    await page.getByRole('link', { name: 'Accounts', exact: true }).click();
    await page.getByRole('link', { name: 'acme', exact: true }).waitFor();
    await h.stopGateway();
    await page.clock.fastForward(10_000);
    assert.equal(await banner(page).count(), 0, 'not yet: 10 s is not quiet enough to ask');
    await page.clock.fastForward(6_000);
    await banner(page).waitFor();

    const other = await startTestGateway(db);
    await other.createAccount('globex');
    await other.close();
    await h.startGateway();
    // The next probe is due a second after the first failed one; a few seconds cover its backoff.
    await page.clock.fastForward(5_000);
    await banner(page).waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'globex', exact: true }).waitFor();
    await noNetworkNote(page);
  });
});
