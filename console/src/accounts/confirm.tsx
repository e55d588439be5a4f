import { useEffect, useRef, useState } from 'preact/hooks';
import { Button } from '../ui/controls.tsx';

/**
 * A destructive action behind a second step: the first button asks, the question offers the
 * action and Cancel (focus goes to the action, Escape cancels).
 */
export function ConfirmButton({
  label,
  question,
  confirmLabel,
  busy,
  onConfirm,
  name,
}: {
  label: string;
  question: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => Promise<boolean>;
  /** The accessible name of the first button when `label` alone is ambiguous in a list. */
  name?: string;
}) {
  const [asking, setAsking] = useState(false);
  const confirm = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);
  useEffect(() => {
    if (asking) confirm.current?.focus();
    else if (wasAsking.current) opener.current?.focus();
    wasAsking.current = asking;
  }, [asking]);

  if (!asking) {
    return (
      <button
        type="button"
        ref={opener}
        class="btn btn-danger btn-small"
        aria-label={name}
        onClick={() => setAsking(true)}
      >
        {label}
      </button>
    );
  }
  return (
    <fieldset
      class="confirm"
      aria-label={question}
      onKeyDown={(e) => {
        if (e.key === 'Escape') setAsking(false);
      }}
    >
      <span class="confirm-question">{question}</span>
      <button
        type="button"
        ref={confirm}
        class="btn btn-danger btn-small"
        disabled={busy}
        aria-busy={busy ? 'true' : undefined}
        onClick={async () => {
          if (await onConfirm()) setAsking(false);
        }}
      >
        {confirmLabel}
      </button>
      <Button size="small" variant="ghost" onClick={() => setAsking(false)}>
        Cancel
      </Button>
    </fieldset>
  );
}
