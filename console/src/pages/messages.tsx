import type { Static } from '@sinclair/typebox';
import { useEffect, useState } from 'preact/hooks';
import type { MessagePage, MessageStatus } from '../../../src/features/admin/message-schemas.ts';
import { api, query } from '../api.ts';
import { time } from '../format.ts';
import { useLoad } from '../hooks.ts';
import { goTo, useAddressParams } from '../ops/address.ts';
import {
  AccountSelect,
  Cell,
  Dash,
  DateTimeField,
  Pager,
  toGatewayTime,
  useAccounts,
} from '../ops/controls.tsx';
import { Link } from '../router.tsx';
import { Button, SelectField, TextField } from '../ui/controls.tsx';
import { Badge, Empty, ErrorNote, Loading } from '../ui/feedback.tsx';
import { Card, Page } from '../ui/page.tsx';
import '../ops/ops.css';

const KEYS = ['msgKey', 'to', 'accountId', 'status', 'from', 'until', 'cursor'] as const;
type Filters = Record<Exclude<(typeof KEYS)[number], 'cursor'>, string>;

/** Every status (a Record, so that a status added to the schema fails the type check here). */
const STATUSES: Record<MessageStatus, string> = {
  queued: 'queued: a step waits to be submitted',
  waiting: 'waiting: submitted, result not known',
  held: 'held: reservation or broadcast',
  delivered: 'delivered',
  failed: 'failed',
  uncertain: 'uncertain',
  cancelled: 'cancelled',
};
const STATUS_OPTIONS = [
  { value: '', label: 'Any status' },
  ...Object.entries(STATUSES).map(([value, label]) => ({ value, label })),
];

/** Digits only: a number typed as 010-1234-5678 or with spaces is still the number. */
const digits = (s: string) => s.replace(/[\s-]/g, '');

export function Messages() {
  const { params, key } = useAddressParams(KEYS);
  const { accounts, nameOf } = useAccounts();
  const [form, setForm] = useState<Filters>(params);
  // The address changed (Back, a link, a bookmark): the form shows that search.
  useEffect(() => setForm(params), [key]);
  const set = (k: keyof Filters) => (v: string) => setForm({ ...form, [k]: v });

  const results = useLoad(
    () =>
      api.get<Static<typeof MessagePage>>(
        `/admin/v1/messages${query({
          msgKey: params.msgKey.trim(),
          to: digits(params.to),
          accountId: params.accountId,
          status: params.status,
          from: toGatewayTime(params.from),
          until: toGatewayTime(params.until),
          cursor: params.cursor,
        })}`,
      ),
    [key],
  );

  const search = (e: Event) => {
    e.preventDefault();
    goTo('/messages', { ...form });
  };
  const page = results.data;

  return (
    <Page title="Messages" subtitle="Every account's messages, newest first: find one and open its delivery.">
      <Card title="Search">
        <form class="form ops-filters" onSubmit={search} aria-label="Search messages">
          <TextField label="msgKey" value={form.msgKey} onValue={set('msgKey')} name="msgKey" />
          <TextField
            label="Recipient number"
            value={form.to}
            onValue={set('to')}
            inputMode="tel"
            name="to"
            placeholder="01012345678"
          />
          <AccountSelect accounts={accounts} value={form.accountId} onValue={set('accountId')} />
          <SelectField label="Status" value={form.status} options={STATUS_OPTIONS} onValue={set('status')} />
          <DateTimeField label="From (Korea time)" value={form.from} onValue={set('from')} />
          <DateTimeField label="Until (Korea time)" value={form.until} onValue={set('until')} />
          <div class="row ops-form-actions">
            <Button type="submit" variant="primary">
              Search
            </Button>
            <Button onClick={() => goTo('/messages', {})}>Clear</Button>
          </div>
        </form>
      </Card>
      <Card title="Results">
        <ErrorNote error={results.error} />
        {results.loading && !page ? (
          <Loading label="Searching" />
        ) : !page ? null : page.messages.length === 0 ? (
          <Empty>
            {page.searchedUntil
              ? 'No message matches among the most recent ones looked at.'
              : 'No message matches this search.'}
          </Empty>
        ) : (
          <div class="table-wrap">
            <table class="ops-table">
              <thead>
                <tr>
                  <th>msgKey</th>
                  <th>Recipient</th>
                  <th>Account</th>
                  <th>Status</th>
                  <th>Step</th>
                  <th>Report</th>
                  <th>Accepted</th>
                </tr>
              </thead>
              <tbody>
                {page.messages.map((m) => (
                  <tr key={m.msgKey}>
                    <Cell label="msgKey">
                      <Link
                        href={`/messages/${encodeURIComponent(m.msgKey)}`}
                        aria-label={`Message ${m.msgKey} to ${m.to}`}
                      >
                        <code>{m.msgKey}</code>
                      </Link>
                    </Cell>
                    <Cell label="Recipient" class="ops-nowrap">
                      {m.to}
                    </Cell>
                    <Cell label="Account">{nameOf(m.accountId)}</Cell>
                    <Cell label="Status">
                      <Badge status={m.status} />
                    </Cell>
                    <Cell label="Step" class="num">
                      {m.step + 1}
                    </Cell>
                    <Cell label="Report">
                      {m.reportCode ? (
                        <span>
                          <code>{m.reportCode}</code> <span class="muted">{m.reportText}</span>
                        </span>
                      ) : (
                        <Dash />
                      )}
                    </Cell>
                    <Cell label="Accepted" class="ops-nowrap">
                      {time(m.createdAt)}
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
            noun="messages"
            onOlder={(cursor) => goTo('/messages', { ...params, cursor })}
            onNewest={() => goTo('/messages', { ...params, cursor: '' })}
          />
        )}
      </Card>
    </Page>
  );
}
