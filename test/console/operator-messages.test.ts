import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { type Client, send, setHandset, settle, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { browserSkip, type ConsoleHarness, startConsoleHarness } from './browser.ts';

const skip = browserSkip();

/* The Messages page: a search kept in the address bar, and a message's failover steps and report. */
describeEachDb('console: messages', (db) => {
  let h: ConsoleHarness;
  let c: Client;

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
    // Another recipient, so the searches have something to leave out.
    await send(h.t, c, {
      destinations: [{ to: '01061000999' }],
      messageFlow: [{ sms: { from: c.sender, text: 'x' } }],
    });
    await settle(h.t);
  });

  /** An informational message the handset refuses, carried by the SMS step; answers its msgKey. */
  async function failover(phone: string): Promise<string> {
    await setHandset(h.t, phone, { fail: { infomsg: '30100' } });
    const res = await send(h.t, c, {
      destinations: [{ to: phone, ref: 'order-77' }],
      messageFlow: [
        { infomsg: { msgType: 'AT', senderKey: c.senderKey, templateCode: 'TPL-001', text: '주문 안내' } },
        { sms: { from: c.sender, text: '주문 안내 (SMS)' } },
      ],
    });
    await settle(h.t);
    return res.json().data.data.destinations[0].msgKey;
  }

  after(() => h?.close());

  for (const width of [1280, 390]) {
    test(`search by recipient, open the message: its failover steps and its report (${width} px)`, {
      skip,
    }, async () => {
      const phone = `0106100${width === 1280 ? '1280' : '0390'}`;
      const dashed = `${phone.slice(0, 3)}-${phone.slice(3, 7)}-${phone.slice(7)}`;
      const msgKey = await failover(phone);
      const { page } = await h.open(width);
      await h.signIn(page);
      if (width < 600) await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('link', { name: 'Messages', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Messages' }).waitFor();
      await page.getByLabel('Recipient number').fill(dashed);
      await page.getByRole('button', { name: 'Search' }).click();
      const link = page.getByRole('link', { name: `Message ${msgKey} to ${phone}` });
      await link.waitFor();
      // The search is in the address: it can be bookmarked and reloaded.
      assert.ok(page.url().endsWith(`/console/messages?to=${dashed}`), page.url());
      // The unfiltered list may still be drawn while the search answers: wait for it to go.
      await page.getByRole('link', { name: /to 01061000999$/ }).waitFor({ state: 'detached' });
      await page.reload();
      await link.waitFor();
      assert.equal(await page.getByRole('link', { name: /to 01061000999$/ }).count(), 0);
      assert.equal(await page.getByLabel('Recipient number').inputValue(), dashed);
      await h.shot(page, `operator-messages-${width}`);

      await link.click();
      await page.getByRole('heading', { level: 1, name: 'Message' }).waitFor();
      const flow = page.getByRole('list', { name: 'Delivery flow' });
      const steps = flow.getByRole('listitem');
      await steps.nth(1).getByText('delivered', { exact: true }).waitFor();
      assert.equal(await steps.count(), 2);
      const first = steps.nth(0);
      await first.getByText('INFOMSG', { exact: true }).waitFor();
      await first.getByText('failed', { exact: true }).waitFor();
      await first.getByText('30100', { exact: true }).waitFor();
      const second = steps.nth(1);
      await second.getByText('SMS', { exact: true }).waitFor();
      await second.getByText('failover step', { exact: true }).waitFor();
      await second.getByText('10000', { exact: true }).waitFor();
      await second.getByText('2026-11-25 10:00:00').first().waitFor();
      // Next to the connector, the network's own id of each attempt (the sandbox's: msgKey-step).
      const fact = (step: typeof first, term: string) =>
        step.locator('dl.flow-facts > div', { has: page.locator('dt', { hasText: term }) }).locator('dd');
      for (const [i, step] of [first, second].entries()) {
        assert.equal(await fact(step, 'Connector').textContent(), 'sandbox');
        assert.equal(await fact(step, 'Network id').textContent(), `${msgKey}-${i}`);
      }
      const reports = page.getByRole('region', { name: 'Reports' });
      const row = reports.getByRole('row').nth(1);
      await row.getByText('10000', { exact: true }).waitFor();
      await row.getByText('polling', { exact: true }).waitFor();
      await row.getByText('not yet', { exact: true }).waitFor();
      // The summary's ref (the Request card shows it again, in the body as stored).
      await page.getByRole('region', { name: 'Summary' }).getByText('order-77').waitFor();
      await h.shot(page, `operator-message-${width}`);

      // The client acknowledges the report: the page, which polls, says so without a reload.
      const poll = await h.t.request({ method: 'GET', url: '/api/comm/v1/report/polling', apiKey: c.apiKey });
      const batch = poll.json().data.data.reportId;
      if (batch) {
        await h.t.request({
          method: 'DELETE',
          url: `/api/comm/v1/report/polling/${batch}`,
          apiKey: c.apiKey,
        });
      }
      await row.getByText('yes', { exact: true }).waitFor();
    });
  }
});
