import type { Static } from '@sinclair/typebox';
import { useEffect, useState } from 'preact/hooks';
import type {
  BROADCAST_STATUSES,
  BroadcastAction,
  BroadcastPage,
  BroadcastRow,
} from '../../../src/features/admin/campaign-schemas.ts';
import { api, query } from '../api.ts';
import { useAction, useLoad } from '../hooks.ts';
import { goTo, useAddressParams } from '../ops/address.ts';
import { AccountSelect, Cell, Dash, Pager, useAccounts } from '../ops/controls.tsx';
import { ConfirmButton } from '../ui/confirm.tsx';
import { Button, SelectField, TextField } from '../ui/controls.tsx';
import { Badge, Empty, ErrorNote, Loading, Progress } from '../ui/feedback.tsx';
import { Card, Page } from '../ui/page.tsx';
import '../ops/ops.css';

type Row = Static<typeof BroadcastRow>;
type Status = (typeof BROADCAST_STATUSES)[number];

const KEYS = ['accountId', 'senderKey', 'status', 'cursor'] as const;

const STATUSES: Record<Status, string> = {
  READY: 'READY: waiting for its start',
  SENDING: 'SENDING',
  PAUSED: 'PAUSED',
  TERMINATED: 'TERMINATED',
  DONE: 'DONE',
  BLOCKED: 'BLOCKED',
};
const STATUS_OPTIONS = [
  { value: '', label: 'Any state' },
  ...Object.entries(STATUSES).map(([value, label]) => ({ value, label })),
];

const ACTION_LABELS: Record<BroadcastAction, string> = {
  pause: 'Pause',
  resume: 'Resume',
  terminate: 'Terminate',
};

/** Only the actions the state allows; terminate asks first (it cannot be undone). */
function Actions({ b, onDone }: { b: Row; onDone: () => void }) {
  const action = useAction();
  const act = async (a: BroadcastAction) => {
    const ok = await action.run(() => api.post(`/admin/v1/broadcasts/${b.requestId}/${a}`));
    if (ok) onDone();
    return ok;
  };
  return (
    <div class="ops-actions">
      <div class="row">
        {b.actions.map((a) =>
          a === 'terminate' ? (
            <ConfirmButton
              key={a}
              label="Terminate"
              question={`Terminate broadcast ${b.requestId}? Nothing more of it will be sent.`}
              confirmLabel="Yes, terminate it"
              dismissLabel="No"
              busy={action.busy}
              onConfirm={() => act('terminate')}
            />
          ) : (
            <Button
              key={a}
              size="small"
              busy={action.busy}
              onClick={() => void act(a)}
              aria-label={`${ACTION_LABELS[a]} broadcast ${b.requestId}`}
            >
              {ACTION_LABELS[a]}
            </Button>
          ),
        )}
        {b.actions.length === 0 && <Dash />}
      </div>
      <ErrorNote error={action.error} />
    </div>
  );
}

export function Broadcasts() {
  const { params, key } = useAddressParams(KEYS);
  const { accounts, nameOf } = useAccounts();
  const [form, setForm] = useState({
    accountId: params.accountId,
    senderKey: params.senderKey,
    status: params.status,
  });
  useEffect(
    () => setForm({ accountId: params.accountId, senderKey: params.senderKey, status: params.status }),
    [key],
  );
  const list = useLoad(
    () => api.get<Static<typeof BroadcastPage>>(`/admin/v1/broadcasts${query(params)}`),
    [key],
    4000,
  );
  const apply = (next: typeof form) => {
    setForm(next);
    goTo('/broadcasts', { ...next, senderKey: next.senderKey.trim() }, { replace: true });
  };
  const page = list.data;

  return (
    <Page
      title="Broadcasts"
      subtitle="Brand message broadcasts of every account: their state and how far they have gone."
    >
      <Card title="Filter">
        <form
          class="form ops-filters"
          onSubmit={(e) => {
            e.preventDefault();
            apply(form);
          }}
        >
          <AccountSelect
            accounts={accounts}
            value={form.accountId}
            onValue={(v) => apply({ ...form, accountId: v })}
          />
          <TextField
            label="Sender key"
            value={form.senderKey}
            onValue={(v) => setForm({ ...form, senderKey: v })}
            name="senderKey"
          />
          <SelectField
            label="State"
            value={form.status}
            options={STATUS_OPTIONS}
            onValue={(v) => apply({ ...form, status: v })}
          />
          <div class="row ops-form-actions">
            <Button type="submit">Apply</Button>
          </div>
        </form>
      </Card>
      <Card title="Results">
        <ErrorNote error={list.error} />
        {list.loading && !page ? (
          <Loading label="Loading broadcasts" />
        ) : !page ? null : page.broadcasts.length === 0 ? (
          <Empty>No broadcast matches.</Empty>
        ) : (
          <div class="table-wrap">
            <table class="ops-table">
              <thead>
                <tr>
                  <th>Broadcast</th>
                  <th>Account</th>
                  <th>Start</th>
                  <th>State</th>
                  <th>Progress</th>
                  <th>Actions</th>
                </tr>
              </thead>
              <tbody>
                {page.broadcasts.map((b) => (
                  <tr key={b.requestId}>
                    <Cell label="Broadcast">
                      <div class="ops-title">
                        #{b.requestId} <code>{b.templateCode}</code>
                      </div>
                      <div class="ops-sub muted">
                        {b.senderKey}
                        {b.friendGroupKey ? ` · group ${b.friendGroupKey}` : ' · all friends'} · {b.tpsLimit}
                        /s
                        {b.campaignId ? ` · ${b.campaignId}` : ''}
                      </div>
                    </Cell>
                    <Cell label="Account">{nameOf(b.accountId)}</Cell>
                    <Cell label="Start" class="ops-nowrap">
                      {b.sendStartAt}
                    </Cell>
                    <Cell label="State">
                      <Badge status={b.status} />
                    </Cell>
                    <Cell label="Progress">
                      <Progress
                        value={b.progress.sent}
                        max={b.progress.expected}
                        label={`Sent of broadcast ${b.requestId}`}
                      />
                    </Cell>
                    <Cell label="Actions">
                      <Actions b={b} onDone={() => void list.reload()} />
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
            noun="broadcasts"
            onOlder={(cursor) => goTo('/broadcasts', { ...params, cursor })}
            onNewest={() => goTo('/broadcasts', { ...params, cursor: '' })}
          />
        )}
      </Card>
    </Page>
  );
}
