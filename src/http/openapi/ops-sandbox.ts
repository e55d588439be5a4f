import type { OperationDocs } from './operation-doc.ts';

/** The sandbox control API (/sandbox/v1) and the unauthenticated system routes. */
export const sandboxDocs: OperationDocs = {};
