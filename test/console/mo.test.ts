import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { Receiver, setWebhook } from '../features/mo-helpers.ts';
import { type Client, send, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { browserSkip, type ConsoleHarness, startConsoleHarness } from './browser.ts';

const skip = browserSkip();

/*
 * An MO in the console: sent from a handset's page it takes its place in the conversation at
 * once, on the sender's side, between what the handset received; the MO messages page lists it
 * with its webhook delivery: "no webhook configured" while the account has none, delivered once
 * one is set (a receiver on 127.0.0.1) and the MO redelivered.
 */
describeEachDb('console MO messages in a browser', (db) => {
  let h: ConsoleHarness;
  let c: Client;
  let page: Page;
  const receiver = new Receiver('mo-secret-0123456789');
  const phone = '01066600001';
  let moKey = '';
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
    await receiver.stop();
  });

  const conversation = (p: Page) => p.getByRole('log', { name: 'Messages' });
  const sms = async (text: string) => {
    const res = await send(h.t, c, {
      destinations: [{ to: phone }],
      messageFlow: [{ sms: { from: c.sender, text } }],
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().data.code, 'A000', res.body);
  };
  const names = (log: Locator) =>
    log.getByRole('article').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
  const box = async (l: Locator) => {
    const b = await l.boundingBox();
    assert.ok(b, 'drawn');
    return b;
  };

  test('an MO sent from the handset page appears in the conversation at once, on its side, and what comes next below it', {
    skip,
  }, async () => {
    await sms('Your parcel arrives tomorrow. Reply to change the time.');
    await page.goto(`${h.base}/console/sandbox/handsets/${phone}`);
    await page.getByRole('heading', { level: 1, name: phone }).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: /^Live$/ })
      .waitFor();
    const received = conversation(page).getByRole('article', { name: `SMS from ${c.sender}` });
    await received.getByText('Your parcel arrives tomorrow.', { exact: false }).waitFor();

    const form = page.getByRole('region', { name: 'Send an MO from this handset' });
    await form.getByLabel('To (MO number)').fill(c.sender);
    await form.getByLabel('Message').fill('Please deliver after 6 pm');
    await form.getByRole('button', { name: 'Send MO' }).click();
    await form.getByRole('status').getByText('MO received').waitFor();
    moKey = (await form.getByRole('status').locator('code').textContent()) ?? '';
    assert.match(moKey, /^mo/);

    // In the conversation without a reload: the handset's own message, after what it received.
    const sent = conversation(page).getByRole('article', { name: `MO sent to ${c.sender}` });
    await sent.getByText('Please deliver after 6 pm').waitFor();
    assert.deepEqual(await names(conversation(page)), [`SMS from ${c.sender}`, `MO sent to ${c.sender}`]);
    await sent.getByText('2026-03-10 12:00:00').waitFor();
    assert.equal(
      await sent.getByRole('link', { name: moKey }).getAttribute('href'),
      `/console/mo/${moKey}`,
      'the MO leads to its page',
    );

    // On the sender's side, as a phone draws its own messages: the right, not the left.
    const screen = await box(conversation(page));
    const theirs = await box(received.locator('.msg-bubble'));
    const mine = await box(sent.locator('.msg-bubble'));
    assert.ok(
      mine.x > theirs.x + 40,
      `the sent bubble (x ${mine.x}) stands right of the received (${theirs.x})`,
    );
    assert.ok(
      Math.abs(screen.x + screen.width - (mine.x + mine.width)) < 40,
      'the sent bubble ends at the right of the screen',
    );
    const [bg, theirBg] = await Promise.all([
      sent.locator('.msg-bubble').evaluate((el) => getComputedStyle(el).backgroundColor),
      received.locator('.msg-bubble').evaluate((el) => getComputedStyle(el).backgroundColor),
    ]);
    assert.notEqual(bg, theirBg, 'a bubble of its own');

    // What is sent to the handset afterwards appears below it, live.
    await sms('Noted: after 6 pm it is.');
    await conversation(page).getByText('Noted: after 6 pm it is.').waitFor();
    assert.deepEqual(await names(conversation(page)), [
      `SMS from ${c.sender}`,
      `MO sent to ${c.sender}`,
      `SMS from ${c.sender}`,
    ]);
    await h.shot(page, 'mo-conversation-1280');

    const { page: narrow } = await h.open(390);
    await h.signIn(narrow);
    await narrow.goto(`${h.base}/console/sandbox/handsets/${phone}`);
    const sentNarrow = conversation(narrow).getByRole('article', { name: `MO sent to ${c.sender}` });
    await sentNarrow.getByText('Please deliver after 6 pm').waitFor();
    const narrowScreen = await box(conversation(narrow));
    const narrowMine = await box(sentNarrow.locator('.msg-bubble'));
    assert.ok(
      narrowMine.x + narrowMine.width <= narrowScreen.x + narrowScreen.width,
      'nothing overflows 390 px',
    );
    await sentNarrow.scrollIntoViewIfNeeded();
    await h.shot(narrow, 'mo-conversation-390', false);
  });

  test('the MO messages page: "no webhook configured", then delivered once a webhook is set', {
    skip,
  }, async () => {
    assert.ok(moKey, 'the MO of the test before');
    await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'MO messages' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'MO messages' }).waitFor();
    // The only account is chosen for the list.
    assert.equal(await page.getByLabel('Account').inputValue(), c.accountId);
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: `MO ${moKey}` }) });
    await row.getByText('No webhook configured').waitFor();
    await row.getByText('Please deliver after 6 pm').waitFor();
    await row.getByText(`${phone} → ${c.sender}`).waitFor();
    assert.equal(
      await row.getByRole('link', { name: `MO ${moKey}` }).getAttribute('href'),
      `/console/mo/${moKey}`,
    );
    await page.getByRole('status').getByText('has no webhook configured').waitFor();
    await h.shot(page, 'mo-list-no-webhook-1280');

    // The status filter asks the API for that status only.
    await page.getByLabel('Status').selectOption('DELIVERED');
    await page.getByText('No MO message has this status.').waitFor();
    await page.getByLabel('Status').selectOption('');
    await row.waitFor();

    // A webhook set meanwhile: the list says so within its next look; a redelivery posts it now.
    const url = await receiver.start();
    await setWebhook(h.t, c.accountId, { url, secret: receiver.secret });
    await row.getByRole('button', { name: `Redeliver MO ${moKey}` }).click();
    await row.getByText('Delivered').waitFor();
    assert.equal(receiver.of(moKey).acked, 1, 'the receiver acknowledged it');
    await page.getByRole('status').getByText('has no webhook configured').waitFor({ state: 'detached' });
    await h.shot(page, 'mo-list-1280');

    const { page: narrow } = await h.open(390);
    await h.signIn(narrow);
    await narrow.goto(`${h.base}/console/mo?accountId=${c.accountId}`);
    await narrow.getByRole('link', { name: `MO ${moKey}` }).waitFor();
    await h.shot(narrow, 'mo-list-390');

    // The account's page leads to its MO messages.
    await page.goto(`${h.base}/console/accounts/${c.accountId}`);
    await page.getByRole('heading', { level: 1, name: 'acme' }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'MO messages' }).click();
    await page.getByRole('heading', { level: 1, name: 'MO messages' }).waitFor();
    assert.match(page.url(), new RegExp(`/console/mo\\?accountId=${c.accountId}$`));
  });
});
