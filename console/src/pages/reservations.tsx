import type { Static } from '@sinclair/typebox';
import { useEffect, useState } from 'preact/hooks';
import type {
  RESERVATION_STATUSES,
  ReservationAction,
  ReservationPage,
  ReservationRow,
} from '../../../src/features/admin/campaign-schemas.ts';
import { api, query, seg } from '../api.ts';
import { count } from '../format.ts';
import { useAction, useLoad } from '../hooks.ts';
import { goTo, useAddressParams } from '../ops/address.ts';
import { AccountSelect, Cell, Dash, Pager, useAccounts } from '../ops/controls.tsx';
import { ConfirmButton } from '../ui/confirm.tsx';
import { Button, SelectField } from '../ui/controls.tsx';
import { Badge, Empty, ErrorNote, Loading, Progress } from '../ui/feedback.tsx';
import { Card, Page } from '../ui/page.tsx';
import '../ops/ops.css';

type Row = Static<typeof ReservationRow>;
type Status = (typeof RESERVATION_STATUSES)[number];

const KEYS = ['accountId', 'status', 'cursor'] as const;

const STATUSES: Record<Status, string> = {
  PENDING: 'PENDING: waiting for its time',
  PROCESSING: 'PROCESSING: sending',
  DONE: 'DONE',
  STOPPED: 'STOPPED',
  CANCELLED: 'CANCELLED',
};
const STATUS_OPTIONS = [
  { value: '', label: 'Any state' },
  ...Object.entries(STATUSES).map(([value, label]) => ({ value, label })),
];

const ACTION_LABELS: Record<ReservationAction, string> = { stop: 'Stop', resume: 'Resume', cancel: 'Cancel' };

/** Messages by state, in the order they move ("2 held · 1 delivered"). */
function breakdown(messages: Record<string, number>): string {
  const order = ['held', 'queued', 'waiting', 'delivered', 'failed', 'uncertain', 'cancelled'];
  const keys = Object.keys(messages).sort((a, b) => order.indexOf(a) - order.indexOf(b));
  return keys.map((k) => `${count(messages[k] ?? 0)} ${k}`).join(' · ');
}

/** Only the actions the state allows; cancel asks first (it cannot be undone). */
function Actions({ r, onDone }: { r: Row; onDone: () => void }) {
  const action = useAction();
  const act = async (a: ReservationAction) => {
    const ok = await action.run(() => api.post(`/admin/v1/reservations/${seg(r.resvKey)}/${a}`));
    if (ok) onDone();
    return ok;
  };
  const name = r.resvName || r.resvKey;
  return (
    <div class="ops-actions">
      <div class="row">
        {r.actions.map((a) =>
          a === 'cancel' ? (
            <ConfirmButton
              key={a}
              label="Cancel"
              question={`Cancel reservation ${name}? Its messages will never be sent.`}
              confirmLabel="Yes, cancel it"
              dismissLabel="No"
              busy={action.busy}
              onConfirm={() => act('cancel')}
            />
          ) : (
            <Button
              key={a}
              size="small"
              busy={action.busy}
              onClick={() => void act(a)}
              aria-label={`${ACTION_LABELS[a]} reservation ${name}`}
            >
              {ACTION_LABELS[a]}
            </Button>
          ),
        )}
        {r.actions.length === 0 && <Dash />}
      </div>
      <ErrorNote error={action.error} />
    </div>
  );
}

export function Reservations() {
  const { params, key } = useAddressParams(KEYS);
  const { accounts, nameOf } = useAccounts();
  const [form, setForm] = useState({ accountId: params.accountId, status: params.status });
  useEffect(() => setForm({ accountId: params.accountId, status: params.status }), [key]);
  const list = useLoad(
    () => api.get<Static<typeof ReservationPage>>(`/admin/v1/reservations${query(params)}`),
    [key],
    4000,
  );
  const apply = (next: typeof form) => {
    setForm(next);
    goTo('/reservations', next, { replace: true });
  };
  const page = list.data;

  return (
    <Page
      title="Reservations"
      subtitle="Reserved sends of every account: their state and how far they have gone."
    >
      <Card title="Filter">
        <div class="form ops-filters">
          <AccountSelect
            accounts={accounts}
            value={form.accountId}
            onValue={(v) => apply({ ...form, accountId: v })}
          />
          <SelectField
            label="State"
            value={form.status}
            options={STATUS_OPTIONS}
            onValue={(v) => apply({ ...form, status: v })}
          />
        </div>
      </Card>
      <Card title="Results">
        <ErrorNote error={list.error} />
        {list.loading && !page ? (
          <Loading label="Loading reservations" />
        ) : !page ? null : page.reservations.length === 0 ? (
          <Empty>No reservation matches.</Empty>
        ) : (
          <div class="table-wrap">
            <table class="ops-table">
              <thead>
                <tr>
                  <th>Reservation</th>
                  <th>Account</th>
                  <th>Send time</th>
                  <th>State</th>
                  <th>Progress</th>
                  <th>Actions</th>
                </tr>
              </thead>
              <tbody>
                {page.reservations.map((r) => (
                  <tr key={r.resvKey}>
                    <Cell label="Reservation">
                      <div class="ops-title">{r.resvName || <span class="muted">(no name)</span>}</div>
                      <code class="ops-sub">{r.resvKey}</code>
                    </Cell>
                    <Cell label="Account">{nameOf(r.accountId)}</Cell>
                    <Cell label="Send time" class="ops-nowrap">
                      {r.resvSendTime}
                    </Cell>
                    <Cell label="State">
                      <Badge status={r.status} />
                    </Cell>
                    <Cell label="Progress">
                      <Progress
                        value={r.progress.sent}
                        max={r.progress.expected}
                        label={`Sent of ${r.resvName || r.resvKey}`}
                      />
                      <div class="ops-sub muted">{breakdown(r.messages)}</div>
                    </Cell>
                    <Cell label="Actions">
                      <Actions r={r} onDone={() => void list.reload()} />
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
            noun="reservations"
            onOlder={(cursor) => goTo('/reservations', { ...params, cursor })}
            onNewest={() => goTo('/reservations', { ...params, cursor: '' })}
          />
        )}
      </Card>
    </Page>
  );
}
