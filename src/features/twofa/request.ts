import type { Ctx } from '../../context.ts';
import { sealFlow } from '../../engine/sealed-flow.ts';
import { CODES, GatewayError, isCode } from '../../errors.ts';
import { classifyNumber } from '../../rules/phone.ts';
import {
  CODE_VALID_MS,
  isVerificationCode,
  MASKED_CODE,
  MAX_REQUESTS,
  REQUEST_WINDOW_MS,
  verificationText,
} from '../../rules/twofa.ts';
import type { KeyPrincipal } from '../../store/accounts/accounts.ts';
import { listSenderNumbers } from '../../store/accounts/senders.ts';
import { newId } from '../../store/db/ids.ts';
import { insertRequestSecret } from '../../store/messages/request-secrets.ts';
import { countTwofaRequestsSince, insertTwofaRequest, lockTwofaWindow } from '../../store/twofa/requests.ts';
import { getTwofaService } from '../../store/twofa/services.ts';
import type { Directory } from '../send/directory.ts';
import { prepareFlow } from '../send/prepare.ts';
import { sendMessages } from '../send/send.ts';
import { codeMac, randomCode } from './code.ts';

export interface CodeRequest {
  to: string;
  authNumber?: string | null | undefined;
}

/** The number to deliver to; A306 naming `to` when it is not one. */
export function recipientOf(to: string): string {
  const number = classifyNumber(to)?.number;
  if (!number)
    throw new GatewayError('A306', to === '' ? 'to is required' : `to ${to} is not a valid number`);
  return number;
}

/**
 * Sends a verification code by SMS through the send engine and records the request. The request
 * row is written in the send's own transaction: a code is verifiable exactly when its SMS was
 * accepted, and a refused request (the 6th in the window) sends nothing.
 */
export async function requestCode(
  ctx: Ctx,
  dir: Directory,
  principal: KeyPrincipal,
  input: CodeRequest,
): Promise<{ requestId: string }> {
  const number = recipientOf(input.to);
  const fixed = input.authNumber ?? '';
  if (fixed !== '' && !isVerificationCode(fixed)) {
    throw new GatewayError('A701', 'authNumber must be exactly 6 digits (0-9)');
  }
  const code = fixed !== '' ? fixed : randomCode();
  const accountId = principal.account.id;

  // The first registered sender number carries the codes (the operator registers it).
  const from = (await listSenderNumbers(ctx.store, accountId))[0]?.number;
  if (!from) throw new GatewayError('A703', 'register a sender number for this account first');
  const service = await getTwofaService(ctx.store, accountId);

  const id = newId('2fa');
  const now = ctx.clock.now();
  const expiresAt = now + CODE_VALID_MS;
  const name = service?.serviceName ?? null;
  const sms = (text: string) => [{ sms: { from, text } }];
  // Checked and sent as it is; stored with the code masked (the same length, so the same checks).
  const masked = sms(verificationText(MASKED_CODE, name));
  const steps = await prepareFlow(ctx, accountId, sms(verificationText(code, name)), now);
  const shown = await prepareFlow(ctx, accountId, masked, now);
  const storedFlow = shown.map((p) => ({ ...p.step, sealed: true }));
  // The HMAC and the sealed text are under the keyring's current key, held by the send's own
  // transaction: a rotation that retires the key meanwhile makes the request start again.
  const out = await ctx.secrets.withCurrentKey((k) =>
    sendMessages(
      ctx,
      dir,
      principal,
      {
        destinations: [{ to: number }],
        messageFlow: masked,
        // The SMS's reports carry the 2FA requestId, so a client can match them.
        ref: id,
      },
      {
        steps,
        storedFlow,
        onAccept: async (tx, sendRequestId) => {
          await ctx.secrets.hold(tx, k);
          await lockTwofaWindow(tx, accountId, number, now);
          const recent = await countTwofaRequestsSince(tx, accountId, number, now - REQUEST_WINDOW_MS);
          if (recent >= MAX_REQUESTS) {
            throw new GatewayError('A704', `${recent} codes were sent to ${input.to} in the last 3 minutes`);
          }
          await insertTwofaRequest(tx, {
            id,
            accountId,
            number,
            codeHash: codeMac(k, id, code),
            codeSalt: '',
            codeKey: k.id,
            expiresAt,
            createdAt: now,
            sendRequestId,
          });
          // Erased when the code expires: a later send would carry a code that no longer verifies.
          const sealed = sealFlow(
            ctx.secrets,
            k,
            sendRequestId,
            steps.map((p) => p.step),
          );
          await insertRequestSecret(
            tx,
            { requestId: sendRequestId, keyId: k.id, sealed, eraseAt: expiresAt },
            now,
          );
        },
      },
    ),
  );
  if (out.accepted === 0) {
    // The engine refused the recipient (a spam-blocked number, say): its code and detail.
    const d = out.destinations[0];
    const refused = d && isCode(d.code) ? d.code : 'A306';
    const prefix = `${CODES[refused].text}: `;
    const detail = d?.result.startsWith(prefix) ? d.result.slice(prefix.length) : undefined;
    throw new GatewayError(refused, detail);
  }
  // Neither the code nor the number: a log line says which request, never what it carries.
  ctx.logger.debug({ requestId: id, accountId }, '2fa code sent');
  return { requestId: id };
}
