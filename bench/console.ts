/**
 * bench/console: how quickly the console opens in a real browser (Debian's Chromium) against a
 * gateway started as `npm start` starts it, on loopback. Prints, as the median of RUNS loads:
 * the sign-in page (navigation to a usable form), signing in to the overview, and opening a
 * handset whose inbox holds 1,000 messages (to its newest message drawn), with the size of what
 * the page downloads. The ceiling, measured in the same run and browser: a bare node:http server
 * answering a static page with one input, the fastest a first visit can be usable here.
 *
 * Then what a console costs the delivery rate: bench/send.ts --console-only, the end-to-end rate
 * with a console open on a busy inbox beside the same run without it, --rate-rounds alternating
 * pairs (0: not measured).
 *
 *   npm run bench:console -- [--runs 5] [--rate-rounds 5]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { ADMIN_TOKEN, benchAccount, post, startGateway } from './lib/gateway.ts';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, 'rate-rounds': { type: 'string', default: '5' } },
});
const RUNS = Number(values.runs);
const RATE_ROUNDS = Number(values['rate-rounds']);
const TOKEN = ADMIN_TOKEN;
const PHONE = '01077770000';
const dir = mkdtempSync(join(tmpdir(), 'omnigate-bench-console-'));

// The ceiling: no framework, no script, one small HTML answer.
async function startBarePage(): Promise<{ url: string; stop: () => void }> {
  const html = '<!doctype html><title>bare</title><label>Admin token <input type="password"></label>';
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, stop: () => server.close() };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function main(): Promise<void> {
  const gw = await startGateway(dir);
  const bare = await startBarePage();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    // 1,000 messages to one handset, through the client API as a client sends them.
    const acc = await benchAccount(gw.base);
    for (let r = 0; r < 5; r++) {
      await post(
        `${gw.base}/api/comm/v1/send/omni`,
        { authorization: acc.apiKey },
        {
          destinations: Array.from({ length: 200 }, (_, i) => ({
            to: PHONE,
            replaceWords: { n: String(r * 200 + i + 1) },
          })),
          messageFlow: [{ sms: { from: '0212345678', text: 'message #{n}' } }],
        },
      );
    }
    const ceiling: number[] = [];
    const signIn: number[] = [];
    const overview: number[] = [];
    const inbox: number[] = [];
    let bytes = 0;
    for (let i = 0; i < RUNS; i++) {
      // A fresh profile each time: nothing cached, as a first visit.
      const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
      const page = await context.newPage();
      let received = 0;
      page.on('response', (res) => {
        void res.body().then(
          (b) => {
            received += b.length;
          },
          () => {},
        );
      });
      let t0 = performance.now();
      await page.goto(bare.url);
      await page.getByLabel('Admin token').waitFor();
      ceiling.push(performance.now() - t0);
      t0 = performance.now();
      await page.goto(`${gw.base}/console`);
      await page.getByLabel('Admin token').waitFor();
      signIn.push(performance.now() - t0);
      await page.getByLabel('Admin token').fill(TOKEN);
      t0 = performance.now();
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
      await page.getByText('since start').first().waitFor();
      overview.push(performance.now() - t0);
      if (i === 0) bytes = received;
      t0 = performance.now();
      await page.goto(`${gw.base}/console/sandbox/handsets/${PHONE}`);
      await page.getByText('message 1000', { exact: true }).waitFor();
      inbox.push(performance.now() - t0);
      await context.close();
    }
    const ms = (xs: number[]) => `${Math.round(median(xs))} ms`;
    console.log(`bench/console: median of ${RUNS} first visits, Chromium on loopback, SQLite, one process`);
    const ratio = (xs: number[]) => `${(median(xs) / Math.max(1, median(ceiling))).toFixed(1)}x`;
    console.log(`  ceiling, a bare static page with one input: ${ms(ceiling)}`);
    console.log(
      `  sign-in page usable: ${ms(signIn)} (${ratio(signIn)} the ceiling; min ${Math.round(Math.min(...signIn))}, max ${Math.round(Math.max(...signIn))})`,
    );
    console.log(
      `  signed in to the overview with its figures: ${ms(overview)} (${ratio(overview)} the ceiling)`,
    );
    console.log(
      `  a handset with 1,000 messages, newest drawn: ${ms(inbox)} (${ratio(inbox)} the ceiling; a full page load)`,
    );
    console.log(`  downloaded by the first visit (sign-in and overview): ${Math.round(bytes / 1024)} KiB`);
  } finally {
    await browser.close();
    await gw.stop();
    bare.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The delivery rate with a console watching a busy inbox (bench/send.ts), in a process of its own. */
function consoleCost(): Promise<void> {
  if (!(RATE_ROUNDS > 0)) return Promise.resolve();
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(import.meta.dirname, 'send.ts'),
      '--console-only',
      '--rounds',
      String(RATE_ROUNDS),
    ],
    { stdio: 'inherit' },
  );
  return new Promise((resolve, reject) =>
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`bench/send.ts exited ${code}`)))),
  );
}

await main();
await consoleCost();
