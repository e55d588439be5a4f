import type { OperationDocs } from './operation-doc.ts';
import { adminDocs } from './ops-admin.ts';
import { centerDocs } from './ops-center.ts';
import { messagingDocs } from './ops-messaging.ts';
import { sandboxDocs } from './ops-sandbox.ts';

/** Every operation's documentation, by `METHOD /path`. */
export const operationDocs: OperationDocs = { ...messagingDocs, ...centerDocs, ...adminDocs, ...sandboxDocs };
