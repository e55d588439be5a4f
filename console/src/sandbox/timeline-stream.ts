import { api, isUnreachable, query, seg } from '../api.ts';
import { isOnline, onReconnected, probe, reportAnswered } from '../connection.ts';
import type { TimelineItem } from '../messages/index.tsx';
import type { StreamGap } from './types.ts';

/*
 * A handset's live timeline (Server-Sent Events) for as long as the page shows it. EventSource
 * reconnects by itself after a dropped stream and resumes after the last event id it saw; what it
 * does not do is come back from a refusal (any error answer ends it for good), and a gateway that
 * restarts behind a proxy answers 502 for a while. So a refused stream is opened anew, after the
 * newest row the page holds: at once when the gateway answers again after it could not be
 * reached, or a moment later when it answers other calls.
 */

export type LiveState = 'connecting' | 'live' | 'reconnecting' | 'stopped';

/** A stream refused while the gateway answers is opened again after this (the stream's `retry`)... */
const REOPEN_MS = 2000;
/** ...this many times in a row; then the inbox says live updates stopped and offers a button. */
const MAX_REFUSALS = 3;

export interface StreamHandlers {
  item(item: TimelineItem): void;
  gap(gap: StreamGap): void;
  /** At each opening (the first and every reopening). */
  opened(): void;
  state(live: LiveState): void;
  /** The newest row the page holds: where a reopened stream resumes. */
  newestHeld(): number;
}

/** Opens the stream after row `since`; answers the function that closes it for good. */
export function liveTimeline(phone: string, since: number, on: StreamHandlers): () => void {
  let closed = false;
  let source: EventSource | null = null;
  let retry: number | null = null;
  // Refusals of the stream while the gateway answers other calls, since it was last open.
  let refusals = 0;

  const open = (after: number) => {
    source?.close();
    const s = new EventSource(`/sandbox/v1/handsets/${seg(phone)}/timeline/stream${query({ since: after })}`);
    source = s;
    const mine = () => !closed && source === s;
    s.onopen = () => {
      if (!mine()) return;
      refusals = 0;
      reportAnswered();
      on.state('live');
      on.opened();
    };
    s.onerror = () => {
      if (!mine()) return;
      on.state('reconnecting');
      if (s.readyState !== EventSource.CLOSED) {
        // Dropped: EventSource reconnects by itself (after the stream's `retry`, 2 s). Whether
        // the gateway is down is the probe's to say (and the banner's to show); while offline
        // the probe runs already.
        if (isOnline()) void probe();
        return;
      }
      // Refused (a proxy's 502 while the gateway restarts, the gateway's 503 while it stops, a
      // 401 when the session ended): EventSource gives up. A plain call tells why.
      api.get('/sandbox/v1/clock').then(
        () => {
          if (!mine()) return;
          // The gateway answers: the refusal was a moment of its restart, or one it keeps giving.
          refusals += 1;
          if (refusals > MAX_REFUSALS) {
            on.state('stopped');
            return;
          }
          retry = window.setTimeout(() => {
            retry = null;
            if (mine()) open(on.newestHeld());
          }, REOPEN_MS);
        },
        (err: unknown) => {
          // Unreachable: reopened when the gateway answers again (below). A 401 has taken the
          // console back to sign-in already.
          if (mine() && !isUnreachable(err)) on.state('stopped');
        },
      );
    };
    s.addEventListener('item', (e) => {
      if (mine()) on.item(JSON.parse((e as MessageEvent<string>).data) as TimelineItem);
    });
    s.addEventListener('gap', (e) => {
      if (mine()) on.gap(JSON.parse((e as MessageEvent<string>).data) as StreamGap);
    });
  };

  // What arrived while the gateway was down comes on the reopened stream (more than one look
  // sends, as a gap). A stream still reconnecting by itself is left to it.
  const offReconnected = onReconnected(() => {
    if (closed || source?.readyState !== EventSource.CLOSED) return;
    if (retry !== null) window.clearTimeout(retry);
    retry = null;
    refusals = 0;
    open(on.newestHeld());
  });

  open(since);
  return () => {
    closed = true;
    offReconnected();
    if (retry !== null) window.clearTimeout(retry);
    source?.close();
  };
}
