import { useEffect, useRef, useState } from 'preact/hooks';
import { Button } from './controls.tsx';

/**
 * A destructive action behind a second, explicit step: the first button asks, the question
 * appears in place with the action and a way back (focus goes to the action; Escape or the way
 * back puts the question away and the focus back on the first button).
 */
export function ConfirmButton({
  label,
  question,
  confirmLabel,
  dismissLabel = 'Cancel',
  busy,
  onConfirm,
  name,
}: {
  label: string;
  question: string;
  confirmLabel: string;
  /** "No" where the action itself is called Cancel. */
  dismissLabel?: string;
  busy: boolean;
  /** Resolves true when it succeeded: the question goes; false keeps it (the page shows why). */
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
        disabled={busy}
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
        {dismissLabel}
      </Button>
    </fieldset>
  );
}
