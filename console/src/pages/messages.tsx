import type { Static } from '@sinclair/typebox';
import { useEffect, useState } from 'preact/hooks';
import type { MessagePage, MessageStatus } from '../../../src/features/admin/message-schemas.ts';
import { api, query } from '../api.ts';
import { useLoad } from '../hooks.ts';
import { ExportLinks } from '../message-list/export-links.tsx';
import { useFresh } from '../message-list/fresh.ts';
import { MessageTable } from '../message-list/table.tsx';
import { goTo, type Params, useAddressParams } from '../ops/address.ts';
import { AccountSelect, DateTimeField, Pager, toGatewayTime, useAccounts } from '../ops/controls.tsx';
import { Button, SelectField, TextField } from '../ui/controls.tsx';
import { Empty, ErrorNote, Loading } from '../ui/feedback.tsx';
import { Card, Page } from '../ui/page.tsx';
import '../ops/ops.css';
import '../message-list/message-list.css';

const KEYS = ['msgKey', 'to', 'sender', 'text', 'accountId', 'status', 'from', 'until', 'cursor'] as const;
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

/**
 * How often the newest page asks again. A search that an index serves costs one indexed query a
 * look; one with a filter no index serves (recipient, status, sender, text) looks through a window
 * of recent messages each time, so it looks less often.
 */
const LIVE_MS = 3000;
const LIVE_SCAN_MS = 10_000;

/** Digits only: a number typed as 010-1234-5678 or with spaces is still the number. */
const digits = (s: string) => s.replace(/[\s-]/g, '');

/** The search as the operator API reads it (the list's and the export's), from the address. */
function apiSearch(p: Params<(typeof KEYS)[number]>): Record<string, string> {
  return {
    msgKey: p.msgKey.trim(),
    to: digits(p.to),
    sender: digits(p.sender),
    text: p.text.trim(),
    accountId: p.accountId,
    status: p.status,
    from: toGatewayTime(p.from),
    until: toGatewayTime(p.until),
  };
}

export function Messages() {
  const { params, key } = useAddressParams(KEYS);
  const { accounts, nameOf } = useAccounts();
  const [form, setForm] = useState<Filters>(params);
  // The address changed (Back, a link, a bookmark): the form shows that search.
  useEffect(() => setForm(params), [key]);
  const set = (k: keyof Filters) => (v: string) => setForm({ ...form, [k]: v });

  const search = apiSearch(params);
  // The newest page is live; an older page stays as it was read (its rows would shift under the reader).
  const live = !params.cursor;
  const scans = Boolean(search.to || search.status || search.sender || search.text);
  const results = useLoad(
    () =>
      api.get<Static<typeof MessagePage>>(`/admin/v1/messages${query({ ...search, cursor: params.cursor })}`),
    [key],
    live ? (scans ? LIVE_SCAN_MS : LIVE_MS) : undefined,
  );
  const page = results.data;
  const fresh = useFresh(key, page?.messages);

  const submit = (e: Event) => {
    e.preventDefault();
    goTo('/messages', { ...form });
  };

  return (
    <Page title="Messages" subtitle="Every account's messages, newest first: find one and open its delivery.">
      <Card title="Search">
        <form class="form ops-filters" onSubmit={submit} aria-label="Search messages">
          <TextField label="msgKey" value={form.msgKey} onValue={set('msgKey')} name="msgKey" />
          <TextField
            label="Recipient number"
            value={form.to}
            onValue={set('to')}
            inputMode="tel"
            name="to"
            placeholder="01012345678"
          />
          <TextField
            label="Sender number"
            value={form.sender}
            onValue={set('sender')}
            inputMode="tel"
            name="sender"
            placeholder="0212345678"
          />
          <TextField
            label="Text"
            value={form.text}
            onValue={set('text')}
            name="text"
            placeholder="a part of what was sent"
            maxLength={200}
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
      <Card
        title="Results"
        actions={
          <>
            {live ? (
              <span class="msg-live">Live: new messages appear at the top</span>
            ) : (
              <span class="msg-paused">Older messages: not live</span>
            )}
            <ExportLinks search={search} />
          </>
        }
      >
        <p class="sr-only" role="status">
          {fresh.size === 0 ? '' : fresh.size === 1 ? '1 new message' : `${fresh.size} new messages`}
        </p>
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
          <MessageTable messages={page.messages} fresh={fresh} nameOf={nameOf} />
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
