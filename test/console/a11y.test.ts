import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { type Client, send, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { browserSkip, type ConsoleHarness, startConsoleHarness } from './browser.ts';

const skip = browserSkip();

/** axe-core's browser build, evaluated in the page (CDP evaluation is not subject to the page's CSP). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

declare global {
  interface Window {
    axe?: { run(context: Document): Promise<{ violations: Violation[] }> };
  }
}

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/** Every axe-core rule (WCAG 2.x A and AA, and best practices such as landmark-unique) on the page. */
async function violations(page: Page): Promise<Violation[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    if (!window.axe) throw new Error('axe-core did not load');
    return (await window.axe.run(document)).violations;
  });
}

const describe = (vs: readonly Violation[]) =>
  vs.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

/*
 * Every page of the console checked by axe-core in a real browser, as the walk through
 * the console did (it found `landmark-unique` on the reservations page): a page with data on it,
 * so that tables, badges and actions are looked at too.
 */
describeEachDb('console accessibility (axe-core) in a browser', (db) => {
  let h: ConsoleHarness;
  let c: Client;
  let page: Page;
  let msgKey = '';
  let moKey = '';
  let refusedId = 0;
  const phone = '01056780001';
  before(async () => {
    if (skip) return;
    h = await startConsoleHarness(db);
    await h.t.request({
      method: 'POST',
      url: '/sandbox/v1/clock',
      admin: true,
      body: { set: '2026-11-25 10:00:00' },
    });
    c = await setupClient(h.t);
    const res = await send(h.t, c, {
      destinations: [{ to: phone }],
      messageFlow: [{ sms: { from: c.sender, text: 'Your parcel is on its way.' } }],
    });
    msgKey =
      res.json<{ data: { data: { destinations: Array<{ msgKey: string }> } } }>().data.data.destinations[0]
        ?.msgKey ?? '';
    const resv = await h.t.request({
      method: 'POST',
      url: '/api/comm/v1/reservation',
      apiKey: c.apiKey,
      body: {
        destinations: [{ to: phone }],
        messageFlow: [{ sms: { from: c.sender, text: 'Tomorrow at ten.' } }],
        resvSendTime: '2026-11-26 10:00:00',
        resvName: 'Tomorrow',
      },
    });
    assert.equal(resv.statusCode, 200, resv.body);
    // An MO from the handset (its conversation and the MO pages), and a refused send.
    const mo = await h.t.request({
      method: 'POST',
      url: '/sandbox/v1/mo',
      admin: true,
      body: { to: c.sender, from: phone, content: 'STATUS' },
    });
    assert.equal(mo.statusCode, 200, mo.body);
    moKey = mo.json<{ msgKey: string }>().msgKey;
    const bad = await send(h.t, c, {
      destinations: [{ to: '0101234' }],
      messageFlow: [{ sms: { from: c.sender, text: 'To nobody.' } }],
    });
    assert.equal(bad.statusCode, 200, bad.body);
    await h.t.gw.app.refusedRequests.flush();
    const list = await h.t.request({ method: 'GET', url: '/admin/v1/refused-requests', admin: true });
    refusedId = list.json<{ requests: Array<{ id: number }> }>().requests[0]?.id ?? 0;
    assert.ok(refusedId > 0, list.body);
    ({ page } = await h.open(1280));
    await h.signIn(page);
  });
  after(() => h?.close());

  const pages = (): ReadonlyArray<readonly [string, string]> => [
    ['/console', 'Overview'],
    ['/console/accounts', 'Accounts'],
    [`/console/accounts/${c.accountId}`, 'acme'],
    ['/console/messages', 'Messages'],
    [`/console/messages/${msgKey}`, 'Message'],
    ['/console/reservations', 'Reservations'],
    ['/console/broadcasts', 'Broadcasts'],
    ['/console/webhooks', 'Webhook deliveries'],
    [`/console/mo?accountId=${c.accountId}`, 'MO messages'],
    [`/console/mo/${moKey}`, 'MO message'],
    ['/console/refused', 'Refused requests'],
    [`/console/refused/${refusedId}`, 'Refused request'],
    ['/console/sandbox/handsets', 'Handsets'],
    [`/console/sandbox/handsets/${phone}`, phone],
    ['/console/sandbox/reviews', 'Template reviews'],
  ];

  test('no page has an axe-core violation', { skip }, async () => {
    const found: string[] = [];
    for (const [path, title] of pages()) {
      await page.goto(`${h.base}${path}`);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      // What the page loads after its title (tables, cards) is part of what is checked.
      await page
        .getByText(/^(Loading|Searching|Opening)/)
        .first()
        .waitFor({ state: 'hidden' });
      for (const line of describe(await violations(page))) found.push(`${path}: ${line}`);
    }
    assert.deepEqual(found, []);
  });
});
