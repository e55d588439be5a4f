import { formatKst } from '../../clock.ts';
import type { Ctx } from '../../context.ts';
import { GatewayError } from '../../errors.ts';
import { serviceNameProblem } from '../../rules/twofa.ts';
import { deleteTwofaService, getTwofaService, putTwofaService } from '../../store/twofa/services.ts';

/** Registers (or replaces) the name put in front of the account's verification texts. */
export async function registerServiceName(ctx: Ctx, accountId: string, serviceName: string): Promise<void> {
  const problem = serviceNameProblem(serviceName);
  if (problem) throw new GatewayError('A700', problem);
  await putTwofaService(ctx.store, accountId, serviceName, ctx.clock.now());
}

/** The registered name and its registration time (`yyyy-MM-dd HH:mm:ss`, Korea); "" when none. */
export async function lookupServiceName(
  ctx: Ctx,
  accountId: string,
): Promise<{ serviceName: string; regDate: string }> {
  const s = await getTwofaService(ctx.store, accountId);
  return s
    ? { serviceName: s.serviceName, regDate: formatKst(s.registeredAt) }
    : { serviceName: '', regDate: '' };
}

/** Deleting when none is registered succeeds too (a retried delete is not an error). */
export async function deleteServiceName(ctx: Ctx, accountId: string): Promise<void> {
  await deleteTwofaService(ctx.store, accountId);
}
