import { GatewayError } from '../../errors.ts';
import { classifyNumber } from '../../rules/phone.ts';

/*
 * Phone-number lists of friend groups and audience checks: checked whole, so that a malformed
 * entry is reported back (A553, naming the first ones) and never silently dropped.
 */

/** Numbers one group holds in all. */
export const GROUP_NUMBERS_MAX = 100_000;
/** Numbers one JSON request carries (registration, add, remove, audience check). */
export const REQUEST_NUMBERS_MAX = 10_000;
/** Largest uploaded list: 100,000 numbers with a few CSV columns beside them fit. */
export const NUMBER_FILE_MAX_BYTES = 4 * 1024 * 1024;
/** Malformed entries named in a detail; the count says how many there were in all. */
const BAD_SHOWN = 10;
const SHOWN_CHARS = 30;

function shown(value: string): string {
  return JSON.stringify(value.length > SHOWN_CHARS ? `${value.slice(0, SHOWN_CHARS)}...` : value);
}

function refuseBad(bad: readonly string[], total: number, what: string): never {
  const more = total > bad.length ? `, ... (${total} malformed ${what} in all)` : '';
  throw new GatewayError('A553', `${bad.join(', ')}${more}`);
}

/**
 * A JSON list of numbers (`field` names it in details): 1 to `max` entries, each a recipient
 * number as the send path takes it (digits only). Returns the distinct numbers, Korean E.164
 * written as `010...` (the form the sandbox and the send path use).
 */
export function checkPhoneList(
  field: string,
  phones: readonly string[],
  max = REQUEST_NUMBERS_MAX,
): string[] {
  if (phones.length === 0) throw new GatewayError('A556', `${field} is empty`);
  if (phones.length > max) {
    throw new GatewayError('A555', `${field} has ${phones.length} entries, at most ${max} per request`);
  }
  const out = new Set<string>();
  const bad: string[] = [];
  let badCount = 0;
  phones.forEach((p, i) => {
    const n = classifyNumber(p);
    if (n) out.add(n.number);
    else {
      badCount += 1;
      if (bad.length < BAD_SHOWN) bad.push(`${field}[${i}] ${shown(p)}`);
    }
  });
  if (badCount > 0) refuseBad(bad, badCount, 'entries');
  return [...out];
}

/** The first column of a CSV line: quoted ("0101...") or up to the first comma, tab or semicolon. */
function firstColumn(line: string): string {
  const t = line.trim();
  if (t.startsWith('"')) {
    const end = t.indexOf('"', 1);
    return (end < 0 ? t.slice(1) : t.slice(1, end)).trim();
  }
  const cut = t.search(/[,\t;]/);
  return (cut < 0 ? t : t.slice(0, cut)).trim();
}

export interface ParsedNumberFile {
  /** Distinct numbers, as checkPhoneList writes them. */
  phones: string[];
  /** Number lines read (duplicates included). */
  lines: number;
}

/**
 * An uploaded list: UTF-8 text (a BOM is allowed), one number per line or a CSV whose first
 * column is the number. Blank lines are skipped; so is a first line without any digit (a CSV
 * header). Any other line whose number is malformed refuses the whole file (A553, by line number).
 */
export function parseNumberFile(bytes: Buffer): ParsedNumberFile {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new GatewayError('A557', 'the file is not valid UTF-8');
  }
  if (text.includes('\u0000')) throw new GatewayError('A557', 'the file holds NUL bytes (a binary file?)');
  if (text.startsWith('\uFEFF')) text = text.slice(1);
  const out = new Set<string>();
  const bad: string[] = [];
  let badCount = 0;
  let lines = 0;
  let first = true;
  const all = text.split(/\r\n|\r|\n/);
  for (let i = 0; i < all.length; i++) {
    const raw = all[i] ?? '';
    if (raw.trim() === '') continue;
    const value = firstColumn(raw);
    const header = first && !/\d/.test(value);
    first = false;
    if (header) continue;
    lines += 1;
    if (lines > GROUP_NUMBERS_MAX) {
      throw new GatewayError('A555', `the file has more than ${GROUP_NUMBERS_MAX} numbers`);
    }
    const n = classifyNumber(value);
    if (n) out.add(n.number);
    else {
      badCount += 1;
      if (bad.length < BAD_SHOWN) bad.push(`line ${i + 1} ${shown(value)}`);
    }
  }
  if (badCount > 0) refuseBad(bad, badCount, 'lines');
  if (out.size === 0) throw new GatewayError('A556', 'the file holds no phone numbers');
  return { phones: [...out], lines };
}
