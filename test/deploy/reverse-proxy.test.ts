import assert from 'node:assert/strict';
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { ROOT } from '../../src/root.ts';
import { describeEachDb } from '../helpers/db.ts';
import { serveProcess } from '../helpers/process.ts';

// deploy/nginx-tls.conf, the operations guide's reverse-proxy example, run as written: only its
// addresses, port and certificate paths are changed for a test on the loopback. The client
// connects from 127.0.0.3, nginx listens on 127.0.0.2 and reaches the gateway from 127.0.0.1, so
// the address the gateway records says whose it is. CI installs nginx (.ci/run); elsewhere the
// test is skipped when nginx is missing.
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
if (!NGINX && process.env.OMNIGATE_REQUIRE_NGINX)
  throw new Error('nginx is required here (.ci/run installs it)');
const skip = NGINX ? false : 'nginx is not installed (apt-get install nginx)';
const TOKEN = 'proxy-test-admin-token-0123456789abcdef';

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.2', r));
  const address = srv.address();
  await new Promise((r) => srv.close(r));
  return address && typeof address === 'object' ? address.port : 0;
}

const nginxes: ChildProcess[] = [];
// SIGTERM to the master, which stops its workers (a SIGKILL would leave them running).
const stopNginx = async (n: ChildProcess) => {
  if (n.exitCode !== null) return;
  n.kill('SIGTERM');
  await new Promise((r) => n.once('exit', r));
};
after(async () => {
  for (const n of nginxes) await stopNginx(n);
});

/** nginx with the example's server block, in front of the gateway on `gatewayPort`. */
async function startNginx(dir: string, gatewayPort: number): Promise<number> {
  mkdirSync(join(dir, 'logs'), { recursive: true });
  execFileSync('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=sms.example.com',
    '-keyout',
    join(dir, 'key.pem'),
    '-out',
    join(dir, 'cert.pem'),
  ]);
  const port = await freePort();
  const example = readFileSync(join(ROOT, 'deploy', 'nginx-tls.conf'), 'utf8');
  // The HTTPS server block only (the port-80 redirect needs a privileged port).
  const tlsBlock = example.slice(0, example.lastIndexOf('server {'));
  const site = tlsBlock
    .replace('server 127.0.0.1:8080;', `server 127.0.0.1:${gatewayPort};`)
    .replace('listen 443 ssl http2;', `listen 127.0.0.2:${port} ssl http2;`)
    .replace('listen [::]:443 ssl http2;', '')
    .replace(/ssl_certificate\s+\S+;/, `ssl_certificate ${join(dir, 'cert.pem')};`)
    .replace(/ssl_certificate_key\s+\S+;/, `ssl_certificate_key ${join(dir, 'key.pem')};`);
  assert.notEqual(site, tlsBlock);
  writeFileSync(join(dir, 'site.conf'), site);
  writeFileSync(
    join(dir, 'nginx.conf'),
    `worker_processes 1;\nerror_log ${join(dir, 'logs', 'error.log')};\npid ${join(dir, 'nginx.pid')};\n` +
      `events { worker_connections 64; }\nhttp {\n  access_log off;\n` +
      `  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fcgi;\n` +
      `  uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;\n  include ${join(dir, 'site.conf')};\n}\n`,
  );
  const child = spawn(NGINX ?? 'nginx', ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (b: Buffer) => {
    errors += b.toString();
  });
  nginxes.push(child);
  let exited: number | null = null;
  child.on('exit', (code) => {
    exited = code;
  });
  // Up once it accepts TLS connections.
  for (let i = 0; i < 100 && exited === null; i++) {
    try {
      await viaProxy(port, '/healthz');
      return port;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  throw new Error(`nginx did not come up (exit ${exited}): ${errors}`);
}

// A client on 127.0.0.3 (node:https: undici's connector takes no local address), trusting the test's
// own certificate.
function viaProxy(
  port: number,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.2',
        port,
        path,
        method: init.method ?? 'GET',
        headers: init.headers ?? {},
        localAddress: '127.0.0.3',
        rejectUnauthorized: false,
        agent: false,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          text += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

describeEachDb('behind the documented nginx (deploy/nginx-tls.conf)', (db) => {
  for (const trusted of [true, false]) {
    test(`OMNIGATE_TRUST_PROXY ${trusted ? 'set: the client' : 'unset: nginx'} is who the gateway records`, {
      skip,
    }, async () => {
      if (db.dialect === 'postgres') await db.openStore();
      const s = await serveProcess({
        OMNIGATE_DATA_DIR: join(db.dir, trusted ? 'trusted' : 'untrusted'),
        OMNIGATE_ADMIN_TOKEN: TOKEN,
        OMNIGATE_SECRET_KEY: 'b2'.repeat(32),
        OMNIGATE_TRUST_PROXY: trusted ? '127.0.0.1,::1' : '',
        OMNIGATE_PUBLIC_URL: 'https://sms.example.com',
        ...(db.dialect === 'postgres' ? { DATABASE_URL: db.processUrl } : { DATABASE_URL: '' }),
      });
      try {
        const port = await startNginx(join(db.dir, trusted ? 'nginx-a' : 'nginx-b'), s.port);
        // (`at` is to the second.)
        const startedAt = Math.floor(Date.now() / 1000) * 1000;
        // A refused call through the proxy, carrying an address of the client's own choosing.
        const refused = await viaProxy(port, '/api/comm/v1/send/omni', {
          method: 'POST',
          headers: {
            authorization: 'no-such-key',
            'content-type': 'application/json',
            'x-forwarded-for': '203.0.113.9',
          },
          body: '{}',
        });
        assert.equal(refused.status, 401, refused.text);
        const admin = { authorization: `Bearer ${TOKEN}` };
        let addresses: string[] = [];
        for (let i = 0; i < 100 && addresses.length === 0; i++) {
          const list = await viaProxy(port, '/admin/v1/refused-requests', { headers: admin });
          assert.equal(list.status, 200, list.text);
          // On PostgreSQL both cases share the suite's database: this case's rows only.
          addresses = (
            JSON.parse(list.text) as { requests: { clientAddress: string; at: string }[] }
          ).requests
            .filter((r) => Date.parse(r.at) >= startedAt)
            .map((r) => r.clientAddress);
          if (addresses.length === 0) await new Promise((r) => setTimeout(r, 100));
        }
        // nginx replaces X-Forwarded-For: the spoofed address never gets through.
        assert.deepEqual(addresses, [trusted ? '127.0.0.3' : '127.0.0.1']);
        // The console's page and the docs are reached through it too.
        assert.equal((await viaProxy(port, '/console/')).status, 200);
      } finally {
        for (const n of nginxes.splice(0)) await stopNginx(n);
        s.child.kill('SIGTERM');
        await s.exit;
      }
    });
  }
});
