import { useEffect, useRef, useState } from 'preact/hooks';
import { api } from '../api.ts';
import { count, rate, time } from '../format.ts';
import { useLoad } from '../hooks.ts';
import { Connectors } from '../overview/connectors.tsx';
import {
  addReading,
  EMPTY_HISTORY,
  type RateHistory,
  type RatePoint,
  WINDOW_SECONDS,
} from '../overview/rates.ts';
import { Sparkline } from '../overview/sparkline.tsx';
import { mergeTraffic } from '../overview/traffic.ts';
import { TrafficChart } from '../overview/traffic-chart.tsx';
import type { OverviewReading, TrafficReading } from '../overview/types.ts';
import { Empty, ErrorNote, Loading } from '../ui/feedback.tsx';
import { Card, Page } from '../ui/page.tsx';
import '../overview/overview.css';

/** The overview changes by the second; 2 s keeps it live without weighing on the gateway. */
const POLL_MS = 2000;

function uptime(seconds: number): string {
  const s = Math.floor(seconds);
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d > 0) return `${d} d ${h} h`;
  if (h > 0) return `${h} h ${m} min`;
  return m > 0 ? `${m} min ${s % 60} s` : `${s} s`;
}

const bounded = (b: { count: number; capped: boolean }) => `${count(b.count)}${b.capped ? '+' : ''}`;

function RateTile({
  title,
  field,
  total,
  history,
  traffic,
  tone,
}: {
  title: string;
  field: keyof Omit<RatePoint, 'at'>;
  total: number;
  history: RateHistory;
  traffic: TrafficReading;
  tone: 'accent' | 'ok' | 'bad';
}) {
  const last = history.points[history.points.length - 1];
  // The sparkline is the last minute of the gateway's own per-second series (kept across reloads).
  const minute = traffic[field].flatMap((value, i) =>
    value !== null && traffic.from + i > traffic.until - WINDOW_SECONDS
      ? [{ at: traffic.from + i, value }]
      : [],
  );
  return (
    <section class="ov-tile" aria-label={title}>
      <h2 class="ov-tile-title">{title}</h2>
      <p class="ov-figure">
        {last ? rate(last[field]) : '–'}
        <span class="ov-unit">/s</span>
      </p>
      <Sparkline tone={tone} now={traffic.until} points={minute} />
      <p class="muted ov-small">{count(total)} since start</p>
      <p class="muted ov-small">
        {minute.length > 0
          ? `peak ${count(Math.max(...minute.map((p) => p.value)))}/s, last minute`
          : 'rate from the next reading'}
      </p>
    </section>
  );
}

function CountTile({ title, value, note }: { title: string; value: string; note: string }) {
  return (
    <section class="ov-tile" aria-label={title}>
      <h2 class="ov-tile-title">{title}</h2>
      <p class="ov-figure">{value}</p>
      <p class="muted ov-small">{note}</p>
    </section>
  );
}

function Failures({ failures }: { failures: OverviewReading['failures'] }) {
  if (failures.length === 0) return <Empty>No failed messages since this instance started.</Empty>;
  return (
    <div class="table-wrap">
      <table>
        <thead>
          <tr>
            <th>Code</th>
            <th>Meaning</th>
            <th class="num">Messages</th>
          </tr>
        </thead>
        <tbody>
          {failures.map((f) => (
            <tr key={f.code}>
              <td>
                <code>{f.code || '(none)'}</code>
              </td>
              <td>{f.text ?? <span class="muted">set by the network or a sandbox handset</span>}</td>
              <td class="num">{count(f.count)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Jobs({ jobs }: { jobs: OverviewReading['queue']['jobs'] }) {
  if (jobs.kinds.length === 0) return <Empty>No jobs waiting.</Empty>;
  return (
    <div class="table-wrap">
      <table>
        <thead>
          <tr>
            <th>Kind</th>
            <th class="num">Ready</th>
            <th class="num">Dead</th>
          </tr>
        </thead>
        <tbody>
          {jobs.kinds.map((k) => (
            <tr key={k.kind}>
              <td>
                <code>{k.kind}</code>
              </td>
              <td class="num">{count(k.ready)}</td>
              <td class={`num${k.dead > 0 ? ' ov-bad' : ''}`}>{count(k.dead)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {jobs.capped && <p class="muted ov-small">Counted over the first 100,000 jobs only.</p>}
    </div>
  );
}

/**
 * The live overview: rates from two readings of this instance's counters (the ones /metrics
 * exposes) and their last 15 minutes per second as the gateway keeps them, the shared queue,
 * failures by report code and the connectors, read every 2 s.
 */
export function Overview() {
  // The traffic window: the whole 15 minutes once, then each poll asks only for the seconds since.
  const traffic = useRef<TrafficReading | null>(null);
  const reading = useLoad(
    async () => {
      const since = traffic.current?.until;
      const r = await api.get<OverviewReading>(
        since === undefined ? '/admin/v1/overview' : `/admin/v1/overview?trafficSince=${since}`,
      );
      traffic.current = mergeTraffic(traffic.current, r.traffic);
      return { ...r, traffic: traffic.current };
    },
    [],
    POLL_MS,
  );
  const [history, setHistory] = useState<RateHistory>(EMPTY_HISTORY);
  useEffect(() => {
    const r = reading.data;
    if (r) setHistory((h) => addReading(h, r));
  }, [reading.data]);

  const r = reading.data;
  if (!r) {
    return (
      <Page title="Overview">
        {reading.error ? <ErrorNote error={reading.error} /> : <Loading label="Reading the counters" />}
      </Page>
    );
  }
  const final = r.messages.final;
  const others = Object.entries(final).filter(([s]) => s !== 'delivered' && s !== 'failed');
  return (
    <Page
      title="Overview"
      subtitle={
        <>
          Role <strong>{r.instance.role}</strong> · up {uptime(r.instance.uptimeSeconds)} · read{' '}
          <time>{time(r.readAt)}</time>
        </>
      }
    >
      {reading.error && (
        <ErrorNote error={reading.error}>
          {' '}
          <span class="muted">(showing the last reading)</span>
        </ErrorNote>
      )}
      <p class="muted ov-note">
        Message and HTTP counters are this instance's, since it started; with several instances each counts
        its own. The queue is read from the database and shared by all.
      </p>
      <div class="ov-tiles">
        <RateTile
          title="Accepted"
          field="accepted"
          total={r.messages.accepted}
          history={history}
          traffic={r.traffic}
          tone="accent"
        />
        <RateTile
          title="Delivered"
          field="delivered"
          total={final.delivered ?? 0}
          history={history}
          traffic={r.traffic}
          tone="ok"
        />
        <RateTile
          title="Failed"
          field="failed"
          total={final.failed ?? 0}
          history={history}
          traffic={r.traffic}
          tone="bad"
        />
        <CountTile title="Queued" value={bounded(r.queue.queued)} note="waiting to be submitted" />
        <CountTile title="Awaiting result" value={bounded(r.queue.waiting)} note="submitted, no result yet" />
      </div>
      <Card title="Traffic, last 15 minutes">
        <TrafficChart traffic={r.traffic} />
      </Card>
      <div class="ov-grid">
        <Card title="Failures by report code">
          <Failures failures={r.failures} />
          {others.length > 0 && (
            <p class="muted ov-small">Also final: {others.map(([s, n]) => `${count(n)} ${s}`).join(', ')}.</p>
          )}
        </Card>
        <Card title="HTTP responses">
          <dl class="ov-http">
            {(['2xx', '3xx', '4xx', '5xx'] as const).map((c) => (
              <div key={c} class={c === '5xx' && r.http[c] > 0 ? 'ov-bad' : ''}>
                <dt>{c}</dt>
                <dd>{count(r.http[c])}</dd>
              </div>
            ))}
          </dl>
          <p class="muted ov-small">This console's own calls included.</p>
        </Card>
      </div>
      <Card title="Connectors">
        <Connectors connectors={r.connectors} />
      </Card>
      <Card title="Jobs">
        <Jobs jobs={r.queue.jobs} />
      </Card>
    </Page>
  );
}
