import { useState } from 'preact/hooks';
import { api, seg } from '../api.ts';
import { time } from '../format.ts';
import { useAction } from '../hooks.ts';
import { ConfirmButton } from '../ui/confirm.tsx';
import { Button, TextField } from '../ui/controls.tsx';
import { Empty, ErrorNote } from '../ui/feedback.tsx';
import { Card } from '../ui/page.tsx';
import { accountPath, type Sender } from './types.ts';

function SenderRow({
  accountId,
  s,
  onChanged,
}: {
  accountId: string;
  s: Sender;
  onChanged: () => Promise<void>;
}) {
  const remove = useAction();
  return (
    <li class="reg-item">
      <div>
        <code>{s.number}</code> <span class="muted acc-small">since {time(s.createdAt)}</span>
        <ErrorNote error={remove.error} />
      </div>
      <ConfirmButton
        label="Remove"
        name={`Remove sender number ${s.number}`}
        question={`Remove ${s.number}? Sends from it are refused (A327).`}
        confirmLabel="Remove number"
        busy={remove.busy}
        onConfirm={() =>
          remove.run(async () => {
            await api.del(`${accountPath(accountId)}/senders/${seg(s.number)}`);
            await onChanged();
          })
        }
      />
    </li>
  );
}

/** Registered sender numbers: the `from` values the account may send SMS and MMS from. */
export function SendersCard({
  accountId,
  senders,
  onChanged,
}: {
  accountId: string;
  senders: readonly Sender[];
  onChanged: () => Promise<void>;
}) {
  const [number, setNumber] = useState('');
  const add = useAction();
  const submit = async (e: Event) => {
    e.preventDefault();
    const ok = await add.run(async () => {
      await api.post(`${accountPath(accountId)}/senders`, { number: number.trim() });
      await onChanged();
    });
    if (ok) setNumber('');
  };
  return (
    <Card title="Sender numbers">
      <form class="form" onSubmit={submit}>
        <TextField
          label="Sender number"
          value={number}
          onValue={setNumber}
          hint="Digits only, 8 to 15 (0212345678, 15881234)"
          inputMode="tel"
          required
        />
        <Button type="submit" busy={add.busy}>
          Add number
        </Button>
      </form>
      <ErrorNote error={add.error} />
      {senders.length === 0 ? (
        <Empty>No sender numbers: SMS and MMS sends are refused (A327) until one is added.</Empty>
      ) : (
        <ul class="reg-list" aria-label="Sender numbers">
          {senders.map((s) => (
            <SenderRow key={s.number} accountId={accountId} s={s} onChanged={onChanged} />
          ))}
        </ul>
      )}
    </Card>
  );
}
