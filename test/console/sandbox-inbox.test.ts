import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { formatKst } from '../../src/clock.ts';
import { deliverToInboxes, type NewInboxMessage } from '../../src/store/sandbox/sandbox.ts';
import { type Client, send, setHandset, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { browserSkip, type ConsoleHarness, startConsoleHarness } from './browser.ts';

const skip = browserSkip();

/*
 * A handset's inbox in the browser: messages sent through the client API appear live, failures
 * and failovers are marked, the clock moved from the top bar fires a reservation, and a long
 * inbox opens with one page drawn.
 */
describeEachDb('console sandbox inbox in a browser', (db) => {
  let h: ConsoleHarness;
  let c: Client;
  let page: Page;
  before(async () => {
    if (skip) return;
    h = await startConsoleHarness(db);
    c = await setupClient(h.t);
    await h.t.request({
      method: 'POST',
      url: '/sandbox/v1/clock',
      admin: true,
      body: { set: '2026-03-10 12:00:00' },
    });
    ({ page } = await h.open(1280));
    await h.signIn(page);
  });
  after(() => h?.close());

  const openInbox = async (p: Page, phone: string) => {
    await p.goto(`${h.base}/console/sandbox/handsets/${phone}`);
    await p.getByRole('heading', { level: 1, name: phone }).waitFor();
    // The stream is open: what is sent from now on arrives without a reload.
    await p
      .getByRole('status')
      .filter({ hasText: /^Live$/ })
      .waitFor();
  };
  const inbox = (p: Page) => p.getByRole('log', { name: 'Messages' });

  test('(a) an SMS sent through the client API appears in the open inbox without a reload', {
    skip,
  }, async () => {
    const phone = '01055500001';
    await openInbox(page, phone);
    await inbox(page).getByText('Nothing has reached').waitFor();
    const res = await send(h.t, c, {
      destinations: [{ to: phone, replaceWords: { name: 'Minsu' } }],
      messageFlow: [{ sms: { from: c.sender, text: 'Hello #{name}, your order 1024 is confirmed.' } }],
    });
    assert.equal(res.statusCode, 200, res.body);
    const sms = inbox(page).getByRole('article', { name: `SMS from ${c.sender}` });
    await sms.waitFor();
    await sms.getByText('Hello Minsu, your order 1024 is confirmed.').waitFor();
    await h.shot(page, 'sandbox-handset-1280');
  });

  test('(b) an infomsg→sms failover shows the failure event and the SMS marked as a failover step', {
    skip,
  }, async () => {
    const phone = '01055500002';
    await setHandset(h.t, phone, { appUser: null });
    await openInbox(page, phone);
    const res = await send(h.t, c, {
      destinations: [{ to: phone }],
      messageFlow: [
        {
          infomsg: {
            msgType: 'AT',
            senderKey: c.senderKey,
            templateCode: 'TPL-001',
            text: '배송이 시작되었습니다',
          },
        },
        { sms: { from: c.sender, text: '[SMS] Your parcel is on its way' } },
      ],
    });
    assert.equal(res.statusCode, 200, res.body);
    const failure = inbox(page).getByRole('article', { name: /^Not delivered: Info message/ });
    await failure.waitFor();
    await failure.getByText('30003').waitFor();
    await failure.getByText('NoSendAvailableException').waitFor();
    const sms = inbox(page).getByRole('article', { name: `SMS from ${c.sender}` });
    await sms.getByText('[SMS] Your parcel is on its way').waitFor();
    await sms.getByText('Failover').waitFor();
    // The failure comes first, the SMS below it (the newest at the bottom).
    const names = await inbox(page)
      .getByRole('article')
      .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    assert.deepEqual(names, [`Not delivered: Info message from ${c.senderKey}`, `SMS from ${c.sender}`]);
    await h.shot(page, 'sandbox-failover-1280');
  });

  test('(d) moving the clock from the top bar fires a reservation, and its message appears live', {
    skip,
  }, async () => {
    const phone = '01055500003';
    const at = formatKst(h.t.gw.ctx.clock.now() + 30 * 60_000);
    const res = await h.t.request({
      method: 'POST',
      url: '/api/comm/v1/reservation',
      apiKey: c.apiKey,
      body: {
        destinations: [{ to: phone }],
        messageFlow: [{ sms: { from: c.sender, text: 'reserved for later' } }],
        resvSendTime: at,
      },
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().data.code, 'A000', res.body);
    await openInbox(page, phone);
    await inbox(page).getByText('Nothing has reached').waitFor();
    await page.getByRole('button', { name: /Manual clock/ }).click();
    await page.getByRole('button', { name: '+1 h' }).click();
    await inbox(page)
      .getByRole('article', { name: `SMS from ${c.sender}` })
      .getByText('reserved for later')
      .waitFor();
    await page.keyboard.press('Escape');
  });

  test('(f) an inbox of 1,000 messages opens quickly and draws one page of them', { skip }, async () => {
    const phone = '01055500004';
    const now = h.t.gw.ctx.clock.now();
    const rows: NewInboxMessage[] = Array.from({ length: 1000 }, (_, i) => ({
      phone,
      msgKey: `BULK${String(i).padStart(4, '0')}`,
      step: 0,
      channel: 'sms',
      msgType: 'SM',
      from: '0212345678',
      title: null,
      text: `message number ${i + 1}`,
      payload: JSON.stringify({ from: '0212345678', text: `message number ${i + 1}` }),
      receivedAt: now + i,
      failure: null,
    }));
    await deliverToInboxes(h.t.gw.ctx.store, rows);

    // How fast it opens is bench/console's figure; here, that it opens to the newest page.
    await page.goto(`${h.base}/console/sandbox/handsets/${phone}`);
    await inbox(page).getByText('message number 1000', { exact: true }).waitFor();
    const articles = inbox(page).getByRole('article');
    assert.equal(await articles.count(), 50, 'the newest page only');
    // The newest is at the bottom, scrolled into view.
    assert.ok(await inbox(page).getByText('message number 1000', { exact: true }).isVisible());

    // Older pages on request; never more than a few hundred drawn at once.
    const older = inbox(page).getByRole('button', { name: 'Load older messages' });
    for (let i = 0; i < 6; i++) {
      await older.click();
      await inbox(page)
        .getByText(`message number ${Math.max(1, 950 - (i + 1) * 100 + 1)}`, { exact: true })
        .waitFor();
    }
    const drawn = await articles.count();
    assert.ok(drawn <= 300, `${drawn} messages drawn`);
    await inbox(page).getByRole('button', { name: 'Show newer messages' }).waitFor();
    await inbox(page).getByRole('button', { name: 'Jump to the newest' }).click();
    await inbox(page).getByText('message number 1000', { exact: true }).waitFor();
  });

  test('a burst larger than one look shows a gap marker whose button loads the skipped messages', {
    skip,
  }, async () => {
    const phone = '01055500006';
    await openInbox(page, phone);
    const now = h.t.gw.ctx.clock.now();
    // One INSERT of 150 rows: the stream's next look finds them all, sends the newest 100.
    const rows: NewInboxMessage[] = Array.from({ length: 150 }, (_, i) => ({
      phone,
      msgKey: `BURST${String(i).padStart(3, '0')}`,
      step: 0,
      channel: 'sms',
      msgType: 'SM',
      from: '0212345678',
      title: null,
      text: `burst ${i + 1}`,
      payload: JSON.stringify({ from: '0212345678', text: `burst ${i + 1}` }),
      receivedAt: now,
      failure: null,
    }));
    await deliverToInboxes(h.t.gw.ctx.store, rows);
    await inbox(page).getByText('burst 150', { exact: true }).waitFor();
    const marker = inbox(page).getByRole('note');
    await marker.getByText('50 messages arrived too fast to show live.').waitFor();
    assert.equal(await inbox(page).getByText('burst 50', { exact: true }).count(), 0);
    await marker.getByRole('button', { name: 'Load the skipped messages' }).click();
    await inbox(page).getByText('burst 50', { exact: true }).waitFor();
    await inbox(page).getByText('burst 1', { exact: true }).waitFor();
    await marker.waitFor({ state: 'detached' });
    assert.equal(await inbox(page).getByRole('article').count(), 150);
  });

  test('a brand message carousel sent through the client API shows its cards in the open inbox', {
    skip,
  }, async () => {
    const phone = '01055500005';
    await openInbox(page, phone);
    const card = (n: number) => ({
      header: `Spring pick ${n}`,
      message: `Card ${n}: 20% off this week`,
      attachment: { button: [{ type: 'WL', name: `Shop ${n}`, urlMobile: `https://shop.example/${n}` }] },
    });
    const res = await send(h.t, c, {
      destinations: [{ to: phone }],
      messageFlow: [
        {
          brandmessage: {
            sendType: 'free',
            msgType: 'FC',
            senderKey: c.senderKey,
            content: 'Spring sale',
            carousel: { list: [card(1), card(2), card(3)], tail: { urlMobile: 'https://shop.example/all' } },
          },
        },
      ],
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().data.data.destinations[0].code, 'A000', res.body);
    const message = inbox(page).getByRole('article', { name: /^Brand message \(carousel feed\)/ });
    const cards = message.getByRole('list', { name: 'Carousel of 3 cards' });
    await cards.waitFor();
    for (const n of [1, 2, 3]) {
      const slide = cards.getByRole('listitem', { name: `Card ${n} of 3` });
      // The header titles the card (and names its picture).
      await slide.getByText(`Spring pick ${n}`).first().waitFor();
      await slide.getByText(`Card ${n}: 20% off this week`).waitFor();
      assert.equal(
        await slide.getByRole('link', { name: `Shop ${n}` }).getAttribute('href'),
        `https://shop.example/${n}`,
      );
    }
    await h.shot(page, 'sandbox-carousel-1280');
  });

  test('the inbox at a phone width', { skip }, async () => {
    const { page: phonePage } = await h.open(390);
    await h.signIn(phonePage);
    await openInbox(phonePage, '01055500002');
    await inbox(phonePage)
      .getByRole('article', { name: `SMS from ${c.sender}` })
      .waitFor();
    await h.shot(phonePage, 'sandbox-handset-390');
  });
});
