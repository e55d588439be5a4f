import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { describeEachDb } from '../helpers/db.ts';
import { browserSkip, type ConsoleHarness, SHOTS_DIR, startConsoleHarness } from './browser.ts';

const skip = browserSkip();

/** A CSP refusal is logged by Chromium as a console error, not thrown into the page. */
function watchCsp(page: Page, seen: string[]): void {
  page.on('console', (msg) => {
    const text = msg.text();
    if (/Content Security Policy|Refused to (apply|load|execute|connect)/i.test(text)) seen.push(text);
  });
}

/** The per-minute table's columns summed over its rows (rows of a minute not running have none). */
async function tableTotals(chart: Locator): Promise<{ accepted: number; delivered: number; failed: number }> {
  const table = chart.getByRole('table', { name: /Messages per minute/ });
  const totals = { accepted: 0, delivered: 0, failed: 0 };
  for (const row of await table.getByRole('row').all()) {
    const cells = await row.getByRole('cell').allInnerTexts();
    if (cells.length !== 3) continue;
    const [a, d, f] = cells.map((c) => Number(c.replace(/,/g, '')));
    totals.accepted += a ?? 0;
    totals.delivered += d ?? 0;
    totals.failed += f ?? 0;
  }
  return totals;
}

/**
 * A picture of one part of the page, cut from a whole-page picture: an element's own screenshot
 * scrolls it under the console's sticky top bar.
 */
async function partShot(page: Page, part: Locator, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = await part.boundingBox();
  assert.ok(box, 'the part is on the page');
  await page.screenshot({ path: join(SHOTS_DIR, `${name}.png`), fullPage: true, clip: box });
}

const TIME = String.raw`\d{2}:\d{2}:\d{2}`;
/** The chart's summary once the sends below are counted (the peaks' seconds depend on the run). */
const SENT = new RegExp(
  String.raw`^Last 15 minutes \(to ${TIME} by the system clock\): 4 accepted, peak [1-4]/s at ${TIME}; ` +
    String.raw`3 delivered, peak [1-3]/s at ${TIME}; 1 failed, peak 1/s at ${TIME}\. ` +
    String.raw`This instance started at ${TIME}: the seconds before are not counted\.$`,
);

describeEachDb('console overview: the traffic chart of the last 15 minutes', (db) => {
  let h: ConsoleHarness;
  let page: Page;
  let apiKey = '';
  const csp: string[] = [];

  before(async () => {
    if (skip) return;
    h = await startConsoleHarness(db);
    const acc = await h.t.createAccount('traffic');
    apiKey = acc.apiKey;
    const res = await h.t.request({
      method: 'POST',
      url: `/admin/v1/accounts/${acc.accountId}/senders`,
      admin: true,
      body: { number: '0212345678' },
    });
    assert.equal(res.statusCode, 200, res.body);
    const fail = await h.t.request({
      method: 'PUT',
      url: '/sandbox/v1/handsets/01066660009',
      admin: true,
      body: { fail: { sms: '23003' } },
    });
    assert.equal(fail.statusCode, 200, fail.body);
    ({ page } = await h.open(1280));
    watchCsp(page, csp);
    await h.signIn(page);
  });
  after(() => h?.close());

  const send = async (to: string[]) => {
    const res = await h.t.request({
      method: 'POST',
      url: '/api/comm/v1/send/omni',
      apiKey,
      body: {
        destinations: to.map((n) => ({ to: n })),
        messageFlow: [{ sms: { from: '0212345678', text: 'chart' } }],
      },
    });
    assert.equal(res.statusCode, 200, res.body);
  };

  test('messages sent with the overview open show in the chart without a reload, in words and by minute', {
    skip,
  }, async () => {
    const chart = page.getByRole('region', { name: 'Traffic, last 15 minutes' });
    const figure = chart.getByRole('figure');
    await figure.getByRole('img', { name: /messages per second, last 15 minutes/ }).waitFor();
    // A fresh instance: quiet, and the seconds before its start marked, not drawn as zeros.
    await figure.getByText(/^No messages accepted, delivered or failed in the last 15 minutes/).waitFor();
    await figure
      .getByText(/This instance started at \d{2}:\d{2}:\d{2}: the seconds before are not counted/)
      .waitFor();
    await figure.getByText('not running').waitFor();

    await send(['01066660001', '01066660002', '01066660003']);
    await send(['01066660009']);
    await figure.getByText(SENT).waitFor();
    const legend = chart.getByRole('list', { name: 'Series' });
    await legend
      .getByRole('listitem')
      .filter({ hasText: 'Accepted' })
      .getByText(/^4 in 15 min · peak [1-4]\/s$/)
      .waitFor();
    await legend
      .getByRole('listitem')
      .filter({ hasText: 'Delivered' })
      .getByText(/^3 in 15 min/)
      .waitFor();
    await legend
      .getByRole('listitem')
      .filter({ hasText: 'Failed' })
      .getByText(/^1 in 15 min · peak 1\/s$/)
      .waitFor();

    // The values in a table, behind a disclosure a keyboard opens.
    await chart.getByText('Messages per minute (table)').click();
    await chart.getByRole('table', { name: /Messages per minute/ }).waitFor();
    assert.deepEqual(await tableTotals(chart), { accepted: 4, delivered: 3, failed: 1 });
    await chart.getByRole('rowheader').first().waitFor();
    await partShot(page, chart, 'overview-chart-card-1280');
    await h.shot(page, 'overview-chart-1280');

    // The tiles' sparklines read the same series: their peak is per second.
    await page
      .getByRole('region', { name: 'Accepted' })
      .getByText(/^peak [1-4]\/s, last minute$/)
      .waitFor();
  });

  test('the history is the gateway’s: a reload and a phone-width page show the same seconds', {
    skip,
  }, async () => {
    await page.reload();
    const chart = page.getByRole('region', { name: 'Traffic, last 15 minutes' });
    await chart.getByRole('figure').getByText(SENT).waitFor();

    const narrow = (await h.open(390)).page;
    watchCsp(narrow, csp);
    await h.signIn(narrow);
    const small = narrow.getByRole('region', { name: 'Traffic, last 15 minutes' });
    await small.getByRole('figure').getByText(SENT).waitFor();
    await small.getByText('Messages per minute (table)').click();
    assert.deepEqual(await tableTotals(small), { accepted: 4, delivered: 3, failed: 1 });
    // Nothing wider than the phone: the chart is drawn to its box, not past it.
    const overflow = await narrow.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the page is ${overflow} px wider than the window`);
    const svg = await small.getByRole('img').boundingBox();
    assert.ok(svg && svg.x >= 0 && svg.x + svg.width <= 390, JSON.stringify(svg));
    await partShot(narrow, small, 'overview-chart-card-390');
    await h.shot(narrow, 'overview-chart-390');
    assert.deepEqual(csp, [], 'no CSP refusal');
  });
});
