import { count } from '../format.ts';
import { Badge } from '../ui/feedback.tsx';
import type { ConnectorReading } from './types.ts';

const STATE_TONE: Record<ConnectorReading['state'], string> = {
  up: 'bound',
  partial: 'connecting',
  down: 'down',
};

/** One connector: its state and, for SMPP, each bind, the window in use and what waits. */
function ConnectorCard({ c }: { c: ConnectorReading }) {
  const bound = c.binds.filter((b) => b.state === 'bound').length;
  return (
    <section class="ov-connector" aria-label={`Connector ${c.name}`}>
      <header class="ov-connector-head">
        <h3>{c.name}</h3>
        <Badge status={STATE_TONE[c.state]} label={c.state} />
      </header>
      <p class="muted ov-small">
        {c.type === 'sandbox' ? 'Sandbox (simulated, always up)' : 'SMPP'} · {c.channels.join(', ')}
      </p>
      {c.type === 'smpp' && (
        <>
          <p class="ov-small">
            {bound} of {c.binds.length} binds bound · window {count(c.windowInUse)} of {count(c.windowSize)} ·{' '}
            {count(c.queued)} parts queued ·{' '}
            {c.throughputLimit === null ? 'no throughput limit' : `${count(c.throughputLimit)}/s limit`}
          </p>
          <ul class="ov-binds" aria-label={`Binds of ${c.name}`}>
            {c.binds.map((b) => (
              <li key={b.index}>
                <span>
                  Bind {b.index + 1} <span class="muted">({b.role})</span>
                </span>
                <span class="ov-bind-state">
                  {b.inFlight > 0 && <span class="muted ov-small">{b.inFlight} in flight</span>}
                  {b.reconnects > 0 && <span class="muted ov-small">{b.reconnects} reconnects</span>}
                  <Badge status={b.state} />
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

export function Connectors({ connectors }: { connectors: readonly ConnectorReading[] }) {
  if (connectors.length === 0) return <p class="empty">No connectors: nothing can be delivered.</p>;
  return (
    <div class="ov-connectors">
      {connectors.map((c) => (
        <ConnectorCard key={c.name} c={c} />
      ))}
    </div>
  );
}
