import type { Static } from '@sinclair/typebox';
import type { ComponentChildren } from 'preact';
import type { AccountList } from '../../../src/features/admin/schemas.ts';
import { api } from '../api.ts';
import { time } from '../format.ts';
import { useLoad } from '../hooks.ts';
import { Button, FieldShell, type Option, SelectField } from '../ui/controls.tsx';

/* Controls the operator's list pages share: account picker, date-time field, confirmation, pager. */

export type AccountSummary = Static<typeof AccountList>['accounts'][number];

/** Every account (the operator API answers them all at once), loaded once per page. */
export function useAccounts(): {
  accounts: readonly AccountSummary[];
  nameOf: (accountId: string) => string;
} {
  const loaded = useLoad(() => api.get<Static<typeof AccountList>>('/admin/v1/accounts'), []);
  const accounts = loaded.data?.accounts ?? [];
  const names = new Map(accounts.map((a) => [a.accountId, a.name]));
  return { accounts, nameOf: (id) => names.get(id) ?? id };
}

/** "Any account" and every account by name. */
export function AccountSelect({
  accounts,
  value,
  onValue,
}: {
  accounts: readonly AccountSummary[];
  value: string;
  onValue: (v: string) => void;
}) {
  const options: Option[] = [{ value: '', label: 'Any account' }];
  for (const a of accounts) options.push({ value: a.accountId, label: a.name });
  // An account in the address that the list does not know (yet, or any more) stays selectable.
  if (value && !options.some((o) => o.value === value)) options.push({ value, label: value });
  return <SelectField label="Account" value={value} options={options} onValue={onValue} />;
}

/**
 * A Korea-time date and time (the gateway's zone, whatever the browser's). The value is the
 * input's own `yyyy-MM-ddTHH:mm`; `toGatewayTime` makes it what the operator API reads.
 */
export function DateTimeField({
  label,
  value,
  onValue,
  hint,
}: {
  label: string;
  value: string;
  onValue: (v: string) => void;
  hint?: string;
}) {
  return (
    <FieldShell label={label} hint={hint}>
      {(id, hintId) => (
        <input
          id={id}
          type="datetime-local"
          step={1}
          value={value}
          aria-describedby={hintId}
          onInput={(e) => onValue(e.currentTarget.value)}
        />
      )}
    </FieldShell>
  );
}

/** `yyyy-MM-ddTHH:mm[:ss]` (Korea time) as `yyyy-MM-dd HH:mm:ss`; "" stays "". */
export function toGatewayTime(local: string): string {
  if (!local) return '';
  const withSeconds = /T\d{2}:\d{2}$/.test(local) ? `${local}:00` : local;
  return withSeconds.replace('T', ' ');
}

/**
 * Below a list: how far the last call looked when it stopped at its window, and the way on to
 * older rows (`next`), or back to the newest.
 */
export function Pager({
  next,
  searchedUntil,
  atStart,
  noun,
  onOlder,
  onNewest,
}: {
  next: string | null;
  searchedUntil: string | null;
  atStart: boolean;
  noun: string;
  onOlder: (cursor: string) => void;
  onNewest: () => void;
}) {
  if (!next && atStart) return null;
  return (
    <nav class="ops-pager" aria-label={`Pages of ${noun}`}>
      {searchedUntil && (
        <p class="muted ops-pager-note">
          Looked through {noun} back to {time(searchedUntil)}; older ones were not searched yet.
        </p>
      )}
      <div class="row">
        {!atStart && (
          <Button size="small" onClick={onNewest}>
            Newest
          </Button>
        )}
        {next && (
          <Button size="small" onClick={() => onOlder(next)}>
            {searchedUntil ? 'Search older' : 'Older'}
          </Button>
        )}
      </div>
    </nav>
  );
}

/** A labelled cell: on a phone each row becomes a card and the label is shown before the value. */
export function Cell({
  label,
  children,
  class: cls,
}: {
  label: string;
  children?: ComponentChildren;
  class?: string;
}) {
  return (
    <td data-label={label} class={cls}>
      <div class="ops-cell">{children}</div>
    </td>
  );
}

/** Nothing to show in a cell. */
export function Dash() {
  return <span class="muted">—</span>;
}
