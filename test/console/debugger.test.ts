import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { moAccount, Receiver, sendMo, setWebhook } from '../features/mo-helpers.ts';
import { advance, type Client, send, settle, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { browserSkip, type ConsoleHarness, startConsoleHarness } from './browser.ts';

const skip = browserSkip();
const SECRET = 'debugger-receiver-secret';

/** axe-core's browser build, evaluated in the page (CDP evaluation is not subject to the page's CSP). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's findings on the page as it is now (every rule: WCAG A and AA, best practices). */
async function axeFindings(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (
      window as {
        axe?: {
          run(
            d: Document,
          ): Promise<{ violations: Array<{ id: string; nodes: Array<{ target: string[] }> }> }>;
        };
      }
    ).axe;
    if (!axe) throw new Error('axe-core did not load');
    const { violations } = await axe.run(document);
    return violations.map((v) => `${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

/*
 * The debugger (issue 33): a message's page shows the request as the gateway stored it and the
 * answer its client got, refused recipient included, and every webhook post of its report; an
 * MO's page shows its delivery state and every post of it, with Redeliver.
 */
describeEachDb('console: the debugger', (db) => {
  let h: ConsoleHarness;
  let receiver: Receiver;
  let shop: Client;

  before(async () => {
    if (skip) return;
    receiver = new Receiver(SECRET);
    await receiver.start();
    h = await startConsoleHarness(db);
    const clock = await h.t.request({
      method: 'POST',
      url: '/sandbox/v1/clock',
      admin: true,
      body: { set: '2026-11-25 10:00:00' },
    });
    assert.equal(clock.statusCode, 200, clock.body);
    shop = await setupClient(h.t, 'Debug Shop');
    await setWebhook(h.t, shop.accountId, { url: receiver.url, secret: SECRET });
    const mode = await h.t.request({
      method: 'PUT',
      url: `/admin/v1/accounts/${shop.accountId}/report-mode`,
      admin: true,
      body: { mode: 'webhook' },
    });
    assert.equal(mode.statusCode, 200, mode.body);
  });
  after(async () => {
    await h?.close();
    await receiver?.stop();
  });

  async function open(path: string, width: number): Promise<Page> {
    const { page } = await h.open(width);
    await h.signIn(page);
    await page.goto(`${h.base}/console${path}`);
    return page;
  }

  for (const width of [1280, 390]) {
    test(`a message page shows the stored request and the answer, refused recipient included (${width} px)`, {
      skip,
    }, async () => {
      receiver.mode = 'ok';
      const n = width === 1280 ? '1' : '2';
      const res = await send(h.t, shop, {
        destinations: [
          { to: `0107400${n}001`, replaceWords: { name: 'Minsu Kim' }, ref: 'order-1001' },
          { to: '0107', replaceWords: { name: 'nobody' } },
          { to: `82107400${n}003`, replaceWords: { name: 'Seoyeon Lee' } },
        ],
        messageFlow: [{ sms: { from: shop.sender, text: 'Hello #{name}, your order has shipped' } }],
        ref: 'campaign-spring',
        idempotencyKey: `debugger-${width}`,
      });
      const answered: Array<{ to: string; msgKey: string; code: string }> = res.json().data.data.destinations;
      assert.deepEqual(
        answered.map((d) => d.code),
        ['A000', 'A306', 'A000'],
      );
      const msgKey = answered[2]?.msgKey ?? '';
      await settle(h.t);

      const page = await open(`/messages/${msgKey}`, width);
      await page.getByRole('heading', { level: 1, name: 'Message' }).waitFor();
      const card = page.getByRole('region', { name: 'Request', exact: true });
      const body = card.getByRole('region', { name: 'Request body, as kept' });
      await body.getByText(`"to": "82107400${n}003"`, { exact: false }).waitFor();
      for (const part of [
        '"idempotencyKey": "debugger-',
        '"ref": "campaign-spring"',
        'Hello #{name}',
        'Seoyeon Lee',
      ]) {
        await body.getByText(part, { exact: false }).waitFor();
      }
      await card.getByText('3 recipients: 2 accepted, 1 refused', { exact: false }).first().waitFor();
      const rows = card.getByRole('table').getByRole('row');
      // The header row, then the three recipients in the order they were sent.
      assert.equal(await rows.count(), 4);
      const refused = rows.nth(2);
      await refused.getByText('A306').waitFor();
      await refused.getByText('0107', { exact: true }).waitFor();
      await refused.getByText('Invalid recipient number (to): 0107 is not a valid number').waitFor();
      await rows.nth(3).getByText('this message').waitFor();
      await rows
        .nth(1)
        .getByRole('link', { name: `Message ${answered[0]?.msgKey}` })
        .waitFor();
      assert.deepEqual(await axeFindings(page), []);
      await h.shot(page, `debugger-request-${width}`);
    });
  }

  test('a report posted to a failing, then working, receiver: each attempt with its status', {
    skip,
  }, async () => {
    receiver.mode = 'status500';
    const res = await send(h.t, shop, {
      destinations: [{ to: '01074009001' }],
      messageFlow: [{ sms: { from: shop.sender, text: 'Your parcel is on its way' } }],
    });
    const msgKey: string = res.json().data.data.destinations[0].msgKey;
    await settle(h.t);

    const page = await open(`/messages/${msgKey}`, 1280);
    const attempts = page.getByRole('list', { name: /^Webhook attempts of report #\d+$/ });
    const first = attempts.getByRole('listitem').nth(0);
    await first.getByText('Attempt 1').waitFor();
    await first.getByText('HTTP 500', { exact: true }).waitFor();
    await first.getByText('webhook: HTTP 500').waitFor();

    // The receiver answers now; the retry is due after 1 s on the gateway clock.
    receiver.mode = 'ok';
    await advance(h.t, 1);
    assert.equal(receiver.of(msgKey).acked, 1);
    // The page follows the report until it is acknowledged: no reload.
    const second = attempts.getByRole('listitem').nth(1);
    await second.getByText('acknowledged').waitFor();
    await second.getByText('HTTP 200', { exact: true }).waitFor();
    assert.equal(await attempts.getByRole('listitem').count(), 2);

    // The failed post's request: the URL, the timestamp as sent, the signatures masked.
    await first.getByText('Request', { exact: true }).click();
    const headers = first.getByRole('table', { name: 'Headers' });
    const sent = receiver.of(msgKey).all[0]?.headers['x-svc-timestamp'];
    await headers.getByRole('row', { name: `X-SVC-Timestamp ${sent}` }).waitFor();
    await headers
      .getByRole('row', { name: /^X-SVC-Signature/ })
      .getByText('masked')
      .waitFor();
    await first.getByText(`POST ${receiver.url}`).waitFor();
    assert.deepEqual(await axeFindings(page), []);
    await page.evaluate(() => window.scrollTo(0, 0));
    await h.shot(page, 'debugger-report-attempts-1280');
  });

  test('the MO page shows every attempt and redelivers (390 px); without a webhook, says so', {
    skip,
  }, async () => {
    receiver.mode = 'status500';
    await moAccount(h.t, 'MO Desk', '0215997001', { url: receiver.url, secret: SECRET });
    const mo = await sendMo(h.t, {
      to: '0215997001',
      from: '01074009100',
      content: 'Please cancel my order',
    });
    await settle(h.t);

    const page = await open(`/mo/${mo.msgKey}`, 390);
    await page.getByRole('heading', { level: 1, name: 'MO message' }).waitFor();
    const attempts = page.getByRole('list', { name: `Webhook attempts of MO ${mo.msgKey}` });
    await attempts.getByRole('listitem').nth(0).getByText('HTTP 500', { exact: true }).waitFor();
    await page.getByText('failed, retrying').waitFor();

    receiver.mode = 'ok';
    await page.getByRole('button', { name: 'Redeliver' }).click();
    await page.getByRole('status').getByText('Redelivery scheduled', { exact: false }).waitFor();
    await settle(h.t);
    assert.equal(receiver.of(mo.msgKey).acked, 1);
    const second = attempts.getByRole('listitem').nth(1);
    await second.getByText('acknowledged').waitFor();
    await second.getByText('HTTP 200', { exact: true }).waitFor();
    await page.getByText('delivered', { exact: true }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Redeliver' }).count(), 0);
    await page
      .getByRole('region', { name: 'Webhook body, as kept' })
      .getByText('"content": "Please cancel my order"', { exact: false })
      .waitFor();
    await attempts.getByRole('listitem').nth(0).getByText('Request', { exact: true }).click();
    assert.deepEqual(await axeFindings(page), []);
    await h.shot(page, 'debugger-mo-390');

    await moAccount(h.t, 'No Hook Desk', '0215997002');
    const bare = await sendMo(h.t, { to: '0215997002', from: '01074009101', content: 'hello?' });
    await settle(h.t);
    const wide = await open(`/mo/${bare.msgKey}`, 1280);
    await wide.getByText('No webhook configured', { exact: false }).waitFor();
    await wide.getByText('Nothing posted: the account has no webhook.').waitFor();
    await wide.getByText('waiting for a webhook').waitFor();
    await h.shot(wide, 'debugger-mo-no-webhook-1280');
  });
});
