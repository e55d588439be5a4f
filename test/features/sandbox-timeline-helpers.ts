import { createSandboxConnector, type SandboxConnector } from '../../src/connectors/sandbox/connector.ts';
import type { OutboundMessage } from '../../src/connectors/types.ts';
import type { TestGateway } from '../helpers/gateway.ts';

/*
 * What the timeline tests share: steps handed to the sandbox connector as the engine hands them
 * (exact control of numbers, order and failures), and a Server-Sent Events reader over fetch.
 */

/** 2026-03-10 12:00:00 in Korea. */
export const T = Date.UTC(2026, 2, 10, 3, 0, 0);

let seq = 0;
export function step(to: string, over: Partial<OutboundMessage> = {}): OutboundMessage {
  seq += 1;
  const text = `hello ${seq}`;
  return {
    msgKey: `TL${String(seq).padStart(7, '0')}`,
    step: 0,
    accountId: 'acc',
    channel: 'sms',
    msgType: 'SM',
    to,
    international: false,
    from: '0212345678',
    title: null,
    text,
    payload: { from: '0212345678', text },
    submittedAt: T,
    ...over,
  };
}

export function connectorOf(t: TestGateway): SandboxConnector {
  return createSandboxConnector({
    ctx: t.gw.ctx,
    sink: { async deliveryResult() {}, deliveryResults: async () => ({ held: [] }) },
  });
}

/** Submits `n` steps to `to` in batches of 200 (as the engine does); answers their msgKeys. */
export async function fill(conn: SandboxConnector, to: string, n: number): Promise<string[]> {
  const keys: string[] = [];
  for (let i = 0; i < n; i += 200) {
    const batch = Array.from({ length: Math.min(200, n - i) }, () => step(to));
    await conn.submit(batch);
    for (const m of batch) keys.push(m.msgKey);
  }
  return keys;
}

export interface SseEvent {
  event: string;
  id: string | null;
  data: string;
}

/** A Server-Sent Events connection read event by event, with a deadline on each wait. */
export class SseClient {
  readonly events: SseEvent[] = [];
  readonly retry: number[] = [];
  readonly comments: string[] = [];
  ended = false;
  #buffer = '';
  #waiters: Array<() => void> = [];
  readonly #abort = new AbortController();
  status = 0;
  headers: Headers | null = null;

  static async open(url: string, headers: Record<string, string>): Promise<SseClient> {
    const c = new SseClient();
    const res = await fetch(url, { headers, signal: c.#abort.signal });
    c.status = res.status;
    c.headers = res.headers;
    if (res.body) void c.#read(res.body);
    else c.ended = true;
    return c;
  }

  async #read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    const reader = body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        this.#buffer += decoder.decode(value, { stream: true });
        this.#parse();
      }
    } catch {
      // Aborted by close().
    }
    this.ended = true;
    this.#wake();
  }

  #parse(): void {
    for (let end = this.#buffer.indexOf('\n\n'); end >= 0; end = this.#buffer.indexOf('\n\n')) {
      const block = this.#buffer.slice(0, end);
      this.#buffer = this.#buffer.slice(end + 2);
      let event = 'message';
      let id: string | null = null;
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) this.comments.push(line.slice(1).trim());
        else if (line.startsWith('event: ')) event = line.slice(7);
        else if (line.startsWith('id: ')) id = line.slice(4);
        else if (line.startsWith('data: ')) data.push(line.slice(6));
        else if (line.startsWith('retry: ')) this.retry.push(Number(line.slice(7)));
      }
      if (data.length > 0) this.events.push({ event, id, data: data.join('\n') });
    }
    this.#wake();
  }

  #wake(): void {
    for (const w of this.#waiters.splice(0)) w();
  }

  /** Waits until `pred` holds over what arrived (or the stream ended), at most `ms`. */
  async until(pred: (c: SseClient) => boolean, ms = 10_000, what = 'stream event'): Promise<void> {
    const deadline = Date.now() + ms;
    while (!pred(this)) {
      if (this.ended) throw new Error(`the stream ended before ${what}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${what} within ${ms} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Waits for the stream's end (the server closed it), at most `ms`. */
  async waitEnd(ms = 10_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!this.ended) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`the stream did not end within ${ms} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  items(): Array<{ id: number; msgKey: string; kind: string }> {
    return this.events.filter((e) => e.event === 'item').map((e) => JSON.parse(e.data));
  }

  close(): void {
    this.#abort.abort();
  }
}
