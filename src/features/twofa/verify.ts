import { formatKst } from '../../clock.ts';
import type { Ctx } from '../../context.ts';
import { SecretBoxError } from '../../crypto/secret-box.ts';
import { isVerificationCode, MAX_ATTEMPTS } from '../../rules/twofa.ts';
import { transact } from '../../store/db/work-signal.ts';
import {
  claimTwofaAttempt,
  getTwofaRequest,
  latestTwofaRequest,
  markTwofaVerified,
  type TwofaRequest,
} from '../../store/twofa/requests.ts';
import { TwofaError } from './answer.ts';
import { CODE_MAC_PURPOSE, codeMatches, legacyCodeMatches } from './code.ts';
import { recipientOf } from './request.ts';

export interface CodeVerification {
  to: string;
  authNumber: string;
  requestId?: string | null | undefined;
}

/** Why a request cannot be verified any more: used, then locked, then expired. */
function stateRefusal(r: TwofaRequest): TwofaError {
  const fields = { requestId: r.id };
  if (r.status === 'SUCCESS') {
    return new TwofaError('A708', `verified at ${formatKst(r.verifiedAt ?? r.createdAt)}`, fields);
  }
  if (r.attempts >= MAX_ATTEMPTS) {
    return new TwofaError('A709', `${MAX_ATTEMPTS} wrong codes were given; request a new code`, fields);
  }
  return new TwofaError('A707', `expired at ${formatKst(r.expiresAt)}; request a new code`, fields);
}

/**
 * How a given code is compared with the request's HMAC, as that HMAC was made. The key is derived
 * before any attempt is claimed, so the claim's transaction awaits nothing but the database.
 */
async function matcherFor(ctx: Ctx, r: TwofaRequest): Promise<(code: string) => boolean> {
  if (r.codeKey === null) return (code) => legacyCodeMatches(r.codeSalt, r.codeHash, code);
  let macKey: Buffer;
  try {
    macKey = await ctx.secrets.subkey(r.codeKey, CODE_MAC_PURPOSE);
  } catch (err) {
    // Its key was deleted: only an expired code's key is, and nothing can check it any more.
    if (err instanceof SecretBoxError) return () => false;
    throw err;
  }
  return (code) => codeMatches(macKey, r.id, r.codeHash, code);
}

/**
 * Verifies a code once. Without requestId the number's latest request that can still be verified
 * is taken. Each try claims an attempt before the code is compared, so no more than MAX_ATTEMPTS
 * codes are ever compared for one request; after that many wrong ones even the right code is
 * refused (A709).
 */
export async function verifyCode(
  ctx: Ctx,
  accountId: string,
  input: CodeVerification,
): Promise<{ requestId: string }> {
  const given = input.requestId ?? '';
  const number = recipientOf(input.to);
  if (!isVerificationCode(input.authNumber)) {
    throw new TwofaError('A701', 'authNumber must be exactly 6 digits (0-9)', { requestId: given });
  }
  const now = ctx.clock.now();
  const found =
    given !== ''
      ? await getTwofaRequest(ctx.store, accountId, given)
      : await latestTwofaRequest(ctx.store, accountId, number, now, MAX_ATTEMPTS);
  // Another account's request, or one sent to another number, is answered as unknown.
  if (!found || found.number !== number) {
    const detail =
      given !== '' ? `requestId ${given} for to ${input.to}` : `no code was requested for to ${input.to}`;
    throw new TwofaError('A705', detail, { requestId: given });
  }
  const fields = { requestId: found.id };

  const matches = await matcherFor(ctx, found);
  // Claim, comparison and mark are one transaction: a verification that arrives meanwhile waits
  // for its outcome, so it is told "used" (A708) rather than "locked" while a right code is still
  // being compared (A709 only ever follows MAX_ATTEMPTS wrong codes).
  const tried = await transact(ctx.store, async (tx) => {
    const attempts = await claimTwofaAttempt(tx, found.id, now, MAX_ATTEMPTS);
    if (attempts === null) return null;
    const right = matches(input.authNumber);
    if (right && !(await markTwofaVerified(tx, found.id, now))) {
      // Unreachable while the claim holds the row; refused rather than answered as verified.
      throw new TwofaError('A708', 'verified by a concurrent request', fields);
    }
    return { attempts, right };
  });
  if (tried === null) {
    const current = await getTwofaRequest(ctx.store, accountId, found.id);
    throw current ? stateRefusal(current) : new TwofaError('A705', `requestId ${found.id}`, fields);
  }
  if (!tried.right) {
    const left = MAX_ATTEMPTS - tried.attempts;
    ctx.logger.debug({ requestId: found.id, accountId, attempts: tried.attempts }, '2fa wrong code');
    const detail =
      left > 0
        ? `${left} attempt${left === 1 ? '' : 's'} left`
        : 'no attempts left: the request is now locked';
    throw new TwofaError('A706', detail, fields);
  }
  ctx.logger.debug({ requestId: found.id, accountId }, '2fa verified');
  return { requestId: found.id };
}
