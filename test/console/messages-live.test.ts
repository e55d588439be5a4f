import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, test } from 'node:test';
import type { Download, Page } from 'playwright-core';
import { COLUMNS, parseCsv } from '../features/message-search-helpers.ts';
import { type Client, send, settle, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { browserSkip, type ConsoleHarness, startConsoleHarness } from './browser.ts';

const skip = browserSkip();

/*
 * The Messages page as an integrator's debugger: the newest page is live (a message sent through
 * the client API appears at the top without a click, the reader's form, focus and place kept),
 * search by text and by sender number, and Export CSV / Export JSON of the search shown.
 */
describeEachDb('console: the live message list, text and sender search, export', (db) => {
  let h: ConsoleHarness;
  let c: Client;
  let other: Client;
  let first: string[];

  async function sms(client: Client, from: string, to: string, text: string): Promise<string> {
    const res = await send(h.t, client, { destinations: [{ to }], messageFlow: [{ sms: { from, text } }] });
    assert.equal(res.json().data.code, 'A000', res.body);
    await settle(h.t);
    return res.json().data.data.destinations[0].msgKey;
  }

  before(async () => {
    if (skip) return;
    h = await startConsoleHarness(db);
    const clock = await h.t.request({
      method: 'POST',
      url: '/sandbox/v1/clock',
      admin: true,
      body: { set: '2026-11-25 10:00:00' },
    });
    assert.equal(clock.statusCode, 200, clock.body);
    c = await setupClient(h.t, 'Acme Shop');
    other = await setupClient(h.t, 'Other Shop');
    const number = await h.t.request({
      method: 'POST',
      url: `/admin/v1/accounts/${other.accountId}/senders`,
      admin: true,
      body: { number: '0312345678' },
    });
    assert.equal(number.statusCode, 200, number.body);
    // Enough rows that the list scrolls.
    first = [];
    for (let i = 0; i < 24; i++) {
      first.push(await sms(c, c.sender, `010620000${String(i).padStart(2, '0')}`, `Order ${i} has shipped`));
    }
  });
  after(() => h?.close());

  async function messagesPage(width: number): Promise<Page> {
    const { page } = await h.open(width);
    await h.signIn(page);
    if (width < 600) await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Messages', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Messages' }).waitFor();
    return page;
  }

  const rowLink = (page: Page, msgKey: string, to: string) =>
    page.getByRole('link', { name: `Message ${msgKey} to ${to}` });

  test('a message sent through the API appears at the top by itself; the reader is not disturbed', {
    skip,
  }, async () => {
    const page = await messagesPage(1280);
    await rowLink(page, first[0] ?? '', '01062000000').waitFor();
    await page.getByText('Live: new messages appear at the top').waitFor();
    // The reader has half typed a search, not sent, and scrolled down to an older row.
    const text = page.getByLabel('Text');
    await text.focus();
    await text.pressSequentially('half typed');
    const anchor = page.getByRole('row').filter({ has: rowLink(page, first[3] ?? '', '01062000003') });
    await anchor.scrollIntoViewIfNeeded();
    const y = (await anchor.boundingBox())?.y;
    assert.ok(await page.evaluate(() => window.scrollY > 300), 'the page is scrolled down');
    assert.ok(y !== undefined && y > 0 && y < 860, `the older row is in view (${y})`);

    const live = await sms(c, c.sender, '01062000099', 'Your parcel is at the door');
    const link = rowLink(page, live, '01062000099');
    await link.waitFor();
    const top = page.getByRole('row').nth(1);
    assert.equal(
      await top.getByRole('link').first().getAttribute('aria-label'),
      `Message ${live} to 01062000099`,
    );
    assert.match((await top.getAttribute('class')) ?? '', /msg-new/);
    await page.getByRole('status').filter({ hasText: '1 new message' }).waitFor();
    // What the reader had stays: the half-typed search with its focus, the row they looked at.
    assert.equal(await text.inputValue(), 'half typed');
    assert.ok(await text.evaluate((el) => el === document.activeElement), 'the focus stays in the field');
    assert.ok(!page.url().includes('text='), 'nothing was searched');
    const after = (await anchor.boundingBox())?.y ?? Number.NaN;
    assert.ok(Math.abs(after - (y ?? 0)) <= 2, `the older row stayed where it was (${y} -> ${after})`);
    await top.getByText('Your parcel is at the door').waitFor();
    await top.getByText(`from ${c.sender}`, { exact: true }).waitFor();
    await h.shot(page, 'messages-live-1280', false);

    // At the top of the page, the next one pushes the list down and is lit up as it arrives.
    await page.evaluate(() => window.scrollTo(0, 0));
    const next = await sms(c, c.sender, '01062000098', 'Your parcel was delivered. Thank you!');
    await rowLink(page, next, '01062000098').waitFor();
    await page.getByRole('status').filter({ hasText: '1 new message' }).waitFor();
    assert.equal(await page.evaluate(() => window.scrollY), 0);
    await h.shot(page, 'messages-live-new-1280', false);

    await page.close();
  });

  test('search by text and by sender number; export the search as CSV and JSON', { skip }, async () => {
    const fromOther = await sms(other, '0312345678', '01062000077', 'Weekly NEWS: 30% off, "today" only');
    const page = await messagesPage(1280);
    await rowLink(page, fromOther, '01062000077').waitFor();

    await page.getByLabel('Text').fill('weekly news');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/text=weekly/);
    await rowLink(page, first[0] ?? '', '01062000000').waitFor({ state: 'detached' });
    // A new search shows nothing of the last while it loads: counted once its answer is drawn.
    await rowLink(page, fromOther, '01062000077').waitFor();
    assert.equal(await page.getByRole('link', { name: /^Message / }).count(), 1);
    await h.shot(page, 'messages-search-text-1280');

    await page.getByRole('button', { name: 'Clear' }).click();
    await rowLink(page, first[0] ?? '', '01062000000').waitFor();
    await page.getByLabel('Sender number').fill('031-234-5678');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/sender=031-234-5678/);
    await rowLink(page, first[0] ?? '', '01062000000').waitFor({ state: 'detached' });
    await rowLink(page, fromOther, '01062000077').waitFor();
    assert.equal(await page.getByRole('link', { name: /^Message / }).count(), 1);
    await h.shot(page, 'messages-search-sender-1280');

    const save = async (name: string): Promise<Download> => {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name }).click(),
      ]);
      return download;
    };
    const csvFile = await save('Export CSV');
    assert.equal(csvFile.suggestedFilename(), 'messages-20261125-100000.csv');
    const csvText = await readFile(await csvFile.path(), 'utf8');
    const rows = parseCsv(csvText.replace(/^\ufeff/, ''));
    assert.deepEqual(rows[0], [...COLUMNS]);
    assert.equal(rows.length, 2, 'the header and the one message of this search');
    const cell = (name: (typeof COLUMNS)[number]) => rows[1]?.[COLUMNS.indexOf(name)];
    assert.equal(cell('msgKey'), fromOther);
    assert.equal(cell('sender'), '0312345678');
    assert.equal(cell('accountName'), 'Other Shop');
    assert.equal(cell('text'), 'Weekly NEWS: 30% off, "today" only');

    const jsonFile = await save('Export JSON');
    assert.equal(jsonFile.suggestedFilename(), 'messages-20261125-100000.json');
    const json = JSON.parse(await readFile(await jsonFile.path(), 'utf8'));
    assert.deepEqual(
      json.map((r: { msgKey: string; to: string }) => [r.msgKey, r.to]),
      [[fromOther, '01062000077']],
    );

    // Every message, unfiltered: the whole list in one file.
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.waitForURL(/\/console\/messages$/);
    const all = JSON.parse(await readFile(await (await save('Export JSON')).path(), 'utf8'));
    const listed = await h.t.request({ method: 'GET', url: '/admin/v1/messages?limit=200', admin: true });
    assert.deepEqual(
      all.map((r: { msgKey: string }) => r.msgKey),
      listed.json().messages.map((m: { msgKey: string }) => m.msgKey),
    );
    assert.ok(all.length > first.length);
    await page.close();
  });

  test('on a phone: the rows as labelled cards, sender and text included', { skip }, async () => {
    const page = await messagesPage(390);
    await rowLink(page, first[0] ?? '', '01062000000').waitFor();
    await page.getByRole('link', { name: 'Export CSV' }).waitFor();
    await page.getByRole('heading', { name: 'Results' }).scrollIntoViewIfNeeded();
    await h.shot(page, 'messages-live-390', false);
    await page.close();
  });
});
