import { useState } from 'preact/hooks';
import { api, seg } from '../api.ts';
import { time } from '../format.ts';
import { useAction } from '../hooks.ts';
import { ConfirmButton } from '../ui/confirm.tsx';
import { Button } from '../ui/controls.tsx';
import { Badge, Empty, ErrorNote } from '../ui/feedback.tsx';
import { Card } from '../ui/page.tsx';
import { ShownOnce } from './shown-once.tsx';
import { accountPath, type CreatedKey, type Key } from './types.ts';

function KeyRow({ k, onChanged }: { k: Key; onChanged: () => Promise<void> }) {
  const dlr = useAction();
  const revoke = useAction();
  const revoked = k.revokedAt !== null;
  // What the box shows while the change is on its way (the gateway's value once answered).
  const [pending, setPending] = useState<boolean | null>(null);
  return (
    <>
      <tr>
        <td data-label="Key">
          <code>{k.prefix}…</code>
          <div class="muted acc-small">
            <code>{k.keyId}</code>
          </div>
        </td>
        <td class="acc-nowrap" data-label="Created">
          {time(k.createdAt)}
        </td>
        <td data-label="Status">
          {revoked ? (
            <>
              <Badge status="revoked" />
              <div class="muted acc-small acc-nowrap">{time(k.revokedAt)}</div>
            </>
          ) : (
            <Badge status="active" label="active" />
          )}
        </td>
        <td data-label="DLR">
          <label class="inline-check">
            <input
              type="checkbox"
              checked={pending ?? k.dlr}
              disabled={revoked || dlr.busy}
              aria-label={`International DLR records for key ${k.prefix}`}
              onChange={async (e) => {
                const on = e.currentTarget.checked;
                setPending(on);
                await dlr.run(async () => {
                  await api.patch(`/admin/v1/keys/${seg(k.keyId)}`, { dlr: on });
                  await onChanged();
                });
                // Answered or refused: the box shows what the gateway holds.
                setPending(null);
              }}
            />
            <span aria-hidden="true">{(pending ?? k.dlr) ? 'on' : 'off'}</span>
          </label>
        </td>
        <td class="actions">
          {!revoked && (
            <ConfirmButton
              label="Revoke"
              name={`Revoke key ${k.prefix}`}
              question={`Revoke key ${k.prefix}… for good? Clients using it are refused at once.`}
              confirmLabel="Revoke key"
              busy={revoke.busy}
              onConfirm={() =>
                revoke.run(async () => {
                  await api.del(`/admin/v1/keys/${seg(k.keyId)}`);
                  await onChanged();
                })
              }
            />
          )}
        </td>
      </tr>
      {(dlr.error || revoke.error) && (
        <tr>
          <td colSpan={5}>
            <ErrorNote error={dlr.error ?? revoke.error} />
          </td>
        </tr>
      )}
    </>
  );
}

/** The account's API keys: a new one is shown once; old ones are listed by prefix and revoked. */
export function KeysCard({
  accountId,
  keys,
  onChanged,
}: {
  accountId: string;
  keys: readonly Key[];
  onChanged: () => Promise<void>;
}) {
  const [created, setCreated] = useState<CreatedKey | null>(null);
  const create = useAction();
  const active = keys.filter((k) => k.revokedAt === null).length;
  return (
    <Card
      title="API keys"
      actions={
        <Button
          variant="primary"
          size="small"
          busy={create.busy}
          onClick={() =>
            void create.run(async () => {
              setCreated(await api.post<CreatedKey>(`${accountPath(accountId)}/keys`));
              await onChanged();
            })
          }
        >
          Create API key
        </Button>
      }
    >
      <p class="muted card-intro">
        {active} active of {keys.length}. Rotate by creating a new key, moving clients to it, then revoking
        the old one. DLR: international delivery receipts are recorded for sends made with the key.
      </p>
      <ErrorNote error={create.error} />
      {created && <ShownOnce title="New API key" value={created.apiKey} onDone={() => setCreated(null)} />}
      {keys.length === 0 ? (
        <Empty>No keys.</Empty>
      ) : (
        <div class="table-wrap">
          <table class="acc-rtable">
            <thead>
              <tr>
                <th>Key</th>
                <th>Created</th>
                <th>Status</th>
                <th>DLR</th>
                <th>
                  <span class="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.map((k) => (
                <KeyRow key={k.keyId} k={k} onChanged={onChanged} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
