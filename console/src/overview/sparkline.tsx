import { WINDOW_SECONDS } from './rates.ts';

const W = 160;
const H = 36;

/**
 * A rate over the last minute as an inline SVG line (no chart library; no inline styles under
 * the console's CSP: colours come from classes). Decorative: the figure beside it says the same.
 */
export function Sparkline({
  points,
  now,
  tone,
}: {
  points: ReadonlyArray<{ at: number; value: number }>;
  now: number;
  tone: 'accent' | 'ok' | 'bad';
}) {
  const max = Math.max(1, ...points.map((p) => p.value));
  // 3 px of margin on the right: the latest point's dot stays whole.
  const x = (at: number) => W - 3 - ((now - at) / WINDOW_SECONDS) * (W - 3);
  const y = (v: number) => H - 2 - (v / max) * (H - 4);
  const line = points.map((p) => `${x(p.at).toFixed(1)},${y(p.value).toFixed(1)}`).join(' ');
  const first = points[0];
  const last = points[points.length - 1];
  return (
    <svg
      class={`ov-spark ov-spark-${tone}`}
      viewBox={`0 0 ${W} ${H}`}
      preserveAspectRatio="none"
      aria-hidden="true"
    >
      <line class="ov-spark-base" x1="0" y1={H - 1} x2={W} y2={H - 1} />
      {first && last && points.length > 1 && (
        <polygon
          class="ov-spark-area"
          points={`${x(first.at).toFixed(1)},${H - 1} ${line} ${x(last.at).toFixed(1)},${H - 1}`}
        />
      )}
      {points.length > 1 && <polyline class="ov-spark-line" points={line} />}
      {last && <circle class="ov-spark-dot" cx={x(last.at)} cy={y(last.value)} r="2.5" />}
    </svg>
  );
}
