import { useState } from 'preact/hooks';
import { DemoCard } from '../accounts/demo-card.tsx';
import { ShownOnce } from '../accounts/shown-once.tsx';
import type { AccountList, CreatedAccount } from '../accounts/types.ts';
import { api } from '../api.ts';
import { time } from '../format.ts';
import { useAction, useLoad } from '../hooks.ts';
import { Link } from '../router.tsx';
import { Button, TextField } from '../ui/controls.tsx';
import { Badge, Empty, ErrorNote, Loading } from '../ui/feedback.tsx';
import { Card, Page } from '../ui/page.tsx';
import '../accounts/accounts.css';

/** Accounts shown per page of the list (the operator API answers them all at once). */
const PAGE_SIZE = 25;

function CreateAccount({ onCreated }: { onCreated: () => void }) {
  const [name, setName] = useState('');
  const [created, setCreated] = useState<CreatedAccount | null>(null);
  const action = useAction();
  const submit = async (e: Event) => {
    e.preventDefault();
    let answer: CreatedAccount | null = null;
    const ok = await action.run(async () => {
      answer = await api.post<CreatedAccount>('/admin/v1/accounts', { name });
    });
    if (ok && answer) {
      setCreated(answer);
      setName('');
      onCreated();
    }
  };
  return (
    <Card title="Create an account">
      <form class="form" onSubmit={submit}>
        <TextField label="Account name" value={name} onValue={setName} required maxLength={100} />
        <Button type="submit" variant="primary" busy={action.busy}>
          Create account
        </Button>
      </form>
      <ErrorNote error={action.error} />
      {created && (
        <ShownOnce title="New API key" value={created.apiKey} onDone={() => setCreated(null)}>
          <p class="muted">
            Account <Link href={`/accounts/${created.accountId}`}>{created.accountId}</Link> was created with
            its first key <code>{created.keyId}</code>. Clients send the key as the <code>Authorization</code>{' '}
            header of the client API.
          </p>
        </ShownOnce>
      )}
    </Card>
  );
}

export function Accounts() {
  const list = useLoad(() => api.get<AccountList>('/admin/v1/accounts'), []);
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(0);
  const needle = filter.trim().toLowerCase();
  const all = list.data?.accounts ?? [];
  const shown = needle
    ? all.filter((a) => a.name.toLowerCase().includes(needle) || a.accountId.toLowerCase().includes(needle))
    : all;
  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const rows = shown.slice(current * PAGE_SIZE, (current + 1) * PAGE_SIZE);

  return (
    <Page title="Accounts" subtitle="Client accounts, their API keys and what they may send as.">
      <CreateAccount onCreated={() => void list.reload()} />
      <DemoCard onCreated={() => void list.reload()} />
      <Card
        title="All accounts"
        actions={
          <div class="accounts-filter">
            <TextField
              label="Filter by name or ID"
              value={filter}
              onValue={(v) => {
                setFilter(v);
                setPage(0);
              }}
              inputMode="search"
            />
          </div>
        }
      >
        <ErrorNote error={list.error} />
        {list.loading && !list.data ? (
          <Loading label="Loading accounts" />
        ) : shown.length === 0 ? (
          <Empty>
            {all.length === 0 ? 'No accounts yet: create the first one above.' : 'No account matches.'}
          </Empty>
        ) : (
          <>
            <div class="table-wrap">
              <table class="acc-rtable">
                <thead>
                  <tr>
                    <th>Name</th>
                    <th>Account ID</th>
                    <th>Reports</th>
                    <th>Created</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((a) => (
                    <tr key={a.accountId}>
                      <td data-label="Name">
                        <Link href={`/accounts/${a.accountId}`}>{a.name}</Link>
                      </td>
                      <td data-label="Account ID">
                        <code>{a.accountId}</code>
                      </td>
                      <td data-label="Reports">
                        <Badge status={a.reportMode} />
                      </td>
                      <td class="acc-nowrap" data-label="Created">
                        {time(a.createdAt)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {pages > 1 && (
              <nav class="acc-pager" aria-label="Pages of accounts">
                <Button size="small" disabled={current === 0} onClick={() => setPage(current - 1)}>
                  Previous
                </Button>
                <span class="muted">
                  Page {current + 1} of {pages} ({shown.length} accounts)
                </span>
                <Button size="small" disabled={current >= pages - 1} onClick={() => setPage(current + 1)}>
                  Next
                </Button>
              </nav>
            )}
          </>
        )}
      </Card>
    </Page>
  );
}
