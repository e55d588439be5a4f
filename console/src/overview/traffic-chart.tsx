import { useLayoutEffect, useState } from 'preact/hooks';
import { count } from '../format.ts';
import {
  clock,
  SERIES_LABEL as LABEL,
  SERIES,
  summarize,
  TRAFFIC_WINDOW_SECONDS,
  type TrafficSummary,
  valueScale,
} from './traffic.ts';
import { MinuteTable } from './traffic-table.tsx';
import type { TrafficReading } from './types.ts';
import './traffic.css';

/**
 * The width the chart is drawn at, in CSS pixels: the SVG is drawn to its box rather than scaled,
 * so its text keeps the page's size at 390 px as at 1280 px.
 */
function useWidth(initial: number): [(el: HTMLDivElement | null) => void, number] {
  const [width, setWidth] = useState(initial);
  const [el, setEl] = useState<HTMLDivElement | null>(null);
  useLayoutEffect(() => {
    if (!el) return;
    const measure = () => setWidth(Math.max(240, Math.round(el.clientWidth)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [el]);
  return [setEl, width];
}

/** Runs of seconds with a value (the instance running), as polyline points. */
function segments(
  values: ReadonlyArray<number | null>,
  x: (i: number) => number,
  y: (v: number) => number,
): string[] {
  const out: string[] = [];
  let run: string[] = [];
  values.forEach((v, i) => {
    if (v === null) {
      if (run.length > 0) out.push(run.join(' '));
      run = [];
      return;
    }
    run.push(`${x(i).toFixed(1)},${y(v).toFixed(1)}`);
  });
  if (run.length > 0) out.push(run.join(' '));
  return out;
}

/** Markers of failures, none closer than `gap` px to the last (the higher second kept), so they never pile into a band. */
function markers(
  values: ReadonlyArray<number | null>,
  x: (i: number) => number,
  gap = 8,
): Array<{ i: number; v: number }> {
  const out: Array<{ i: number; v: number }> = [];
  values.forEach((v, i) => {
    if (v === null || v <= 0) return;
    const last = out[out.length - 1];
    if (!last || x(i) - x(last.i) >= gap) out.push({ i, v });
    else if (v > last.v) {
      last.i = i;
      last.v = v;
    }
  });
  return out;
}

/** What the chart shows, in words: the figure's caption (its name for a screen reader). */
function describe(w: TrafficReading, s: TrafficSummary): string {
  const to = `to ${clock(w.until)} by the system clock`;
  if (s.runningFrom === null) return 'This instance started less than a second ago: nothing counted yet.';
  const parts = SERIES.map((name) => {
    const one = s.series[name];
    const what = `${count(one.total)} ${name}`;
    return one.peakAt === null ? what : `${what}, peak ${count(one.peak)}/s at ${clock(one.peakAt)}`;
  });
  const quiet = SERIES.every((name) => s.series[name].total === 0);
  const head = quiet
    ? `No messages accepted, delivered or failed in the last 15 minutes (${to}).`
    : `Last 15 minutes (${to}): ${parts.join('; ')}.`;
  const started =
    s.runningFrom > w.until - TRAFFIC_WINDOW_SECONDS + 1
      ? ` This instance started at ${clock(s.runningFrom)}: the seconds before are not counted.`
      : '';
  return head + started;
}

function Legend({ s }: { s: TrafficSummary }) {
  return (
    <ul class="tc-legend" aria-label="Series">
      {SERIES.map((name) => (
        <li key={name}>
          <svg class="tc-swatch" viewBox="0 0 28 10" aria-hidden="true">
            <line class={`tc-line tc-line-${name}`} x1="1" y1="5" x2="27" y2="5" />
            {name === 'failed' && <rect class="tc-mark" x="11" y="2" width="6" height="6" />}
          </svg>
          <span class="tc-name">{LABEL[name]}</span>
          <span class="tc-figures">
            {count(s.series[name].total)} in 15 min · peak {count(s.series[name].peak)}/s
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Accepted, delivered and failed messages per second over the last 15 minutes, as an SVG drawn
 * here (no chart library, no inline style: the console's CSP allows neither). Each series has its
 * own line style besides its colour, failures their own markers; the same figures are in words
 * beside it, and by minute in a table.
 */
export function TrafficChart({ traffic: w }: { traffic: TrafficReading }) {
  const [measure, width] = useWidth(760);
  const narrow = width < 520;
  const height = narrow ? 190 : 230;
  const m = { left: 46, right: 12, top: 10, bottom: 26 };
  const plotW = width - m.left - m.right;
  const plotH = height - m.top - m.bottom;
  const oldest = w.until - TRAFFIC_WINDOW_SECONDS + 1;
  const xAt = (second: number) => m.left + ((second - oldest) / (TRAFFIC_WINDOW_SECONDS - 1)) * plotW;
  const s = summarize(w);
  const { max, step } = valueScale(Math.max(...SERIES.map((name) => s.series[name].peak)));
  const y = (v: number) => m.top + plotH - (v / max) * plotH;
  const x = (i: number) => xAt(w.from + i);
  const bottom = m.top + plotH;
  const gridValues = Array.from({ length: Math.round(max / step) + 1 }, (_, i) => i * step);
  const minutes = Array.from({ length: 16 }, (_, i) => i);
  const offUntil = s.runningFrom ?? w.until + 1;
  const offWidth = offUntil > oldest ? Math.min(xAt(offUntil), m.left + plotW) - m.left : 0;
  const summary = describe(w, s);

  return (
    <div class="tc">
      <Legend s={s} />
      <figure class="tc-figure">
        <div class="tc-box" ref={measure}>
          <svg
            class="tc-svg"
            width={width}
            height={height}
            viewBox={`0 0 ${width} ${height}`}
            role="img"
            aria-label="Chart of accepted, delivered and failed messages per second, last 15 minutes"
          >
            {offWidth > 0 && (
              <g class="tc-off">
                <rect x={m.left} y={m.top} width={offWidth} height={plotH} />
                {offWidth > 80 && (
                  <text x={m.left + offWidth / 2} y={m.top + plotH / 2} text-anchor="middle">
                    not running
                  </text>
                )}
              </g>
            )}
            {gridValues.map((v) => (
              <g key={v} class="tc-grid">
                <line x1={m.left} x2={m.left + plotW} y1={y(v)} y2={y(v)} />
                <text x={m.left - 6} y={y(v) + 4} text-anchor="end">
                  {v === 0 ? '0' : `${count(v)}/s`}
                </text>
              </g>
            ))}
            {minutes.map((ago) => {
              const tx = xAt(w.until - ago * 60);
              const labelled = ago % 5 === 0;
              const anchor = ago === 15 ? 'start' : ago === 0 ? 'end' : 'middle';
              return (
                <g key={ago} class="tc-tick">
                  <line x1={tx} x2={tx} y1={bottom} y2={bottom + (labelled ? 6 : 3)} />
                  {labelled && (
                    <text x={tx} y={bottom + 19} text-anchor={anchor}>
                      {ago === 0 ? 'now' : narrow ? `−${ago} min` : `${ago} min ago`}
                    </text>
                  )}
                </g>
              );
            })}
            <line class="tc-axis" x1={m.left} x2={m.left + plotW} y1={bottom} y2={bottom} />
            {SERIES.map((name) =>
              segments(w[name], x, y).map((points, run) => (
                <polyline key={`${name}-${run}`} class={`tc-line tc-line-${name}`} points={points} />
              )),
            )}
            {markers(w.failed, x).map(({ i, v }) => (
              <rect key={w.from + i} class="tc-mark" x={x(i) - 3} y={y(v) - 3} width="6" height="6" />
            ))}
          </svg>
        </div>
        <figcaption class="tc-summary">{summary}</figcaption>
      </figure>
      <MinuteTable w={w} />
    </div>
  );
}
