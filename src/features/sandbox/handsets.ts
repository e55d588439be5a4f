import type { Static } from '@sinclair/typebox';
import { isoKst, parseClientTime } from '../../clock.ts';
import {
  type AppUserSettings,
  type HandsetSettings,
  type RcsSupport,
  resolveHandset,
} from '../../connectors/sandbox/handset.ts';
import { parseSettings, settingsToJson } from '../../connectors/sandbox/settings.ts';
import { CHANNELS, type Channel } from '../../connectors/types.ts';
import type { Ctx } from '../../context.ts';
import { GatewayError } from '../../errors.ts';
import { findHandset, type HandsetRow, removeHandset, saveHandset } from '../../store/sandbox/sandbox.ts';
import { checkText, isPhoneNumber } from '../admin/checks.ts';
import { SENDER_KEY_MAX } from '../admin/profiles.ts';
import {
  CARRIER_MAX,
  FAIL_CODE_MAX,
  FRIEND_OF_MAX,
  type HandsetView as HandsetViewSchema,
  RECEIPT_DELAY_MAX,
} from './world-schemas.ts';

/** Use cases of /sandbox/v1/handsets: what a simulated handset is (handset.ts decides the rest). */

export interface HandsetInput {
  carrier?: string | undefined;
  reachable?: boolean | undefined;
  rcs?: RcsSupport | false | undefined;
  appUser?:
    | { connected?: boolean | undefined; lastActiveAt?: string | undefined; signedUpAt?: string | undefined }
    | null
    | undefined;
  /** null or absent: a friend of every senderKey. */
  friendOf?: string[] | null | undefined;
  fail?: Partial<Record<Channel, string>> | undefined;
  receiptDelaySeconds?: number | undefined;
}

/** A handset as the API shows it: `configured` false when never PUT (or reset), `defaults` listed. */
export type HandsetView = Static<typeof HandsetViewSchema>;

export function checkPhone(phone: string): string {
  if (!isPhoneNumber(phone)) throw new GatewayError('A306', 'phone must be 8 to 15 digits');
  return phone;
}

function checkTime(field: string, value: string): number {
  const ms = parseClientTime(value);
  if (ms === null) {
    throw new GatewayError(
      'A300',
      `${field} must be ISO 8601 with an offset, or yyyy-MM-dd HH:mm:ss (Korea time)`,
    );
  }
  return ms;
}

/** The input as stored settings: checked here too, since a CLI could call without the schema. */
export function toSettings(input: HandsetInput): HandsetSettings {
  const s: HandsetSettings = {};
  if (input.carrier !== undefined) s.carrier = checkText('carrier', input.carrier, 1, CARRIER_MAX);
  if (input.reachable !== undefined) s.reachable = input.reachable;
  if (input.rcs !== undefined) {
    s.rcs = input.rcs === false ? false : { unified: input.rcs.unified, android: input.rcs.android };
  }
  if (input.appUser === null) s.appUser = null;
  else if (input.appUser !== undefined) {
    const u: AppUserSettings = {};
    const { connected, lastActiveAt, signedUpAt } = input.appUser;
    if (connected !== undefined) u.connected = connected;
    if (lastActiveAt !== undefined) u.lastActiveAt = checkTime('appUser.lastActiveAt', lastActiveAt);
    if (signedUpAt !== undefined) u.signedUpAt = checkTime('appUser.signedUpAt', signedUpAt);
    s.appUser = u;
  }
  if (input.friendOf != null) {
    if (input.friendOf.length > FRIEND_OF_MAX) {
      throw new GatewayError('A300', `friendOf holds at most ${FRIEND_OF_MAX} senderKeys`);
    }
    s.friendOf = [...new Set(input.friendOf.map((k) => checkText('friendOf[]', k, 1, SENDER_KEY_MAX)))];
  }
  if (input.fail !== undefined) s.fail = checkFail(input.fail);
  if (input.receiptDelaySeconds !== undefined) {
    const d = input.receiptDelaySeconds;
    if (!Number.isFinite(d) || d < 0 || d > RECEIPT_DELAY_MAX) {
      throw new GatewayError('A300', `receiptDelaySeconds must be 0 to ${RECEIPT_DELAY_MAX}`);
    }
    s.receiptDelaySeconds = d;
  }
  return s;
}

function checkFail(fail: Partial<Record<string, string>>): Partial<Record<Channel, string>> {
  const out: Partial<Record<Channel, string>> = {};
  for (const [key, code] of Object.entries(fail)) {
    if (code === undefined) continue;
    const channel = CHANNELS.find((c) => c === key);
    if (!channel) throw new GatewayError('A300', `fail keys must be channel names: ${CHANNELS.join(', ')}`);
    checkText(`fail.${key}`, code, 1, FAIL_CODE_MAX);
    // 10000 is the delivered code: a "failure" with it would read as a success in reports.
    if (code === '10000') throw new GatewayError('A300', `fail.${key} cannot be 10000 (delivered)`);
    out[channel] = code;
  }
  return out;
}

/** The handset with every default filled in as of `now`. */
export function handsetView(phone: string, row: HandsetRow | undefined, now: number): HandsetView {
  const s = row ? parseSettings(row.props) : {};
  const h = resolveHandset(phone, s, now);
  return {
    phone,
    configured: row !== undefined,
    carrier: h.carrier,
    reachable: h.reachable,
    rcs: h.rcs,
    appUser: h.appUser && {
      connected: h.appUser.connected,
      lastActiveAt: isoKst(h.appUser.lastActiveAt),
      signedUpAt: isoKst(h.appUser.signedUpAt),
    },
    friendOf: h.friendOf === null ? null : [...h.friendOf],
    fail: h.fail,
    receiptDelaySeconds: h.receiptDelaySeconds,
    defaults: defaultedProperties(s),
    updatedAt: row ? isoKst(row.updatedAt) : null,
  };
}

function defaultedProperties(s: HandsetSettings): string[] {
  const out: string[] = [];
  for (const key of [
    'carrier',
    'reachable',
    'rcs',
    'appUser',
    'friendOf',
    'fail',
    'receiptDelaySeconds',
  ] as const) {
    if (s[key] === undefined) out.push(key);
  }
  if (s.appUser) {
    for (const key of ['connected', 'lastActiveAt', 'signedUpAt'] as const) {
      if (s.appUser[key] === undefined) out.push(`appUser.${key}`);
    }
  }
  return out;
}

/** PUT: the handset becomes exactly the input; what it leaves out takes the default. */
export async function putHandset(ctx: Ctx, phone: string, input: HandsetInput): Promise<HandsetView> {
  checkPhone(phone);
  const settings = toSettings(input);
  await saveHandset(ctx.store, phone, settingsToJson(settings), ctx.clock.now());
  return showHandset(ctx, phone);
}

export async function showHandset(ctx: Ctx, phone: string): Promise<HandsetView> {
  checkPhone(phone);
  return handsetView(phone, await findHandset(ctx.store, phone), ctx.clock.now());
}

/** DELETE: back to the defaults (the inbox stays; it has its own DELETE). */
export async function resetHandset(ctx: Ctx, phone: string): Promise<HandsetView> {
  checkPhone(phone);
  await removeHandset(ctx.store, phone);
  return handsetView(phone, undefined, ctx.clock.now());
}
