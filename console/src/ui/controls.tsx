import type { ButtonHTMLAttributes, ComponentChildren } from 'preact';
import { useId } from 'preact/hooks';

type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> & {
  variant?: 'primary' | 'secondary' | 'danger' | 'ghost';
  size?: 'small' | 'normal';
  busy?: boolean;
  disabled?: boolean;
  type?: 'button' | 'submit';
  children?: ComponentChildren;
};

export function Button({
  variant = 'secondary',
  size = 'normal',
  busy = false,
  disabled,
  type = 'button',
  children,
  class: cls,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      class={`btn btn-${variant}${size === 'small' ? ' btn-small' : ''}${cls ? ` ${String(cls)}` : ''}`}
      disabled={disabled || busy}
      aria-busy={busy ? 'true' : undefined}
    >
      {children}
    </button>
  );
}

interface FieldShellProps {
  label: string;
  hint?: string | undefined;
  children: (id: string, hintId: string | undefined) => ComponentChildren;
  wide?: boolean;
}

/** A label above its control, and a hint below it (announced with the control). */
export function FieldShell({ label, hint, children, wide }: FieldShellProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div class={`field${wide ? ' field-wide' : ''}`}>
      <label for={id}>{label}</label>
      {children(id, hintId)}
      {hint && (
        <small id={hintId} class="hint">
          {hint}
        </small>
      )}
    </div>
  );
}

type InputProps = {
  label: string;
  value: string;
  onValue: (v: string) => void;
  hint?: string;
  /** A password-like value: hidden as it is typed. */
  secret?: boolean;
  wide?: boolean;
  required?: boolean;
  disabled?: boolean;
  placeholder?: string;
  name?: string;
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'tel' | 'search' | 'url';
  pattern?: string;
  maxLength?: number;
};

export function TextField({ label, value, onValue, hint, wide, secret, ...rest }: InputProps) {
  return (
    <FieldShell label={label} hint={hint} wide={wide}>
      {(id, hintId) => {
        const common = {
          ...rest,
          id,
          value,
          'aria-describedby': hintId,
          onInput: (e: { currentTarget: HTMLInputElement }) => onValue(e.currentTarget.value),
        };
        return secret ? <input {...common} type="password" /> : <input {...common} type="text" />;
      }}
    </FieldShell>
  );
}

type AreaProps = {
  label: string;
  value: string;
  onValue: (v: string) => void;
  hint?: string;
  rows?: number;
  required?: boolean;
  placeholder?: string;
};

export function TextArea({ label, value, onValue, hint, rows = 3, ...rest }: AreaProps) {
  return (
    <FieldShell label={label} hint={hint} wide>
      {(id, hintId) => (
        <textarea
          {...rest}
          id={id}
          rows={rows}
          value={value}
          aria-describedby={hintId}
          onInput={(e) => onValue(e.currentTarget.value)}
        />
      )}
    </FieldShell>
  );
}

export interface Option {
  value: string;
  label: string;
}

type SelectProps = {
  label: string;
  value: string;
  options: readonly Option[];
  onValue: (v: string) => void;
  hint?: string;
};

export function SelectField({ label, value, options, onValue, hint }: SelectProps) {
  return (
    <FieldShell label={label} hint={hint}>
      {(id, hintId) => (
        <select
          id={id}
          value={value}
          aria-describedby={hintId}
          onChange={(e) => onValue(e.currentTarget.value)}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}

type CheckProps = { label: string; checked: boolean; onChecked: (v: boolean) => void; hint?: string };

export function CheckField({ label, checked, onChecked, hint }: CheckProps) {
  const id = useId();
  return (
    <div class="field field-check">
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChecked(e.currentTarget.checked)} />
      <label for={id}>{label}</label>
      {hint && <small class="hint">{hint}</small>}
    </div>
  );
}
