import type { JobHandler } from '../../engine/runner.ts';
import type { Connector, ConnectorDeps } from '../types.ts';

export interface SandboxConnector extends Connector {
  /** Background work of the sandbox (receipts that arrive later on the clock). */
  readonly jobHandlers: ReadonlyMap<string, JobHandler>;
}

/** The simulated world: every channel lands in the handset's inbox (to be built). */
export function createSandboxConnector(_deps: ConnectorDeps): SandboxConnector {
  return {
    name: 'sandbox',
    channels: ['sms', 'mms', 'infomsg', 'rcs', 'brandmessage'],
    pace: { perSecond: null, window: 1000 },
    async submit(batch) {
      return batch.map(() => ({
        kind: 'rejected',
        code: '50000',
        text: 'sandbox not built',
        retryable: false,
      }));
    },
    jobHandlers: new Map(),
  };
}
