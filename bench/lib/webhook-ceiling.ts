/**
 * The ceiling of webhook reports on this machine: the gateway's own webhook client
 * (postSignedJson: signed, keep-alive, one report per POST as the spec has it) posting report
 * bodies to the same receiver from another process, as many at once as the engine's webhook lane
 * runs (200), with no database behind it. The receiver runs in the bench process both times.
 *
 *   node --import tsx bench/lib/webhook-ceiling.ts <url> <reports>   (the client side)
 */
import { spawn } from 'node:child_process';
import { OutboundPolicy } from '../../src/http/outbound.ts';
import { postSignedJson } from '../../src/http/webhook-client.ts';
import { startReceiver } from './client-run.ts';

/** The bench's receiver listens on the loopback. */
const LOOPBACK = new OutboundPolicy(['127.0.0.0/8', '::1']);

/** Calls under way at once: the engine's lane for webhook calls and the rest (runner.ts). */
const AT_ONCE = 200;

function body(i: number) {
  return {
    msgKey: `ceiling-${i}`,
    serviceType: 'SMS',
    msgType: 'SM',
    reportType: 'STANDARD',
    reportCode: '10000',
    reportText: 'Delivered',
    reportTime: '2026-11-26 12:00:00',
    sendTime: '2026-11-26 12:00:00',
    carrier: 'SKT',
    ref: '',
  };
}

/** Reports per second the bare client got answered by a receiver in this process. */
export async function webhookCeiling(reports: number): Promise<number> {
  const receiver = await startReceiver();
  try {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', import.meta.filename, receiver.url, String(reports)],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    const secs = Number(/secs=([\d.]+)/.exec(out)?.[1]);
    if (code !== 0 || !Number.isFinite(secs)) throw new Error(`webhook ceiling client failed: ${out}`);
    if (receiver.seen.size < reports) throw new Error(`receiver saw ${receiver.seen.size} of ${reports}`);
    return reports / secs;
  } finally {
    receiver.close();
  }
}

async function clientSide(url: string, reports: number): Promise<void> {
  const post = (i: number) =>
    postSignedJson(url, 'bench-webhook-secret', body(i), Date.now(), 5000, LOOPBACK);
  for (let w = 0; w < AT_ONCE; w++) await post(reports + w); // warm-up: the keep-alive sockets
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      while (next < reports) {
        const answer = await post(next++);
        if (!answer.ok) throw new Error(`webhook ceiling: ${answer.error}`);
      }
    }),
  );
  process.stdout.write(`secs=${(performance.now() - t0) / 1000}\n`);
}

if (process.argv[1] === import.meta.filename) {
  await clientSide(process.argv[2] ?? '', Number(process.argv[3]));
}
