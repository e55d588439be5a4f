import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';

/** One post the receiver got: its record, and whether both signatures held under the secret. */
export interface Post {
  msgKey: string;
  /** `report` or `mo` (an MO carries serviceType MO). */
  kind: 'report' | 'mo';
  reportCode: string | null;
  signed: boolean;
}

/**
 * The webhook receiver the fixture's account points at, listening at last: it checks both
 * signatures with the account's secret, as docs/webhooks.md's receiver does, and acknowledges.
 */
export async function listen(
  host: string,
  port: number,
  secret: string,
): Promise<{ posts: Post[]; close: () => Promise<void> }> {
  const posts: Post[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const ts = String(req.headers['x-svc-timestamp'] ?? '');
      const hmac = (text: Buffer | string) => createHmac('sha256', secret).update(text).digest('hex');
      const signed =
        req.headers['x-svc-signature'] === hmac(ts) &&
        req.headers['x-omnigate-body-signature'] === hmac(Buffer.concat([Buffer.from(`${ts}.`), raw]));
      const record = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
      const msgKey = String(record.msgKey);
      posts.push({
        msgKey,
        kind: record.serviceType === 'MO' ? 'mo' : 'report',
        reportCode: typeof record.reportCode === 'string' ? record.reportCode : null,
        signed,
      });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ msgKey }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return {
    posts,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
