import type { OperationDocs } from './operation-doc.ts';

export const messagingDocs: OperationDocs = {};
