import { reservationDocs } from '../../features/reservations/docs.ts';
import type { OperationDocs, RouteDocs } from './operation-doc.ts';
import { adminDocs } from './ops-admin.ts';
import { centerDocs } from './ops-center.ts';
import { messagingDocs } from './ops-messaging.ts';
import { sandboxDocs } from './ops-sandbox.ts';

/*
 * Loaded when /docs is first asked for (src/app.ts): every operation's description and examples.
 * Each feature keeps its operations' documentation in its own docs.ts, by the operationId its
 * routes name; this module only gathers them.
 */

/** Every operation's documentation by `METHOD /path` (the areas not moved to their features yet). */
export const operationDocs: OperationDocs = { ...messagingDocs, ...centerDocs, ...adminDocs, ...sandboxDocs };

/** Every feature's operations, by operationId. */
export const routeDocs: RouteDocs = { ...reservationDocs };
