import { DAY_MS, formatKst, parseKstDate } from '../../clock.ts';
import type { Ctx } from '../../context.ts';
import { GatewayError } from '../../errors.ts';
import { listTwofaRequests } from '../../store/twofa/requests.ts';
import type { LogEntry } from './schema.ts';

/** The account's requests made on a Korea-time day, oldest first; only one when requestId is given. */
export async function listLogs(
  ctx: Ctx,
  accountId: string,
  input: { requestDate: string; requestId?: string | null | undefined },
): Promise<LogEntry[]> {
  const from = parseKstDate(input.requestDate);
  if (from === null) throw new GatewayError('A702', `requestDate ${input.requestDate}`);
  const id = input.requestId ? input.requestId : undefined;
  const rows = await listTwofaRequests(ctx.store, accountId, from, from + DAY_MS, id);
  return rows.map((r) => ({
    requestId: r.id,
    requestDate: formatKst(r.createdAt),
    status: r.status,
    verifyDate: r.verifiedAt === null ? '' : formatKst(r.verifiedAt),
  }));
}
