import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { ApiError, isUnreachable } from './api.ts';
import { isOnline, onReconnected } from './connection.ts';

export interface Loaded<T> {
  data: T | undefined;
  /** The gateway's refusal; never "unreachable" (the console's banner says that, for every page). */
  error: ApiError | null;
  loading: boolean;
  /** Loads again (after an action changed what is shown). */
  reload: () => Promise<void>;
}

function asApiError(err: unknown): ApiError {
  return err instanceof ApiError
    ? err
    : new ApiError(0, 'ERROR', err instanceof Error ? err.message : String(err));
}

/**
 * Loads `fn()` now and whenever `deps` change, and again when the gateway answers after it could
 * not be reached; with `pollMs`, again every so often while the page is visible and the gateway
 * reachable (a hidden tab does not poll, nor one whose gateway is down: the connection's probe
 * asks for it). A late answer to an older load is dropped.
 */
export function useLoad<T>(fn: () => Promise<T>, deps: readonly unknown[], pollMs?: number): Loaded<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<ApiError | null>(null);
  const [loading, setLoading] = useState(true);
  const generation = useRef(0);
  const inFlight = useRef(false);
  const fnRef = useRef(fn);
  fnRef.current = fn;

  const reload = useCallback(async () => {
    const mine = ++generation.current;
    inFlight.current = true;
    try {
      const v = await fnRef.current();
      if (mine !== generation.current) return;
      setData(v);
      setError(null);
      setLoading(false);
    } catch (err) {
      if (mine !== generation.current) return;
      // The console's banner says the gateway cannot be reached, and this loads again when it
      // answers: the page keeps what it shows (or its "Loading") rather than a note of its own.
      if (isUnreachable(err)) return;
      setError(asApiError(err));
      setLoading(false);
    } finally {
      if (mine === generation.current) inFlight.current = false;
    }
  }, []);

  useEffect(() => onReconnected(() => void reload()), [reload]);

  // Another thing is asked for (another message, another search): what was shown is not it. Kept
  // across polls and reconnections only, or an outage would leave one message's data on screen
  // under another's address until the gateway is back.
  const firstDeps = useRef(true);
  useEffect(() => {
    if (firstDeps.current) {
      firstDeps.current = false;
      return;
    }
    setData(undefined);
    setError(null);
  }, deps);

  useEffect(() => {
    setLoading(true);
    void reload();
    if (!pollMs) return;
    // A slow answer is not piled on: the next poll waits for the one still on its way.
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible' && !inFlight.current && isOnline()) void reload();
    }, pollMs);
    return () => window.clearInterval(timer);
  }, [...deps, pollMs]);

  return { data, error, loading, reload };
}

export interface Action {
  busy: boolean;
  error: ApiError | null;
  /** Runs the action; resolves true when it succeeded (the error is kept for the page to show). */
  run: (fn: () => Promise<unknown>) => Promise<boolean>;
  clear: () => void;
}

/** A button's call: busy while it runs, its refusal kept to be shown beside it. */
export function useAction(): Action {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const run = useCallback(async (fn: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await fn();
      return true;
    } catch (err) {
      setError(asApiError(err));
      return false;
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, run, clear: () => setError(null) };
}
