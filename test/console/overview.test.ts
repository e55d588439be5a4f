import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { describeEachDb } from '../helpers/db.ts';
import { browserSkip, type ConsoleHarness, startConsoleHarness } from './browser.ts';

const skip = browserSkip();

describeEachDb('console overview in a browser', (db) => {
  let h: ConsoleHarness;
  let page: Page;
  let apiKey = '';

  before(async () => {
    if (skip) return;
    h = await startConsoleHarness(db);
    const acc = await h.t.createAccount('overview');
    apiKey = acc.apiKey;
    const res = await h.t.request({
      method: 'POST',
      url: `/admin/v1/accounts/${acc.accountId}/senders`,
      admin: true,
      body: { number: '0212345678' },
    });
    assert.equal(res.statusCode, 200, res.body);
    // A handset set to fail its SMS with a code of its own (docs/sandbox.md).
    const fail = await h.t.request({
      method: 'PUT',
      url: '/sandbox/v1/handsets/01077770009',
      admin: true,
      body: { fail: { sms: '23003' } },
    });
    assert.equal(fail.statusCode, 200, fail.body);
    ({ page } = await h.open(1280));
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
        messageFlow: [{ sms: { from: '0212345678', text: 'overview' } }],
      },
    });
    assert.equal(res.statusCode, 200, res.body);
  };

  test('the overview reads the counters live: accepted, delivered, failures by code, the sandbox up', {
    skip,
  }, async () => {
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    const accepted = page.getByRole('region', { name: 'Accepted' });
    const delivered = page.getByRole('region', { name: 'Delivered' });
    await accepted.getByText('0 since start').waitFor();
    await page.getByText('No failed messages since this instance started.').waitFor();
    await page.getByText(/this instance's, since it started/).waitFor();
    const sandbox = page.getByRole('region', { name: 'Connector sandbox' });
    await sandbox.getByText('up', { exact: true }).waitFor();
    await sandbox.getByText(/always up/).waitFor();

    await send(['01077770001', '01077770002', '01077770003']);
    await send(['01077770009']);
    // No reload: the page polls and the figures move.
    await accepted.getByText('4 since start').waitFor();
    await delivered.getByText('3 since start').waitFor();
    await page.getByRole('region', { name: 'Failed' }).getByText('1 since start').waitFor();
    const failure = page
      .getByRole('region', { name: 'Failures by report code' })
      .getByRole('row', { name: /23003/ });
    await failure.getByRole('cell', { name: '1', exact: true }).waitFor();
    // Rates come from two readings: the one that saw the sends has accepted/s above zero.
    await accepted.getByText(/^peak ([1-9]|0\.[1-9])[\d.,]*\/s, last minute$/).waitFor();
    await page.getByRole('region', { name: 'Queued' }).getByText('0', { exact: true }).waitFor();
    if (db.dialect === 'sqlite') {
      await h.shot(page, 'overview-1280');
      const narrow = (await h.open(390)).page;
      await h.signIn(narrow);
      await narrow.getByRole('region', { name: 'Accepted' }).getByText('4 since start').waitFor();
      await h.shot(narrow, 'overview-390');
    }
  });

  test('a code the catalog knows is explained', { skip }, async () => {
    const res = await h.t.request({
      method: 'PUT',
      url: '/sandbox/v1/handsets/01077770010',
      admin: true,
      body: { reachable: false },
    });
    assert.equal(res.statusCode, 200, res.body);
    await send(['01077770010']);
    const row = page
      .getByRole('region', { name: 'Failures by report code' })
      .getByRole('row', { name: /30001/ });
    await row.getByText('Recipient unreachable').waitFor();
  });
});
