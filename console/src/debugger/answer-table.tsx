import type { Static } from '@sinclair/typebox';
import { useEffect, useState } from 'preact/hooks';
import type { RequestAnswer } from '../../../src/features/admin/message-request-schemas.ts';
import { seg } from '../api.ts';
import { count } from '../format.ts';
import { Cell } from '../ops/controls.tsx';
import { Link } from '../router.tsx';
import { Button } from '../ui/controls.tsx';
import { Badge } from '../ui/feedback.tsx';
import './debugger.css';

type Answer = Static<typeof RequestAnswer>;

/** Recipients drawn at once: a request of 200 stays a short table, paged. */
export const ANSWER_PAGE = 20;

/**
 * The answer's destinations as the client got them, a page at a time, starting at the page of
 * the message shown (marked as this message).
 */
export function AnswerTable({ answer, msgKey }: { answer: Answer; msgKey: string }) {
  const rows = answer.destinations;
  const mine = rows.findIndex((d) => d.msgKey === msgKey);
  const pages = Math.max(1, Math.ceil(rows.length / ANSWER_PAGE));
  const [page, setPage] = useState(mine < 0 ? 0 : Math.floor(mine / ANSWER_PAGE));
  useEffect(() => setPage(mine < 0 ? 0 : Math.floor(mine / ANSWER_PAGE)), [msgKey, mine]);
  const shown = rows.slice(page * ANSWER_PAGE, (page + 1) * ANSWER_PAGE);
  const first = page * ANSWER_PAGE + 1;
  return (
    <>
      <div class="table-wrap">
        <table class="ops-table dbg-answer">
          <caption class="sr-only">
            The answer's destinations, {first} to {first + shown.length - 1} of {count(rows.length)}
          </caption>
          <thead>
            <tr>
              <th class="num">#</th>
              <th>To (as given)</th>
              <th>Code</th>
              <th>msgKey</th>
              <th>Result</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((d) => {
              const self = d.msgKey === msgKey;
              return (
                <tr
                  key={d.seq}
                  class={self ? 'dbg-answer-self' : undefined}
                  aria-current={self ? 'true' : undefined}
                >
                  <Cell label="#" class="num">
                    {d.seq}
                  </Cell>
                  <Cell label="To">
                    <code>{d.to === '' ? '""' : d.to}</code>
                  </Cell>
                  <Cell label="Code">
                    <Badge status={d.code === 'A000' ? 'delivered' : 'failed'} label={d.code} />
                  </Cell>
                  <Cell label="msgKey">
                    {d.msgKey === '' ? (
                      <span class="muted">none: refused</span>
                    ) : self ? (
                      <span>
                        <code class="dbg-key">{d.msgKey}</code> <span class="dbg-self">this message</span>
                      </span>
                    ) : (
                      <Link href={`/messages/${seg(d.msgKey)}`} aria-label={`Message ${d.msgKey}`}>
                        <code class="dbg-key">{d.msgKey}</code>
                      </Link>
                    )}
                  </Cell>
                  <Cell label="Result" class="dbg-result">
                    {d.result}
                  </Cell>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {pages > 1 && (
        <nav class="ops-pager" aria-label="Pages of the answer">
          <p class="muted ops-pager-note" aria-live="polite">
            Recipients {first}–{first + shown.length - 1} of {count(rows.length)}
          </p>
          <div class="row">
            <Button size="small" disabled={page === 0} onClick={() => setPage(page - 1)}>
              Previous recipients
            </Button>
            <Button size="small" disabled={page >= pages - 1} onClick={() => setPage(page + 1)}>
              Next recipients
            </Button>
          </div>
        </nav>
      )}
    </>
  );
}
