import type { OperationDocs } from './operation-doc.ts';
import { centerDocs } from './ops-center.ts';
import { messagingDocs } from './ops-messaging.ts';
import { operatorDocs } from './ops-operator.ts';

/** Every operation's documentation, by `METHOD /path`. */
export const operationDocs: OperationDocs = { ...messagingDocs, ...centerDocs, ...operatorDocs };
