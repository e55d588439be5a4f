import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { describeEachDb } from '../helpers/db.ts';
import { browserSkip, type ConsoleHarness, startConsoleHarness } from './browser.ts';

/*
 * The API reference (/docs) shares the console's origin: it renders under its own strict CSP, in
 * a real browser, and no other page can frame it (a framed page could be clicked through with the
 * operator's session).
 */
const skip = browserSkip();

describeEachDb('the API reference page', (db) => {
  let h: ConsoleHarness;
  before(async () => {
    if (!skip) h = await startConsoleHarness(db);
  });
  after(() => h?.close());

  test('renders under a CSP that allows only this origin and no framing', { skip }, async () => {
    const res = await fetch(`${h.base}/docs/static/index.html`);
    assert.equal(res.status, 200);
    const csp = res.headers.get('content-security-policy') ?? '';
    assert.match(csp, /frame-ancestors 'none'/);
    assert.match(csp, /form-action 'none'/);
    assert.doesNotMatch(csp, /https:|validator\.swagger\.io|upgrade-insecure-requests/);
    assert.equal(res.headers.get('x-frame-options'), 'DENY');

    const { page } = await h.open();
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await page.goto(`${h.base}/docs`);
    await page
      .getByRole('heading', { name: /Omnigate/ })
      .first()
      .waitFor();
    await page.getByText('/api/comm/v1/send/omni').first().waitFor();
    assert.deepEqual(violations, []);
    await h.shot(page, 'docs-reference', false);
  });

  test('another origin cannot frame it', { skip }, async () => {
    // A page of another origin (another port) that frames the reference.
    const other = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(
        `<!doctype html><title>other</title><iframe id="f" src="${h.base}/docs/static/index.html"></iframe>`,
      );
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    try {
      const { page } = await h.open();
      const port = (other.address() as AddressInfo).port;
      await page.goto(`http://127.0.0.1:${port}/`, { waitUntil: 'load' });
      const child = page.frames().find((f) => f !== page.mainFrame());
      assert.ok(child, 'the iframe is there');
      // A refused frame holds the browser's error page, not the reference.
      assert.match(child.url(), /^chrome-error:/, `the frame loaded ${child.url()}`);
    } finally {
      await new Promise<void>((resolve) => other.close(() => resolve()));
    }
  });
});
