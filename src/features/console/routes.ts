import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Config } from '../../config.ts';
import { sendCoded } from '../../http/error-handler.ts';
import { type ConsoleBundle, consoleBundle } from './bundle.ts';

/**
 * Strict: scripts, styles and everything the page fetches come from this origin alone (nothing
 * from a CDN, no inline script), so the console works on a machine with no internet and an
 * injected string cannot run. Images may also come from the public URL that uploaded files are
 * served at, when that is another origin.
 */
export function contentSecurityPolicy(config: Config): string {
  let files = '';
  try {
    files = ` ${new URL(config.publicUrl).origin}`;
  } catch {}
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src 'self' data: blob:${files}`,
    "connect-src 'self'",
    "font-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

function indexHtml(b: ConsoleBundle): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>Omnigate console</title>
<link rel="icon" href="/console/assets/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/console/assets/${b.style}">
<script type="module" src="/console/assets/${b.script}"></script>
</head>
<body>
<div id="app"></div>
<noscript>The Omnigate console needs JavaScript.</noscript>
</body>
</html>
`;
}

/**
 * The web console at /console (docs/console.md): one page whose script drives the documented
 * APIs (/admin/v1, /sandbox/v1) with the session cookie. Every path under /console answers that
 * page, so a console address can be bookmarked and reloaded.
 */
export const consoleRoutes: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  const csp = contentSecurityPolicy(config);
  const guard = (reply: FastifyReply) =>
    reply
      .header('content-security-policy', csp)
      .header('x-content-type-options', 'nosniff')
      .header('x-frame-options', 'DENY')
      .header('referrer-policy', 'no-referrer')
      .header('cross-origin-opener-policy', 'same-origin');

  const page = async (_req: unknown, reply: FastifyReply) => {
    const b = await consoleBundle();
    return guard(reply)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(indexHtml(b));
  };
  app.get('/console', { schema: { hide: true } }, page);
  app.get('/console/*', { schema: { hide: true } }, page);
  app.get<{ Params: { name: string } }>(
    '/console/assets/:name',
    { schema: { hide: true } },
    async (req, reply) => {
      const asset = (await consoleBundle()).assets.get(req.params.name);
      if (!asset) return sendCoded(req, reply, 'A404', `GET ${req.url.split('?')[0]}`);
      return guard(reply)
        .header(
          'cache-control',
          asset.name.startsWith('app-') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        )
        .type(asset.type)
        .send(asset.body);
    },
  );
};
