import type { OperationDocs } from './operation-doc.ts';

export const adminDocs: OperationDocs = {};
