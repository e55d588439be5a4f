import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { describeEachDb } from '../helpers/db.ts';
import { browserSkip, type ConsoleHarness, startConsoleHarness } from './browser.ts';

const skip = browserSkip();

interface KeyView {
  keyId: string;
  prefix: string;
  dlr: boolean;
  revokedAt: string | null;
}
interface AccountView {
  accountId: string;
  reportMode: string;
  webhook: { url: string | null; secretSet: boolean };
  limits: { sendPerSecond: number | null; requestsPerSecond: number | null };
  keys: KeyView[];
  senders: Array<{ number: string }>;
  senderProfiles: Array<{ senderKey: string; friendCount: number; businessVerified: boolean; name: string }>;
  rcsBrands: Array<{ brandId: string; brandKey: string; name: string }>;
}

describeEachDb('console accounts in a browser', (db) => {
  let h: ConsoleHarness;
  let page: Page;
  let accountId = '';
  let firstKey = '';
  let secondKey = '';

  before(async () => {
    if (skip) return;
    h = await startConsoleHarness(db);
    ({ page } = await h.open(1280));
    await h.signIn(page);
  });
  after(() => h?.close());

  const account = async () => {
    const res = await h.t.request({ method: 'GET', url: `/admin/v1/accounts/${accountId}`, admin: true });
    assert.equal(res.statusCode, 200, res.body);
    return res.json<AccountView>();
  };
  const send = (apiKey: string) =>
    h.t.request({
      method: 'POST',
      url: '/api/comm/v1/send/omni',
      apiKey,
      body: {
        destinations: [{ to: '01055550001' }],
        messageFlow: [{ sms: { from: '0212345678', text: 'hi' } }],
      },
    });
  /** The secret in the box that shows it once, read from the page as a person would copy it. */
  const shownOnce = async (title: string) => {
    const box = page.getByRole('region', { name: title });
    await box.getByText('It will not be shown again.').waitFor();
    const value = (await box.getByRole('code').first().textContent()) ?? '';
    return { box, value };
  };

  test('an account is created from the list; its first key is shown once with a copy button', {
    skip,
  }, async () => {
    await page.getByRole('link', { name: 'Accounts' }).click();
    await page.getByRole('heading', { level: 1, name: 'Accounts' }).waitFor();
    await page.getByText('No accounts yet').waitFor();
    await page.getByLabel('Account name').fill('Acme console');
    await page.getByRole('button', { name: 'Create account' }).click();
    const { box, value } = await shownOnce('New API key');
    assert.match(value, /^og_[A-Za-z0-9_-]{43}$/);
    firstKey = value;
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await box.getByRole('button', { name: 'Copy', exact: true }).click();
    await box.getByRole('button', { name: 'Copied', exact: true }).waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), firstKey);
    const row = page.getByRole('row', { name: /Acme console/ });
    await row.waitFor();
    if (db.dialect === 'sqlite') {
      await h.shot(page, 'accounts-1280');
      const narrow = (await h.open(390)).page;
      await h.signIn(narrow);
      await narrow.goto(`${h.base}/console/accounts`);
      await narrow.getByRole('row', { name: /Acme console/ }).waitFor();
      await h.shot(narrow, 'accounts-390');
    }
    await box.getByRole('button', { name: 'I have copied it' }).click();
    await box.waitFor({ state: 'detached' });
    await row.getByRole('link', { name: 'Acme console' }).click();
    await page.getByRole('heading', { level: 1, name: 'Acme console' }).waitFor();
    accountId = new URL(page.url()).pathname.split('/').pop() ?? '';
    assert.match(accountId, /^acc_/);
  });

  test('with a sender number added in the console, the copied key sends through the client API', {
    skip,
  }, async () => {
    const senders = page.getByRole('region', { name: 'Sender numbers' });
    await senders.getByLabel('Sender number').fill('12-34');
    await senders.getByRole('button', { name: 'Add number' }).click();
    await senders.getByRole('alert').getByText('A302').waitFor();
    await senders.getByLabel('Sender number').fill('0212345678');
    await senders.getByRole('button', { name: 'Add number' }).click();
    await senders.getByRole('list', { name: 'Sender numbers' }).getByText('0212345678').waitFor();
    assert.deepEqual(
      (await account()).senders.map((s) => s.number),
      ['0212345678'],
    );
    const res = await send(firstKey);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(
      res.json<{ data: { data: { destinations: Array<{ code: string }> } } }>().data.data.destinations[0]
        ?.code,
      'A000',
    );
  });

  test('a second key is created and shown once; revoking the first makes the client API refuse it', {
    skip,
  }, async () => {
    const keys = page.getByRole('region', { name: 'API keys' });
    await keys.getByRole('button', { name: 'Create API key' }).click();
    const { box, value } = await shownOnce('New API key');
    secondKey = value;
    assert.notEqual(secondKey, firstKey);
    await box.getByRole('button', { name: 'I have copied it' }).click();

    const prefix = firstKey.slice(0, 10);
    await keys.getByRole('button', { name: `Revoke key ${prefix}` }).click();
    const confirm = keys.getByRole('group', { name: /for good/ });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    assert.equal((await send(firstKey)).statusCode, 200, 'cancelled: the key still works');

    await keys.getByRole('button', { name: `Revoke key ${prefix}` }).click();
    await keys
      .getByRole('group', { name: /for good/ })
      .getByRole('button', { name: 'Revoke key' })
      .click();
    await keys.getByRole('row', { name: new RegExp(`${prefix}.*revoked`) }).waitFor();
    const refused = await send(firstKey);
    assert.equal(refused.statusCode, 401);
    assert.equal(refused.json<{ common: { authCode: string } }>().common.authCode, 'A401');
    assert.equal((await send(secondKey)).statusCode, 200, 'the new key still sends');
    const stored = (await account()).keys;
    assert.ok(stored.find((k) => k.prefix === prefix)?.revokedAt);
    assert.equal(stored.find((k) => k.prefix === secondKey.slice(0, 10))?.revokedAt, null);
  });

  test('DLR is turned on and off per key', { skip }, async () => {
    const prefix = secondKey.slice(0, 10);
    const box = page.getByRole('checkbox', { name: `International DLR records for key ${prefix}` });
    const dlrOf = async () => (await account()).keys.find((k) => k.prefix === prefix)?.dlr;
    await Promise.all([answered(page, 'PATCH', '/admin/v1/keys/'), box.check()]);
    assert.equal(await dlrOf(), true);
    await Promise.all([answered(page, 'PATCH', '/admin/v1/keys/'), box.uncheck()]);
    assert.equal(await dlrOf(), false);
    assert.ok(
      await page
        .getByRole('checkbox', { name: `International DLR records for key ${firstKey.slice(0, 10)}` })
        .isDisabled(),
      'a revoked key has no DLR switch to turn',
    );
  });

  test('report mode webhook is refused without a URL; the webhook secret is generated and shown once', {
    skip,
  }, async () => {
    const card = page.getByRole('region', { name: 'Webhook and reports' });
    await card.getByRole('radio', { name: /Webhook/ }).check();
    await card.getByRole('button', { name: 'Save report mode' }).click();
    await card.getByRole('alert').getByText('A824').waitFor();
    await card
      .getByRole('alert')
      .getByText(/needs a webhook URL/)
      .waitFor();
    assert.equal((await account()).reportMode, 'polling');

    await card.getByLabel('Webhook URL').fill('http://127.0.0.1:9/hooks/acme');
    await card.getByRole('button', { name: 'Save webhook' }).click();
    const { value, box } = await shownOnce('Webhook signing secret');
    assert.match(value, /^[0-9a-f]{64}$/);
    let a = await account();
    assert.deepEqual(a.webhook, { url: 'http://127.0.0.1:9/hooks/acme', secretSet: true });
    await box.getByRole('button', { name: 'I have copied it' }).click();

    await card.getByRole('radio', { name: /Webhook/ }).check();
    await Promise.all([
      answered(page, 'PUT', '/report-mode'),
      card.getByRole('button', { name: 'Save report mode' }).click(),
    ]);
    assert.equal((await account()).reportMode, 'webhook');

    // Reports go to the webhook: removing it is refused, and the refusal is shown.
    await card.getByRole('button', { name: 'Remove webhook' }).click();
    await card
      .getByRole('group', { name: /Remove the webhook/ })
      .getByRole('button', { name: 'Remove webhook' })
      .click();
    await card
      .getByRole('alert')
      .getByText(/A824.*report mode to polling/)
      .waitFor();

    await card.getByRole('radio', { name: /Polling/ }).check();
    await Promise.all([
      answered(page, 'PUT', '/report-mode'),
      card.getByRole('button', { name: 'Save report mode' }).click(),
    ]);
    assert.equal((await account()).reportMode, 'polling');

    // A secret of one's own is kept as given and never shown back (write-only).
    await card.getByLabel('Signing secret').fill('my-own-secret-123');
    await card.getByRole('button', { name: 'Save webhook' }).click();
    await card.getByText(/signs with the secret you entered, which is never shown back/).waitFor();
    await card.scrollIntoViewIfNeeded();
    await h.shot(page, 'account-webhook-own-secret', false);
    assert.equal(await page.getByRole('region', { name: 'Webhook signing secret' }).count(), 0);
    assert.equal(await page.getByText('my-own-secret-123').count(), 0);
    a = await account();
    assert.equal(a.webhook.secretSet, true);
  });

  test('limits: a number sets one, an empty field lifts it, a bad value shows the refusal', {
    skip,
  }, async () => {
    const card = page.getByRole('region', { name: 'Limits' });
    await card.getByLabel('Messages per second').fill('5');
    await card.getByLabel('Requests per second').fill('');
    await card.getByRole('button', { name: 'Save limits' }).click();
    await card.getByText('Limits saved.').waitFor();
    assert.deepEqual((await account()).limits, { sendPerSecond: 5, requestsPerSecond: null });

    await card.getByLabel('Requests per second').fill('0');
    await card.getByRole('button', { name: 'Save limits' }).click();
    await card.getByRole('alert').getByText('A300').waitFor();
    assert.deepEqual((await account()).limits, { sendPerSecond: 5, requestsPerSecond: null });

    await card.getByLabel('Messages per second').fill('');
    await card.getByLabel('Requests per second').fill('20');
    await card.getByRole('button', { name: 'Save limits' }).click();
    await card.getByText('Limits saved.').waitFor();
    assert.deepEqual((await account()).limits, { sendPerSecond: null, requestsPerSecond: 20 });
  });

  test('sender profiles and RCS brands are added, listed and removed', { skip }, async () => {
    const profiles = page.getByRole('region', { name: 'Sender profiles' });
    await profiles.getByText('Register a sender profile').click();
    await profiles.getByLabel('Sender key').fill('sk-console');
    await profiles.getByLabel('Profile name').fill('Console shop');
    await profiles.getByLabel('Friends').fill('12');
    await profiles.getByLabel('Business verified').check();
    await profiles.getByRole('button', { name: 'Save profile' }).click();
    await profiles.getByRole('row', { name: /sk-console/ }).waitFor();
    const p = (await account()).senderProfiles.find((x) => x.senderKey === 'sk-console');
    assert.deepEqual(
      { name: p?.name, friendCount: p?.friendCount, businessVerified: p?.businessVerified },
      { name: 'Console shop', friendCount: 12, businessVerified: true },
    );

    const brands = page.getByRole('region', { name: 'RCS brands' });
    await brands.getByText('Register an RCS brand').click();
    await brands.getByLabel('Brand ID').fill('brand-console');
    await brands.getByLabel('Brand key').fill('bk-console');
    await brands.getByLabel('Brand name').fill('Console Brand');
    await brands.getByRole('button', { name: 'Save brand' }).click();
    await brands.getByRole('row', { name: /brand-console/ }).waitFor();
    assert.deepEqual(
      (await account()).rcsBrands.map((b) => [b.brandId, b.brandKey, b.name]),
      [['brand-console', 'bk-console', 'Console Brand']],
    );

    if (db.dialect === 'sqlite') {
      await page.evaluate(() => window.scrollTo(0, 0));
      await h.shot(page, 'account-1280');
      const narrow = (await h.open(390)).page;
      await h.signIn(narrow);
      await narrow.goto(`${h.base}/console/accounts/${accountId}`);
      await narrow.getByRole('heading', { level: 1, name: 'Acme console' }).waitFor();
      await h.shot(narrow, 'account-390');
    }

    await profiles.getByRole('button', { name: 'Remove sender profile sk-console' }).click();
    await profiles.getByRole('button', { name: 'Remove profile' }).click();
    await profiles.getByRole('row', { name: /sk-console/ }).waitFor({ state: 'detached' });
    assert.equal((await account()).senderProfiles.length, 0);

    await brands.getByRole('button', { name: 'Remove RCS brand brand-console' }).click();
    await brands.getByRole('button', { name: 'Remove brand' }).click();
    await brands.getByText('No RCS brands').waitFor();
    assert.equal((await account()).rcsBrands.length, 0);
  });

  test('an unknown account shows the refusal', { skip }, async () => {
    await page.goto(`${h.base}/console/accounts/acc_nope`);
    await page.getByRole('alert').getByText('A820').waitFor();
  });
});

/** Waits for the console's call to the operator API to be answered. */
function answered(page: Page, method: string, path: string) {
  return page.waitForResponse((r) => r.request().method() === method && r.url().includes(path));
}
