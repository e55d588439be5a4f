import { useEffect, useState } from 'preact/hooks';
import { api } from '../api.ts';
import { useAction } from '../hooks.ts';
import { ConfirmButton } from '../ui/confirm.tsx';
import { Button, TextField } from '../ui/controls.tsx';
import { Badge, ErrorNote, Notice } from '../ui/feedback.tsx';
import { Card, Facts } from '../ui/page.tsx';
import { ShownOnce } from './shown-once.tsx';
import { accountPath, type ReportMode, type WebhookSet } from './types.ts';

const MODES: ReadonlyArray<{ value: ReportMode; label: string; hint: string }> = [
  {
    value: 'polling',
    label: 'Polling',
    hint: 'the client fetches reports (GET /api/comm/v1/report/polling)',
  },
  { value: 'webhook', label: 'Webhook', hint: 'the gateway posts each report to the webhook URL' },
];

function ReportModeForm({
  accountId,
  mode,
  onChanged,
}: {
  accountId: string;
  mode: ReportMode;
  onChanged: () => Promise<void>;
}) {
  const [chosen, setChosen] = useState<ReportMode>(mode);
  const save = useAction();
  useEffect(() => setChosen(mode), [mode]);
  const submit = async (e: Event) => {
    e.preventDefault();
    await save.run(async () => {
      await api.put(`${accountPath(accountId)}/report-mode`, { mode: chosen });
      await onChanged();
    });
  };
  return (
    <form onSubmit={submit} class="acc-stack">
      <fieldset class="radios">
        <legend>Report mode</legend>
        {MODES.map((m) => (
          <div key={m.value} class="radio">
            <input
              type="radio"
              id={`report-mode-${m.value}`}
              name="report-mode"
              value={m.value}
              checked={chosen === m.value}
              aria-describedby={`report-mode-${m.value}-hint`}
              onChange={() => setChosen(m.value)}
            />
            <label for={`report-mode-${m.value}`}>{m.label}</label>
            <span id={`report-mode-${m.value}-hint`} class="muted acc-small">
              {m.hint}
            </span>
          </div>
        ))}
      </fieldset>
      <div class="row">
        <Button type="submit" busy={save.busy} disabled={chosen === mode}>
          Save report mode
        </Button>
      </div>
      <ErrorNote error={save.error} />
    </form>
  );
}

/**
 * Where MO messages and (in webhook mode) reports go. The secret signs each post; the gateway
 * shows it once, when it is set (generated when left empty).
 */
export function WebhookCard({
  accountId,
  webhook,
  reportMode,
  onChanged,
}: {
  accountId: string;
  webhook: { url: string | null; secretSet: boolean };
  reportMode: ReportMode;
  onChanged: () => Promise<void>;
}) {
  const [url, setUrl] = useState(webhook.url ?? '');
  const [secret, setSecret] = useState('');
  const [shown, setShown] = useState<string | null>(null);
  const [ownSecretSaved, setOwnSecretSaved] = useState(false);
  const save = useAction();
  const remove = useAction();
  useEffect(() => setUrl(webhook.url ?? ''), [webhook.url]);

  const submit = async (e: Event) => {
    e.preventDefault();
    setOwnSecretSaved(false);
    const ok = await save.run(async () => {
      const out = await api.put<WebhookSet>(`${accountPath(accountId)}/webhook`, {
        url: url.trim(),
        ...(secret === '' ? {} : { secret }),
      });
      // Only a generated secret comes back; the one typed here is never echoed (write-only).
      setShown(out.secret ?? null);
      setOwnSecretSaved(out.secret === undefined);
      await onChanged();
    });
    if (ok) setSecret('');
  };

  return (
    <Card title="Webhook and reports">
      <Facts
        rows={[
          ['Webhook URL', webhook.url ? <code>{webhook.url}</code> : <span class="muted">none</span>],
          [
            'Signing secret',
            webhook.secretSet ? 'set (shown only when it was set)' : <span class="muted">none</span>,
          ],
          ['Reports', <Badge key="mode" status={reportMode} />],
        ]}
      />
      <h3 class="acc-subhead">Set the webhook</h3>
      <form class="form" onSubmit={submit}>
        <TextField
          label="Webhook URL"
          value={url}
          onValue={setUrl}
          inputMode="url"
          required
          wide
          hint="http:// or https://; MO messages and, in webhook mode, reports are posted here"
        />
        <TextField
          label="Signing secret"
          value={secret}
          onValue={setSecret}
          secret
          autoComplete="off"
          hint="8 to 256 characters; leave empty and the gateway generates one"
        />
        <Button type="submit" variant="primary" busy={save.busy}>
          Save webhook
        </Button>
      </form>
      <ErrorNote error={save.error} />
      {ownSecretSaved && !save.error && (
        <Notice kind="ok">
          Webhook saved. It signs with the secret you entered, which is never shown back.
        </Notice>
      )}
      {shown !== null && (
        <ShownOnce title="Webhook signing secret" value={shown} onDone={() => setShown(null)} />
      )}
      {webhook.url && (
        <div class="row spaced">
          <ConfirmButton
            label="Remove webhook"
            question="Remove the webhook? MO deliveries then fail (and are retried on their schedule) until a URL is set again."
            confirmLabel="Remove webhook"
            busy={remove.busy}
            onConfirm={() =>
              remove.run(async () => {
                await api.del(`${accountPath(accountId)}/webhook`);
                await onChanged();
              })
            }
          />
        </div>
      )}
      <ErrorNote error={remove.error} />
      <ReportModeForm accountId={accountId} mode={reportMode} onChanged={onChanged} />
    </Card>
  );
}
