import { useState } from 'preact/hooks';
import { ApiError, api, isUnreachable } from '../api.ts';
import { OfflineNote } from '../connection-banner.tsx';
import type { SessionInfo } from '../session.ts';
import { Button } from '../ui/controls.tsx';

/** Sign in with the admin token (kept in the data directory, printed once at the first start). */
export function SignIn({ onSignedIn, ended }: { onSignedIn: (s: SessionInfo) => void; ended: boolean }) {
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const s = await api.post<SessionInfo>('/admin/v1/session', { token: token.trim() });
      setToken('');
      onSignedIn(s);
    } catch (err) {
      if (isUnreachable(err)) {
        // The note above the button says so, and goes once the gateway answers again.
        setError(null);
      } else if (err instanceof ApiError && err.code === 'A020') {
        // A wrong token whose answer was held (several wrong ones came from this address): the
        // right token is never held, so there is nothing to wait for.
        setError(
          'That is not the admin token. After several wrong tokens each answer comes a little later; the right one always signs in at once.',
        );
      } else if (err instanceof ApiError && err.status === 401) {
        setError(
          'That is not the admin token. Check data/admin-token (or OMNIGATE_ADMIN_TOKEN) and try again.',
        );
      } else {
        setError(err instanceof ApiError ? `${err.code} ${err.result}` : 'Sign-in failed.');
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <main class="sign-in" id="main">
      <form class="sign-in-card" onSubmit={submit} aria-labelledby="sign-in-title">
        <div class="brand brand-large">
          <span class="brand-mark" aria-hidden="true" />
          Omnigate
        </div>
        <h1 id="sign-in-title">Sign in to the console</h1>
        {ended && <p class="note note-warn">Your session has ended. Sign in again.</p>}
        <div class="field field-wide">
          <label for="admin-token">Admin token</label>
          <input
            id="admin-token"
            type="password"
            autoComplete="current-password"
            required
            value={token}
            aria-describedby="admin-token-hint"
            aria-invalid={error ? 'true' : undefined}
            onInput={(e) => setToken(e.currentTarget.value)}
          />
          <small id="admin-token-hint" class="hint">
            Printed once at the first start; kept in <code>data/admin-token</code>.
          </small>
        </div>
        <OfflineNote />
        {error && (
          <p class="note note-error" role="alert">
            {error}
          </p>
        )}
        <Button type="submit" variant="primary" busy={busy}>
          Sign in
        </Button>
      </form>
    </main>
  );
}
