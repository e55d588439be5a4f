import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { api, completedGroup, numbers, plainTemplate, setClock } from '../features/broadcast-helpers.ts';
import { reserve } from '../features/reservation-helpers.ts';
import { type Client, settle, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { browserSkip, type ConsoleHarness, startConsoleHarness } from './browser.ts';

const skip = browserSkip();

/* The Reservations and Broadcasts pages: state, progress, and the actions the state allows. */
describeEachDb('console: reservations and broadcasts', (db) => {
  let h: ConsoleHarness;
  let c: Client;

  before(async () => {
    if (skip) return;
    h = await startConsoleHarness(db);
    await setClock(h.t, '2026-11-23 10:00:00');
    c = await setupClient(h.t, 'Acme Shop');
    await plainTemplate(h.t, c, 'WEEKLY');
    await completedGroup(h.t, c, 'vip', numbers('81', 20));
  });
  after(() => h?.close());

  async function openPage(width: number, label: string, title: string): Promise<Page> {
    const { page } = await h.open(width);
    await h.signIn(page);
    if (width < 600) await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: label }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    return page;
  }

  test('pause and resume a broadcast from the console; the client API sees it', { skip }, async () => {
    const b = api(h.t, c);
    const id = b.record(
      await b.create({
        templateCode: 'WEEKLY',
        friendGroupKey: 'vip',
        sendStartAt: '2026-11-23 10:10:00',
        tpsLimit: 4,
      }),
    ).requestId;
    await setClock(h.t, '2026-11-23 10:10:00');
    assert.equal((await b.status(id)).status, 'SENDING');

    const page = await openPage(1280, 'Broadcasts', 'Broadcasts');
    const row = page.getByRole('row').filter({ hasText: `#${id}` });
    await row.getByText('SENDING', { exact: true }).waitFor();
    assert.equal(
      await row.getByRole('progressbar', { name: `Sent of broadcast ${id}` }).getAttribute('value'),
      '4',
    );
    await row.getByText('4 of 20 (20%)').waitFor();
    assert.equal(await row.getByRole('button', { name: `Resume broadcast ${id}` }).count(), 0);
    await h.shot(page, 'operator-broadcasts-1280');

    await row.getByRole('button', { name: `Pause broadcast ${id}` }).click();
    await row.getByText('PAUSED', { exact: true }).waitFor();
    assert.equal((await b.status(id)).status, 'PAUSED');
    assert.equal(await row.getByRole('button', { name: `Pause broadcast ${id}` }).count(), 0);

    await row.getByRole('button', { name: `Resume broadcast ${id}` }).click();
    await row.getByText(/^(READY|SENDING)$/).waitFor();
    await settle(h.t);
    assert.ok(['READY', 'SENDING'].includes((await b.status(id)).status));

    // Terminate asks first; "No" keeps it going.
    await row.getByRole('button', { name: 'Terminate' }).click();
    const ask = row.getByRole('group', {
      name: `Terminate broadcast ${id}? Nothing more of it will be sent.`,
    });
    await ask.getByRole('button', { name: 'No' }).click();
    assert.notEqual((await b.status(id)).status, 'TERMINATED');
    await row.getByRole('button', { name: 'Terminate' }).click();
    await ask.getByRole('button', { name: 'Yes, terminate it' }).click();
    await row.getByText('TERMINATED', { exact: true }).waitFor();
    assert.equal((await b.status(id)).status, 'TERMINATED');

    const phone = await openPage(390, 'Broadcasts', 'Broadcasts');
    await phone
      .getByRole('row')
      .filter({ hasText: `#${id}` })
      .getByText('TERMINATED', { exact: true })
      .waitFor();
    await h.shot(phone, 'operator-broadcasts-390');
  });

  test('stop and cancel a reservation from the console; the client API sees it', { skip }, async () => {
    const r = await reserve(h.t, c, {
      to: ['01081000001', '01081000002', '01081000003'],
      at: '2026-11-23 13:00:00',
      name: 'Winter sale',
    });
    const other = await reserve(h.t, c, { to: ['01081000004'], at: '2026-11-23 10:20:00', name: 'Reminder' });
    await setClock(h.t, '2026-11-23 10:20:00');
    await settle(h.t);
    const status = async (k: string) => {
      const res = await h.t.request({
        method: 'GET',
        url: `/api/comm/v1/reservation/resvKey/${k}`,
        apiKey: c.apiKey,
      });
      return res.json().data.data.status as string;
    };
    assert.equal(await status(other.resvKey), 'DONE');

    const page = await openPage(390, 'Reservations', 'Reservations');
    const row = page.getByRole('row').filter({ hasText: r.resvKey });
    await row.getByText('PENDING', { exact: true }).waitFor();
    await row.getByText('0 of 3 (0%)').waitFor();
    const done = page.getByRole('row').filter({ hasText: other.resvKey });
    await done.getByText('1 of 1 (100%)').waitFor();
    await h.shot(page, 'operator-reservations-390');

    await row.getByRole('button', { name: 'Stop reservation Winter sale' }).click();
    await row.getByText('STOPPED', { exact: true }).waitFor();
    assert.equal(await status(r.resvKey), 'STOPPED');
    await row.getByRole('button', { name: 'Resume reservation Winter sale' }).waitFor();
    await row.getByRole('button', { name: 'Cancel' }).click();
    await row.getByRole('button', { name: 'Yes, cancel it' }).click();
    await row.getByText('CANCELLED', { exact: true }).waitFor();
    assert.equal(await status(r.resvKey), 'CANCELLED');
    assert.equal(await row.getByRole('button').count(), 0, 'a cancelled reservation allows nothing');

    const wide = await openPage(1280, 'Reservations', 'Reservations');
    await wide
      .getByRole('row')
      .filter({ hasText: r.resvKey })
      .getByText('CANCELLED', { exact: true })
      .waitFor();
    await h.shot(wide, 'operator-reservations-1280');
  });
});
