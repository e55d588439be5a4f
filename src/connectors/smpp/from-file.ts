import type { Ctx } from '../../context.ts';
import type { ConnectorsConfig } from '../config.ts';
import type { ConnectorRegistry } from '../registry.ts';
import { RouteTable } from '../routes.ts';
import type { ConnectorSink } from '../types.ts';
import { createSmppConnector, type SmppConnector } from './connector.ts';

/** The connectors and routes of OMNIGATE_CONNECTORS, added to the registry (not yet started). */
export function addSmppConnectors(
  ctx: Ctx,
  sink: ConnectorSink,
  registry: ConnectorRegistry,
  file: ConnectorsConfig,
): SmppConnector[] {
  const made = file.connectors.map((c) => createSmppConnector(ctx, sink, c));
  for (const c of made) registry.add(c, false);
  registry.setRoutes(new RouteTable(file.routes));
  ctx.logger.info({ connectors: made.map((c) => c.name), routes: file.routes.length }, 'connectors loaded');
  return made;
}
