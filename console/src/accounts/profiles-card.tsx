import { useState } from 'preact/hooks';
import { api, seg } from '../api.ts';
import { count, time } from '../format.ts';
import { useAction } from '../hooks.ts';
import { ConfirmButton } from '../ui/confirm.tsx';
import { Button, CheckField, SelectField, TextField } from '../ui/controls.tsx';
import { Badge, Empty, ErrorNote } from '../ui/feedback.tsx';
import { Card } from '../ui/page.tsx';
import { accountPath, type Profile } from './types.ts';

interface Draft {
  senderKey: string;
  name: string;
  senderKeyType: 'S' | 'G';
  channelId: string;
  friendCount: string;
  channelPhoneNumber: string;
  status: string;
  businessVerified: boolean;
  consentEvidence: boolean;
}

const EMPTY: Draft = {
  senderKey: '',
  name: '',
  senderKeyType: 'S',
  channelId: '',
  friendCount: '',
  channelPhoneNumber: '',
  status: '',
  businessVerified: false,
  consentEvidence: false,
};

/** The body of the draft: empty text fields are left out (the gateway keeps or defaults them). */
function body(d: Draft): Record<string, unknown> {
  const out: Record<string, unknown> = {
    senderKey: d.senderKey.trim(),
    senderKeyType: d.senderKeyType,
    businessVerified: d.businessVerified,
    consentEvidence: d.consentEvidence,
  };
  if (d.name.trim()) out.name = d.name.trim();
  if (d.channelId.trim()) out.channelId = d.channelId.trim();
  // Digits go as a number; anything else as typed, so the gateway names what is wrong with it.
  const friends = d.friendCount.trim();
  if (friends) out.friendCount = /^\d+$/.test(friends) ? Number(friends) : friends;
  if (d.channelPhoneNumber.trim()) out.channelPhoneNumber = d.channelPhoneNumber.trim();
  if (d.status.trim()) out.status = d.status.trim();
  return out;
}

function ProfileForm({ accountId, onChanged }: { accountId: string; onChanged: () => Promise<void> }) {
  const [d, setD] = useState<Draft>(EMPTY);
  const save = useAction();
  const set =
    <K extends keyof Draft>(k: K) =>
    (v: Draft[K]) =>
      setD((prev) => ({ ...prev, [k]: v }));
  const submit = async (e: Event) => {
    e.preventDefault();
    const ok = await save.run(async () => {
      await api.post(`${accountPath(accountId)}/sender-profiles`, body(d));
      await onChanged();
    });
    if (ok) setD(EMPTY);
  };
  return (
    <details class="reg-form">
      <summary>Register a sender profile</summary>
      <p class="muted acc-small">
        Registering a senderKey the account already has updates it with the fields given here; empty fields
        keep their values (a new profile takes the defaults).
      </p>
      <form class="form" onSubmit={submit}>
        <TextField
          label="Sender key"
          value={d.senderKey}
          onValue={set('senderKey')}
          required
          maxLength={40}
        />
        <TextField label="Profile name" value={d.name} onValue={set('name')} hint="default: the sender key" />
        <SelectField
          label="Key type"
          value={d.senderKeyType}
          onValue={(v) => set('senderKeyType')(v === 'G' ? 'G' : 'S')}
          options={[
            { value: 'S', label: 'S: one channel' },
            { value: 'G', label: 'G: a group' },
          ]}
        />
        <TextField
          label="Channel ID"
          value={d.channelId}
          onValue={set('channelId')}
          hint="default: the sender key"
        />
        <TextField
          label="Friends"
          value={d.friendCount}
          onValue={set('friendCount')}
          inputMode="numeric"
          hint="default: 0"
        />
        <TextField
          label="Channel phone number"
          value={d.channelPhoneNumber}
          onValue={set('channelPhoneNumber')}
          inputMode="tel"
          hint="digits, 8 to 15; optional"
        />
        <TextField label="Status" value={d.status} onValue={set('status')} hint="default: A (active)" />
        <CheckField
          label="Business verified"
          checked={d.businessVerified}
          onChecked={set('businessVerified')}
        />
        <CheckField label="Consent evidence" checked={d.consentEvidence} onChecked={set('consentEvidence')} />
        <Button type="submit" busy={save.busy}>
          Save profile
        </Button>
      </form>
      <ErrorNote error={save.error} />
    </details>
  );
}

function ProfileRow({ p, onChanged }: { p: Profile; onChanged: () => Promise<void> }) {
  const remove = useAction();
  return (
    <>
      <tr>
        <td data-label="Sender key">
          <code>{p.senderKey}</code>
          <div class="muted acc-small">{p.name}</div>
        </td>
        <td data-label="Type">{p.senderKeyType}</td>
        <td data-label="Channel">
          <code>{p.channelId}</code>
        </td>
        <td class="num" data-label="Friends">
          {count(p.friendCount)}
        </td>
        <td data-label="Business">
          {p.businessVerified ? 'verified' : 'no'}
          {p.consentEvidence ? ', consent' : ''}
        </td>
        <td data-label="Phone">{p.channelPhoneNumber ?? <span class="muted">none</span>}</td>
        <td data-label="Status">
          <Badge status={p.status === 'A' ? 'active' : p.status} label={p.status} />
        </td>
        <td class="acc-nowrap" data-label="Created">
          {time(p.createdAt)}
        </td>
        <td class="actions">
          <ConfirmButton
            label="Remove"
            name={`Remove sender profile ${p.senderKey}`}
            question={`Remove ${p.senderKey}?`}
            confirmLabel="Remove profile"
            busy={remove.busy}
            onConfirm={() =>
              remove.run(async () => {
                await api.del(`${accountPath(p.accountId)}/sender-profiles/${seg(p.senderKey)}`);
                await onChanged();
              })
            }
          />
        </td>
      </tr>
      {remove.error && (
        <tr>
          <td colSpan={9}>
            <ErrorNote error={remove.error} />
          </td>
        </tr>
      )}
    </>
  );
}

/** Messaging-app channel profiles (senderKey) used by infomsg and brand messages. */
export function ProfilesCard({
  accountId,
  profiles,
  onChanged,
}: {
  accountId: string;
  profiles: readonly Profile[];
  onChanged: () => Promise<void>;
}) {
  return (
    <Card title="Sender profiles">
      <ProfileForm accountId={accountId} onChanged={onChanged} />
      {profiles.length === 0 ? (
        <Empty>No sender profiles: informational and brand messages need one.</Empty>
      ) : (
        <div class="table-wrap">
          <table class="acc-rtable">
            <thead>
              <tr>
                <th>Sender key</th>
                <th>Type</th>
                <th>Channel</th>
                <th class="num">Friends</th>
                <th>Business</th>
                <th>Phone</th>
                <th>Status</th>
                <th>Created</th>
                <th>
                  <span class="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {profiles.map((p) => (
                <ProfileRow key={p.senderKey} p={p} onChanged={onChanged} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
