import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { api, seg } from '../api.ts';
import { kst, parseTime, time } from '../format.ts';
import { useAction, useLoad } from '../hooks.ts';
import { ConfirmButton } from '../ui/confirm.tsx';
import { Button, CheckField, SelectField, TextArea, TextField } from '../ui/controls.tsx';
import { ErrorNote, Loading, Notice } from '../ui/feedback.tsx';
import { Card } from '../ui/page.tsx';
import type { HandsetBody, HandsetView } from './types.ts';

/*
 * Handset settings: every property of PUT /sandbox/v1/handsets/{phone}. PUT replaces the
 * handset, so the body carries only what differs from the defaults; each property says when it
 * shows its default. Reset is DELETE (back to the defaults; the inbox stays).
 */

const CHANNELS = [
  ['sms', 'SMS'],
  ['mms', 'MMS'],
  ['infomsg', 'Info message'],
  ['rcs', 'RCS'],
  ['brandmessage', 'Brand message'],
] as const;
type FailChannel = (typeof CHANNELS)[number][0];

type Rcs = 'default' | 'both' | 'unified' | 'android' | 'none';
type AppUser = 'default' | 'user' | 'none';
type FriendOf = 'all' | 'none' | 'list';

interface Form {
  carrier: string;
  reachable: boolean;
  rcs: Rcs;
  appUser: AppUser;
  connected: boolean;
  lastActiveAt: string;
  signedUpAt: string;
  friendOf: FriendOf;
  friendKeys: string;
  fail: Record<FailChannel, string>;
  receiptDelay: string;
}

/** A gateway time as the value of a datetime-local input (Korea time). */
function toLocal(iso: string): string {
  const ms = parseTime(iso);
  return ms === null ? '' : kst(ms).replace(' ', 'T');
}

/** A datetime-local value as the gateway takes it: yyyy-MM-dd HH:mm:ss, Korea time. */
function fromLocal(v: string): string {
  const s = v.replace('T', ' ');
  return s.length === 16 ? `${s}:00` : s;
}

function formOf(h: HandsetView): Form {
  const d = new Set(h.defaults);
  const rcs: Rcs = d.has('rcs')
    ? 'default'
    : h.rcs === false || (!h.rcs.unified && !h.rcs.android)
      ? 'none'
      : h.rcs.unified && h.rcs.android
        ? 'both'
        : h.rcs.unified
          ? 'unified'
          : 'android';
  const userDefault = d.has('appUser');
  const fail = { sms: '', mms: '', infomsg: '', rcs: '', brandmessage: '' };
  for (const [c] of CHANNELS) fail[c] = h.fail[c] ?? '';
  return {
    carrier: d.has('carrier') ? '' : h.carrier,
    reachable: h.reachable,
    rcs,
    appUser: userDefault ? 'default' : h.appUser === null ? 'none' : 'user',
    connected: h.appUser?.connected ?? true,
    // A default user's times follow the clock: shown empty, not as the time of this reading.
    lastActiveAt:
      h.appUser && !userDefault && !d.has('appUser.lastActiveAt') ? toLocal(h.appUser.lastActiveAt) : '',
    signedUpAt:
      h.appUser && !userDefault && !d.has('appUser.signedUpAt') ? toLocal(h.appUser.signedUpAt) : '',
    friendOf: h.friendOf === null ? 'all' : h.friendOf.length === 0 ? 'none' : 'list',
    friendKeys: (h.friendOf ?? []).join('\n'),
    fail,
    receiptDelay: d.has('receiptDelaySeconds') ? '' : String(h.receiptDelaySeconds),
  };
}

function bodyOf(f: Form): HandsetBody {
  const body: HandsetBody = {};
  if (f.carrier.trim()) body.carrier = f.carrier.trim();
  if (!f.reachable) body.reachable = false;
  if (f.rcs !== 'default') {
    body.rcs = f.rcs === 'none' ? false : { unified: f.rcs !== 'android', android: f.rcs !== 'unified' };
  }
  if (f.appUser === 'none') body.appUser = null;
  else if (f.appUser === 'user') {
    body.appUser = {
      connected: f.connected,
      ...(f.lastActiveAt ? { lastActiveAt: fromLocal(f.lastActiveAt) } : {}),
      ...(f.signedUpAt ? { signedUpAt: fromLocal(f.signedUpAt) } : {}),
    };
  }
  if (f.friendOf === 'none') body.friendOf = [];
  else if (f.friendOf === 'list') {
    body.friendOf = f.friendKeys
      .split(/[\s,]+/)
      .map((k) => k.trim())
      .filter(Boolean);
  }
  const fail: Partial<Record<FailChannel, string>> = {};
  for (const [c] of CHANNELS) if (f.fail[c].trim()) fail[c] = f.fail[c].trim();
  if (Object.keys(fail).length > 0) body.fail = fail;
  if (f.receiptDelay.trim() !== '') body.receiptDelaySeconds = Number(f.receiptDelay.trim());
  return body;
}

/** A group of fields with its legend, marked when the property shows its default. */
function Group({
  legend,
  isDefault,
  children,
}: {
  legend: string;
  isDefault: boolean;
  children: ComponentChildren;
}) {
  return (
    <fieldset class="sb-group">
      <legend>
        {legend} {isDefault && <span class="badge badge-muted">default</span>}
      </legend>
      <div class="form">{children}</div>
    </fieldset>
  );
}

export function HandsetForm({ phone }: { phone: string }) {
  const url = `/sandbox/v1/handsets/${seg(phone)}`;
  const loaded = useLoad(() => api.get<HandsetView>(url), [url]);
  const [view, setView] = useState<HandsetView | null>(null);
  const [form, setForm] = useState<Form | null>(null);
  const [saved, setSaved] = useState('');
  const action = useAction();

  useEffect(() => {
    if (loaded.data) {
      setView(loaded.data);
      setForm(formOf(loaded.data));
    }
  }, [loaded.data]);

  if (!form || !view) {
    return (
      <Card title="Handset settings">{loaded.error ? <ErrorNote error={loaded.error} /> : <Loading />}</Card>
    );
  }
  const set = (patch: Partial<Form>) => {
    setSaved('');
    setForm({ ...form, ...patch });
  };
  const d = new Set(view.defaults);
  const done = (v: HandsetView, what: string) => {
    setView(v);
    setForm(formOf(v));
    setSaved(what);
  };
  const save = (e: Event) => {
    e.preventDefault();
    void action.run(async () => done(await api.put<HandsetView>(url, bodyOf(form)), 'Saved.'));
  };
  const reset = () => action.run(async () => done(await api.del<HandsetView>(url), 'Back to the defaults.'));

  return (
    <Card
      title="Handset settings"
      actions={
        view.configured ? (
          <span class="muted">Set {time(view.updatedAt)}</span>
        ) : (
          <span class="badge badge-muted">All defaults</span>
        )
      }
    >
      <form onSubmit={save} class="sb-settings">
        <Group
          legend="Network"
          isDefault={d.has('reachable') && d.has('carrier') && d.has('receiptDelaySeconds')}
        >
          <div class="sb-check-row">
            <CheckField label="Reachable" checked={form.reachable} onChecked={(v) => set({ reachable: v })} />
            <p class="hint">Not reachable: every message fails with 30001.</p>
          </div>
          <TextField
            label="Carrier"
            value={form.carrier}
            onValue={(v) => set({ carrier: v })}
            placeholder={d.has('carrier') ? view.carrier : ''}
            hint="Empty: SKT, KT or LGU+ by the number's last digit"
            maxLength={20}
          />
          <TextField
            label="Receipt delay (seconds)"
            value={form.receiptDelay}
            onValue={(v) => set({ receiptDelay: v })}
            placeholder="0"
            inputMode="numeric"
            hint="Between the send and the delivery receipt"
          />
        </Group>
        <Group legend="RCS" isDefault={d.has('rcs')}>
          <SelectField
            label="RCS capability"
            value={form.rcs}
            onValue={(v) => set({ rcs: v as Rcs })}
            options={[
              { value: 'default', label: 'Default: unified and Android' },
              { value: 'both', label: 'Unified and Android' },
              { value: 'unified', label: 'Unified only' },
              { value: 'android', label: 'Android only' },
              { value: 'none', label: 'Not an RCS device' },
            ]}
          />
        </Group>
        <Group legend="Messaging app" isDefault={d.has('appUser') && d.has('friendOf')}>
          <SelectField
            label="App user"
            value={form.appUser}
            onValue={(v) => set({ appUser: v as AppUser })}
            options={[
              { value: 'default', label: 'Default: an active user' },
              { value: 'user', label: 'A user, as set below' },
              { value: 'none', label: 'Not a user' },
            ]}
          />
          {form.appUser === 'user' && (
            <>
              <CheckField
                label="Connected"
                checked={form.connected}
                onChecked={(v) => set({ connected: v })}
              />
              <DateField
                label="Last active (Korea time)"
                value={form.lastActiveAt}
                onValue={(v) => set({ lastActiveAt: v })}
                hint="Empty: at each send (always active)"
              />
              <DateField
                label="Signed up (Korea time)"
                value={form.signedUpAt}
                onValue={(v) => set({ signedUpAt: v })}
                hint="Empty: a year before each send"
              />
            </>
          )}
          <SelectField
            label="Friend of"
            value={form.friendOf}
            onValue={(v) => set({ friendOf: v as FriendOf })}
            options={[
              { value: 'all', label: 'Every sender key (default)' },
              { value: 'none', label: 'No sender key' },
              { value: 'list', label: 'These sender keys' },
            ]}
          />
          {form.friendOf === 'list' && (
            <TextArea
              label="Sender keys"
              value={form.friendKeys}
              onValue={(v) => set({ friendKeys: v })}
              hint="One per line (or separated by commas)"
              rows={3}
            />
          )}
        </Group>
        <Group legend="Fail codes per channel" isDefault={d.has('fail')}>
          {CHANNELS.map(([c, label]) => (
            <TextField
              key={c}
              label={`${label} fails with`}
              value={form.fail[c]}
              onValue={(v) => set({ fail: { ...form.fail, [c]: v } })}
              placeholder="delivered"
              maxLength={20}
            />
          ))}
          <p class="hint field-wide">
            A report code (for example 23003) fails every message of that channel.
          </p>
        </Group>
        <div class="row">
          <Button type="submit" variant="primary" busy={action.busy}>
            Save settings
          </Button>
          {view.configured && (
            <ConfirmButton
              label="Reset to defaults"
              question="Forget every setting of this handset?"
              confirmLabel="Reset it"
              dismissLabel="Keep them"
              busy={action.busy}
              onConfirm={reset}
            />
          )}
        </div>
      </form>
      <ErrorNote error={action.error} />
      {saved && <Notice kind="ok">{saved}</Notice>}
    </Card>
  );
}

function DateField({
  label,
  value,
  onValue,
  hint,
}: {
  label: string;
  value: string;
  onValue: (v: string) => void;
  hint: string;
}) {
  const id = `hs-${label.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input
        id={id}
        type="datetime-local"
        step={1}
        value={value}
        aria-describedby={`${id}-hint`}
        onInput={(e) => onValue(e.currentTarget.value)}
      />
      <small id={`${id}-hint`} class="hint">
        {hint}
      </small>
    </div>
  );
}
