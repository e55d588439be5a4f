import { useCallback, useEffect, useRef } from 'preact/hooks';
import { api, seg } from '../api.ts';
import { useAction } from '../hooks.ts';
import { Link } from '../router.tsx';
import { HandsetForm } from '../sandbox/handset-form.tsx';
import { Inbox } from '../sandbox/inbox.tsx';
import { MoForm } from '../sandbox/mo-form.tsx';
import { useTimeline } from '../sandbox/use-timeline.ts';
import { ConfirmButton } from '../ui/confirm.tsx';
import { ErrorNote } from '../ui/feedback.tsx';
import { Page } from '../ui/page.tsx';
import '../sandbox/sandbox.css';

/** How long the newest message must be on screen before it counts as read. */
const READ_AFTER_MS = 800;

/**
 * Marks the inbox read up to its newest row while the page is visible: debounced while messages
 * stream in, and at once when the page is left (what was on screen was seen).
 */
function useMarkRead(phone: string, newestId: number) {
  const pending = useRef(0);
  const mark = useCallback(() => {
    const upTo = pending.current;
    if (upTo <= 0 || document.visibilityState !== 'visible') return;
    pending.current = 0;
    void api.post(`/sandbox/v1/handsets/${seg(phone)}/read`, { upTo }).catch(() => {});
  }, [phone]);
  useEffect(() => {
    if (newestId <= 0) return;
    pending.current = newestId;
    let timer = window.setTimeout(mark, READ_AFTER_MS);
    const onVisible = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(mark, READ_AFTER_MS);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [newestId, mark]);
  // Leaving the page (or the number): what is pending is read now.
  useEffect(() => mark, [mark]);
}

export function Handset({ phone }: { phone: string }) {
  const tl = useTimeline(phone);
  const newest = tl.entries.reduce((m, e) => (e.kind === 'item' && e.key > m ? e.key : m), 0);
  useMarkRead(phone, newest);
  const empty = useAction();
  const emptyInbox = () =>
    empty.run(async () => {
      await api.del(`/sandbox/v1/handsets/${seg(phone)}/inbox`);
      tl.reconnect();
    });

  return (
    <Page
      title={phone}
      subtitle="What this handset received and sent, live, as the phone shows it"
      actions={
        <>
          <Link href="/sandbox/handsets">All handsets</Link>
          {tl.entries.length > 0 && (
            <ConfirmButton
              label="Empty inbox"
              question={`Empty the inbox of ${phone} for good?`}
              confirmLabel="Empty it"
              dismissLabel="Keep it"
              busy={empty.busy}
              onConfirm={emptyInbox}
            />
          )}
        </>
      }
    >
      <ErrorNote error={empty.error} />
      {/* Keyed by the number: another handset's page starts afresh (forms, scroll position). */}
      <div class="sb-handset" key={phone}>
        <Inbox phone={phone} timeline={tl} />
        <div class="sb-side">
          <MoForm phone={phone} />
          <HandsetForm phone={phone} />
        </div>
      </div>
    </Page>
  );
}
