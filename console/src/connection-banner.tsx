import './connection.css';
import { useEffect, useRef, useState } from 'preact/hooks';
import { probe, useConnection, watchConnection } from './connection.ts';
import { Button } from './ui/controls.tsx';

/** How long "Reconnected" stays after the gateway answers again (long enough to be read). */
const BACK_SHOWN_MS = 4000;

/**
 * Across the signed-in console, above the page: while the gateway cannot be reached, an alert that
 * says so and that the console tries again by itself; once it answers, a short "Reconnected".
 */
export function ConnectionBanner() {
  const { online } = useConnection();
  const [back, setBack] = useState(false);
  const wasOnline = useRef(online);

  useEffect(() => watchConnection(), []);

  useEffect(() => {
    const came = online && !wasOnline.current;
    wasOnline.current = online;
    if (!online) setBack(false);
    if (!came) return;
    setBack(true);
    const timer = window.setTimeout(() => setBack(false), BACK_SHOWN_MS);
    return () => window.clearTimeout(timer);
  }, [online]);

  return (
    <>
      {!online ? (
        <div class="conn conn-down" role="alert">
          <p class="conn-text">
            <strong>The gateway cannot be reached.</strong> Trying again by itself; this page refreshes when
            it is back.
          </p>
          <Button size="small" variant="secondary" onClick={() => void probe()}>
            Try now
          </Button>
        </div>
      ) : (
        back && (
          // Read out by the status below; this one is for the eye.
          <div class="conn conn-back" aria-hidden="true">
            Reconnected to the gateway.
          </div>
        )
      )}
      {/* Always in the page, so that what appears in it is announced. */}
      <div class="sr-only" role="status">
        {back ? 'Reconnected to the gateway.' : ''}
      </div>
    </>
  );
}

/** On the sign-in and opening screens: the same words, inside their card. */
export function OfflineNote() {
  const { online } = useConnection();
  if (online) return null;
  return (
    <div class="note note-warn conn-note" role="alert">
      <p class="conn-text">
        <strong>The gateway cannot be reached.</strong> Trying again by itself…
      </p>
      <Button size="small" variant="secondary" onClick={() => void probe()}>
        Try now
      </Button>
    </div>
  );
}
