import type { Ctx } from '../../context.ts';
import type { ConnectorsConfig } from '../config.ts';
import type { ConnectorRegistry } from '../registry.ts';
import { RouteTable } from '../routes.ts';
import type { ConnectorSink } from '../types.ts';
import { createSmppConnector, type SmppConnector } from './connector.ts';

/**
 * The SMPP connectors and the routes of OMNIGATE_CONNECTORS, added to the registry (not yet
 * started). The file's other connectors are made elsewhere; the routes naming them are set here too.
 */
export function addSmppConnectors(
  ctx: Ctx,
  sink: ConnectorSink,
  registry: ConnectorRegistry,
  file: ConnectorsConfig,
): SmppConnector[] {
  const made = file.connectors.flatMap((c) => (c.type === 'smpp' ? [createSmppConnector(ctx, sink, c)] : []));
  for (const c of made) registry.add(c, false);
  registry.setRoutes(new RouteTable(file.routes));
  ctx.logger.info({ connectors: made.map((c) => c.name), routes: file.routes.length }, 'connectors loaded');
  return made;
}
