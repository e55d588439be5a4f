import { DAY_MS, kstDayStart } from '../../clock.ts';
import type { Channel, OutboundMessage } from '../types.ts';

/*
 * The simulated handset and the rules that decide what happens to a message sent to it. Pure:
 * no I/O, no clock; the connector loads the settings and passes the send time in.
 */

export interface RcsSupport {
  /** Reachable by unified RCS (domestic carriers, iOS and Android). */
  unified: boolean;
  /** Runs the carrier chat app on Android: header, footer and copyAllowed are shown. */
  android: boolean;
}

/** An app user as the operator set it; an absent time follows the clock (see resolveHandset). */
export interface AppUserSettings {
  connected?: boolean;
  lastActiveAt?: number;
  signedUpAt?: number;
}

/** What an operator set for a handset (PUT body, stored as JSON); absent means the default. */
export interface HandsetSettings {
  carrier?: string;
  reachable?: boolean;
  rcs?: RcsSupport | false;
  /** null: not a user of the messaging app. */
  appUser?: AppUserSettings | null;
  /** The senderKeys whose channel the handset has befriended; absent: every one. */
  friendOf?: readonly string[];
  /** Channel → report code to fail every message of that channel with. */
  fail?: Partial<Record<Channel, string>>;
  receiptDelaySeconds?: number;
}

export interface AppUser {
  connected: boolean;
  lastActiveAt: number;
  signedUpAt: number;
}

/** A handset with every default filled in, as of one instant. */
export interface Handset {
  carrier: string;
  reachable: boolean;
  rcs: RcsSupport | false;
  appUser: AppUser | null;
  /** null: a friend of every senderKey. */
  friendOf: readonly string[] | null;
  fail: Partial<Record<Channel, string>>;
  receiptDelaySeconds: number;
}

/** The report codes the sandbox fails with (docs/sandbox.md); a handset's `fail` adds its own. */
export const SANDBOX_FAILURES = {
  unreachable: { code: '30001', text: 'Handset unreachable' },
  notRcs: { code: '30002', text: 'Not an RCS device' },
  // The spec names this error for push sends to a handset that is not an active user (behaviour 6).
  noSendAvailable: { code: '30003', text: 'NoSendAvailableException' },
  notFriend: { code: '30004', text: 'Not a friend of the sender profile' },
} as const satisfies Record<string, { code: string; text: string }>;

export const FAILED_BY_SETTING_TEXT = 'Failed by sandbox handset setting';
export const DELIVERED = { code: '10000', text: 'Delivered' } as const;

/** Spec behaviour 6: used within the last 7 days (168 hours). */
export const ACTIVE_WINDOW_MS = 168 * 3600_000;
/** "Long ago" for a default user: never a same-day signup, whatever the clock says. */
const DEFAULT_SIGNUP_AGE_MS = 365 * DAY_MS;

const CARRIERS = ['SKT', 'KT', 'LGU+'] as const;

/** A stable carrier per number (by its last digit), so reports show a spread of carriers. */
export function defaultCarrier(phone: string): string {
  const last = phone.charCodeAt(phone.length - 1) - 48;
  if (!(last >= 0 && last <= 9)) return CARRIERS[0];
  return last <= 3 ? CARRIERS[0] : last <= 6 ? CARRIERS[1] : CARRIERS[2];
}

export const DEFAULT_RCS: RcsSupport = Object.freeze({ unified: true, android: true });

/**
 * Fills the defaults in as of `at`. A default app user (and an app user's absent times) is active
 * at any time: lastActiveAt is `at` itself and the signup a year before, so an unconfigured
 * number never drifts out of the 168-hour window however far the manual clock moves.
 */
export function resolveHandset(phone: string, s: HandsetSettings | undefined, at: number): Handset {
  const user = s?.appUser === undefined ? {} : s.appUser;
  return {
    carrier: s?.carrier ?? defaultCarrier(phone),
    reachable: s?.reachable ?? true,
    rcs: s?.rcs ?? DEFAULT_RCS,
    appUser:
      user === null
        ? null
        : {
            connected: user.connected ?? true,
            lastActiveAt: user.lastActiveAt ?? at,
            signedUpAt: user.signedUpAt ?? at - DEFAULT_SIGNUP_AGE_MS,
          },
    friendOf: s?.friendOf ?? null,
    fail: s?.fail ?? {},
    receiptDelaySeconds: s?.receiptDelaySeconds ?? 0,
  };
}

/**
 * Spec behaviour 6's active user: connected, used the app within the 168 hours before the send,
 * and not signed up on the Korea-time day of the send (nor later: not yet a user then).
 */
export function isActiveUser(user: AppUser | null, sendAt: number): boolean {
  if (user === null || !user.connected) return false;
  if (sendAt - user.lastActiveAt > ACTIVE_WINDOW_MS) return false;
  return user.signedUpAt < kstDayStart(sendAt);
}

export type Decision =
  | { delivered: false; code: string; text: string }
  /** `payload` is what the inbox shows; `receiptAfterMs` 0 means the result is known at once. */
  | { delivered: true; payload: Record<string, unknown>; receiptAfterMs: number };

/** Fields of an RCS message that only Android RCS shows (spec behaviour 8). */
const ANDROID_ONLY_RCS_FIELDS = ['header', 'footer', 'copyAllowed'] as const;

/** Brand message targeting that reaches a sender's own members, friend or not. */
const MEMBER_TARGETING = new Set(['M', 'N', 'O']);

const fail = (f: { code: string; text: string }): Decision => ({
  delivered: false,
  code: f.code,
  text: f.text,
});

/** What happens to `msg` on `handset`: checked in the order docs/sandbox.md lists. */
export function decide(handset: Handset, msg: OutboundMessage): Decision {
  if (!handset.reachable) return fail(SANDBOX_FAILURES.unreachable);
  const forced = handset.fail[msg.channel];
  if (forced !== undefined) return { delivered: false, code: forced, text: FAILED_BY_SETTING_TEXT };

  let payload = msg.payload;
  let receiptAfterMs = handset.receiptDelaySeconds * 1000;
  if (msg.channel === 'rcs') {
    const rcs = handset.rcs;
    if (rcs === false || (!rcs.unified && !rcs.android)) return fail(SANDBOX_FAILURES.notRcs);
    if (!rcs.android) payload = withoutFields(payload, ANDROID_ONLY_RCS_FIELDS);
  } else if (msg.channel === 'infomsg' || msg.channel === 'brandmessage') {
    if (msg.payload.responseMethod === 'polling') {
      // Polling waits for the handset's receipt, so any app user gets it, active or not.
      if (handset.appUser === null) return fail(SANDBOX_FAILURES.noSendAvailable);
    } else {
      if (!isActiveUser(handset.appUser, msg.submittedAt)) return fail(SANDBOX_FAILURES.noSendAvailable);
      // Push counts as delivered without waiting for the handset (spec behaviour 6).
      receiptAfterMs = 0;
    }
    if (msg.channel === 'brandmessage' && !isFriendOrMember(handset, msg.payload)) {
      return fail(SANDBOX_FAILURES.notFriend);
    }
  }
  return { delivered: true, payload, receiptAfterMs };
}

function isFriendOrMember(handset: Handset, payload: Record<string, unknown>): boolean {
  const targeting = payload.targeting;
  if (typeof targeting === 'string' && MEMBER_TARGETING.has(targeting)) return true;
  if (handset.friendOf === null) return true;
  const senderKey = payload.senderKey;
  return typeof senderKey === 'string' && handset.friendOf.includes(senderKey);
}

function withoutFields(payload: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  if (!fields.some((f) => Object.hasOwn(payload, f))) return payload;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(payload)) if (!fields.includes(k)) out[k] = v;
  return out;
}
