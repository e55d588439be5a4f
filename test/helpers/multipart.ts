import type { LightMyRequestResponse } from 'fastify';
import type { TestGateway } from './gateway.ts';

export type Part =
  | { name: string; value: string }
  | { name: string; bytes: Uint8Array; filename?: string; type?: string };

/** A multipart body as fetch would send it. */
export async function formBody(parts: readonly Part[]): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const p of parts) {
    if ('value' in p) form.append(p.name, p.value);
    else
      form.append(
        p.name,
        new Blob([new Uint8Array(p.bytes)], { type: p.type ?? 'image/jpeg' }),
        p.filename ?? 'cat.jpg',
      );
  }
  const req = new Request('http://x', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await req.arrayBuffer()),
    contentType: req.headers.get('content-type') ?? '',
  };
}

/** Sends a form-data request to the app as the client (`apiKey`) or without credentials (null). */
export async function postForm(
  t: TestGateway,
  url: string,
  parts: readonly Part[],
  apiKey: string | null,
  method: 'POST' | 'PUT' = 'POST',
): Promise<LightMyRequestResponse> {
  const { payload, contentType } = await formBody(parts);
  return t.gw.app.inject({
    method,
    url,
    headers: { 'content-type': contentType, ...(apiKey ? { authorization: apiKey } : {}) },
    payload,
  });
}
