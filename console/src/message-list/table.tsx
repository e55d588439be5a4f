import type { Static } from '@sinclair/typebox';
import { useRef } from 'preact/hooks';
import type { MessageRow } from '../../../src/features/admin/message-schemas.ts';
import { time } from '../format.ts';
import { Cell, Dash } from '../ops/controls.tsx';
import { Link } from '../router.tsx';
import { Badge } from '../ui/feedback.tsx';
import { useKeepPlace } from './keep-place.ts';

type Row = Static<typeof MessageRow>;

/** What the recipient got of the message's current step: its title (if any) and text. */
function Text({ m }: { m: Row }) {
  if (!m.title && !m.text) return <Dash />;
  return (
    <span class="msg-text">
      {m.title && <strong>{m.title} </strong>}
      {m.text}
    </span>
  );
}

/**
 * The Messages page's table. Rows are keyed by msgKey, so that a poll that brings new messages
 * adds rows at the top and leaves the others as they are, and the reader's place among them is
 * kept (keep-place.ts); `fresh` rows are lit up for a moment.
 */
export function MessageTable({
  messages,
  fresh,
  nameOf,
}: {
  messages: readonly Row[];
  fresh: ReadonlySet<string>;
  nameOf: (accountId: string) => string;
}) {
  const body = useRef<HTMLTableSectionElement>(null);
  useKeepPlace(messages, body);
  return (
    <div class="table-wrap">
      <table class="ops-table">
        <thead>
          <tr>
            <th>msgKey</th>
            <th>Recipient</th>
            <th>Text</th>
            <th>Account</th>
            <th>Status</th>
            <th>Step</th>
            <th>Report</th>
            <th>Accepted</th>
          </tr>
        </thead>
        <tbody ref={body}>
          {messages.map((m) => (
            <tr key={m.msgKey} data-key={m.msgKey} class={fresh.has(m.msgKey) ? 'msg-new' : undefined}>
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
                {m.sender && <span class="ops-sub muted">from {m.sender}</span>}
              </Cell>
              <Cell label="Text">
                <Text m={m} />
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
              <Cell label="Accepted" class="msg-time">
                {time(m.createdAt)}
              </Cell>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
