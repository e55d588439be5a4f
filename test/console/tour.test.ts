import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { send, setHandset } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { browserSkip, type ConsoleHarness, startConsoleHarness } from './browser.ts';
import { deliver, type KindName, prepareAll, type Setup, setup } from './renderers-kinds.ts';

const skip = browserSkip();

/** What the tour's handset receives, in order: one of each family, the failover last. */
const TOUR: readonly KindName[] = [
  'sms',
  'mms',
  'infoTitle',
  'rcsCard',
  'brandWide',
  'brandFeed',
  'brandCommerce',
  'failover',
];
const PHONE = '01012345678';

/*
 * The console's tour (docs/console.md): a gateway with a little of everything, each main page
 * opened as a person would, checked for what it must show, and photographed
 * (.test-results/console/tour-*.png; the docs hold copies).
 */
describeEachDb('console tour in a browser', (db) => {
  let h: ConsoleHarness;
  let s: Setup;
  let page: Page;
  before(async () => {
    if (skip) return;
    h = await startConsoleHarness(db);
    await h.t.request({
      method: 'POST',
      url: '/sandbox/v1/clock',
      admin: true,
      body: { set: '2026-11-25 10:00:00' },
    });
    s = await setup(h.t);
    await prepareAll(h.t, s);
    for (const kind of TOUR) await deliver(h.t, s, kind, PHONE);
    // A little traffic for the overview and the lists: other numbers, and one that fails.
    await setHandset(h.t, '01099990003', { fail: { sms: '23003' } });
    for (const to of ['01020000001', '01020000002', '01099990003']) {
      await send(h.t, s.c, {
        destinations: [{ to }],
        messageFlow: [{ sms: { from: s.c.sender, text: 'Your parcel is on its way.' } }],
      });
    }
    ({ page } = await h.open(1280));
    await h.signIn(page);
  });
  after(() => h?.close());

  test('the overview, accounts and an account', { skip }, async () => {
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    await page.getByRole('cell', { name: '23003' }).waitFor();
    await h.shot(page, 'tour-overview');
    await page.getByRole('link', { name: 'Accounts' }).click();
    await page.getByRole('heading', { level: 1, name: 'Accounts' }).waitFor();
    await h.shot(page, 'tour-accounts');
    await page.getByRole('link', { name: 'renderers' }).first().click();
    await page.getByRole('heading', { level: 2, name: /keys/i }).first().waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await h.shot(page, 'tour-account');
  });

  test("a handset's inbox: every kind drawn, the failover marked", { skip }, async () => {
    await page.getByRole('link', { name: 'Handsets' }).click();
    await page
      .getByRole('link', { name: new RegExp(PHONE) })
      .first()
      .waitFor();
    await h.shot(page, 'tour-handsets');
    await page.goto(`${h.base}/console/sandbox/handsets/${PHONE}`);
    const inbox = page.getByRole('log', { name: 'Messages' });
    await inbox
      .getByRole('article', { name: /^SMS from/ })
      .first()
      .waitFor();
    const names = await inbox
      .getByRole('article')
      .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    for (const kind of [
      'SMS',
      'MMS',
      'Info message',
      'RCS',
      'Brand message (wide image)',
      'Brand message (carousel',
    ]) {
      assert.ok(
        names.some((n) => n?.includes(kind)),
        `${kind} in ${names.join(' | ')}`,
      );
    }
    assert.ok(names.some((n) => n?.startsWith('Not delivered')));
    await h.shot(page, 'tour-inbox', false);
    const { page: phone } = await h.open(390);
    await h.signIn(phone);
    await phone.goto(`${h.base}/console/sandbox/handsets/${PHONE}`);
    await phone.getByRole('log', { name: 'Messages' }).getByRole('article').first().waitFor();
    await h.shot(phone, 'tour-inbox-390', false);
  });

  test('messages: a search by recipient, and a message with its failover steps', { skip }, async () => {
    await page.goto(`${h.base}/console/messages?to=${PHONE}`);
    await page.getByRole('heading', { level: 1, name: 'Messages' }).waitFor();
    const found = page.getByRole('link', { name: new RegExp(`^Message .* to ${PHONE}$`) });
    await found.first().waitFor();
    assert.equal(await found.count(), TOUR.length);
    await h.shot(page, 'tour-messages');
    // The failover message is the newest to that number.
    await found.first().click();
    await page.getByRole('list', { name: 'Delivery flow' }).getByRole('listitem').nth(1).waitFor();
    await page
      .getByText(/failover step/i)
      .first()
      .waitFor();
    await h.shot(page, 'tour-message');
  });

  test('the gateway clock, opened from the top bar', { skip }, async () => {
    await page.getByRole('button', { name: /Manual clock/ }).click();
    await page.getByRole('dialog', { name: 'Gateway clock' }).getByRole('button', { name: '+1 h' }).waitFor();
    await h.shot(page, 'tour-clock', false);
    await page.keyboard.press('Escape');
  });
});
