import type { Keyring } from '../crypto/keyring.ts';
import type { BoxKey } from '../crypto/secret-box.ts';
import type { RequestSecret } from '../store/messages/request-secrets.ts';
import type { FlowStep } from './flow.ts';

/*
 * A send request whose text must not be stored readable (a 2FA code) keeps two flows: the masked
 * one in send_requests.flow, which every view, report and log reads, and the one the handset gets,
 * sealed in request_secrets under a data key of the keyring. Only the engine opens it, to send.
 */

/** What a request's sealed flow is bound to: it opens for that request only. */
export function requestSecretContext(requestId: string): string {
  return `request_secrets:${requestId}`;
}

export function sealFlow(keyring: Keyring, k: BoxKey, requestId: string, flow: readonly FlowStep[]): string {
  return keyring.seal(k, JSON.stringify(flow), requestSecretContext(requestId));
}

/** The flow as sent; each step keeps the stored one's `sealed` mark. */
export async function openFlow(
  keyring: Keyring,
  secret: RequestSecret,
  stored: readonly FlowStep[],
): Promise<FlowStep[]> {
  const flow = JSON.parse(
    await keyring.open(secret.sealed, requestSecretContext(secret.requestId)),
  ) as FlowStep[];
  return flow.map((s, i) => (stored[i]?.sealed ? { ...s, sealed: true } : s));
}
