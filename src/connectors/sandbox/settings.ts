import { CHANNELS, type Channel } from '../types.ts';
import type { AppUserSettings, HandsetSettings, RcsSupport } from './handset.ts';

/*
 * The stored form of a handset's settings: the JSON of sandbox_handsets.props, holding only what
 * the operator set (times as epoch milliseconds), so that defaults added later reach old rows too.
 */

export function settingsToJson(s: HandsetSettings): string {
  return JSON.stringify(s);
}

type Json = Record<string, unknown>;

const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * Reads stored settings. A field that does not have its expected shape (a row edited by hand)
 * is left out, so it takes its default rather than breaking every send to the number.
 */
export function parseSettings(text: string): HandsetSettings {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return {};
  }
  if (!isRecord(raw)) return {};
  const s: HandsetSettings = {};
  if (typeof raw.carrier === 'string') s.carrier = raw.carrier;
  if (typeof raw.reachable === 'boolean') s.reachable = raw.reachable;
  const rcs = parseRcs(raw.rcs);
  if (rcs !== undefined) s.rcs = rcs;
  if (raw.appUser === null) s.appUser = null;
  else if (isRecord(raw.appUser)) s.appUser = parseAppUser(raw.appUser);
  if (Array.isArray(raw.friendOf)) s.friendOf = raw.friendOf.filter((k) => typeof k === 'string');
  if (isRecord(raw.fail)) s.fail = parseFail(raw.fail);
  if (isFiniteNumber(raw.receiptDelaySeconds) && raw.receiptDelaySeconds >= 0) {
    s.receiptDelaySeconds = raw.receiptDelaySeconds;
  }
  return s;
}

function parseRcs(v: unknown): RcsSupport | false | undefined {
  if (v === false) return false;
  if (isRecord(v) && typeof v.unified === 'boolean' && typeof v.android === 'boolean') {
    return { unified: v.unified, android: v.android };
  }
  return undefined;
}

function parseAppUser(v: Json): AppUserSettings {
  const u: AppUserSettings = {};
  if (typeof v.connected === 'boolean') u.connected = v.connected;
  if (isFiniteNumber(v.lastActiveAt)) u.lastActiveAt = v.lastActiveAt;
  if (isFiniteNumber(v.signedUpAt)) u.signedUpAt = v.signedUpAt;
  return u;
}

function parseFail(v: Json): Partial<Record<Channel, string>> {
  const out: Partial<Record<Channel, string>> = {};
  for (const ch of CHANNELS) {
    const code = v[ch];
    if (typeof code === 'string') out[ch] = code;
  }
  return out;
}
