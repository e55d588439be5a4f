import type { Ctx } from '../../context.ts';
import { ConnectorConfigError, type ConnectorsConfig } from '../config.ts';
import type { ConnectorRegistry } from '../registry.ts';
import type { ConnectorSink } from '../types.ts';
import { createUpstreamConnector, type UpstreamConnector } from './connector.ts';

/**
 * The upstream connectors of OMNIGATE_CONNECTORS, added to the registry (not yet started; the
 * routes are set with the SMPP ones). An upstream whose address the outbound policy refuses
 * stops the start, naming it, rather than failing every message later.
 */
export async function addUpstreamConnectors(
  ctx: Ctx,
  sink: ConnectorSink,
  registry: ConnectorRegistry,
  file: ConnectorsConfig,
  source: string,
): Promise<UpstreamConnector[]> {
  const problems: string[] = [];
  const made: UpstreamConnector[] = [];
  for (const [i, c] of file.connectors.entries()) {
    if (c.type !== 'upstream') continue;
    const why = await ctx.outbound.urlRefusal(new URL(c.baseUrl));
    if (why !== null) problems.push(`connectors[${i}].baseUrl: ${why}`);
    else made.push(createUpstreamConnector(ctx, sink, c));
  }
  if (problems.length > 0) throw new ConnectorConfigError(source, problems);
  for (const c of made) registry.add(c, false);
  if (made.length > 0) {
    ctx.logger.info(
      {
        connectors: made.map((c) => ({ name: c.name, baseUrl: c.config.baseUrl, reports: c.config.reports })),
      },
      'upstream connectors loaded',
    );
  }
  return made;
}
