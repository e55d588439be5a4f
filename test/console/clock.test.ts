import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { DAY_MS, formatKst, kstDayStart } from '../../src/clock.ts';
import { api as broadcasts, completedGroup, numbers, plainTemplate } from '../features/broadcast-helpers.ts';
import { type Client, settle, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { browserSkip, type ConsoleHarness, startConsoleHarness } from './browser.ts';

const skip = browserSkip();

/** Seconds as whole milliseconds: after a `set` the offset has a fraction of a second, which floats round. */
const ms = (seconds: number | null) => Math.round((seconds ?? 0) * 1000);

interface ClockAnswer {
  epochMs: number;
  kind: string;
  offsetSeconds: number | null;
}

/** The next 10:00 Korea time at least a minute after `ms`: inside the broadcasts' sending hours. */
function nextTenOClock(ms: number): number {
  const today = kstDayStart(ms) + 10 * 3_600_000;
  return today > ms + 60_000 ? today : today + DAY_MS;
}

/** What a datetime-local input takes: `yyyy-MM-ddTHH:mm`, Korea time as the console writes it. */
const inputValue = (ms: number) => formatKst(ms).replace(' ', 'T').slice(0, 16);

/*
 * The clock panel of a gateway started as `npm start` starts it, on the system clock: the sandbox
 * runs it ahead (never back), and what came due (a reservation an hour ahead, a broadcast 15
 * minutes ahead) runs to completion with no restart.
 */
describeEachDb('console: the gateway clock on the system clock', (db) => {
  let h: ConsoleHarness;
  let c: Client;
  let page: Page;
  const PHONE = '01066600001';

  before(async () => {
    if (skip) return;
    h = await startConsoleHarness(db, { clock: 'system' });
    c = await setupClient(h.t, 'Acme Shop');
    await plainTemplate(h.t, c, 'WEEKLY');
    await completedGroup(h.t, c, 'vip', numbers('82', 20));
    ({ page } = await h.open(1280));
    await h.signIn(page);
  });
  after(() => h?.close());

  const clock = async () =>
    (await h.t.request({ method: 'GET', url: '/sandbox/v1/clock', admin: true })).json<ClockAnswer>();
  const panel = (p: Page) => p.getByRole('dialog', { name: 'Gateway clock' });
  const openPanel = async (p: Page) => {
    await p.getByRole('button', { name: /^Gateway clock/ }).click();
    await panel(p).waitFor();
  };

  test('(a) the panel offers +1 min, +1 h, +1 day and a set forward; an earlier time is not taken', {
    skip,
  }, async () => {
    await openPanel(page);
    const dialog = panel(page);
    await dialog.getByRole('status').getByText('Runs on the system time.').waitFor();
    await dialog.getByText(/It cannot go back/).waitFor();
    for (const name of ['+1 min', '+1 h', '+1 day']) await dialog.getByRole('button', { name }).waitFor();
    await h.shot(page, 'clock-system-1280', false);

    // Forward to the next 10:00 Korea time: broadcasts send from 08:00 to 20:50.
    const target = nextTenOClock(h.t.gw.ctx.clock.now());
    const setTo = dialog.getByLabel('Set the clock to a later time (Korea time)');
    await setTo.fill(inputValue(target));
    await dialog.getByRole('button', { name: 'Set', exact: true }).click();
    await dialog
      .getByRole('status')
      .getByText(/^Runs .+ ahead of the system clock\.$/)
      .waitFor();
    const moved = await clock();
    assert.equal(moved.kind, 'system');
    assert.ok(moved.epochMs >= target, JSON.stringify(moved));
    assert.ok((moved.offsetSeconds ?? 0) > 0);
    // The face says it too.
    await page.getByRole('button', { name: /^Gateway clock \+/ }).waitFor();

    // An hour back is below the input's minimum: the form is not sent, the clock stays.
    await setTo.fill(inputValue(moved.epochMs - 3_600_000));
    assert.equal(
      await setTo.evaluate((el) => (el instanceof HTMLInputElement ? el.validity.rangeUnderflow : false)),
      true,
    );
    await dialog.getByRole('button', { name: 'Set', exact: true }).click();
    assert.equal((await clock()).offsetSeconds, moved.offsetSeconds);
    await page.keyboard.press('Escape');
    await panel(page).waitFor({ state: 'detached' });
  });

  test('(b) +1 h runs a reservation an hour ahead and a broadcast 15 minutes ahead to completion', {
    skip,
  }, async () => {
    const now = h.t.gw.ctx.clock.now();
    const reserved = await h.t.request({
      method: 'POST',
      url: '/api/comm/v1/reservation',
      apiKey: c.apiKey,
      body: {
        destinations: [{ to: PHONE }],
        messageFlow: [{ sms: { from: c.sender, text: 'Your table is ready in an hour' } }],
        resvSendTime: formatKst(now + 3_600_000),
        resvName: 'An hour ahead',
      },
    });
    assert.equal(reserved.json().data.code, 'A000', reserved.body);
    const resvKey: string = reserved.json().data.resvKey;
    const b = broadcasts(h.t, c);
    const id = b.record(
      await b.create({
        templateCode: 'WEEKLY',
        friendGroupKey: 'vip',
        sendStartAt: formatKst(now + 15 * 60_000),
        tpsLimit: 20,
      }),
    ).requestId;
    await settle(h.t);

    await page.getByRole('link', { name: 'Reservations' }).click();
    await page.getByRole('heading', { level: 1, name: 'Reservations' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: resvKey });
    await row.getByText('PENDING', { exact: true }).waitFor();
    await row.getByText('0 of 1 (0%)').waitFor();

    await openPanel(page);
    const before = (await clock()).offsetSeconds ?? 0;
    await panel(page).getByRole('button', { name: '+1 h' }).click();
    // The reservation runs to its end with nothing restarted; the page shows it.
    await row.getByText('DONE', { exact: true }).waitFor();
    await row.getByText('1 of 1 (100%)').waitFor();
    assert.equal(ms((await clock()).offsetSeconds), ms(before) + 3_600_000);
    await h.shot(page, 'clock-system-ahead-1280');
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: 'Broadcasts' }).click();
    await page.getByRole('heading', { level: 1, name: 'Broadcasts' }).waitFor();
    const brow = page.getByRole('row').filter({ hasText: `#${id}` });
    await brow.getByText('DONE', { exact: true }).waitFor();
    await brow.getByText('20 of 20 (100%)').waitFor();

    // And its message reached the handset.
    await page.goto(`${h.base}/console/sandbox/handsets/${PHONE}`);
    await page
      .getByRole('log', { name: 'Messages' })
      .getByRole('article', { name: `SMS from ${c.sender}` })
      .getByText('Your table is ready in an hour')
      .waitFor();
  });

  test('(c) a day ahead keeps the operator signed in: sessions run on real time', { skip }, async () => {
    await page.goto(`${h.base}/console`);
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    const before = (await clock()).offsetSeconds ?? 0;
    await openPanel(page);
    await panel(page).getByRole('button', { name: '+1 day' }).click();
    await panel(page)
      .getByRole('status')
      .getByText(/^Runs 1 day .*ahead of the system clock\.$/)
      .waitFor();
    assert.equal(ms((await clock()).offsetSeconds), ms(before) + 86_400_000);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    assert.equal(await page.getByLabel('Admin token').count(), 0, 'still signed in');

    // On a phone: the panel fits the width.
    const { page: phone } = await h.open(390);
    await h.signIn(phone);
    await openPanel(phone);
    await panel(phone).getByRole('button', { name: '+1 day' }).waitFor();
    await h.shot(phone, 'clock-system-390', false);
  });
});
