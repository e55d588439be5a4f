import type { ConnectorRegistry } from '../connectors/registry.ts';
import type { ConnectorSink } from '../connectors/types.ts';
import type { Ctx } from '../context.ts';
import type { JobHandler } from './runner.ts';

export const DISPATCH_JOB = 'dispatch';

export interface Dispatcher {
  readonly sink: ConnectorSink;
  readonly jobHandlers: ReadonlyMap<string, JobHandler>;
}

/** Hands accepted messages to connectors, step by step, with failover (to be built). */
export function createDispatcher(_ctx: Ctx, _registry: ConnectorRegistry): Dispatcher {
  return {
    sink: { async deliveryResult() {} },
    jobHandlers: new Map(),
  };
}
