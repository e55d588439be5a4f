/*
 * Limits and closed sets of the operator API, free of server imports: the schemas (and through
 * them the console, type-checked with the browser's library) read them from here.
 */

export const REPORT_MODES = ['polling', 'webhook'] as const;
export type ReportMode = (typeof REPORT_MODES)[number];

/** Per-second ceilings; the largest is well beyond what one gateway can carry. */
export const MAX_PER_SECOND = 1_000_000;

/** `S`: one channel's profile; `G`: a group of profiles (the spec's templates take either). */
export const SENDER_KEY_TYPES = ['S', 'G'] as const;

/** The spec caps senderKey at 40 characters wherever it states a limit. */
export const SENDER_KEY_MAX = 40;

/** Korean numbers as the send path writes them: digits only, 8 (15881234) to 15 (E.164) long. */
export const PHONE_PATTERN = '^[0-9]{8,15}$';
