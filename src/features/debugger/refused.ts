import type { Static } from '@sinclair/typebox';
import { isoKst } from '../../clock.ts';
import type { Ctx } from '../../context.ts';
import { GatewayError } from '../../errors.ts';
import {
  type RefusedSummary,
  refusedRequestById,
  walkRefusedRequests,
} from '../../store/refused/refused-requests.ts';
import { SCAN_WINDOW } from '../admin/ops-doc.ts';
import { timeFilter } from '../admin/time-filter.ts';
import type { RefusedDetail, RefusedPage, RefusedQuery, RefusedRow } from './refused-schemas.ts';

/* The operator's view of refused client requests (recorded by src/http/refused-requests.ts). */

type Row = Static<typeof RefusedRow>;

function view(r: RefusedSummary): Row {
  return {
    id: r.id,
    at: isoKst(r.at),
    method: r.method,
    route: r.route,
    path: r.path,
    status: r.status,
    code: r.code,
    result: r.result,
    accountId: r.accountId,
    keyId: r.keyId,
    keyPrefix: r.keyPrefix,
    clientAddress: r.clientAddress,
    trId: r.trId,
    bodySize: r.bodySize,
  };
}

/** Newest first, by account and code (their indexes); status and time checked within the scan window. */
export async function listRefused(
  ctx: Ctx,
  q: Static<typeof RefusedQuery>,
): Promise<Static<typeof RefusedPage>> {
  const since = timeFilter('from', q.from);
  const before = timeFilter('until', q.until);
  if (since !== undefined && before !== undefined && since >= before) {
    throw new GatewayError('A300', 'from must be before until');
  }
  if (q.cursor !== undefined && !/^[1-9]\d{0,15}$/.test(q.cursor)) {
    throw new GatewayError('A300', `cursor "${q.cursor}" is not a next of an earlier answer`);
  }
  const w = await walkRefusedRequests(
    ctx.store,
    { accountId: q.accountId, code: q.code, status: q.status, since, before },
    q.cursor === undefined ? null : Number(q.cursor),
    q.limit ?? 50,
    SCAN_WINDOW,
  );
  return {
    requests: w.rows.map(view),
    next: w.next === null ? null : String(w.next),
    searchedUntil: w.windowEnded && w.windowEndAt !== null ? isoKst(w.windowEndAt) : null,
    keptHours: ctx.config.retention.refusedHours,
  };
}

export async function showRefused(ctx: Ctx, id: string): Promise<Static<typeof RefusedDetail>> {
  const r = await refusedRequestById(ctx.store, Number(id));
  if (!r)
    throw new GatewayError(
      'A820',
      `no refused request ${id} (kept ${ctx.config.retention.refusedHours} hours)`,
    );
  return {
    ...view(r),
    userAgent: r.userAgent,
    contentType: r.contentType,
    body: r.body,
    bodyFormat: r.bodyFormat,
    bodyTruncated: r.bodyTruncated,
    bodyNote: r.bodyNote,
    answer: r.answer,
    answerTruncated: r.answerTruncated,
  };
}
