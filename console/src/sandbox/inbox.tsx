import { useLayoutEffect, useRef } from 'preact/hooks';
import { count } from '../format.ts';
import { InboxItem } from '../messages/index.tsx';
import { Button } from '../ui/controls.tsx';
import { ErrorNote, Loading } from '../ui/feedback.tsx';
import type { Entry, LiveState, Timeline } from './use-timeline.ts';

/*
 * The handset's inbox as a phone shows it: a narrow device frame on a wide screen (the full
 * width on a phone), the newest message at the bottom, older ones on request above.
 */

const LIVE_LABELS: Record<LiveState, string> = {
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
  stopped: 'Live updates stopped',
};

/** Near enough to the bottom to follow new messages down. */
const BOTTOM_SLACK_PX = 48;

function GapMarker({ entry, onLoad }: { entry: Extract<Entry, { kind: 'gap' }>; onLoad: () => void }) {
  const n = entry.gap.skipped;
  return (
    <div class="inbox-gap" role="note">
      <p>
        {count(n)} {n === 1 ? 'message' : 'messages'} arrived too fast to show live.
      </p>
      <Button size="small" busy={entry.loading} onClick={onLoad}>
        Load the skipped messages
      </Button>
    </div>
  );
}

export function Inbox({ phone, timeline: tl }: { phone: string; timeline: Timeline }) {
  const screen = useRef<HTMLDivElement>(null);
  // Where the reader is: at the bottom (follow new messages), or this far from the top / bottom.
  const pos = useRef({ atBottom: true, fromBottom: 0, firstKey: Number.NaN });
  const shown = tl.entries.slice(tl.start, tl.end);
  const firstKey = shown[0]?.key ?? Number.NaN;

  useLayoutEffect(() => {
    const el = screen.current;
    if (!el) return;
    const p = pos.current;
    if (p.atBottom && tl.end >= tl.entries.length) el.scrollTop = el.scrollHeight;
    else if (firstKey !== p.firstKey && !Number.isNaN(p.firstKey)) {
      // Older messages came in above: the ones being read stay where they were on the screen.
      el.scrollTop = el.scrollHeight - el.clientHeight - p.fromBottom;
    }
    p.firstKey = firstKey;
  });

  const onScroll = () => {
    const el = screen.current;
    if (!el) return;
    const fromBottom = el.scrollHeight - el.clientHeight - el.scrollTop;
    pos.current.atBottom = fromBottom < BOTTOM_SLACK_PX;
    pos.current.fromBottom = fromBottom;
  };

  const below = tl.entries.length - tl.end;
  return (
    <section class="phone" aria-label={`Inbox of ${phone}`}>
      <header class="phone-bar">
        <span class="phone-number">{phone}</span>
        <span class={`phone-live phone-live-${tl.live}`} role="status">
          <span class="phone-live-dot" aria-hidden="true" />
          {LIVE_LABELS[tl.live]}
        </span>
        {tl.live === 'stopped' && (
          <Button size="small" variant="ghost" onClick={tl.reconnect}>
            Reconnect
          </Button>
        )}
      </header>
      <div class="phone-screen" ref={screen} onScroll={onScroll} role="log" aria-label="Messages">
        {tl.loading ? (
          <Loading label="Loading messages" />
        ) : (
          <>
            <ErrorNote error={tl.error} />
            {tl.hasOlder ? (
              <div class="inbox-older">
                <Button size="small" busy={tl.loadingOlder} onClick={() => void tl.loadOlder()}>
                  Load older messages
                </Button>
              </div>
            ) : (
              tl.entries.length > 0 && <p class="inbox-start">The first message of this handset.</p>
            )}
            {tl.entries.length === 0 && !tl.error ? (
              <p class="inbox-empty">
                Nothing has reached {phone} yet. What is sent to it shows up here as it arrives.
              </p>
            ) : (
              <ol class="inbox-list">
                {shown.map((e) => (
                  <li key={e.key} class={e.kind === 'gap' ? 'inbox-entry inbox-entry-gap' : 'inbox-entry'}>
                    {e.kind === 'item' ? (
                      <InboxItem item={e.item} />
                    ) : (
                      <GapMarker entry={e} onLoad={() => void tl.loadGap(e.key)} />
                    )}
                  </li>
                ))}
              </ol>
            )}
            {below > 0 && (
              <div class="inbox-newer">
                <Button size="small" onClick={tl.showNewer}>
                  Show newer messages
                  {tl.newBelow > 0 ? ` (${count(tl.newBelow)})` : ''}
                </Button>
                <Button size="small" variant="ghost" onClick={tl.showNewest}>
                  Jump to the newest
                </Button>
              </div>
            )}
          </>
        )}
      </div>
    </section>
  );
}
