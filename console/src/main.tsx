import './styles.css';
import { render } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError, api, isUnreachable, onSignedOut, setCsrfToken } from './api.ts';
import { onReconnected } from './connection.ts';
import { OfflineNote } from './connection-banner.tsx';
import { SignIn } from './pages/sign-in.tsx';
import { SessionContext, type SessionInfo } from './session.ts';
import { Shell } from './shell.tsx';
import { Loading } from './ui/feedback.tsx';

type State =
  | { kind: 'checking' }
  | { kind: 'signed-out'; ended: boolean }
  | { kind: 'signed-in'; session: SessionInfo };

/** Before the gateway said whether the browser holds a session (and why it has not, if it cannot be reached). */
function Opening() {
  return (
    <main class="sign-in" id="main">
      <div class="sign-in-card">
        <div class="brand brand-large">
          <span class="brand-mark" aria-hidden="true" />
          Omnigate
        </div>
        <Loading label="Opening the console" />
        <OfflineNote />
      </div>
    </main>
  );
}

/**
 * Asks the gateway whether the browser holds a session, then shows the console or the sign-in;
 * a gateway that cannot be reached is asked again when it answers (connection.ts probes it).
 */
function App() {
  const [state, setState] = useState<State>({ kind: 'checking' });
  const checking = useRef(true);
  checking.current = state.kind === 'checking';

  const signedIn = (session: SessionInfo) => {
    setCsrfToken(session.csrfToken);
    setState({ kind: 'signed-in', session });
  };

  useEffect(() => {
    const check = () =>
      api.get<SessionInfo>('/admin/v1/session').then(signedIn, (err: unknown) => {
        if (isUnreachable(err)) return;
        if (!(err instanceof ApiError) || err.status !== 401) console.error(err);
        setState({ kind: 'signed-out', ended: false });
      });
    void check();
    const offReconnected = onReconnected(() => {
      if (checking.current) void check();
    });
    const offSignedOut = onSignedOut(() => {
      setCsrfToken('');
      setState({ kind: 'signed-out', ended: true });
    });
    return () => {
      offReconnected();
      offSignedOut();
    };
  }, []);

  if (state.kind === 'checking') return <Opening />;
  if (state.kind === 'signed-out') return <SignIn ended={state.ended} onSignedIn={signedIn} />;
  return (
    <SessionContext.Provider value={state.session}>
      <Shell
        onSignOut={() => {
          setCsrfToken('');
          setState({ kind: 'signed-out', ended: false });
        }}
      />
    </SessionContext.Provider>
  );
}

const root = document.getElementById('app');
if (root) render(<App />, root);
