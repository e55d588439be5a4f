import { GatewayError } from '../../errors.ts';
import type { KeyPrincipal } from '../../store/accounts/accounts.ts';

/** The account behind the API key (the auth hook has run on every client route). */
export function accountOf(principal: KeyPrincipal | null): string {
  if (!principal) throw new GatewayError('A401');
  return principal.account.id;
}
