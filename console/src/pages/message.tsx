import type { Static } from '@sinclair/typebox';
import { useEffect, useState } from 'preact/hooks';
import type { AttemptRow, FlowStepView, MessageDetail } from '../../../src/features/admin/message-schemas.ts';
import { api, seg } from '../api.ts';
import { KeptJson } from '../debugger/kept-json.tsx';
import { RequestCard } from '../debugger/request-card.tsx';
import { WebhookAttempts } from '../debugger/webhook-attempts.tsx';
import { time } from '../format.ts';
import { useLoad } from '../hooks.ts';
import { Cell } from '../ops/controls.tsx';
import { Link } from '../router.tsx';
import { Badge, CopyButton, Empty, ErrorNote, Loading, Notice } from '../ui/feedback.tsx';
import { Card, Facts, Page } from '../ui/page.tsx';
import '../ops/ops.css';

type Detail = Static<typeof MessageDetail>;
type Attempt = Static<typeof AttemptRow>;
type Step = Static<typeof FlowStepView>;
type Report = Detail['reports'][number];

/** States after which nothing changes any more: the page stops polling. */
const FINAL = new Set(['delivered', 'failed', 'uncertain', 'cancelled']);

const orDash = (s: string | null | undefined) => (s ? s : '—');

/** One channel of the flow: what was tried there (or that it was never reached). */
function FlowStepItem({
  step,
  attempt,
  reached,
  cancelled,
}: {
  step: Step;
  attempt: Attempt | undefined;
  reached: boolean;
  cancelled: boolean;
}) {
  const state = attempt?.status ?? (reached ? 'pending' : 'not tried');
  return (
    <li class={`flow-step flow-${attempt ? attempt.status : 'idle'}`}>
      <span class="flow-marker" aria-hidden="true">
        {step.step + 1}
      </span>
      <div class="flow-body">
        <h3 class="flow-title">
          <span class="flow-channel">{step.channel.toUpperCase()}</span>
          <span class="muted">
            {step.serviceType === step.channel.toUpperCase()
              ? step.msgType
              : `${step.serviceType} ${step.msgType}`}
          </span>
          <Badge status={state === 'not tried' ? 'cancelled' : state} label={state} />
          {step.step > 0 && <span class="flow-failover">failover step</span>}
        </h3>
        {attempt ? (
          <dl class="flow-facts">
            <div>
              <dt>Result</dt>
              <dd>
                {attempt.reportCode ? <code>{attempt.reportCode}</code> : '—'} {attempt.reportText ?? ''}
              </dd>
            </div>
            <div>
              <dt>Submitted</dt>
              <dd>{time(attempt.submittedAt)}</dd>
            </div>
            <div>
              <dt>Done</dt>
              <dd>{attempt.doneAt ? time(attempt.doneAt) : 'waiting for the result'}</dd>
            </div>
            <div>
              <dt>Connector</dt>
              <dd>{attempt.connector}</dd>
            </div>
            <div>
              <dt>Network id</dt>
              <dd>{attempt.networkId ? <code>{attempt.networkId}</code> : '—'}</dd>
            </div>
            <div>
              <dt>Carrier</dt>
              <dd>{orDash(attempt.carrier)}</dd>
            </div>
          </dl>
        ) : (
          <p class="muted flow-note">
            {reached
              ? 'Not submitted yet.'
              : cancelled
                ? 'Not sent: the message was cancelled.'
                : 'Not tried: an earlier channel settled the message.'}
          </p>
        )}
      </div>
    </li>
  );
}

/** The messageFlow as a timeline: each channel in order, with its attempt. */
function Flow({ m }: { m: Detail }) {
  const attempts = new Map(m.attempts.map((a) => [a.step, a]));
  // The stored flow, or the attempts alone when the request is gone.
  const steps: Step[] =
    m.request?.flow ??
    m.attempts.map((a) => ({
      step: a.step,
      channel: a.channel,
      serviceType: a.serviceType,
      msgType: a.msgType,
    }));
  if (steps.length === 0) return <Empty>No channel was tried yet.</Empty>;
  return (
    <ol class="flow" aria-label="Delivery flow">
      {steps.map((s) => (
        <FlowStepItem
          key={s.step}
          step={s}
          attempt={attempts.get(s.step)}
          reached={s.step <= m.step && !FINAL.has(m.status)}
          cancelled={m.status === 'cancelled'}
        />
      ))}
    </ol>
  );
}

/** A report's posts to the webhook: the body posted (the same each time) and every attempt. */
function ReportHook({ r, webhookUrl }: { r: Report; webhookUrl: string | null }) {
  const id = `report-hook-${r.reportId}`;
  return (
    <div class="dbg-hook">
      <h3 class="dbg-title" id={id}>
        Report #{r.reportId}: webhook attempts
      </h3>
      <p class="muted dbg-note dbg-hook-url">
        {webhookUrl ? (
          <>
            Posted to <code>{webhookUrl}</code> (the account's webhook now).
          </>
        ) : (
          'No webhook configured: the report waits until the account has one.'
        )}
      </p>
      <WebhookAttempts
        attempts={r.webhookAttempts}
        omitted={r.earlierAttemptsOmitted}
        what={`report #${r.reportId}`}
      />
      <h4 class="dbg-subtitle">Body posted</h4>
      <KeptJson
        label={`Report #${r.reportId} body`}
        text={JSON.stringify(r.body, null, 2)}
        truncated={false}
      />
    </div>
  );
}

function Reports({ m }: { m: Detail }) {
  if (m.reports.length === 0)
    return <Empty>No report yet: one is made when the message reaches a final state.</Empty>;
  const hooked = m.reports.filter((r) => r.way === 'webhook');
  return (
    <>
      <ReportTable m={m} />
      {hooked.length > 0 && !m.webhookUrl && (
        <Notice kind="warn">No webhook configured: reports by webhook wait until the account has one.</Notice>
      )}
      {hooked.map((r) => (
        <ReportHook key={r.reportId} r={r} webhookUrl={m.webhookUrl} />
      ))}
    </>
  );
}

function ReportTable({ m }: { m: Detail }) {
  return (
    <div class="table-wrap">
      <table class="ops-table">
        <thead>
          <tr>
            <th>Report</th>
            <th>Type</th>
            <th>Code</th>
            <th>Channel</th>
            <th>Report time</th>
            <th>Way</th>
            <th>Acknowledged</th>
          </tr>
        </thead>
        <tbody>
          {m.reports.map((r) => (
            <tr key={r.reportId}>
              <Cell label="Report">#{r.reportId}</Cell>
              <Cell label="Type">{r.reportType}</Cell>
              <Cell label="Code">
                <code>{r.body.reportCode}</code> <span class="muted">{r.body.reportText}</span>
              </Cell>
              <Cell label="Channel">
                {r.body.serviceType} {r.body.msgType}
              </Cell>
              <Cell label="Report time" class="ops-nowrap">
                {r.body.reportTime}
              </Cell>
              <Cell label="Way">{r.way}</Cell>
              <Cell label="Acked">
                {r.acknowledged ? (
                  <span>
                    <Badge status="delivered" label="yes" /> {r.acknowledgedAt ? time(r.acknowledgedAt) : ''}
                  </span>
                ) : (
                  <span>
                    <Badge status="waiting" label="not yet" />{' '}
                    {r.way === 'webhook' && <Link href="/webhooks?kind=report">Webhook deliveries</Link>}
                  </span>
                )}
              </Cell>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function Message({ msgKey }: { msgKey: string }) {
  // Live (every 3 s) while the message is on its way or a report waits for its acknowledgement.
  const [pollMs, setPollMs] = useState<number | undefined>(3000);
  const loaded = useLoad(() => api.get<Detail>(`/admin/v1/messages/${seg(msgKey)}`), [msgKey], pollMs);
  const shown = loaded.data;
  const settled =
    shown !== undefined && FINAL.has(shown.status) && shown.reports.every((r) => r.acknowledged);
  useEffect(() => setPollMs(settled ? undefined : 3000), [settled]);
  const error = loaded.error;

  return (
    <Page
      title="Message"
      subtitle={
        <span class="row">
          <code data-copy-source={msgKey}>{msgKey}</code> <CopyButton text={msgKey} label="Copy msgKey" />
        </span>
      }
      actions={<Link href="/messages">Back to the search</Link>}
    >
      <ErrorNote error={error} />
      {!shown ? (
        loaded.loading && <Loading label="Loading the message" />
      ) : (
        <>
          <Card title="Summary">
            <div class="ops-facts">
              <Facts
                rows={[
                  ['Status', <Badge key="s" status={shown.status} />],
                  ['Recipient', shown.to],
                  [
                    'Account',
                    <Link key="a" href={`/accounts/${seg(shown.accountId)}`}>
                      {shown.accountName ?? shown.accountId}
                    </Link>,
                  ],
                  ['Result', shown.reportCode ? `${shown.reportCode} ${shown.reportText ?? ''}` : '—'],
                  ['Accepted', time(shown.createdAt)],
                  ['Final', shown.doneAt ? time(shown.doneAt) : 'not yet'],
                  ['Ref', orDash(shown.ref)],
                  ['Request', <code key="r">{shown.requestId}</code>],
                  ...(shown.request?.resvKey
                    ? [['Reservation', <code key="v">{shown.request.resvKey}</code>] as const]
                    : []),
                ]}
              />
            </div>
          </Card>
          <RequestCard msgKey={msgKey} />
          <Card title="Delivery flow">
            <Flow m={shown} />
          </Card>
          <Card title="Reports">
            <Reports m={shown} />
          </Card>
        </>
      )}
    </Page>
  );
}
