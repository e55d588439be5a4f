/**
 * The HTTP calls of the upgrade fixture and of its test: a running gateway driven only through its
 * documented APIs (operator and sandbox with the admin token, client API with an account's key),
 * so that the same code fills a database of any release.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface Answer {
  status: number;
  /** The parsed body; null when it is not JSON. */
  body: Json;
  text: string;
}

export class Gateway {
  constructor(
    readonly base: string,
    readonly adminToken: string,
  ) {}

  async call(method: string, path: string, auth: string | null, body?: Json | FormData): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (auth !== null) headers.authorization = auth;
    let payload: string | FormData | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers,
      ...(payload === undefined ? {} : { body: payload }),
    });
    const text = await res.text();
    let parsed: Json = null;
    try {
      parsed = JSON.parse(text) as Json;
    } catch {
      parsed = null;
    }
    return { status: res.status, body: parsed, text };
  }

  /** An operator or sandbox call that must answer 200; its plain JSON body. */
  async admin(method: string, path: string, body?: Json): Promise<Json> {
    const a = await this.call(method, path, `Bearer ${this.adminToken}`, body);
    if (a.status !== 200) throw new Error(`${method} ${path}: ${a.status} ${a.text}`);
    return a.body;
  }

  /** A client call that must answer `data.code` A000; the envelope's `data`. */
  async api(key: string, method: string, path: string, body?: Json | FormData): Promise<Json> {
    const a = await this.call(method, path, key, body);
    const data = field(a.body, 'data');
    if (a.status !== 200 || field(data, 'code') !== 'A000') {
      throw new Error(`${method} ${path}: ${a.status} ${a.text}`);
    }
    return data ?? null;
  }

  /** GET of a served file: status and bytes. */
  async file(url: string): Promise<{ status: number; bytes: Buffer }> {
    const res = await fetch(url.startsWith('http') ? url : `${this.base}${url}`);
    return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
  }
}

/** A property of a JSON object (undefined when the value is not an object or lacks it). */
export function field(value: Json | undefined, ...path: (string | number)[]): Json | undefined {
  let v: Json | undefined = value;
  for (const p of path) {
    if (v === null || v === undefined || typeof v !== 'object') return undefined;
    v = Array.isArray(v) ? (typeof p === 'number' ? v[p] : undefined) : v[String(p)];
  }
  return v;
}

export function str(value: Json | undefined, ...path: (string | number)[]): string {
  const v = field(value, ...path);
  if (typeof v !== 'string')
    throw new Error(`expected a string at ${path.join('.')}: ${JSON.stringify(value)}`);
  return v;
}

export function list(value: Json | undefined, ...path: (string | number)[]): Json[] {
  const v = field(value, ...path);
  if (!Array.isArray(v)) throw new Error(`expected a list at ${path.join('.')}: ${JSON.stringify(value)}`);
  return v;
}

/** A form-data body with one file part and text fields. */
export function form(
  file: { bytes: Uint8Array; name: string; type: string },
  fields: Record<string, string> = {},
) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  f.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return f;
}

/**
 * Polls `probe` until it answers something other than undefined (delivery is asynchronous), at
 * most `ms`; the gateway's own pace, not a time the fixture waits out.
 */
export async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
