import type { Account } from '../store/accounts/accounts.ts';
import type { Keyring } from './keyring.ts';

/** What an account's sealed signing secret is bound to: it opens in that account's row only. */
export function webhookSecretContext(accountId: string): string {
  return `accounts.webhook_secret:${accountId}`;
}

/** The account's signing secret in clear, for signing one post; null when none is set. */
export async function openWebhookSecret(keyring: Keyring, account: Account): Promise<string | null> {
  const s = account.webhookSecret;
  if (!s) return null;
  // In clear only until the next start or rotation seals it (written by an older instance).
  if ('plain' in s) return s.plain;
  return keyring.openKept(s.sealed, webhookSecretContext(account.id));
}
