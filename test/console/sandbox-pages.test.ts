import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { type Client, send, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { browserSkip, type ConsoleHarness, startConsoleHarness } from './browser.ts';

const skip = browserSkip();

/** A client's webhook on 127.0.0.1: acknowledges every post with its msgKey and keeps the bodies. */
class Webhook {
  readonly bodies: Array<Record<string, unknown>> = [];
  #server: Server | null = null;
  #waiters: Array<() => void> = [];

  async start(): Promise<string> {
    this.#server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
        this.bodies.push(body);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ msgKey: body.msgKey }));
        for (const w of this.#waiters.splice(0)) w();
      });
    });
    await new Promise<void>((resolve) => this.#server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}/mo`;
  }

  /** The post whose msgKey is `msgKey`, waited for at most `ms`. */
  async waitFor(msgKey: string, ms = 15_000): Promise<Record<string, unknown>> {
    const deadline = Date.now() + ms;
    for (;;) {
      const got = this.bodies.find((b) => b.msgKey === msgKey);
      if (got) return got;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no webhook post for ${msgKey} within ${ms} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async stop(): Promise<void> {
    const s = this.#server;
    if (!s) return;
    s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }
}

/*
 * The sandbox pages besides the inbox: the handsets list, an MO sent from a handset reaching the
 * account's webhook, the handset settings, and a template review approved from its page.
 */
describeEachDb('console sandbox pages in a browser', (db) => {
  let h: ConsoleHarness;
  let c: Client;
  let page: Page;
  const hook = new Webhook();
  before(async () => {
    if (skip) return;
    h = await startConsoleHarness(db);
    c = await setupClient(h.t);
    await h.t.request({
      method: 'POST',
      url: '/sandbox/v1/clock',
      admin: true,
      body: { set: '2026-03-10 12:00:00' },
    });
    ({ page } = await h.open(1280));
    await h.signIn(page);
  });
  after(async () => {
    await h?.close();
    await hook.stop();
  });

  test('the handsets list: unread counts, search by number, a box to open any number', { skip }, async () => {
    const a = '01044400001';
    const b = '01044400002';
    for (const [to, text] of [
      [a, 'Your code is 4821'],
      [b, 'Your table is ready'],
      [b, 'See you soon'],
    ] as const) {
      const res = await send(h.t, c, {
        destinations: [{ to }],
        messageFlow: [{ sms: { from: c.sender, text } }],
      });
      assert.equal(res.statusCode, 200, res.body);
      // Delivered before the next is sent: sends dispatched together by concurrent jobs reach
      // their handsets in either order, and this test reads the order of activity.
      await h.t.gw.runner?.whenIdle();
    }

    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Handsets' }).click();
    await page.getByRole('heading', { level: 1, name: 'Handsets' }).waitFor();
    const rowOf = (p: Page, phone: string) =>
      p.getByRole('row').filter({ has: p.getByRole('link', { name: phone }) });
    await rowOf(page, b).getByText('2 unread').waitFor();
    await rowOf(page, a).getByText('1 unread').waitFor();
    // Most recent activity first.
    const numbers = await page.getByRole('table').getByRole('link').allTextContents();
    assert.deepEqual(numbers.slice(0, 2), [b, a]);
    await h.shot(page, 'sandbox-handsets-1280');

    await page.getByLabel('Search by number').fill('400001');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('heading', { name: 'Numbers with 400001' }).waitFor();
    await rowOf(page, b).waitFor({ state: 'detached' });
    assert.deepEqual(await page.getByRole('table').getByRole('link').allTextContents(), [a]);

    // Opening the inbox reads it; the list shows it within its next poll.
    await page.getByRole('link', { name: a }).click();
    await page.getByRole('log', { name: 'Messages' }).getByText('Your code is 4821').waitFor();
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Handsets' }).waitFor();
    await page.getByRole('button', { name: 'Clear' }).click();
    await rowOf(page, b).getByText('2 unread').waitFor();
    await rowOf(page, a).getByText('1 unread').waitFor({ state: 'detached' });

    await page.getByLabel('Open a number').fill('01044409999');
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: '01044409999' }).waitFor();
    await page.getByText('Nothing has reached 01044409999 yet').waitFor();

    const { page: narrow } = await h.open(390);
    await h.signIn(narrow);
    await narrow.goto(`${h.base}/console/sandbox/handsets`);
    await rowOf(narrow, b).waitFor();
    await h.shot(narrow, 'sandbox-handsets-390');
  });

  test('(c) an MO sent from the console reaches the account webhook', { skip }, async () => {
    const url = await hook.start();
    const moNumber = '15881234';
    const acc = await h.t.createAccount('hooked');
    for (const [path, body] of [
      [`/admin/v1/accounts/${acc.accountId}/senders`, { number: moNumber }],
      [`/admin/v1/accounts/${acc.accountId}/webhook`, { url, secret: 'mo-secret-0123456789' }],
    ] as const) {
      const res = await h.t.request({
        method: path.endsWith('webhook') ? 'PUT' : 'POST',
        url: path,
        admin: true,
        body,
      });
      assert.equal(res.statusCode, 200, res.body);
    }

    const phone = '01044400003';
    await page.goto(`${h.base}/console/sandbox/handsets/${phone}`);
    const mo = page.getByRole('region', { name: 'Send an MO from this handset' });
    await mo.getByLabel('To (MO number)').fill(moNumber);
    await mo.getByLabel('Message').fill('STOP ads please');
    await mo.getByRole('button', { name: 'Send MO' }).click();
    const note = mo.getByRole('status');
    await note.getByText('MO received').waitFor();
    const msgKey = (await note.locator('code').textContent()) ?? '';
    assert.match(msgKey, /\S/);
    const posted = await hook.waitFor(msgKey);
    assert.equal(posted.content, 'STOP ads please');
    assert.equal(posted.to, moNumber);
    assert.equal(posted.from, phone);
    assert.equal(posted.originator, phone);

    // A refusal shows its code and text: no account registered this MO number.
    await mo.getByLabel('To (MO number)').fill('15880000');
    await mo.getByLabel('Message').fill('anyone there?');
    await mo.getByRole('button', { name: 'Send MO' }).click();
    await mo.getByRole('alert').getByText('A730').waitFor();
  });

  test('handset settings: saved properties, what shows defaults, reset', { skip }, async () => {
    const phone = '01044400004';
    await page.goto(`${h.base}/console/sandbox/handsets/${phone}`);
    const settings = page.getByRole('region', { name: 'Handset settings' });
    await settings.getByText('All defaults').waitFor();
    await settings.getByLabel('Reachable').uncheck();
    await settings.getByLabel('Carrier').fill('KT');
    await settings.getByLabel('RCS capability').selectOption('unified');
    await settings.getByLabel('App user').selectOption('user');
    await settings.getByLabel('Connected').uncheck();
    await settings.getByLabel('Friend of').selectOption('list');
    await settings.getByLabel('Sender keys').fill('sk-one\nsk-two');
    await settings.getByLabel('SMS fails with').fill('23003');
    await settings.getByLabel('Receipt delay (seconds)').fill('30');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await settings.getByRole('status').getByText('Saved.').waitFor();
    const got = (
      await h.t.request({ method: 'GET', url: `/sandbox/v1/handsets/${phone}`, admin: true })
    ).json();
    assert.equal(got.reachable, false);
    assert.equal(got.carrier, 'KT');
    assert.deepEqual(got.rcs, { unified: true, android: false });
    assert.equal(got.appUser.connected, false);
    assert.deepEqual(got.friendOf, ['sk-one', 'sk-two']);
    assert.deepEqual(got.fail, { sms: '23003' });
    assert.equal(got.receiptDelaySeconds, 30);
    assert.deepEqual(got.defaults, ['appUser.lastActiveAt', 'appUser.signedUpAt']);

    // A bad value is refused with its code and text.
    await settings.getByLabel('Receipt delay (seconds)').fill('-5');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await settings.getByRole('alert').getByText('A300').waitFor();

    await settings.getByRole('button', { name: 'Reset to defaults' }).click();
    // A second, explicit step: the question offers the reset and a way back.
    await settings
      .getByRole('group', { name: /Forget every setting/ })
      .getByRole('button', { name: 'Reset it' })
      .click();
    await settings.getByRole('status').getByText('Back to the defaults.').waitFor();
    await settings.getByText('All defaults').waitFor();
    const reset = (
      await h.t.request({ method: 'GET', url: `/sandbox/v1/handsets/${phone}`, admin: true })
    ).json();
    assert.equal(reset.configured, false);
  });

  test('(e) a template review approved from the Reviews page is approved through the API', {
    skip,
  }, async () => {
    const base = '/api/comm/v1/center/infomsg/template';
    const infomsg = {
      senderKey: c.senderKey,
      templateCode: 'SHIP-001',
      templateName: 'Shipping notice',
      text: 'Hello #{name}, your parcel left our warehouse today.',
      categoryCode: '002001',
      variables: [{ key: 'name', example: 'Minsu' }],
      buttons: [{ type: 'WL', name: 'Track parcel', urlMobile: 'https://shop.example/track' }],
    };
    const reg = await h.t.request({ method: 'POST', url: base, apiKey: c.apiKey, body: { infomsg } });
    assert.equal(reg.statusCode, 200, reg.body);
    const asked = await h.t.request({
      method: 'POST',
      url: `${base}/request`,
      apiKey: c.apiKey,
      body: { infomsg: { senderKey: c.senderKey, templateCode: 'SHIP-001', comment: 'Please review' } },
    });
    assert.equal(asked.statusCode, 200, asked.body);

    await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Template reviews' })
      .click();
    const card = page.getByRole('region', { name: 'Shipping notice' });
    await card.getByText('Hello #{name}, your parcel left our warehouse today.').waitFor();
    await card.getByText('Track parcel').waitFor();
    await card.getByText('Please review').waitFor();
    await h.shot(page, 'sandbox-reviews-1280');
    const { page: narrow } = await h.open(390);
    await h.signIn(narrow);
    await narrow.goto(`${h.base}/console/sandbox/reviews`);
    await narrow.getByRole('region', { name: 'Shipping notice' }).waitFor();
    await h.shot(narrow, 'sandbox-reviews-390');

    await card.getByLabel('Comment').fill('Looks good');
    await card.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('status').getByText('Shipping notice (SHIP-001) approved.').waitFor();
    await card.waitFor({ state: 'detached' });

    const q = `senderKey=${encodeURIComponent(c.senderKey)}&templateCode=SHIP-001`;
    const res = await h.t.request({ method: 'GET', url: `${base}?${q}`, apiKey: c.apiKey });
    const tpl = res.json().data.data.infomsg;
    assert.equal(tpl.inspectionStatus, 'APR');
    assert.equal(tpl.status, 'A');
    assert.equal(tpl.comment, 'Looks good');
  });
});
