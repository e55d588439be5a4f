import type { BrandMessage, FlowStep, Infomsg, Mms, Rcs, Sms } from './types.js';

/**
 * `messageFlow` entries, one per channel: `[steps.infomsg(...), steps.sms(...)]` tries the
 * informational message first and falls back to SMS for a recipient it fails for.
 */
export const steps = {
  /** SMS: at most 90 bytes, no title. */
  sms: (sms: Sms): FlowStep => ({ sms }),
  /** LMS: the `mms` channel without images (at most 2000 bytes). */
  lms: (lms: Omit<Mms, 'fileKey'>): FlowStep => ({ mms: lms }),
  /** MMS: 1 to 3 images by their fileKey (`files.mms`). */
  mms: (mms: Mms & { fileKey: string[] }): FlowStep => ({ mms }),
  rcs: (rcs: Rcs): FlowStep => ({ rcs }),
  infomsg: (infomsg: Infomsg): FlowStep => ({ infomsg }),
  brandmessage: (brandmessage: BrandMessage): FlowStep => ({ brandmessage }),
} as const;
