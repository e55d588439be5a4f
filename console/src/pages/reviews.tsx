import { useState } from 'preact/hooks';
import { api, query } from '../api.ts';
import { time } from '../format.ts';
import { useAction, useLoad } from '../hooks.ts';
import { Link } from '../router.tsx';
import type { ReviewRequest, ReviewsList } from '../sandbox/types.ts';
import { Button, SelectField, TextArea } from '../ui/controls.tsx';
import { Badge, Empty, ErrorNote, Loading, Notice } from '../ui/feedback.tsx';
import { Card, Facts, Page } from '../ui/page.tsx';
import '../sandbox/sandbox.css';

/** New requests show within this. */
const POLL_MS = 5000;
const PAGE = 50;

const STATUS_OPTIONS = [
  { value: 'REQ', label: 'Waiting for a decision' },
  { value: 'APR', label: 'Approved' },
  { value: 'REJ', label: 'Rejected' },
  { value: 'REG', label: 'Registered, not requested' },
] as const;

const STATUS_BADGES: Record<string, string> = {
  REQ: 'Waiting',
  APR: 'Approved',
  REJ: 'Rejected',
  REG: 'Registered',
};

/** The template as the reviewer reads it: its texts and buttons. */
function TemplateText({ r }: { r: ReviewRequest }) {
  const t = r.template;
  return (
    <div class="sb-template">
      {t.header && <p class="muted">{t.header}</p>}
      {t.title && <p class="sb-template-title">{t.title}</p>}
      {t.subtitle && <p class="muted">{t.subtitle}</p>}
      <p class="sb-template-text">{t.text}</p>
      {t.item && (
        <ul class="sb-template-items">
          {t.item.list.map((i, n) => (
            <li key={n}>
              <span class="muted">{i.title}</span> {i.description}
            </li>
          ))}
        </ul>
      )}
      {t.extra && <p class="sb-template-text muted">{t.extra}</p>}
      {t.ad && <p class="sb-template-text muted">{t.ad}</p>}
      {t.buttons.length > 0 && (
        <ul class="sb-template-buttons" aria-label="Buttons">
          {t.buttons.map((b, n) => (
            <li key={n}>
              <span class="sb-template-button">{b.name}</span> <span class="muted">{b.type}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ReviewCard({ r, onDecided }: { r: ReviewRequest; onDecided: (what: string) => void }) {
  const [comment, setComment] = useState('');
  const action = useAction();
  const decide = (decision: 'approve' | 'reject') =>
    void action.run(async () => {
      await api.post('/sandbox/v1/reviews', {
        senderKey: r.senderKey,
        templateCode: r.templateCode,
        decision,
        ...(comment.trim() ? { comment: comment.trim() } : {}),
      });
      onDecided(`${r.templateName} (${r.templateCode}) ${decision === 'approve' ? 'approved' : 'rejected'}.`);
    });
  const waiting = r.inspectionStatus === 'REQ';
  return (
    <Card
      title={r.templateName}
      actions={
        <Badge status={r.inspectionStatus} label={STATUS_BADGES[r.inspectionStatus] ?? r.inspectionStatus} />
      }
    >
      <div class="sb-review">
        <div>
          <Facts
            rows={[
              ['Template code', <code key="c">{r.templateCode}</code>],
              ['Sender key', <code key="k">{r.senderKey}</code>],
              [
                'Account',
                <Link key="a" href={`/accounts/${encodeURIComponent(r.accountId)}`}>
                  {r.accountName ?? r.accountId}
                </Link>,
              ],
              [
                'Type',
                `${r.template.msgType} · ${r.template.templateMessageType} · ${r.template.templateEmphasizeType}`,
              ],
              waiting ? ['Requested', time(r.requestedAt)] : ['Changed', time(r.modifiedAt)],
              waiting ? ['Request comment', r.requestComment || '—'] : ['Comment', r.comment || '—'],
            ]}
          />
          {r.attachmentName && <p class="muted">Attachment: {r.attachmentName}</p>}
        </div>
        <TemplateText r={r} />
      </div>
      {waiting && (
        <div class="form sb-decide">
          <TextArea
            label="Comment"
            value={comment}
            onValue={setComment}
            rows={2}
            hint="Kept in the template's review history; the client reads it"
          />
          <div class="row">
            <Button variant="primary" busy={action.busy} onClick={() => decide('approve')}>
              Approve
            </Button>
            <Button variant="danger" busy={action.busy} onClick={() => decide('reject')}>
              Reject
            </Button>
          </div>
        </div>
      )}
      <ErrorNote error={action.error} />
    </Card>
  );
}

export function Reviews() {
  const [status, setStatus] = useState('REQ');
  const [offset, setOffset] = useState(0);
  const [decided, setDecided] = useState('');
  const list = useLoad(
    () => api.get<ReviewsList>(`/sandbox/v1/reviews${query({ status, offset, limit: PAGE })}`),
    [status, offset],
    POLL_MS,
  );
  const data = list.data;
  return (
    <Page
      title="Template reviews"
      subtitle="Informational templates whose review was requested: the sandbox is the reviewer"
      actions={
        <SelectField
          label="Show"
          value={status}
          options={STATUS_OPTIONS}
          onValue={(v) => {
            setStatus(v);
            setOffset(0);
          }}
        />
      }
    >
      {decided && <Notice kind="ok">{decided}</Notice>}
      <ErrorNote error={list.error} />
      {list.loading && !data ? (
        <Loading />
      ) : data && data.reviews.length === 0 ? (
        <Empty>
          {status === 'REQ'
            ? 'No template is waiting for a review. A client asks with POST /api/comm/v1/center/infomsg/template/request.'
            : 'No template in this state.'}
        </Empty>
      ) : (
        data && (
          <>
            {data.reviews.map((r) => (
              <ReviewCard
                key={`${r.senderKey}/${r.templateCode}`}
                r={r}
                onDecided={(what) => {
                  setDecided(what);
                  void list.reload();
                }}
              />
            ))}
            {(offset > 0 || data.hasMore) && (
              <div class="row">
                <Button
                  size="small"
                  disabled={offset === 0}
                  onClick={() => setOffset(Math.max(0, offset - PAGE))}
                >
                  Previous
                </Button>
                <Button size="small" disabled={!data.hasMore} onClick={() => setOffset(offset + PAGE)}>
                  Next
                </Button>
              </div>
            )}
          </>
        )
      )}
    </Page>
  );
}
