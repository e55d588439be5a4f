import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { ApiError } from './api.ts';

export interface Loaded<T> {
  data: T | undefined;
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
 * Loads `fn()` now and whenever `deps` change; with `pollMs`, again every so often while the page
 * is visible (a hidden tab does not poll). A late answer to an older load is dropped.
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
    } catch (err) {
      if (mine !== generation.current) return;
      setError(asApiError(err));
    } finally {
      if (mine === generation.current) {
        setLoading(false);
        inFlight.current = false;
      }
    }
  }, []);

  useEffect(() => {
    setLoading(true);
    void reload();
    if (!pollMs) return;
    // A slow answer is not piled on: the next poll waits for the one still on its way.
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible' && !inFlight.current) void reload();
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
