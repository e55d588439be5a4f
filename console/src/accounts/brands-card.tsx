import { useState } from 'preact/hooks';
import { api, seg } from '../api.ts';
import { time } from '../format.ts';
import { useAction } from '../hooks.ts';
import { ConfirmButton } from '../ui/confirm.tsx';
import { Button, TextField } from '../ui/controls.tsx';
import { Badge, Empty, ErrorNote } from '../ui/feedback.tsx';
import { Card } from '../ui/page.tsx';
import { accountPath, type Brand } from './types.ts';

const EMPTY = { brandId: '', brandKey: '', name: '', status: '' };

function BrandForm({ accountId, onChanged }: { accountId: string; onChanged: () => Promise<void> }) {
  const [d, setD] = useState(EMPTY);
  const save = useAction();
  const set = (k: keyof typeof EMPTY) => (v: string) => setD((prev) => ({ ...prev, [k]: v }));
  const submit = async (e: Event) => {
    e.preventDefault();
    const ok = await save.run(async () => {
      await api.post(`${accountPath(accountId)}/rcs-brands`, {
        brandId: d.brandId.trim(),
        brandKey: d.brandKey.trim(),
        name: d.name.trim(),
        ...(d.status.trim() ? { status: d.status.trim() } : {}),
      });
      await onChanged();
    });
    if (ok) setD(EMPTY);
  };
  return (
    <details class="reg-form">
      <summary>Register an RCS brand</summary>
      <p class="muted acc-small">Registering a brandId the account already has updates it.</p>
      <form class="form" onSubmit={submit}>
        <TextField label="Brand ID" value={d.brandId} onValue={set('brandId')} required maxLength={100} />
        <TextField label="Brand key" value={d.brandKey} onValue={set('brandKey')} required maxLength={100} />
        <TextField label="Brand name" value={d.name} onValue={set('name')} required maxLength={100} />
        <TextField label="Brand status" value={d.status} onValue={set('status')} hint="default: ready" />
        <Button type="submit" busy={save.busy}>
          Save brand
        </Button>
      </form>
      <ErrorNote error={save.error} />
    </details>
  );
}

function BrandRow({ b, onChanged }: { b: Brand; onChanged: () => Promise<void> }) {
  const remove = useAction();
  return (
    <>
      <tr>
        <td data-label="Brand ID">
          <code>{b.brandId}</code>
        </td>
        <td data-label="Brand key">
          <code>{b.brandKey}</code>
        </td>
        <td data-label="Name">{b.name}</td>
        <td data-label="Status">
          <Badge status={b.status === 'ready' ? 'active' : b.status} label={b.status} />
        </td>
        <td class="acc-nowrap" data-label="Created">
          {time(b.createdAt)}
        </td>
        <td class="actions">
          <ConfirmButton
            label="Remove"
            name={`Remove RCS brand ${b.brandId}`}
            question={`Remove brand ${b.brandId}?`}
            confirmLabel="Remove brand"
            busy={remove.busy}
            onConfirm={() =>
              remove.run(async () => {
                await api.del(`${accountPath(b.accountId)}/rcs-brands/${seg(b.brandId)}`);
                await onChanged();
              })
            }
          />
        </td>
      </tr>
      {remove.error && (
        <tr>
          <td colSpan={6}>
            <ErrorNote error={remove.error} />
          </td>
        </tr>
      )}
    </>
  );
}

/** RCS brands the account sends RCS messages as. */
export function BrandsCard({
  accountId,
  brands,
  onChanged,
}: {
  accountId: string;
  brands: readonly Brand[];
  onChanged: () => Promise<void>;
}) {
  return (
    <Card title="RCS brands">
      <BrandForm accountId={accountId} onChanged={onChanged} />
      {brands.length === 0 ? (
        <Empty>No RCS brands: RCS sends need one.</Empty>
      ) : (
        <div class="table-wrap">
          <table class="acc-rtable">
            <thead>
              <tr>
                <th>Brand ID</th>
                <th>Brand key</th>
                <th>Name</th>
                <th>Status</th>
                <th>Created</th>
                <th>
                  <span class="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {brands.map((b) => (
                <BrandRow key={b.brandId} b={b} onChanged={onChanged} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
