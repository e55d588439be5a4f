import type { Static } from '@sinclair/typebox';
import { useRef } from 'preact/hooks';
import type {
  Delivery,
  DeliveryKind,
  DeliveryPage,
  DeliveryState,
} from '../../../src/features/admin/delivery-schemas.ts';
import { api, query, seg } from '../api.ts';
import { time } from '../format.ts';
import { useAction, useLoad } from '../hooks.ts';
import { goTo, useAddressParams } from '../ops/address.ts';
import { AccountSelect, Cell, Dash, Pager, useAccounts } from '../ops/controls.tsx';
import { Link } from '../router.tsx';
import { Button, SelectField } from '../ui/controls.tsx';
import { Badge, Empty, ErrorNote, Loading, Notice } from '../ui/feedback.tsx';
import { Card, Page } from '../ui/page.tsx';
import '../ops/ops.css';

type Row = Static<typeof Delivery>;

const KEYS = ['kind', 'state', 'accountId', 'cursor'] as const;

const TABS: Record<DeliveryKind, string> = { mo: 'MO messages', report: 'Reports' };

const STATES: Record<DeliveryState, string> = {
  pending: 'Pending: not tried yet',
  failed: 'Failed: retrying or given up',
  delivered: 'Delivered',
};
const STATE_OPTIONS = [
  { value: '', label: 'Any state' },
  ...Object.entries(STATES).map(([value, label]) => ({ value, label })),
];

function kindOf(s: string): DeliveryKind {
  return s === 'report' ? 'report' : 'mo';
}

/** Redeliver: for anything not acknowledged yet (the gateway refuses the rest, and says why). */
function Redeliver({ d, onDone }: { d: Row; onDone: () => void }) {
  const action = useAction();
  if (d.status === 'DELIVERED') return <Dash />;
  const path =
    d.kind === 'mo'
      ? `/admin/v1/mo/${seg(d.msgKey)}/redeliver`
      : `/admin/v1/reports/${d.reportId ?? 0}/redeliver`;
  const what = d.kind === 'mo' ? `MO ${d.msgKey}` : `report ${d.reportId ?? ''}`;
  return (
    <div class="ops-actions">
      <Button
        size="small"
        busy={action.busy}
        disabled={d.running}
        onClick={async () => {
          if (await action.run(() => api.post(path))) onDone();
        }}
        aria-label={`Redeliver ${what}`}
      >
        Redeliver
      </Button>
      <ErrorNote error={action.error} />
    </div>
  );
}

function Tabs({ kind, onKind }: { kind: DeliveryKind; onKind: (k: DeliveryKind) => void }) {
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const kinds = Object.keys(TABS) as DeliveryKind[];
  // Arrow keys move between the tabs, as a tab list does.
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    const i = kinds.indexOf(kind);
    const next = kinds[(i + (e.key === 'ArrowRight' ? 1 : kinds.length - 1)) % kinds.length] ?? kind;
    onKind(next);
    refs.current[next]?.focus();
  };
  return (
    <div class="ops-tabs" role="tablist" aria-label="Deliveries of" onKeyDown={onKey}>
      {kinds.map((k) => (
        <button
          key={k}
          ref={(el) => {
            refs.current[k] = el;
          }}
          type="button"
          role="tab"
          id={`tab-${k}`}
          aria-selected={k === kind}
          aria-controls="deliveries"
          tabIndex={k === kind ? 0 : -1}
          class={`ops-tab${k === kind ? ' ops-tab-on' : ''}`}
          onClick={() => onKind(k)}
        >
          {TABS[k]}
        </button>
      ))}
    </div>
  );
}

export function Webhooks() {
  const { params, key } = useAddressParams(KEYS);
  const kind = kindOf(params.kind);
  const { accounts, nameOf } = useAccounts();
  const list = useLoad(
    () => api.get<Static<typeof DeliveryPage>>(`/admin/v1/webhook-deliveries${query({ ...params, kind })}`),
    [key],
    4000,
  );
  const show = (next: Record<string, string>) =>
    goTo('/webhooks', { ...params, cursor: '', ...next }, { replace: true });
  const page = list.data?.kind === kind ? list.data : undefined;

  return (
    <Page
      title="Webhook deliveries"
      subtitle="MO messages and reports posted to the accounts' webhooks: attempts, errors, retries."
    >
      <Tabs kind={kind} onKind={(k) => show({ kind: k })} />
      <div role="tabpanel" id="deliveries" aria-labelledby={`tab-${kind}`}>
        <Card>
          <div class="form ops-filters">
            <SelectField
              label="State"
              value={params.state}
              options={STATE_OPTIONS}
              onValue={(v) => show({ state: v })}
            />
            <AccountSelect
              accounts={accounts}
              value={params.accountId}
              onValue={(v) => show({ accountId: v })}
            />
          </div>
          {kind === 'report' && (
            <Notice>
              Reports of accounts whose report mode is the webhook. A delivered report's attempt count is gone
              with its job.
            </Notice>
          )}
          <ErrorNote error={list.error} />
          {list.loading && !page ? (
            <Loading label="Loading deliveries" />
          ) : !page ? null : page.deliveries.length === 0 ? (
            <Empty>No delivery matches.</Empty>
          ) : (
            <div class="table-wrap">
              <table class="ops-table">
                <thead>
                  <tr>
                    <th>{kind === 'mo' ? 'MO' : 'Report'}</th>
                    <th>Account</th>
                    <th>State</th>
                    <th class="num">Attempts</th>
                    <th>Last error</th>
                    <th>Next retry</th>
                    <th>Delivered</th>
                    <th>Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {page.deliveries.map((d) => (
                    <tr key={`${d.kind}-${d.reportId ?? d.msgKey}`}>
                      <Cell label={kind === 'mo' ? 'MO' : 'Report'}>
                        <div class="ops-title">
                          {d.kind === 'mo' ? (
                            <code>{d.msgKey}</code>
                          ) : (
                            <span>
                              #{d.reportId} of{' '}
                              <Link href={`/messages/${seg(d.msgKey)}`}>
                                <code>{d.msgKey}</code>
                              </Link>
                            </span>
                          )}
                        </div>
                        <div class="ops-sub muted">
                          {d.summary} · {time(d.createdAt)}
                        </div>
                      </Cell>
                      <Cell label="Account">{nameOf(d.accountId)}</Cell>
                      <Cell label="State">
                        <Badge status={d.status} />
                        {d.running && <span class="ops-sub muted"> posting now</span>}
                      </Cell>
                      <Cell label="Attempts" class="num">
                        {d.attempts ?? <Dash />}
                      </Cell>
                      <Cell label="Last error" class="ops-error">
                        {d.lastError ?? <Dash />}
                      </Cell>
                      <Cell label="Next retry" class="ops-nowrap">
                        {d.nextAttemptAt ? time(d.nextAttemptAt) : <Dash />}
                      </Cell>
                      <Cell label="Delivered" class="ops-nowrap">
                        {d.deliveredAt ? time(d.deliveredAt) : <Dash />}
                      </Cell>
                      <Cell label="Actions">
                        <Redeliver d={d} onDone={() => void list.reload()} />
                      </Cell>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {page && (
            <Pager
              next={page.next}
              searchedUntil={page.searchedUntil}
              atStart={!params.cursor}
              noun="deliveries"
              onOlder={(cursor) => goTo('/webhooks', { ...params, kind, cursor })}
              onNewest={() => goTo('/webhooks', { ...params, kind, cursor: '' })}
            />
          )}
        </Card>
      </div>
    </Page>
  );
}
