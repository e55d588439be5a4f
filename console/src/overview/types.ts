import type { Static } from '@sinclair/typebox';
import type {
  OverviewConnector,
  Overview as OverviewSchema,
  OverviewTraffic,
} from '../../../src/features/admin/overview-schemas.ts';

/** GET /admin/v1/overview, typed from the schema the server answers with. */
export type OverviewReading = Static<typeof OverviewSchema>;
export type ConnectorReading = Static<typeof OverviewConnector>;
/** The overview's `traffic`: per second, oldest first, null before the instance started. */
export type TrafficReading = Static<typeof OverviewTraffic>;
