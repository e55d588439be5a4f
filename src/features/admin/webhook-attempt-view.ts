import type { Static } from '@sinclair/typebox';
import { isoKst } from '../../clock.ts';
import type { StoredWebhookFailure } from '../../store/messages/webhook-attempts.ts';
import type { WebhookAttempt, WebhookHeader } from './webhook-attempt-schemas.ts';

type Attempt = Static<typeof WebhookAttempt>;
type Header = Static<typeof WebhookHeader>;

/** The most failed attempts listed for one message or MO (a dead receiver makes 20 per report). */
export const ATTEMPTS_LISTED = 100;

const MASK = '••••••••';

/** Whether a webhook URL carries credentials (sent as HTTP Basic). */
function hasCredentials(url: string | null): boolean {
  if (url === null) return false;
  try {
    const u = new URL(url);
    return u.username !== '' || u.password !== '';
  } catch {
    return false;
  }
}

/**
 * The headers of a post, by the names src/http/webhook-client.ts sends: the timestamp as posted
 * (null when not kept), every signature masked (the secret's HMACs: a person needs to know they
 * were there, not their value), Basic credentials masked.
 */
export function webhookHeaders(timestamp: number | null, url: string | null): Header[] {
  const ts = timestamp === null ? null : String(timestamp);
  const plain = (name: string, value: string | null): Header => ({ name, value, masked: false });
  const secret = (name: string): Header => ({ name, value: MASK, masked: true });
  return [
    plain('X-SVC-Timestamp', ts),
    secret('X-SVC-Signature'),
    plain('X-IB-Timestamp', ts),
    secret('X-IB-Signature'),
    secret('X-Omnigate-Body-Signature'),
    ...(hasCredentials(url) ? [{ name: 'Authorization', value: `Basic ${MASK}`, masked: true }] : []),
    plain('Accept', 'application/json'),
    plain('Content-Type', 'application/json'),
  ];
}

export function failedAttempt(f: StoredWebhookFailure): Attempt {
  return {
    at: isoKst(f.at),
    acknowledged: false,
    request: { method: 'POST', url: f.url, headers: webhookHeaders(f.signedAt, f.url) },
    status: f.status,
    error: f.error,
  };
}

/**
 * The post that was acknowledged: its time and status are what the acknowledgement kept. The
 * account's URL now tells only whether credentials went with it.
 */
export function acknowledgedAttempt(at: number, status: number | null, accountUrl: string | null): Attempt {
  return {
    at: isoKst(at),
    acknowledged: true,
    request: { method: 'POST', url: null, headers: webhookHeaders(null, accountUrl) },
    status,
    error: null,
  };
}
