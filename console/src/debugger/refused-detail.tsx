import type { Static } from '@sinclair/typebox';
import type { RefusedDetail } from '../../../src/features/debugger/refused-schemas.ts';
import { api, seg } from '../api.ts';
import { time } from '../format.ts';
import { useLoad } from '../hooks.ts';
import { Cell, Dash, useAccounts } from '../ops/controls.tsx';
import { Link } from '../router.tsx';
import { CopyButton, Empty, ErrorNote, Loading } from '../ui/feedback.tsx';
import { Card, Facts, Page } from '../ui/page.tsx';
import { Breakable, KeptJson } from './kept-json.tsx';
import '../ops/ops.css';
import './refused.css';

type Detail = Static<typeof RefusedDetail>;

interface Recipient {
  to: string;
  code: string;
  result: string;
}

/** The per-recipient results of a send's answer (a send whose every recipient was refused). */
function recipientsOf(answer: string): Recipient[] {
  try {
    const list: unknown = JSON.parse(answer)?.data?.data?.destinations;
    if (!Array.isArray(list)) return [];
    return list.map((d) => ({
      to: typeof d?.to === 'string' ? d.to : '',
      code: typeof d?.code === 'string' ? d.code : '',
      result: typeof d?.result === 'string' ? d.result : '',
    }));
  } catch {
    return [];
  }
}

function Recipients({ list }: { list: readonly Recipient[] }) {
  return (
    <div class="table-wrap">
      <table class="ops-table">
        <thead>
          <tr>
            <th>Recipient</th>
            <th>Code</th>
            <th>Why</th>
          </tr>
        </thead>
        <tbody>
          {list.map((r, i) => (
            // Recipients repeat (the same number twice): their place in the answer is their key.
            <tr key={i}>
              <Cell label="Recipient">{r.to || <Dash />}</Cell>
              <Cell label="Code">
                <span class="refused-code">{r.code}</span>
              </Cell>
              <Cell label="Why" class="refused-text">
                {r.result}
              </Cell>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Body({ r }: { r: Detail }) {
  if (r.body === null) {
    return <Empty>{r.bodyNote ? `No body: ${r.bodyNote}.` : 'The request had no body.'}</Empty>;
  }
  return (
    <>
      {r.bodyFormat === 'text' && (
        <p class="muted">Not JSON: the text as it was sent (what the gateway could not parse).</p>
      )}
      <KeptJson label="Request body" text={r.body} truncated={r.bodyTruncated} size={r.bodySize} />
    </>
  );
}

/** One refused request: what was sent (the body as parsed, masked) and what was answered. */
export function RefusedRequestPage({ id }: { id: string }) {
  const loaded = useLoad(() => api.get<Detail>(`/admin/v1/refused-requests/${seg(id)}`), [id]);
  const { nameOf } = useAccounts();
  const r = loaded.data;
  const recipients = r && r.status < 300 ? recipientsOf(r.answer) : [];
  return (
    <Page
      title="Refused request"
      subtitle={r ? `${r.code} · ${r.result}` : undefined}
      actions={<Link href="/refused">Back to refused requests</Link>}
    >
      <ErrorNote error={loaded.error} />
      {!r ? (
        loaded.loading && <Loading label="Loading the refused request" />
      ) : (
        <>
          <Card title="What was refused">
            <div class="ops-facts">
              <Facts
                rows={[
                  [
                    'Code',
                    <span key="c" class="refused-code">
                      {r.code}
                    </span>,
                  ],
                  ['HTTP status', String(r.status)],
                  ['Answered', time(r.at)],
                  [
                    'Request',
                    <span key="q" class="refused-request">
                      <span class="refused-method">{r.method}</span>
                      <code>
                        <Breakable text={r.path} />
                      </code>
                    </span>,
                  ],
                  [
                    'Route',
                    r.route ? (
                      <code key="r">
                        <Breakable text={r.route} />
                      </code>
                    ) : (
                      'none: no such path'
                    ),
                  ],
                  [
                    'Account',
                    r.accountId ? (
                      <Link key="a" href={`/accounts/${seg(r.accountId)}`}>
                        {nameOf(r.accountId)}
                      </Link>
                    ) : (
                      'not known'
                    ),
                  ],
                  [
                    'API key',
                    r.keyId ? (
                      <code key="k">{r.keyId}</code>
                    ) : r.keyPrefix ? (
                      `${r.keyPrefix}… (unknown)`
                    ) : (
                      'none given'
                    ),
                  ],
                  ['Key begins', r.keyPrefix ? <code key="p">{r.keyPrefix}…</code> : '—'],
                  ['Client', r.clientAddress],
                  ['User agent', r.userAgent ?? '—'],
                  [
                    'trId',
                    <span key="t" class="row">
                      <code data-copy-source={r.trId}>{r.trId}</code>{' '}
                      <CopyButton text={r.trId} label="Copy trId" />
                    </span>,
                  ],
                ]}
              />
            </div>
          </Card>
          {recipients.length > 0 && (
            <Card title="Recipients">
              <Recipients list={recipients} />
            </Card>
          )}
          <Card title="Request body">
            <Body r={r} />
          </Card>
          <Card title="Answer">
            <KeptJson label="Answer" text={r.answer} truncated={r.answerTruncated} />
          </Card>
        </>
      )}
    </Page>
  );
}
