import { useEffect, useState } from 'preact/hooks';
import { api } from '../api.ts';
import { count } from '../format.ts';
import { useAction } from '../hooks.ts';
import { Button, TextField } from '../ui/controls.tsx';
import { ErrorNote, Notice } from '../ui/feedback.tsx';
import { Card } from '../ui/page.tsx';
import { accountPath } from './types.ts';

type Limits = { sendPerSecond: number | null; requestsPerSecond: number | null };

const shown = (n: number | null) => (n === null ? '' : String(n));

/** Empty: no limit (null). Digits: the number. Anything else goes as typed: the gateway names the problem. */
function value(text: string): number | null | string {
  const t = text.trim();
  if (t === '') return null;
  return /^\d+$/.test(t) ? Number(t) : t;
}

const described = (n: number | null, unit: string) => (n === null ? 'no limit' : `${count(n)} ${unit}`);

/** Per-second ceilings of the account's sends and requests. */
export function LimitsCard({
  accountId,
  limits,
  onChanged,
}: {
  accountId: string;
  limits: Limits;
  onChanged: () => Promise<void>;
}) {
  const [send, setSend] = useState(shown(limits.sendPerSecond));
  const [requests, setRequests] = useState(shown(limits.requestsPerSecond));
  const [saved, setSaved] = useState(false);
  const save = useAction();
  useEffect(() => {
    setSend(shown(limits.sendPerSecond));
    setRequests(shown(limits.requestsPerSecond));
  }, [limits.sendPerSecond, limits.requestsPerSecond]);

  const submit = async (e: Event) => {
    e.preventDefault();
    setSaved(false);
    const ok = await save.run(async () => {
      await api.put(`${accountPath(accountId)}/limits`, {
        sendPerSecond: value(send),
        requestsPerSecond: value(requests),
      });
      await onChanged();
    });
    setSaved(ok);
  };
  return (
    <Card title="Limits">
      <p class="muted card-intro">
        Now: {described(limits.sendPerSecond, 'messages/s')},{' '}
        {described(limits.requestsPerSecond, 'requests/s')}. Leave a field empty for no limit.
      </p>
      <form class="form" onSubmit={submit}>
        <TextField
          label="Messages per second"
          value={send}
          onValue={setSend}
          inputMode="numeric"
          hint="sendPerSecond: recipients accepted per second"
        />
        <TextField
          label="Requests per second"
          value={requests}
          onValue={setRequests}
          inputMode="numeric"
          hint="requestsPerSecond: client API calls per second"
        />
        <Button type="submit" busy={save.busy}>
          Save limits
        </Button>
      </form>
      <ErrorNote error={save.error} />
      {saved && !save.error && <Notice kind="ok">Limits saved.</Notice>}
    </Card>
  );
}
