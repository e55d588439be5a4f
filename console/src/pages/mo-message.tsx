import { useEffect, useState } from 'preact/hooks';
import type { AdminMoDetailView } from '../../../src/features/mo/schemas.ts';
import { api, seg } from '../api.ts';
import { KeptJson } from '../debugger/kept-json.tsx';
import { WebhookAttempts } from '../debugger/webhook-attempts.tsx';
import { time } from '../format.ts';
import { useAction, useLoad } from '../hooks.ts';
import { useAccounts } from '../ops/controls.tsx';
import { Link } from '../router.tsx';
import { Button } from '../ui/controls.tsx';
import { Badge, CopyButton, ErrorNote, Loading, Notice } from '../ui/feedback.tsx';
import { Card, Facts, Page } from '../ui/page.tsx';
import '../ops/ops.css';
import '../debugger/debugger.css';

/** Still being delivered: the page follows it (every 3 s) until the webhook acknowledges it or it is given up. */
const OPEN = new Set(['PENDING', 'FAILED']);

const STATES: Record<AdminMoDetailView['status'], string> = {
  PENDING: 'pending',
  FAILED: 'failed, retrying',
  DELIVERED: 'delivered',
  GIVEN_UP: 'given up',
};

/** Redeliver: a new schedule from now; the gateway refuses an MO its webhook acknowledged. */
function Redeliver({ mo, onDone }: { mo: AdminMoDetailView; onDone: () => void }) {
  const action = useAction();
  const [done, setDone] = useState(false);
  // The notice outlives the button: the redelivered post may be acknowledged before it is read.
  if (mo.status === 'DELIVERED' && !done) return null;
  return (
    <div class="ops-actions">
      {mo.status !== 'DELIVERED' && (
        <Button
          busy={action.busy}
          onClick={async () => {
            setDone(false);
            if (await action.run(() => api.post(`/admin/v1/mo/${seg(mo.msgKey)}/redeliver`))) {
              setDone(true);
              onDone();
            }
          }}
        >
          Redeliver
        </Button>
      )}
      <ErrorNote error={action.error} />
      {done && <Notice kind="ok">Redelivery scheduled: a new post goes out now.</Notice>}
    </div>
  );
}

/** The delivery state in words, and why an undelivered MO waits. */
function DeliveryState({ mo }: { mo: AdminMoDetailView }) {
  if (!mo.webhookConfigured && mo.status !== 'DELIVERED') {
    return (
      <Notice kind="warn">
        No webhook configured: this MO waits, tried again on its schedule, until{' '}
        <Link href={`/accounts/${seg(mo.accountId)}`}>the account</Link> has one.
      </Notice>
    );
  }
  return (
    <p class="dbg-note dbg-hook-url">
      {mo.webhookUrl ? (
        <>
          Webhook: <code>{mo.webhookUrl}</code>
        </>
      ) : (
        'The account has no webhook now.'
      )}
    </p>
  );
}

/** /console/mo/:msgKey: one MO, its delivery state and every post of it to the webhook. */
export function MoMessage({ msgKey }: { msgKey: string }) {
  const [pollMs, setPollMs] = useState<number | undefined>(3000);
  const loaded = useLoad(() => api.get<AdminMoDetailView>(`/admin/v1/mo/${seg(msgKey)}`), [msgKey], pollMs);
  const mo = loaded.data;
  const { nameOf } = useAccounts();
  const open = mo === undefined || OPEN.has(mo.status);
  // Without a webhook an undelivered MO is not failing: it waits for one (and nothing is posted).
  const waiting = mo !== undefined && !mo.webhookConfigured && OPEN.has(mo.status);
  useEffect(() => setPollMs(open ? 3000 : undefined), [open]);

  return (
    <Page
      title="MO message"
      subtitle={
        <span class="row">
          <code data-copy-source={msgKey}>{msgKey}</code> <CopyButton text={msgKey} label="Copy msgKey" />
        </span>
      }
      actions={<Link href={mo ? `/mo?accountId=${seg(mo.accountId)}` : '/mo'}>Back to the MO messages</Link>}
    >
      <ErrorNote error={loaded.error} />
      {!mo ? (
        loaded.loading && <Loading label="Loading the MO" />
      ) : (
        <>
          <Card title="Summary">
            <div class="ops-facts">
              <Facts
                rows={[
                  [
                    'Delivery',
                    <Badge
                      key="s"
                      status={waiting ? 'waiting' : mo.status}
                      label={waiting ? 'waiting for a webhook' : STATES[mo.status]}
                    />,
                  ],
                  ['From', mo.from],
                  ['To', mo.to],
                  ['Content', mo.content === '' ? <span class="muted">(empty)</span> : mo.content],
                  [
                    'Account',
                    <Link key="a" href={`/accounts/${seg(mo.accountId)}`}>
                      {nameOf(mo.accountId)}
                    </Link>,
                  ],
                  ['Sent by the handset', time(mo.occurredTime)],
                  ['Received', time(mo.receivedAt)],
                  ['Attempts', String(mo.attempts)],
                  ['Next attempt', mo.nextAttemptAt ? time(mo.nextAttemptAt) : '—'],
                  ['Delivered', mo.deliveredAt ? time(mo.deliveredAt) : 'not yet'],
                ]}
              />
            </div>
          </Card>
          <Card title="Webhook delivery" actions={<Redeliver mo={mo} onDone={() => void loaded.reload()} />}>
            <DeliveryState mo={mo} />
            {mo.lastError && mo.status !== 'DELIVERED' && !waiting && (
              <p class="dbg-attempt-error">Last error: {mo.lastError}</p>
            )}
            <WebhookAttempts
              attempts={mo.webhookAttempts}
              omitted={mo.earlierAttemptsOmitted}
              what={`MO ${mo.msgKey}`}
              none={waiting ? 'Nothing posted: the account has no webhook.' : undefined}
            />
            <h3 class="dbg-subtitle">{mo.webhookAttempts.length > 0 ? 'Body posted' : 'Body to post'}</h3>
            <KeptJson label="Webhook body" text={JSON.stringify(mo.webhookBody, null, 2)} truncated={false} />
          </Card>
        </>
      )}
    </Page>
  );
}
