import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { missingTools, runBash } from '../docs/shell-run.ts';
import { describeEachDb } from '../helpers/db.ts';
import { ADMIN_TOKEN } from '../helpers/gateway.ts';
import { browserSkip, type ConsoleHarness, startConsoleHarness } from './browser.ts';

const skip = browserSkip();
const noCurl = missingTools(['bash', 'curl']).length > 0;

/*
 * Issue 34, the first hour: the Accounts page's "Create demo account" makes the demo account and
 * shows its curl lines, each block with a copy button; a block copied from the page and pasted into
 * bash sends, and the handset's page shows the message.
 */
describeEachDb('console: the demo account', (db) => {
  let h: ConsoleHarness;
  let page: Page;
  const work = mkdtempSync(join(tmpdir(), 'omnigate-console-demo-'));

  before(async () => {
    if (skip) return;
    h = await startConsoleHarness(db);
    ({ page } = await h.open(1280));
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await h.signIn(page);
  });
  after(async () => {
    await h?.close();
    rmSync(work, { recursive: true, force: true });
  });

  const clipboard = () => page.evaluate(() => navigator.clipboard.readText());
  /** Until the clipboard holds `part` (the copy is written a moment after the click). */
  const copied = (part: string) =>
    page.waitForFunction(async (p) => (await navigator.clipboard.readText()).includes(p), part);

  test('the button makes the account and shows the lines of every channel with their copy buttons', {
    skip,
  }, async () => {
    await page.getByRole('link', { name: 'Accounts' }).click();
    await page.getByRole('heading', { level: 1, name: 'Accounts' }).waitFor();
    await page.getByRole('button', { name: 'Create demo account' }).click();
    const box = page.getByRole('region', { name: 'Demo account ready' });
    await box.getByText('The key will not be shown again.').waitFor();
    for (const title of ['SMS', 'LMS', 'MMS', 'Informational message', 'RCS', 'Brand message']) {
      await box.getByRole('heading', { level: 4, name: title, exact: true }).waitFor();
    }
    // The account is in the list now, and the lines call the address the console was opened at.
    await page.getByRole('row', { name: /demo/ }).waitFor();
    // From the top: the page's own bars stay in place in a whole-page picture taken scrolled down.
    await page.evaluate(() => window.scrollTo(0, 0));
    await h.shot(page, 'demo');
    await box.getByRole('button', { name: 'Copy SMS lines' }).click();
    await box.getByRole('button', { name: 'Copied', exact: true }).waitFor();
    const sms = await clipboard();
    assert.match(
      sms,
      new RegExp(`^curl -s -w '\\\\n' -X POST ${h.base.replaceAll('.', '\\.')}/api/comm/v1/send/omni `),
    );
    assert.ok(!sms.includes('\n'), 'one line');
    await box.getByRole('button', { name: 'Copy all lines' }).click();
    await copied('# SMS\n');
    const all = await clipboard();
    for (const title of ['# SMS', '# MMS', '# RCS', '# Brand message', '# Handset inbox']) {
      assert.ok(all.includes(`${title}\n`), `${title} in\n${all}`);
    }
    assert.ok(all.includes(sms));
  });

  test('copied lines pasted into bash send; the handset page shows the message', {
    skip: skip || (noCurl ? 'needs bash and curl' : false),
  }, async () => {
    const box = page.getByRole('region', { name: 'Demo account ready' });
    await box.getByRole('button', { name: 'Copy RCS lines' }).click();
    await copied('"rcs":');
    const file = join(work, 'rcs.sh');
    writeFileSync(file, `${await clipboard()}\n`);
    const run = await runBash(file, work, { OMNIGATE_ADMIN_TOKEN: ADMIN_TOKEN });
    assert.equal(run.code, 0, run.output);
    assert.match(run.output, /"code":"A000"/);
    await box.getByRole('link', { name: '01012345678' }).click();
    await page.getByRole('heading', { level: 1, name: /01012345678/ }).waitFor();
    await page.getByText('Hello from the Omnigate demo').first().waitFor();
  });

  test('clicked again, the same account with a new key', { skip }, async () => {
    await page.getByRole('link', { name: 'Accounts' }).click();
    await page.getByRole('button', { name: 'Create demo account' }).click();
    const box = page.getByRole('region', { name: 'Demo account ready' });
    await box.getByText('The demo account made earlier').waitFor();
    const res = await h.t.request({ method: 'GET', url: '/admin/v1/accounts', admin: true });
    const demos = res.json<{ accounts: Array<{ name: string }> }>().accounts.filter((a) => a.name === 'demo');
    assert.equal(demos.length, 1);
    await box.getByRole('button', { name: 'I have copied them' }).click();
    await box.waitFor({ state: 'detached' });
  });
});
