import type { Static } from '@sinclair/typebox';
import { useEffect, useState } from 'preact/hooks';
import type { RefusedPage } from '../../../src/features/debugger/refused-schemas.ts';
import { api, query, seg } from '../api.ts';
import { time } from '../format.ts';
import { useLoad } from '../hooks.ts';
import { goTo, useAddressParams } from '../ops/address.ts';
import { AccountSelect, Cell, Dash, Pager, useAccounts } from '../ops/controls.tsx';
import { Link } from '../router.tsx';
import { Button, TextField } from '../ui/controls.tsx';
import { Empty, ErrorNote, Loading } from '../ui/feedback.tsx';
import { Card, Page } from '../ui/page.tsx';
import '../ops/ops.css';
import { Breakable } from '../debugger/kept-json.tsx';
import '../debugger/refused.css';

export { RefusedRequestPage as RefusedRequest } from '../debugger/refused-detail.tsx';

const KEYS = ['accountId', 'code', 'cursor'] as const;

/** How long they are kept, as the list says it (0: for good). */
function kept(hours: number): string {
  if (hours === 0) return 'Kept until deleted by hand.';
  if (hours % 24 === 0) return `Kept ${hours / 24 === 1 ? '24 hours' : `${hours / 24} days`}.`;
  return `Kept ${hours} hour${hours === 1 ? '' : 's'}.`;
}

/**
 * Refused client requests, newest first: why a client's call was refused. Live on the newest page
 * (every 4 s while the tab is visible: one indexed read of a page).
 */
export function Refused() {
  const { params, key } = useAddressParams(KEYS);
  const { accounts, nameOf } = useAccounts();
  const [code, setCode] = useState(params.code);
  useEffect(() => setCode(params.code), [params.code]);
  const list = useLoad(
    () =>
      api.get<Static<typeof RefusedPage>>(
        `/admin/v1/refused-requests${query({ ...params, code: params.code.trim().toUpperCase() })}`,
      ),
    [key],
    params.cursor ? undefined : 4000,
  );
  const show = (next: Record<string, string>) => goTo('/refused', { ...params, cursor: '', ...next });
  const page = list.data;

  return (
    <Page
      title="Refused requests"
      subtitle={`Client API calls answered 4xx, and sends whose every recipient was refused: why each was refused. ${page ? kept(page.keptHours) : ''}`}
    >
      <Card>
        <form
          class="form ops-filters"
          aria-label="Filter refused requests"
          onSubmit={(e) => {
            e.preventDefault();
            show({ code });
          }}
        >
          <AccountSelect
            accounts={accounts}
            value={params.accountId}
            onValue={(v) => show({ accountId: v })}
          />
          <TextField
            label="Result code"
            value={code}
            onValue={setCode}
            name="code"
            placeholder="A306"
            maxLength={20}
          />
          <div class="row ops-form-actions">
            <Button type="submit" variant="primary">
              Filter
            </Button>
            <Button onClick={() => goTo('/refused', {})}>Clear</Button>
          </div>
        </form>
        <ErrorNote error={list.error} />
        {list.loading && !page ? (
          <Loading label="Loading refused requests" />
        ) : !page ? null : page.requests.length === 0 ? (
          <Empty>
            {page.searchedUntil
              ? 'None matches among the most recent ones looked at.'
              : 'No refused request matches. Refusals appear here as they happen.'}
          </Empty>
        ) : (
          <div class="table-wrap">
            <table class="ops-table" aria-label="Refused requests">
              <thead>
                <tr>
                  <th>Code</th>
                  <th>Why</th>
                  <th>Request</th>
                  <th>Account</th>
                  <th class="num">HTTP</th>
                  <th>Answered</th>
                </tr>
              </thead>
              <tbody>
                {page.requests.map((r) => (
                  <tr key={r.id}>
                    <Cell label="Code">
                      <Link
                        href={`/refused/${seg(r.id)}`}
                        class="refused-code"
                        aria-label={`Refused request ${r.id}: ${r.code} on ${r.method} ${r.route ?? r.path}`}
                      >
                        {r.code}
                      </Link>
                    </Cell>
                    <Cell label="Why" class="refused-text">
                      {r.result}
                    </Cell>
                    <Cell label="Request" class="refused-request">
                      <span class="refused-method">{r.method}</span>
                      <code>
                        <Breakable text={r.route ?? r.path} />
                      </code>
                    </Cell>
                    <Cell label="Account">
                      {r.accountId ? (
                        nameOf(r.accountId)
                      ) : r.keyPrefix ? (
                        <span class="muted">key {r.keyPrefix}… not known</span>
                      ) : (
                        <Dash />
                      )}
                    </Cell>
                    <Cell label="HTTP" class="num">
                      {r.status}
                    </Cell>
                    <Cell label="Answered" class="ops-nowrap">
                      {time(r.at)}
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
            noun="refused requests"
            onOlder={(cursor) => goTo('/refused', { ...params, cursor })}
            onNewest={() => goTo('/refused', { ...params, cursor: '' })}
          />
        )}
      </Card>
    </Page>
  );
}
