import { CopyButton, Notice } from '../ui/feedback.tsx';
import './refused.css';

/** Below this width a nested object or list stays on one line: `{ "to": "01012345678" }`. */
const INLINE_MAX = 72;

function layout(v: unknown, indent: string): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  const flat = JSON.stringify(v, null, 1).replace(/\s*\n\s*/g, ' ');
  if (flat.length + indent.length <= INLINE_MAX) return flat;
  const inner = `${indent}  `;
  if (Array.isArray(v)) {
    if (v.length === 0) return '[]';
    return `[\n${v.map((x) => inner + layout(x, inner)).join(',\n')}\n${indent}]`;
  }
  const entries = Object.entries(v);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([k, x]) => `${inner}${JSON.stringify(k)}: ${layout(x, inner)}`).join(',\n')}\n${indent}}`;
}

/**
 * Kept JSON text laid out for reading (short objects on one line, a recipient a line); the text as
 * it is when it does not parse (cut, or not JSON).
 */
export function readable(text: string): string {
  try {
    return layout(JSON.parse(text), '');
  } catch {
    return text;
  }
}

/** A path or URL that may wrap after its slashes, not in the middle of a name. */
export function Breakable({ text }: { text: string }) {
  const parts = text.split(/(?<=[/?&])/);
  return (
    <>
      {parts.map((p, i) => (
        // The parts of one text in their order: their place is their identity.
        <span key={`${i}-${p}`}>
          {p}
          {i < parts.length - 1 && <wbr />}
        </span>
      ))}
    </>
  );
}

/**
 * A body or answer as the gateway kept it: indented when whole, the beginning as it was when it
 * was cut (it is then no longer JSON), with a copy button. The block scrolls, so it takes the focus.
 */
export function KeptJson({
  label,
  text,
  truncated,
  size,
}: {
  label: string;
  text: string;
  truncated: boolean;
  size?: number | null;
}) {
  return (
    <div>
      <div class="refused-json-head">
        <CopyButton text={text} label={`Copy the ${label.toLowerCase()}`} />
        {truncated && (
          <Notice kind="warn">
            Only the first {Math.round(text.length / 1024)} KB were kept
            {size ? ` of ${size.toLocaleString('en')} bytes` : ''}.
          </Notice>
        )}
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a block that scrolls takes the focus, so a keyboard can scroll it. */}
      <section class="refused-json" tabIndex={0} aria-label={`${label}, as kept`}>
        <pre data-copy-source={text}>{truncated ? text : readable(text)}</pre>
      </section>
    </div>
  );
}
