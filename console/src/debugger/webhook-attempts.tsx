import type { Static } from '@sinclair/typebox';
import type { WebhookAttempt } from '../../../src/features/admin/webhook-attempt-schemas.ts';
import { time } from '../format.ts';
import { Badge, Empty } from '../ui/feedback.tsx';
import { Breakable } from './kept-json.tsx';
import './debugger.css';

type Attempt = Static<typeof WebhookAttempt>;

function Request({ a }: { a: Attempt }) {
  return (
    <details class="dbg-request">
      <summary>Request</summary>
      <p class="dbg-request-line">
        <code>
          {a.request.method}{' '}
          {a.request.url ? (
            <Breakable text={a.request.url} />
          ) : (
            "the account's webhook (its URL is not kept for a success)"
          )}
        </code>
      </p>
      <table class="dbg-headers">
        <caption class="sr-only">Headers</caption>
        <tbody>
          {a.request.headers.map((h) => (
            <tr key={h.name}>
              <th scope="row">{h.name}</th>
              <td>
                {h.value === null ? (
                  <span class="muted">not kept</span>
                ) : h.masked ? (
                  <span>
                    <span aria-hidden="true">{h.value}</span>
                    <span class="muted dbg-masked"> masked</span>
                  </span>
                ) : (
                  <code>{h.value}</code>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/**
 * Every post of a report or an MO to its webhook, oldest first: when, the answer's status or the
 * error, and the request (URL, headers by name, signatures masked). The body is the same for every
 * post and is shown once beside the list.
 */
export function WebhookAttempts({
  attempts,
  omitted,
  what,
  none = 'Not posted yet.',
}: {
  attempts: readonly Attempt[];
  omitted: boolean;
  /** "report #3", "MO mo0..": names the list. */
  what: string;
  /** What an empty list says. */
  none?: string | undefined;
}) {
  if (attempts.length === 0) return <Empty>{none}</Empty>;
  return (
    <>
      {omitted && <p class="muted dbg-note">Older failed attempts are not listed: the latest 100 are.</p>}
      <ol class="dbg-attempts" aria-label={`Webhook attempts of ${what}`}>
        {attempts.map((a, i) => (
          <li key={`${a.at}-${i}`} class={`dbg-attempt dbg-attempt-${a.acknowledged ? 'ok' : 'bad'}`}>
            <div class="dbg-attempt-head">
              {!omitted && <span class="dbg-attempt-n">Attempt {i + 1}</span>}
              <Badge
                status={a.acknowledged ? 'delivered' : 'failed'}
                label={a.acknowledged ? 'acknowledged' : 'failed'}
              />
              <code class="dbg-status">{a.status === null ? 'no HTTP status' : `HTTP ${a.status}`}</code>
              <span class="muted dbg-time">{time(a.at)}</span>
            </div>
            {a.error && <p class="dbg-attempt-error">{a.error}</p>}
            <Request a={a} />
          </li>
        ))}
      </ol>
    </>
  );
}
