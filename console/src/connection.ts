import { useEffect, useState } from 'preact/hooks';

/*
 * One connection state for the whole console. Every call to the gateway reports what it met: a
 * call that could not reach it marks the console offline, any answer marks it online. While
 * offline, a probe (GET /healthz: unauthenticated, no database read) asks again with a short
 * backoff; the first answer, the probe's or any call's, brings the console back online and tells
 * every listener "reconnected", so pages load again and streams reopen with no click.
 */

/**
 * 1 s, then half as long again each time, up to 5 s: a gateway back after a restart is seen
 * within a few seconds, and one that stays down costs a refused connection every 5 s.
 */
const FIRST_PROBE_MS = 1000;
const MAX_PROBE_MS = 5000;
const PROBE_PATH = '/healthz';
/**
 * A page that asks nothing of its own (an account's page, with the sandbox off: no clock in the
 * top bar) would never learn that the gateway went away: after this long without an answer, the
 * probe asks. Pages that poll, the clock and the streams keep it from ever firing.
 */
const QUIET_MS = 15_000;

export interface ConnectionState {
  /** False from a call that could not reach the gateway until the next answer. */
  online: boolean;
}

let state: ConnectionState = { online: true };
let probeDelay = FIRST_PROBE_MS;
let probeTimer: number | null = null;
let probing = false;
let lastAnswerAt = Date.now();
const changeListeners = new Set<(s: ConnectionState) => void>();
const reconnectListeners = new Set<() => void>();

/**
 * Whether an answer is the gateway's own. A reverse proxy in front of a stopped gateway answers
 * 502, 503 or 504 with a page of its own; the gateway's refusals (a 503 A911 when its storage is
 * full) carry its JSON `{code, result}`, and /healthz and /readyz their `{status}`.
 */
export function isGatewayAnswer(status: number, body: unknown): boolean {
  if (status !== 502 && status !== 503 && status !== 504) return true;
  if (typeof body !== 'object' || body === null) return false;
  const o = body as Record<string, unknown>;
  return (typeof o.code === 'string' && typeof o.result === 'string') || typeof o.status === 'string';
}

function set(next: ConnectionState): void {
  state = next;
  for (const l of changeListeners) l(state);
}

function schedule(delay: number): void {
  if (probeTimer !== null) window.clearTimeout(probeTimer);
  probeTimer = window.setTimeout(() => {
    probeTimer = null;
    void probe();
  }, delay);
}

/** A tab shown again, or a network back: no reason to wait out the backoff. */
function probeSoon(): void {
  if (!state.online && document.visibilityState === 'visible') void probe();
}

/** The gateway did not answer (the connection was refused, or a proxy answered for it). */
export function reportUnreachable(): void {
  if (!state.online) return;
  set({ online: false });
  probeDelay = FIRST_PROBE_MS;
  window.addEventListener('online', probeSoon);
  document.addEventListener('visibilitychange', probeSoon);
  schedule(probeDelay);
}

/** The gateway answered something (a refusal is an answer too). */
export function reportAnswered(): void {
  lastAnswerAt = Date.now();
  if (state.online) return;
  if (probeTimer !== null) window.clearTimeout(probeTimer);
  probeTimer = null;
  window.removeEventListener('online', probeSoon);
  document.removeEventListener('visibilitychange', probeSoon);
  set({ online: true });
  for (const l of reconnectListeners) l();
}

async function reachable(): Promise<boolean> {
  try {
    const res = await fetch(PROBE_PATH, { cache: 'no-store', credentials: 'omit' });
    if (res.status !== 502 && res.status !== 503 && res.status !== 504) return true;
    let body: unknown = null;
    try {
      body = JSON.parse(await res.text());
    } catch {
      body = null;
    }
    return isGatewayAnswer(res.status, body);
  } catch {
    return false;
  }
}

/**
 * Asks the gateway now. While online (a stream that dropped, say) one failed probe marks the
 * console offline; while offline a failure waits a little longer before the next.
 */
export async function probe(): Promise<void> {
  if (probing) return;
  probing = true;
  try {
    if (await reachable()) {
      reportAnswered();
      return;
    }
    if (state.online) {
      reportUnreachable();
      return;
    }
    probeDelay = Math.min(MAX_PROBE_MS, Math.round(probeDelay * 1.5));
    schedule(probeDelay);
  } finally {
    probing = false;
  }
}

/**
 * While the signed-in console is shown: probes after QUIET_MS without any answer, while the tab
 * is visible (a hidden one asks nothing; it is asked again when shown). Answers the stop.
 */
export function watchConnection(): () => void {
  const timer = window.setInterval(() => {
    const quiet = Date.now() - lastAnswerAt >= QUIET_MS;
    if (quiet && state.online && document.visibilityState === 'visible') void probe();
  }, QUIET_MS / 3);
  return () => window.clearInterval(timer);
}

export function isOnline(): boolean {
  return state.online;
}

/** Called once each time the gateway answers again after it could not be reached. */
export function onReconnected(listener: () => void): () => void {
  reconnectListeners.add(listener);
  return () => reconnectListeners.delete(listener);
}

/** The connection state, rendered again when it changes. */
export function useConnection(): ConnectionState {
  const [s, setS] = useState(state);
  useEffect(() => {
    setS(state);
    changeListeners.add(setS);
    return () => {
      changeListeners.delete(setS);
    };
  }, []);
  return s;
}
