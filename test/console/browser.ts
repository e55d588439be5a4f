import { existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import type { TestDb } from '../helpers/db.ts';
import {
  ADMIN_TOKEN,
  startTestGateway,
  type TestGateway,
  type TestGatewayOptions,
} from '../helpers/gateway.ts';

/**
 * The console in a real browser: Debian's Chromium driven by playwright-core (Playwright's own
 * browser download cannot work on a machine without internet). The flags keep Chromium from
 * reaching out at all.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Where the screenshots of a run go (a CI artifact); docs/console.md shows copies of them. */
export const SHOTS_DIR =
  process.env.CONSOLE_SHOTS_DIR ?? join(import.meta.dirname, '..', '..', '.test-results', 'console');

/**
 * Why browser tests are skipped here, or false to run them. CI installs Chromium and sets
 * OMNIGATE_REQUIRE_BROWSER, so there a missing browser fails instead of skipping.
 */
export function browserSkip(): string | false {
  if (existsSync(CHROMIUM)) return false;
  if (process.env.OMNIGATE_REQUIRE_BROWSER)
    throw new Error(`${CHROMIUM} is missing (apt-get install chromium)`);
  return `${CHROMIUM} is not installed (apt-get install chromium)`;
}

/**
 * Ports the harness listens on: below Linux's ephemeral range (32768-60999), which the kernel
 * hands out to every `listen(0)` and outgoing connection of the test processes running at once. A
 * port of that range is free again the moment a gateway stops, and another test took one such
 * port between a restart's stop and start (EADDRINUSE); a port of this range is only ever one the
 * harness picked.
 */
const PORT_RANGE = { from: 20_000, to: 32_000 } as const;

function listensOn(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

async function freePort(): Promise<number> {
  for (;;) {
    const port = PORT_RANGE.from + Math.floor(Math.random() * (PORT_RANGE.to - PORT_RANGE.from));
    if (await listensOn(port)) return port;
  }
}

export interface ConsoleHarness {
  /** The gateway now listening (a new one after startGateway()). */
  readonly t: TestGateway;
  /** http://127.0.0.1:<port> */
  readonly base: string;
  readonly browser: Browser;
  /** A fresh browser profile (no cookies) with one page, `width` px wide. */
  open(width?: number): Promise<{ context: BrowserContext; page: Page }>;
  /** Opens the console and signs in with the admin token; answers the page on the overview. */
  signIn(page: Page): Promise<void>;
  /** Saves a screenshot of the page (or of the window alone) under SHOTS_DIR (name without extension). */
  shot(page: Page, name: string, fullPage?: boolean): Promise<string>;
  /**
   * Stops the gateway as a shutdown does (its port then refuses connections); the browser and its
   * pages stay open.
   */
  stopGateway(): Promise<void>;
  /**
   * Starts the gateway again on the same port, database (the SQLite file or the PostgreSQL schema)
   * and data folder, with the same options: what a restart of `npm start` does. Answers the new
   * gateway (also `t` from now on).
   */
  startGateway(): Promise<TestGateway>;
  /** False between stopGateway() and startGateway(). */
  readonly running: boolean;
  close(): Promise<void>;
}

/** A gateway listening on a real port (as `npm start` does) and a browser to drive it. */
export async function startConsoleHarness(
  db: TestDb,
  options: TestGatewayOptions = {},
): Promise<ConsoleHarness> {
  const port = await freePort();
  // The port is known before the start, so the URLs the gateway hands out (files) are right.
  const listening = async () => {
    const g = await startTestGateway(db, { ...options, env: { PORT: String(port), ...options.env } });
    await g.gw.app.listen({ host: '127.0.0.1', port });
    return g;
  };
  let t = await listening();
  let running = true;
  const base = `http://127.0.0.1:${port}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const contexts: BrowserContext[] = [];
  mkdirSync(SHOTS_DIR, { recursive: true });
  return {
    get t() {
      return t;
    },
    base,
    browser,
    async open(width = 1280) {
      const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 860 } });
      contexts.push(context);
      const page = await context.newPage();
      // A console error (a failed script, a CSP refusal) is a test failure, not a silent blank page.
      page.on('pageerror', (err) => {
        throw err;
      });
      return { context, page };
    },
    async signIn(page) {
      await page.goto(`${base}/console`);
      await page.getByLabel('Admin token').fill(ADMIN_TOKEN);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    },
    async shot(page, name, fullPage = true) {
      const path = join(SHOTS_DIR, `${name}.png`);
      await page.screenshot({ path, fullPage });
      return path;
    },
    async stopGateway() {
      if (!running) return;
      running = false;
      await t.close();
    },
    get running() {
      return running;
    },
    async startGateway() {
      if (running) throw new Error('the gateway is running: stopGateway() first');
      t = await listening();
      running = true;
      return t;
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => {});
      await browser.close();
      if (running) await t.close();
    },
  };
}
