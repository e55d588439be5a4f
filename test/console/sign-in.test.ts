import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { describeEachDb } from '../helpers/db.ts';
import { browserSkip, type ConsoleHarness, startConsoleHarness } from './browser.ts';

const skip = browserSkip();

describeEachDb('console sign-in in a browser', (db) => {
  let h: ConsoleHarness;
  before(async () => {
    if (!skip) h = await startConsoleHarness(db);
  });
  after(() => h?.close());

  test('a wrong token is refused with a clear message; the right one opens the console', {
    skip,
  }, async () => {
    const { page } = await h.open();
    await page.goto(`${h.base}/console`);
    await page.getByLabel('Admin token').waitFor();
    await page.getByLabel('Admin token').fill('not-the-token');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').getByText('That is not the admin token').waitFor();
    await h.shot(page, 'sign-in-wrong-token');

    await h.signIn(page);
    await h.shot(page, 'overview');
    // The session is an httpOnly cookie: the page's script cannot read it.
    assert.equal(await page.evaluate(() => document.cookie), '');
    const cookies = await page.context().cookies();
    const session = cookies.find((c) => c.name === 'omnigate_session');
    assert.ok(session?.httpOnly, 'httpOnly session cookie');
    assert.equal(session?.sameSite, 'Strict');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('Admin token').waitFor();
    // Signed out for good: the old cookie no longer opens the operator API.
    const res = await h.t.request({
      method: 'GET',
      url: '/admin/v1/accounts',
      headers: { cookie: `omnigate_session=${session?.value ?? ''}` },
    });
    assert.equal(res.statusCode, 401);
  });
});
