import type { Static } from '@sinclair/typebox';
import { isoKst } from '../../clock.ts';
import type { Ctx } from '../../context.ts';
import { GatewayError } from '../../errors.ts';
import { clearInbox, type InboxMessage, listInbox } from '../../store/sandbox/sandbox.ts';
import { checkPhone } from './handsets.ts';
import {
  INBOX_PAGE_MAX,
  type InboxMessage as InboxMessageSchema,
  type InboxView as InboxViewSchema,
} from './world-schemas.ts';

/** Use cases of /sandbox/v1/handsets/{phone}/inbox: what reached a handset. */

export type InboxMessageView = Static<typeof InboxMessageSchema>;
/** A page of the inbox: `lastId` (null when none) is `since` of the next page. */
export type InboxView = Static<typeof InboxViewSchema>;

function parsePayload(text: string): Record<string, unknown> {
  const v: unknown = JSON.parse(text);
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? { ...v } : {};
}

function messageView(m: InboxMessage): InboxMessageView {
  return {
    id: m.id,
    channel: m.channel,
    from: m.from,
    title: m.title,
    text: m.text,
    msgKey: m.msgKey,
    step: m.step,
    receivedAt: isoKst(m.receivedAt),
    payload: parsePayload(m.payload),
  };
}

export async function showInbox(
  ctx: Ctx,
  input: { phone: string; since?: number | undefined; limit?: number | undefined },
): Promise<InboxView> {
  const phone = checkPhone(input.phone);
  const since = input.since ?? 0;
  const limit = input.limit ?? INBOX_PAGE_MAX;
  if (!Number.isInteger(since) || since < 0) throw new GatewayError('A300', 'since must be an id, 0 or more');
  if (!Number.isInteger(limit) || limit < 1 || limit > INBOX_PAGE_MAX) {
    throw new GatewayError('A300', `limit must be 1 to ${INBOX_PAGE_MAX}`);
  }
  // One more than asked tells whether another page follows.
  const rows = await listInbox(ctx.store, phone, since, limit + 1);
  const page = rows.slice(0, limit);
  return {
    phone,
    messages: page.map(messageView),
    lastId: page.at(-1)?.id ?? null,
    hasNext: rows.length > limit,
  };
}

export async function emptyInbox(ctx: Ctx, phone: string): Promise<{ phone: string; deleted: number }> {
  checkPhone(phone);
  return { phone, deleted: await clearInbox(ctx.store, phone) };
}
