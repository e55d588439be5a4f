import { count } from '../format.ts';
import { byMinute, clock, type MinuteRow, SERIES, SERIES_LABEL } from './traffic.ts';
import type { TrafficReading } from './types.ts';

/** Rows of the table: minutes with counts, and each run of minutes the instance was not running as one. */
type TableRow = { kind: 'counted'; row: MinuteRow } | { kind: 'off'; from: number; to: number };

function tableRows(w: TrafficReading): TableRow[] {
  const out: TableRow[] = [];
  for (const row of byMinute(w)) {
    const last = out[out.length - 1];
    if (row.values.accepted !== null) out.push({ kind: 'counted', row });
    else if (last?.kind === 'off') last.from = row.start;
    else out.push({ kind: 'off', from: row.start, to: row.start });
  }
  return out;
}

const minute = (second: number) => clock(second).slice(0, 5);

/** The chart's values by minute, behind a disclosure: what a screen reader reads instead of the picture. */
export function MinuteTable({ w }: { w: TrafficReading }) {
  return (
    <details class="tc-details">
      <summary>Messages per minute (table)</summary>
      <div class="table-wrap">
        <table class="tc-table">
          <caption class="tc-caption">
            Messages per minute of the last 15 minutes, newest first (the newest so far); Korea time as this
            gateway's system clock reads it
          </caption>
          <thead>
            <tr>
              <th scope="col">Minute</th>
              {SERIES.map((name) => (
                <th key={name} scope="col" class="num">
                  {SERIES_LABEL[name]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {tableRows(w).map((r) =>
              r.kind === 'off' ? (
                <tr key={r.to}>
                  <th scope="row">
                    {r.from === r.to ? minute(r.from) : `${minute(r.from)}–${minute(r.to)}`}
                  </th>
                  <td colSpan={3} class="muted">
                    not running
                  </td>
                </tr>
              ) : (
                <tr key={r.row.start}>
                  <th scope="row">{minute(r.row.start)}</th>
                  {SERIES.map((name) => (
                    <td key={name} class="num">
                      {count(r.row.values[name] ?? 0)}
                    </td>
                  ))}
                </tr>
              ),
            )}
          </tbody>
        </table>
      </div>
    </details>
  );
}
