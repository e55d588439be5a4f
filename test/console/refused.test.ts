import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { flushRefused, trIdOf } from '../debugger/refused-helpers.ts';
import { type Client, send, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { browserSkip, type ConsoleHarness, startConsoleHarness } from './browser.ts';

const skip = browserSkip();

/** axe-core's browser build, evaluated in the page (CDP evaluation is not subject to the page's CSP). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** What axe-core finds on the page (every rule: WCAG A and AA and best practices), as lines. */
async function axe(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const run = Reflect.get(window, 'axe') as {
      run(d: Document): Promise<{ violations: Array<{ id: string; nodes: Array<{ target: string[] }> }> }>;
    };
    const { violations } = await run.run(document);
    return violations.map((v) => `${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

/*
 * The Refused requests page (issue 33, the debugger): a client's refused send is listed with its
 * code, live, and opening it shows the body it sent (masked as at rest) and the answer it got.
 */
describeEachDb('console: refused requests', (db) => {
  let h: ConsoleHarness;
  let shop: Client;
  let other: Client;

  before(async () => {
    if (skip) return;
    h = await startConsoleHarness(db);
    shop = await setupClient(h.t, 'Refusal Shop');
    other = await setupClient(h.t, 'Other Shop');
  });
  after(async () => {
    await h?.close();
  });

  async function refusedPage(width: number): Promise<Page> {
    const { page } = await h.open(width);
    await h.signIn(page);
    if (width < 600) await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Refused requests' }).click();
    await page.getByRole('heading', { level: 1, name: 'Refused requests' }).waitFor();
    return page;
  }

  test('a send whose every recipient was refused is listed with its code; opened: body, recipients, answer', {
    skip,
  }, async () => {
    const res = await send(h.t, shop, {
      destinations: [{ to: '0101234' }, { to: '01099' }],
      messageFlow: [{ sms: { from: shop.sender, text: '주문하신 상품이 발송되었습니다' } }],
      ref: 'order-7731',
    });
    assert.equal(res.statusCode, 200, res.body);
    const trId = trIdOf(res.body);
    const wrongKey = await h.t.request({
      method: 'GET',
      url: '/api/comm/v1/report/polling',
      apiKey: 'og_StaleKey0000000000000000',
    });
    assert.equal(wrongKey.statusCode, 401, wrongKey.body);
    const mistake = await send(h.t, other, { destinations: [], messageFlow: [] });
    assert.equal(mistake.statusCode, 400, mistake.body);
    await flushRefused(h.t);

    const page = await refusedPage(1280);
    const table = page.getByRole('table', { name: 'Refused requests' });
    const row = table.getByRole('row').filter({ hasText: 'every recipient was refused' });
    await row
      .getByRole('link', { name: /^Refused request \d+: A306 on POST \/api\/comm\/v1\/send\/omni$/ })
      .waitFor();
    await row.getByText('Refusal Shop').waitFor();
    await row.getByText('every recipient was refused: 2 × A306').waitFor();
    const stale = table.getByRole('row').filter({ hasText: 'unknown API key' });
    await stale.getByText('key og_StaleKe… not known').waitFor();
    await stale.getByRole('link', { name: /A401 on GET \/api\/comm\/v1\/report\/polling/ }).waitFor();
    await page.getByText('Kept 24 hours.', { exact: false }).waitFor();
    await h.shot(page, 'refused-list-1280');
    assert.deepEqual(await axe(page), []);

    // Filters: one account; one code.
    await page.getByLabel('Account').selectOption({ label: 'Other Shop' });
    await table.getByRole('row').filter({ hasText: 'A307' }).waitFor();
    await row.waitFor({ state: 'detached' });
    assert.ok(page.url().includes(`accountId=${other.accountId}`), page.url());
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.getByLabel('Result code').fill('a306');
    await page.getByRole('button', { name: 'Filter' }).click();
    await stale.waitFor({ state: 'detached' });
    await row.waitFor();

    await row.getByRole('link', { name: /A306/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Refused request' }).waitFor();
    const facts = page.getByRole('region', { name: 'What was refused' });
    await facts.getByText(trId).waitFor();
    await facts.getByRole('link', { name: 'Refusal Shop' }).waitFor();
    const recipients = page.getByRole('region', { name: 'Recipients' });
    await recipients.getByRole('row').filter({ hasText: '0101234' }).getByText('A306').waitFor();
    await recipients.getByRole('row').filter({ hasText: '01099' }).getByText('A306').waitFor();
    const body = page.getByRole('region', { name: 'Request body, as kept' });
    await body.getByText('"ref": "order-7731"', { exact: false }).waitFor();
    await body.getByText('주문하신 상품이 발송되었습니다', { exact: false }).waitFor();
    const answer = page.getByRole('region', { name: 'Answer, as kept' });
    await answer.getByText(`"providerTrId": "${trId}"`, { exact: false }).waitFor();
    await h.shot(page, 'refused-detail-1280');
    assert.deepEqual(await axe(page), []);
  });

  test('live on a phone: a refusal made while the page is open appears by itself, and opens', {
    skip,
  }, async () => {
    const page = await refusedPage(390);
    const destinations = Array.from({ length: 201 }, (_, i) => ({ to: `0108${String(i).padStart(7, '0')}` }));
    const res = await send(h.t, shop, {
      destinations,
      messageFlow: [{ sms: { from: shop.sender, text: 'hi' } }],
    });
    assert.equal(res.statusCode, 400, res.body);
    // No flush, no reload: the recorder writes it, the page's next look finds it.
    const row = page.getByRole('row').filter({ hasText: '201 given' });
    await row.getByRole('link', { name: /A318/ }).waitFor();
    await h.shot(page, 'refused-list-390');
    await row.getByRole('link', { name: /A318/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Refused request' }).waitFor();
    await page
      .getByRole('region', { name: 'Request body, as kept' })
      .getByText('"to": "01080000200"', { exact: false })
      .waitFor();
    await page
      .getByRole('region', { name: 'Answer, as kept' })
      .getByText('"code": "A318"', { exact: false })
      .waitFor();
    await h.shot(page, 'refused-detail-390');
    assert.deepEqual(await axe(page), []);
  });
});
