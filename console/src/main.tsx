import './styles.css';
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { ApiError, api, onSignedOut, setCsrfToken } from './api.ts';
import { SignIn } from './pages/sign-in.tsx';
import { SessionContext, type SessionInfo } from './session.ts';
import { Shell } from './shell.tsx';
import { Loading } from './ui/feedback.tsx';

type State =
  | { kind: 'checking' }
  | { kind: 'signed-out'; ended: boolean }
  | { kind: 'signed-in'; session: SessionInfo };

/** Asks the gateway whether the browser holds a session, then shows the console or the sign-in. */
function App() {
  const [state, setState] = useState<State>({ kind: 'checking' });

  const signedIn = (session: SessionInfo) => {
    setCsrfToken(session.csrfToken);
    setState({ kind: 'signed-in', session });
  };

  useEffect(() => {
    api.get<SessionInfo>('/admin/v1/session').then(signedIn, (err: unknown) => {
      if (!(err instanceof ApiError) || err.status !== 401) console.error(err);
      setState({ kind: 'signed-out', ended: false });
    });
    return onSignedOut(() => {
      setCsrfToken('');
      setState({ kind: 'signed-out', ended: true });
    });
  }, []);

  if (state.kind === 'checking') return <Loading label="Opening the console" />;
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
