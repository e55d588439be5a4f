import { useState } from 'preact/hooks';
import { api } from '../api.ts';
import { useAction } from '../hooks.ts';
import { Link } from '../router.tsx';
import { Button, TextArea, TextField } from '../ui/controls.tsx';
import { CopyButton, ErrorNote, Notice } from '../ui/feedback.tsx';
import { Card } from '../ui/page.tsx';
import type { MoReceived } from './types.ts';

/**
 * The handset sends an MO (POST /sandbox/v1/mo): it goes to the account that registered the MO
 * number, and from there to that account's webhook like any MO.
 */
export function MoForm({ phone }: { phone: string }) {
  const [to, setTo] = useState('');
  const [from, setFrom] = useState(phone);
  const [content, setContent] = useState('');
  const [carrier, setCarrier] = useState('');
  const [sent, setSent] = useState<MoReceived | null>(null);
  const action = useAction();

  const submit = async (e: Event) => {
    e.preventDefault();
    setSent(null);
    const body = {
      to: to.trim(),
      from: from.trim(),
      content,
      // The device is this handset even when the sender typed another number as `from`.
      originator: phone,
      ...(carrier.trim() ? { carrier: carrier.trim() } : {}),
    };
    await action.run(async () => {
      setSent(await api.post<MoReceived>('/sandbox/v1/mo', body));
      setContent('');
    });
  };

  return (
    <Card title="Send an MO from this handset">
      <form class="form" onSubmit={submit}>
        <TextField
          label="To (MO number)"
          value={to}
          onValue={setTo}
          hint="A sender number an account registered"
          inputMode="numeric"
          required
        />
        <TextField
          label="From"
          value={from}
          onValue={setFrom}
          hint="The number the sender entered"
          inputMode="numeric"
          required
        />
        <TextArea label="Message" value={content} onValue={setContent} rows={3} required />
        <TextField
          label="Carrier"
          value={carrier}
          onValue={setCarrier}
          hint="Empty: the handset's carrier"
          maxLength={20}
        />
        <div class="row field-wide">
          <Button type="submit" variant="primary" busy={action.busy}>
            Send MO
          </Button>
        </div>
      </form>
      <ErrorNote error={action.error} />
      {sent && (
        <Notice kind="ok">
          {sent.created ? 'MO received' : 'Already received (same network id)'}: msgKey{' '}
          <code data-copy-source={sent.msgKey}>{sent.msgKey}</code> <CopyButton text={sent.msgKey} />, for
          account <Link href={`/accounts/${encodeURIComponent(sent.accountId)}`}>{sent.accountId}</Link>. It
          goes to the account's webhook.
        </Notice>
      )}
    </Card>
  );
}
