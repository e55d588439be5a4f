import type { Static } from '@sinclair/typebox';
import type { MessageRequest } from '../../../src/features/admin/message-request-schemas.ts';
import { api, seg } from '../api.ts';
import { count, time } from '../format.ts';
import { useLoad } from '../hooks.ts';
import { Empty, ErrorNote, Loading, Notice } from '../ui/feedback.tsx';
import { Card, Facts } from '../ui/page.tsx';
import { AnswerTable } from './answer-table.tsx';
import { KeptJson } from './kept-json.tsx';
import './debugger.css';

type Stored = Static<typeof MessageRequest>;

/** "3 recipients: 2 accepted, 1 refused". */
function summary(a: NonNullable<Stored['answer']>): string {
  const parts = [`${count(a.accepted)} accepted`];
  if (a.refused > 0) parts.push(`${count(a.refused)} refused`);
  if (a.removed > 0) parts.push(`${count(a.removed)} removed since`);
  return `${count(a.total)} recipient${a.total === 1 ? '' : 's'}: ${parts.join(', ')}`;
}

/**
 * The client's request as the gateway stored it and the answer it got (the debugger). Read once:
 * a stored request never changes, so the page's polling leaves it alone.
 */
export function RequestCard({ msgKey }: { msgKey: string }) {
  const loaded = useLoad(() => api.get<Stored>(`/admin/v1/messages/${seg(msgKey)}/request`), [msgKey]);
  const r = loaded.data;
  return (
    <Card title="Request">
      <ErrorNote error={loaded.error} />
      {!r ? (
        loaded.loading && <Loading label="Loading the request" />
      ) : (
        <>
          <div class="ops-facts">
            <Facts
              rows={[
                ['Accepted', time(r.acceptedAt)],
                ['Request', <code key="r">{r.requestId}</code>],
                ['Recipients', r.answer ? summary(r.answer) : count(r.destinationCount)],
                [
                  'Idempotency key',
                  r.body.idempotencyKey ? <code key="i">{r.body.idempotencyKey}</code> : 'none kept',
                ],
                ...(r.resvKey ? [['Reservation', <code key="v">{r.resvKey}</code>] as const] : []),
              ]}
            />
          </div>
          <h3 class="dbg-title">Body, as stored</h3>
          <p class="muted dbg-note">
            The validated body rebuilt from what the gateway keeps, with this message's destination
            {r.destinationCount > 1 ? ` (1 of ${count(r.destinationCount)})` : ''}.
          </p>
          {r.masked && (
            <Notice kind="warn">
              A code in this request is shown masked, as it is stored: the handset got the real one.
            </Notice>
          )}
          <KeptJson label="Request body" text={JSON.stringify(r.body, null, 2)} truncated={false} />
          <h3 class="dbg-title">Answer</h3>
          {r.answer ? (
            <>
              <p class="muted dbg-note">
                HTTP 200 · <code>A000</code> · {summary(r.answer)}
              </p>
              {r.answerNote && <Notice>{r.answerNote}</Notice>}
              <AnswerTable answer={r.answer} msgKey={msgKey} />
            </>
          ) : (
            <Empty>{r.answerNote ?? 'No answer is kept.'}</Empty>
          )}
        </>
      )}
    </Card>
  );
}
