import type { Static } from '@sinclair/typebox';
import type { TimelineItem as TimelineItemSchema } from '../../../src/features/sandbox/timeline-schemas.ts';

/** One step sent to a handset, as GET /sandbox/v1/handsets/{phone}/timeline answers it. */
export type TimelineItem = Static<typeof TimelineItemSchema>;
