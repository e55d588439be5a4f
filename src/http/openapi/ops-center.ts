import type { OperationDocs } from './operation-doc.ts';

export const centerDocs: OperationDocs = {};
