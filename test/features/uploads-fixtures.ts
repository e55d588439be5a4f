import type { LightMyRequestResponse } from 'fastify';
import type { TestGateway } from '../helpers/gateway.ts';
import { type Part, postForm } from '../helpers/multipart.ts';

/** Bytes of no image format. */
export const TEXT = new TextEncoder().encode('hello, this is not a picture\n');

export function filePart(bytes: Uint8Array, filename: string, type = 'application/octet-stream'): Part {
  return { name: 'file', bytes, filename, type };
}

export const UPLOAD = '/api/comm/v1/file';

/** POSTs a form to /api/comm/v1/file/<path>. */
export function upload(
  t: TestGateway,
  path: string,
  parts: readonly Part[],
  apiKey: string | null,
): Promise<LightMyRequestResponse> {
  return postForm(t, `${UPLOAD}/${path}`, parts, apiKey);
}

/** The path of a URL the gateway handed out, to request it through the app. */
export function pathOf(url: string): string {
  return new URL(url).pathname;
}
