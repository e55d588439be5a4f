import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { moAccount, moOf, Receiver, sendMo, setWebhook } from '../features/mo-helpers.ts';
import { type Client, send, settle, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { browserSkip, type ConsoleHarness, startConsoleHarness } from './browser.ts';

const skip = browserSkip();
const SECRET = 'receiver-secret-0123';

/* The Webhooks page: failed MO and report deliveries, and their redelivery to a receiver that now answers. */
describeEachDb('console: webhook deliveries', (db) => {
  let h: ConsoleHarness;
  let receiver: Receiver;
  let shop: Client;

  before(async () => {
    if (skip) return;
    receiver = new Receiver(SECRET);
    await receiver.start();
    h = await startConsoleHarness(db);
    shop = await setupClient(h.t, 'Report Shop');
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

  async function webhooksPage(width: number): Promise<Page> {
    const { page } = await h.open(width);
    await h.signIn(page);
    if (width < 600) await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('heading', { level: 1, name: 'Webhook deliveries' }).waitFor();
    return page;
  }

  test('a failed MO delivery is redelivered to a receiver that now answers', { skip }, async () => {
    receiver.mode = 'status500';
    await moAccount(h.t, 'MO Desk', '0215990001', { url: receiver.url, secret: SECRET });
    const { msgKey } = await sendMo(h.t, {
      to: '0215990001',
      from: '01091000001',
      content: 'Where is my parcel?',
    });
    await settle(h.t);
    assert.equal((await moOf(h.t, msgKey)).status, 'FAILED');

    const page = await webhooksPage(1280);
    await page.getByRole('tab', { name: 'MO messages', selected: true }).waitFor();
    await page.getByLabel('State').selectOption('failed');
    const row = page.getByRole('row').filter({ hasText: msgKey });
    await row.getByText('FAILED', { exact: true }).waitFor();
    await row.getByText('webhook: HTTP 500').waitFor();
    await row.getByText('01091000001 → 0215990001: Where is my parcel?', { exact: false }).waitFor();
    assert.ok(page.url().includes('state=failed'), page.url());
    await h.shot(page, 'operator-webhooks-mo-1280');

    receiver.mode = 'ok';
    await row.getByRole('button', { name: `Redeliver MO ${msgKey}` }).click();
    // Redelivery due: no longer a failed one.
    await row.waitFor({ state: 'detached' });
    await settle(h.t);
    assert.equal(receiver.of(msgKey).acked, 1);
    await page.getByLabel('State').selectOption('delivered');
    const done = page.getByRole('row').filter({ hasText: msgKey });
    await done.getByText('DELIVERED', { exact: true }).waitFor();
    await done.getByRole('cell', { name: '2', exact: true }).waitFor();
    assert.equal(await done.getByRole('button', { name: /Redeliver/ }).count(), 0);
  });

  test('a failed report delivery, on the Reports tab, redelivered (390 px)', { skip }, async () => {
    receiver.mode = 'status500';
    const res = await send(h.t, shop, {
      destinations: [{ to: '01091000010' }],
      messageFlow: [{ sms: { from: shop.sender, text: 'report me' } }],
    });
    const msgKey: string = res.json().data.data.destinations[0].msgKey;
    await settle(h.t);

    const page = await webhooksPage(390);
    await page.getByRole('tab', { name: 'Reports' }).click();
    await page.getByRole('tab', { name: 'Reports', selected: true }).waitFor();
    const row = page.getByRole('row').filter({ hasText: msgKey });
    await row.getByText('FAILED', { exact: true }).waitFor();
    await row.getByText('webhook: HTTP 500').waitFor();
    await h.shot(page, 'operator-webhooks-reports-390');

    receiver.mode = 'ok';
    await row.getByRole('button', { name: /^Redeliver report \d+$/ }).click();
    await settle(h.t);
    await row.getByText('DELIVERED', { exact: true }).waitFor();
    assert.equal(receiver.of(msgKey).acked, 1);

    // The two other pictures: the MO tab on a phone, the reports on a wide screen.
    await page.getByRole('tab', { name: 'MO messages' }).click();
    await page.getByRole('tab', { name: 'MO messages', selected: true }).waitFor();
    await page.getByRole('row').nth(1).waitFor();
    await h.shot(page, 'operator-webhooks-mo-390');
    const wide = await webhooksPage(1280);
    await wide.getByRole('tab', { name: 'Reports' }).click();
    await wide.getByRole('row').filter({ hasText: msgKey }).getByText('DELIVERED', { exact: true }).waitFor();
    await h.shot(wide, 'operator-webhooks-reports-1280');
  });
});
