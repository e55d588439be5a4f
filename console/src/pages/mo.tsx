import { useEffect } from 'preact/hooks';
import type { AdminMoPage } from '../../../src/features/mo/schemas.ts';
import { api, query, seg } from '../api.ts';
import { time } from '../format.ts';
import { useAction, useLoad } from '../hooks.ts';
import { goTo, useAddressParams } from '../ops/address.ts';
import { Cell, Dash, Pager, useAccounts } from '../ops/controls.tsx';
import { Link } from '../router.tsx';
import { Button, SelectField } from '../ui/controls.tsx';
import { Badge, Empty, ErrorNote, Loading, Notice } from '../ui/feedback.tsx';
import { Card, Page } from '../ui/page.tsx';
import '../ops/ops.css';
import './mo.css';

/*
 * An account's MO messages, newest first, with their delivery to the account's webhook: what a
 * handset (or the network) sent, whether it reached the integrator, and when it will be tried
 * again. An account without a webhook is not failing its MOs: they wait for one, and the page
 * says so. The list follows new MOs while the tab is visible.
 */

type MoRow = AdminMoPage['messages'][number];
type Status = MoRow['status'];

const KEYS = ['accountId', 'status', 'offset'] as const;
const PAGE = 50;
/** As the other live lists: one indexed query per look. */
const POLL_MS = 4000;

const STATUS_LABELS: Record<Status, string> = {
  PENDING: 'Pending',
  FAILED: 'Failed, retrying',
  DELIVERED: 'Delivered',
  GIVEN_UP: 'Given up',
};
const STATUS_OPTIONS = [
  { value: '', label: 'Any status' },
  ...Object.entries(STATUS_LABELS).map(([value, label]) => ({ value, label })),
];

/** The webhook delivery as the integrator would ask about it: delivered, waiting for what, failing why. */
function Delivery({ mo, configured }: { mo: MoRow; configured: boolean }) {
  if (mo.status === 'DELIVERED') {
    return (
      <>
        <Badge status="DELIVERED" label="Delivered" />
        {mo.deliveredAt && <span class="ops-sub muted">{time(mo.deliveredAt)}</span>}
      </>
    );
  }
  if (!configured) {
    return (
      <>
        <span class="badge badge-warn">No webhook configured</span>
        <span class="ops-sub muted">
          {mo.status === 'GIVEN_UP'
            ? 'Given up: redeliver once a webhook is set'
            : mo.nextAttemptAt
              ? `Next try ${time(mo.nextAttemptAt)}`
              : 'Waiting for a webhook'}
        </span>
      </>
    );
  }
  return (
    <>
      <Badge status={mo.status} label={STATUS_LABELS[mo.status]} />
      {mo.lastError && <span class="ops-sub ops-error">{mo.lastError}</span>}
      {mo.nextAttemptAt && <span class="ops-sub muted">Next try {time(mo.nextAttemptAt)}</span>}
    </>
  );
}

/** Redeliver: a new schedule from now, for an MO not acknowledged yet (the gateway refuses the rest). */
function Redeliver({ mo, onDone }: { mo: MoRow; onDone: () => void }) {
  const action = useAction();
  return (
    <div class="ops-actions">
      <Button
        size="small"
        busy={action.busy}
        onClick={async () => {
          if (await action.run(() => api.post(`/admin/v1/mo/${seg(mo.msgKey)}/redeliver`))) onDone();
        }}
        aria-label={`Redeliver MO ${mo.msgKey}`}
      >
        Redeliver
      </Button>
      <ErrorNote error={action.error} />
    </div>
  );
}

export function MoMessages() {
  const { params, key } = useAddressParams(KEYS);
  const { accounts, nameOf } = useAccounts();
  const accountId = params.accountId;
  // The list is per account: the first one is shown until another is chosen.
  const first = accounts[0]?.accountId;
  useEffect(() => {
    if (!accountId && first) goTo('/mo', { ...params, accountId: first }, { replace: true });
  }, [accountId, first]);

  const list = useLoad(
    () =>
      accountId
        ? api.get<AdminMoPage>(
            `/admin/v1/accounts/${seg(accountId)}/mo${query({ status: params.status, offset: params.offset, limit: PAGE })}`,
          )
        : Promise.resolve(null),
    [key],
    POLL_MS,
  );
  const show = (next: Record<string, string>) =>
    goTo('/mo', { ...params, offset: '', ...next }, { replace: true });
  const page = list.data?.accountId === accountId ? list.data : undefined;
  const options = accounts.map((a) => ({ value: a.accountId, label: a.name }));
  if (accountId && !options.some((o) => o.value === accountId))
    options.push({ value: accountId, label: accountId });

  return (
    <Page
      title="MO messages"
      subtitle="What handsets sent to an account's numbers, newest first, and its delivery to the account's webhook."
    >
      <Card>
        <div class="form ops-filters">
          <SelectField
            label="Account"
            value={accountId}
            options={options.length > 0 ? options : [{ value: '', label: 'No account yet' }]}
            onValue={(v) => show({ accountId: v })}
          />
          <SelectField
            label="Status"
            value={params.status}
            options={STATUS_OPTIONS}
            onValue={(v) => show({ status: v })}
          />
        </div>
        <ErrorNote error={list.error} />
        {page && !page.webhookConfigured && (
          <Notice kind="warn">
            {nameOf(page.accountId)} has no webhook configured: its MO messages wait here, tried again on
            their schedule for 24 hours, until one is set on{' '}
            <Link href={`/accounts/${seg(page.accountId)}`}>the account's page</Link>.
          </Notice>
        )}
        {!accountId ? (
          accounts.length === 0 && !list.loading ? (
            <Empty>
              No account yet: <Link href="/accounts">create one</Link> and register an MO number.
            </Empty>
          ) : (
            <Loading label="Loading accounts" />
          )
        ) : list.loading && !page ? (
          <Loading label="Loading MO messages" />
        ) : !page ? null : page.messages.length === 0 ? (
          <Empty>{params.status ? 'No MO message has this status.' : 'No MO message yet.'}</Empty>
        ) : (
          <div class="table-wrap">
            <table class="ops-table">
              <thead>
                <tr>
                  <th>MO</th>
                  <th>From → to</th>
                  <th>Message</th>
                  <th>Webhook delivery</th>
                  <th class="num">Attempts</th>
                  <th>Actions</th>
                </tr>
              </thead>
              <tbody>
                {page.messages.map((mo) => (
                  <tr key={mo.msgKey}>
                    <Cell label="MO" class="ops-nowrap">
                      <Link href={`/mo/${seg(mo.msgKey)}`} class="ops-title" aria-label={`MO ${mo.msgKey}`}>
                        <code>{mo.msgKey}</code>
                      </Link>
                      <span class="ops-sub muted">{time(mo.receivedAt)}</span>
                    </Cell>
                    <Cell label="From → to" class="ops-nowrap">
                      {mo.from} → {mo.to}
                      {mo.originator !== mo.from && <span class="ops-sub muted">device {mo.originator}</span>}
                    </Cell>
                    <Cell label="Message" class="mo-content">
                      {mo.content}
                    </Cell>
                    <Cell label="Webhook delivery">
                      <Delivery mo={mo} configured={page.webhookConfigured} />
                    </Cell>
                    <Cell label="Attempts" class="num">
                      {mo.attempts}
                    </Cell>
                    <Cell label="Actions">
                      {mo.status === 'DELIVERED' || !page.webhookConfigured ? (
                        <Dash />
                      ) : (
                        <Redeliver mo={mo} onDone={() => void list.reload()} />
                      )}
                    </Cell>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {page && (
          <Pager
            next={page.hasNext ? String(page.lastSeq) : null}
            searchedUntil={null}
            atStart={!params.offset || params.offset === '0'}
            noun="MO messages"
            onOlder={(offset) => goTo('/mo', { ...params, offset })}
            onNewest={() => goTo('/mo', { ...params, offset: '' })}
          />
        )}
      </Card>
    </Page>
  );
}
