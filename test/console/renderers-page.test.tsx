import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { build } from 'esbuild';
import type { Page } from 'playwright-core';
import type { TimelineItem } from '../../console/src/messages/types.ts';
import { describeEachDb } from '../helpers/db.ts';
import { browserSkip, type ConsoleHarness, SHOTS_DIR, startConsoleHarness } from './browser.ts';
import { html, labelOf } from './renderers-helpers.ts';
import { deliver, KINDS, type KindName, prepareAll, setup } from './renderers-kinds.ts';

/*
 * Every kind drawn together in Chromium, as the handset page lays them out: images load from the
 * gateway that served the uploads, nothing overflows a 390 px phone, carousels scroll sideways
 * (by keyboard too). The page is also kept as .test-results/messages/inbox-sample.html, with
 * screenshots at 390 and 1280 px under .test-results/console/.
 */

const skip = browserSkip();
const CONSOLE_SRC = join(import.meta.dirname, '..', '..', 'console', 'src');
const SAMPLE_DIR = join(SHOTS_DIR, '..', 'messages');

/**
 * The renderers bundled for the browser as the console bundles them (esbuild, Preact JSX), with
 * the console's stylesheet and theirs: the page hydrates the server-drawn items, so what the
 * browser shows is what the console's pages show, handlers included.
 */
async function bundle(): Promise<{ js: string; css: string }> {
  const out = await build({
    stdin: {
      contents: `import './styles.css';
import { Fragment, h, hydrate } from 'preact';
import { InboxItem } from './messages/index.tsx';
const items = JSON.parse(document.getElementById('items').textContent);
hydrate(h(Fragment, null, items.map((item) => h(InboxItem, { item, key: item.id }))), document.getElementById('inbox'));`,
      resolveDir: CONSOLE_SRC,
      loader: 'tsx',
    },
    bundle: true,
    write: false,
    format: 'esm',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    outdir: '/sample-out',
    logLevel: 'silent',
  });
  const text = (ext: string) => out.outputFiles.find((f) => f.path.endsWith(ext))?.text ?? '';
  return { js: text('.js'), css: text('.css') };
}

async function samplePage(items: readonly TimelineItem[]): Promise<string> {
  const { js, css } = await bundle();
  const json = JSON.stringify(items).replaceAll('<', '\\u003c');
  // The handset page's inbox column, drawn on the server and hydrated in the browser.
  return `<!doctype html>
<html lang="ko"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Inbox sample</title>
<style>${css}
.sample { max-width: 760px; margin: 0 auto; padding: 16px 12px; }</style>
</head><body><main class="sample"><h1>Inbox sample: every kind</h1>
<div id="inbox">${items.map(html).join('')}</div>
</main>
<script type="application/json" id="items">${json}</script>
<script type="module">${js.replaceAll('</script', '<\\/script')}</script>
</body></html>`;
}

async function imagesLoaded(page: Page): Promise<string[]> {
  // Lazy images load when near the viewport: bring each in, then ask whether it drew.
  const imgs = page.locator('article img');
  const broken: string[] = [];
  for (let i = 0; i < (await imgs.count()); i++) {
    const img = imgs.nth(i);
    await img.scrollIntoViewIfNeeded();
    const ok = await img.evaluate(
      (el) =>
        new Promise<boolean>((resolve) => {
          const i = el as HTMLImageElement;
          if (i.complete) resolve(i.naturalWidth > 0);
          else {
            i.addEventListener('load', () => resolve(i.naturalWidth > 0), { once: true });
            i.addEventListener('error', () => resolve(false), { once: true });
          }
        }),
    );
    if (!ok) broken.push((await img.getAttribute('src')) ?? '');
  }
  return broken;
}

describeEachDb('message renderers in a browser', (db) => {
  let h: ConsoleHarness;
  let file = '';
  const labels: string[] = [];

  before(async () => {
    if (skip) return;
    h = await startConsoleHarness(db);
    const s = await setup(h.t);
    await prepareAll(h.t, s);
    const items: TimelineItem[] = [];
    for (const name of Object.keys(KINDS) as KindName[]) items.push(...(await deliver(h.t, s, name)));
    const last = items.at(-1);
    if (!last) throw new Error('nothing delivered');
    // A step the handset could not take: the timeline gives it as a failure item.
    items.push({
      ...last,
      id: last.id + 1,
      kind: 'failure',
      channel: 'rcs',
      msgType: 'RS',
      from: s.c.sender,
      title: null,
      text: '인증번호 [482913]',
      step: 0,
      failover: false,
      payload: { brandKey: s.c.brandKey, body: { description: '인증번호 [482913]' } },
      failure: { code: '30002', text: 'Not an RCS device' },
    });
    labels.push(...items.map((i) => labelOf(html(i)) ?? ''));
    mkdirSync(SAMPLE_DIR, { recursive: true });
    file = join(SAMPLE_DIR, 'inbox-sample.html');
    writeFileSync(file, await samplePage(items));
  });
  after(() => h?.close());

  for (const width of [390, 1280]) {
    test(`every kind at ${width} px: named articles, images that load, nothing wider than the screen`, {
      skip,
    }, async () => {
      const { page } = await h.open(width);
      await page.goto(`file://${file}`);
      for (const name of labels) await page.getByRole('article', { name, exact: true }).first().waitFor();
      assert.deepEqual(await imagesLoaded(page), []);
      const overflow = await page.evaluate(() => {
        const wider = [...document.querySelectorAll('main *')]
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
          .filter((el) => !el.parentElement?.closest('.msg-carousel'))
          .map(
            (el) =>
              `${el.tagName.toLowerCase()}.${el.className} ${Math.round(el.getBoundingClientRect().right)}`,
          );
        return { by: document.documentElement.scrollWidth - window.innerWidth, wider };
      });
      assert.ok(
        overflow.by <= 0,
        `the page is ${overflow.by} px wider than the screen: ${overflow.wider.join(', ')}`,
      );
      // Back to the start (loading the images scrolled the carousels), then the pictures.
      await page.evaluate(() => {
        for (const row of document.querySelectorAll('.msg-carousel')) row.scrollLeft = 0;
        window.scrollTo(0, 0);
      });
      await h.shot(page, `messages-${width}`);
      // The long page in screen-high pieces too, for a person to look at.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      const screen = page.viewportSize()?.height ?? 800;
      for (let y = 0, n = 1; y < height; y += screen, n++) {
        await page.evaluate((top) => window.scrollTo(0, top), y);
        await page.screenshot({ path: join(SAMPLE_DIR, `inbox-${width}-${String(n).padStart(2, '0')}.png`) });
      }
    });
  }

  test('a carousel scrolls sideways, following the keyboard; its buttons are links named as on the phone', {
    skip,
  }, async () => {
    const { page } = await h.open(390);
    await page.goto(`file://${file}`);
    const article = page.getByRole('article', { name: /^Brand message \(carousel feed\)/ });
    const cards = article.getByRole('list', { name: 'Carousel of 2 cards' });
    const row = cards.locator('..');
    const widths = await row.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    assert.ok(widths.scroll > widths.client, JSON.stringify(widths));
    assert.equal(await row.evaluate((el) => el.scrollLeft), 0);
    // Tabbing from the first card's button to the second's brings the second card into view.
    await cards.getByRole('listitem', { name: 'Card 1 of 2' }).getByRole('link', { name: '보기' }).focus();
    await page.keyboard.press('Tab');
    assert.equal(
      await cards
        .getByRole('listitem', { name: 'Card 2 of 2' })
        .getByRole('link', { name: '보기' })
        .evaluate((el) => el === document.activeElement),
      true,
    );
    await page.waitForFunction((el) => (el?.scrollLeft ?? 0) > 0, await row.elementHandle());
    await article.getByRole('link', { name: 'More' }).waitFor();
    assert.equal(await article.getByRole('link', { name: '보기' }).count(), 2);
    assert.equal(
      await article.getByRole('listitem', { name: 'Card 2 of 2' }).getByText('3000원 할인 쿠폰').count(),
      1,
    );
  });
});
