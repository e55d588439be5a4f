import type { Static } from '@sinclair/typebox';
import type {
  ActiveHandset as ActiveHandsetSchema,
  HandsetsList as HandsetsListSchema,
  ReadView as ReadViewSchema,
} from '../../../src/features/sandbox/activity-schemas.ts';
import type {
  ReviewRequest as ReviewRequestSchema,
  ReviewsList as ReviewsListSchema,
} from '../../../src/features/sandbox/review-schemas.ts';
import type {
  StreamGap as StreamGapSchema,
  TimelinePage as TimelinePageSchema,
} from '../../../src/features/sandbox/timeline-schemas.ts';
import type {
  HandsetBody as HandsetBodySchema,
  HandsetView as HandsetViewSchema,
} from '../../../src/features/sandbox/world-schemas.ts';

/** The sandbox pages' view of the API, typed from the schemas the gateway validates with. */
export type ActiveHandset = Static<typeof ActiveHandsetSchema>;
export type HandsetsList = Static<typeof HandsetsListSchema>;
export type ReadView = Static<typeof ReadViewSchema>;
export type TimelinePage = Static<typeof TimelinePageSchema>;
export type StreamGap = Static<typeof StreamGapSchema>;
export type ReviewRequest = Static<typeof ReviewRequestSchema>;
export type ReviewsList = Static<typeof ReviewsListSchema>;
export type HandsetView = Static<typeof HandsetViewSchema>;
export type HandsetBody = Static<typeof HandsetBodySchema>;

/** POST /sandbox/v1/mo's answer (src/features/mo/schemas.ts: sandboxMo). */
export interface MoReceived {
  msgKey: string;
  accountId: string;
  created: boolean;
}
