import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the proxy does with the next send (POST .../send/omni):
 * - `pass`: forwards it and returns the upstream's answer;
 * - `400`, `429`, `500`: answers that status without forwarding (`429` with Retry-After: 1);
 * - `lose-answer`: forwards it (the upstream takes it) and then drops the connection unanswered,
 *   as an upstream that crashes between its work and its answer, or a network that loses it;
 * - `hold`: forwards it, and holds the answer until release() (to kill the sender meanwhile).
 */
export type Fault = 'pass' | '400' | '429' | '500' | 'lose-answer' | 'hold';

/** A loopback HTTP proxy in front of an upstream gateway that misbehaves on demand. */
export class FaultProxy {
  /** Faults for the coming sends, in order; `pass` once empty. */
  readonly faults: Fault[] = [];
  /** While true every request is dropped at once (the upstream is down). */
  down = false;
  /** Send requests seen, and the ones forwarded to the upstream. */
  sends = 0;
  forwarded = 0;
  readonly #held: Array<() => void> = [];

  private constructor(
    private readonly server: Server,
    readonly url: string,
    /** The upstream's base URL (set once it listens). */
    public target: string,
  ) {}

  static async start(target = ''): Promise<FaultProxy> {
    let self: FaultProxy | null = null;
    const server = createServer((req, res) => {
      if (self) void self.#handle(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const { port } = server.address() as AddressInfo;
    self = new FaultProxy(server, `http://127.0.0.1:${port}`, target);
    return self;
  }

  /** Lets the held answers go. */
  release(): void {
    for (const go of this.#held.splice(0)) go();
  }

  get holding(): number {
    return this.#held.length;
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if (this.down) {
      req.socket.destroy();
      return;
    }
    const isSend = req.method === 'POST' && (req.url ?? '').endsWith('/send/omni');
    const fault: Fault = isSend ? (this.faults.shift() ?? 'pass') : 'pass';
    if (isSend) this.sends += 1;
    if (fault === '400' || fault === '429' || fault === '500') {
      const code = { '400': 'A300', '429': 'A020', '500': 'A999' }[fault];
      res.writeHead(Number(fault), {
        'content-type': 'application/json',
        ...(fault === '429' ? { 'retry-after': '1' } : {}),
      });
      res.end(JSON.stringify({ common: { authCode: 'A000' }, data: { code, result: 'fault' } }));
      return;
    }
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) {
      if (typeof v === 'string' && !['host', 'connection', 'content-length', 'transfer-encoding'].includes(k))
        headers[k] = v;
    }
    const body = Buffer.concat(chunks);
    const answer = await fetch(`${this.target}${req.url ?? ''}`, {
      method: req.method ?? 'GET',
      headers,
      ...(body.length > 0 ? { body } : {}),
    });
    const text = await answer.text();
    if (isSend) this.forwarded += 1;
    if (fault === 'lose-answer') {
      req.socket.destroy();
      return;
    }
    if (fault === 'hold') await new Promise<void>((go) => this.#held.push(go));
    res.writeHead(answer.status, {
      'content-type': answer.headers.get('content-type') ?? 'application/json',
    });
    res.end(text);
  }

  async close(): Promise<void> {
    this.release();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
