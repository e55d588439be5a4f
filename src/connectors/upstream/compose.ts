import type { Ctx } from '../../context.ts';
import type { OutboundMessage } from '../types.ts';
import { UPSTREAM_CODES } from './answers.ts';
import type { UpstreamClient } from './client.ts';
import { type FileKind, mapFile } from './files.ts';

/** The most recipients one request to the upstream carries (the spec's limit for a send). */
export const MAX_DESTINATIONS = 200;

/** How long the upstream keeps a request's idempotency key: the longest the API allows. */
export const IDEMPOTENCY_TTL_SECONDS = 86_400;

/** Messages of one request at one step, to go in one request to the upstream. */
export interface Group {
  messages: OutboundMessage[];
}

/** The request a group becomes, or why it cannot be made (every message of it refused alike). */
export type Composed =
  | { ok: true; body: Record<string, unknown>; sealed: boolean }
  | { ok: false; code: string; text: string; retryable: boolean };

/**
 * Groups messages whose step is the same channel object (the recipients of one send, and also
 * one-recipient sends of the same content, the common shape of notification traffic), in
 * chunks of at most MAX_DESTINATIONS. A message without its source (none today) goes alone.
 */
export function groupMessages(batch: readonly OutboundMessage[]): Group[] {
  const groups = new Map<string, OutboundMessage[]>();
  // The channel object is serialised once per request and step, not once per message.
  const identity = new Map<string, string>();
  const out: Group[] = [];
  for (const m of batch) {
    if (!m.source) {
      out.push({ messages: [m] });
      continue;
    }
    const step = `${m.source.requestId}\u0000${m.step}`;
    let id = identity.get(step);
    if (id === undefined) {
      id = `${m.accountId}\u0000${m.channel}\u0000${m.source.sealed}\u0000${JSON.stringify(m.source.payload)}`;
      identity.set(step, id);
    }
    let g = groups.get(id);
    if (!g || g.length >= MAX_DESTINATIONS) {
      g = [];
      groups.set(id, g);
      out.push({ messages: g });
    }
    g.push(m);
  }
  return out;
}

function destination(m: OutboundMessage): Record<string, unknown> {
  return m.source?.vars ? { to: m.to, ...m.source.vars } : { to: m.to };
}

/**
 * The send request of a group: its step's channel object (files named in it replaced by the
 * upstream's keys for them) as a messageFlow of one entry, each message a destination with its
 * own values. The upstream substitutes them, as the spec says a send is substituted.
 */
export async function composeRequest(
  ctx: Ctx,
  client: UpstreamClient,
  connector: string,
  group: Group,
  batchId: string,
): Promise<Composed> {
  const first = group.messages[0];
  if (!first) return { ok: false, code: UPSTREAM_CODES.unmappable, text: 'empty', retryable: false };
  // Without a source the message goes as this gateway built it (its text already substituted).
  const payload: Record<string, unknown> = first.source
    ? { ...first.source.payload }
    : { ...first.payload, ...(first.title !== null ? { title: first.title } : {}), text: first.text };
  const map = async (kind: FileKind, key: string) =>
    mapFile(ctx, client, connector, kind, first.accountId, key);
  if (first.channel === 'mms' && Array.isArray(payload.fileKey)) {
    const keys: string[] = [];
    for (const k of payload.fileKey) {
      const m = await map('mms', String(k));
      if (!m.ok) return { ok: false, code: UPSTREAM_CODES.unmappable, text: m.text, retryable: m.retryable };
      keys.push(m.key);
    }
    payload.fileKey = keys;
  }
  if (first.channel === 'rcs') {
    const body = payload.body;
    if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
      const media = (body as Record<string, unknown>).media;
      if (typeof media === 'string' && media.trim() !== '') {
        const m = await map('rcs', media.trim());
        if (!m.ok)
          return { ok: false, code: UPSTREAM_CODES.unmappable, text: m.text, retryable: m.retryable };
        payload.body = { ...body, media: m.key };
      }
    }
  }
  return {
    ok: true,
    sealed: first.source?.sealed === true,
    body: {
      destinations: group.messages.map(destination),
      messageFlow: [{ [first.channel]: payload }],
      idempotencyKey: `${connector}:${batchId}`,
      idempotencyTtl: IDEMPOTENCY_TTL_SECONDS,
      ref: batchId,
    },
  };
}
