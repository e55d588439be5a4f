// Delivery receipts (deliver_sm with a receipt esm_class): their text, their TLVs, and what they
// mean for the message. SMSCs vary in key case, order and spacing, so parsing is lenient.

export interface Receipt {
  /** The SMSC's message id as given. */
  id: string;
  /** DELIVRD, EXPIRED, DELETED, UNDELIV, ACCEPTD, UNKNOWN, REJECTD, ENROUTE (upper-case). */
  stat: string;
  /** As given ('000' when absent). */
  err: string;
  /** Raw YYMMDDhhmm[ss] strings. */
  submitDate: string | null;
  doneDate: string | null;
  sub: string | null;
  dlvrd: string | null;
  text: string | null;
}

type Field = 'id' | 'sub' | 'dlvrd' | 'submitDate' | 'doneDate' | 'stat' | 'err' | 'text';

// A key counts only at the start or after whitespace, so "xid:" or a date's digits never match.
const KEY = /(?:^|\s)(id|sub|dlvrd|submit[ _]?date|done[ _]?date|stat|err|text)\s*:/gi;

const FIELDS: Readonly<Record<string, Field>> = {
  id: 'id',
  sub: 'sub',
  dlvrd: 'dlvrd',
  submitdate: 'submitDate',
  donedate: 'doneDate',
  stat: 'stat',
  err: 'err',
  text: 'text',
};

/** Every field found in a receipt text, first occurrence winning. */
function receiptFields(text: string): Map<Field, string> {
  const found = [...text.matchAll(KEY)].flatMap((m) => {
    const field = FIELDS[(m[1] ?? '').toLowerCase().replace(/[ _]/g, '')];
    return field === undefined ? [] : [{ field, start: m.index, end: m.index + m[0].length }];
  });
  const fields = new Map<Field, string>();
  for (let i = 0; i < found.length; i++) {
    const current = found[i];
    if (!current || fields.has(current.field)) continue;
    let next = i + 1;
    // The text field holds the message's first chars, which may well contain "id:" or "stat:":
    // inside it only a key not seen yet ends it (the standard puts text last, so it runs to the end).
    if (current.field === 'text') {
      while (next < found.length && fields.has(found[next]?.field ?? 'text')) next++;
    }
    const end = found[next]?.start ?? text.length;
    fields.set(current.field, text.slice(current.end, end).trim());
    if (current.field === 'text') i = next - 1;
  }
  return fields;
}

function nonEmpty(value: string | undefined): string | null {
  return value === undefined || value === '' ? null : value;
}

function firstWord(value: string | undefined): string | null {
  return nonEmpty(value?.split(/\s+/)[0]);
}

interface PartialReceipt {
  id: string | null;
  stat: string | null;
  err: string | null;
  rest: Omit<Receipt, 'id' | 'stat' | 'err'>;
}

function partialReceipt(text: string | null): PartialReceipt {
  const f = text === null ? new Map<Field, string>() : receiptFields(text);
  return {
    id: firstWord(f.get('id')),
    stat: firstWord(f.get('stat'))?.toUpperCase() ?? null,
    err: firstWord(f.get('err')),
    rest: {
      submitDate: firstWord(f.get('submitDate')),
      doneDate: firstWord(f.get('doneDate')),
      sub: firstWord(f.get('sub')),
      dlvrd: firstWord(f.get('dlvrd')),
      text: f.has('text') ? (f.get('text') ?? '') : null,
    },
  };
}

function complete(p: PartialReceipt): Receipt | null {
  if (p.id === null || p.stat === null) return null;
  return { id: p.id, stat: p.stat, err: p.err ?? '000', ...p.rest };
}

/**
 * Parses the SMPP 3.4 Appendix B receipt text ("id:... sub:... dlvrd:... submit date:... done
 * date:... stat:... err:... text:..."), tolerant of field order, case of keys, missing fields,
 * extra spaces. null when there is no id or no stat.
 */
export function parseReceiptText(text: string): Receipt | null {
  return complete(partialReceipt(text));
}

/** message_state TLV values (SMPP 3.4 §5.3.2.35) as the receipt text's stat words. */
const MESSAGE_STATES: Readonly<Record<number, string>> = {
  1: 'ENROUTE',
  2: 'DELIVRD',
  3: 'EXPIRED',
  4: 'DELETED',
  5: 'UNDELIV',
  6: 'ACCEPTD',
  7: 'UNKNOWN',
  8: 'REJECTD',
};

/**
 * From deliver_sm fields: the receipted_message_id and message_state TLVs are structured and so
 * win over the text's id and stat; network_error_code (type, code16) fills err only when the text
 * has none.
 */
export function receiptFrom(fields: {
  text: string | null;
  receiptedMessageId?: string | undefined;
  messageState?: number | undefined;
  networkErrorCode?: Buffer | undefined;
}): Receipt | null {
  const p = partialReceipt(fields.text);
  const tlvId = nonEmpty(fields.receiptedMessageId?.replace(/\0+$/, '').trim());
  if (tlvId !== null) p.id = tlvId;
  const tlvStat = fields.messageState === undefined ? undefined : MESSAGE_STATES[fields.messageState];
  if (tlvStat !== undefined) p.stat = tlvStat;
  const nec = fields.networkErrorCode;
  if (p.err === null && nec !== undefined && nec.length >= 3) {
    p.err = String(nec.readUInt16BE(1)).padStart(3, '0');
  }
  return complete(p);
}

export type IdFormat = 'string' | 'hex' | 'decimal';

function stripLeadingZeros(value: string): string {
  const stripped = value.replace(/^0+/, '');
  return stripped === '' && value !== '' ? '0' : stripped;
}

/**
 * Canonical form of a message id so that one from submit_sm_resp and one from a receipt compare
 * equal: 'hex' and 'decimal' are parsed as numbers and given in decimal; 'string' is lower-cased;
 * leading zeros are stripped in every form ("0" stays "0"); surrounding whitespace and NULs are
 * trimmed. A value that does not parse in its declared format falls back to the 'string' form.
 */
export function normalizeMessageId(id: string, format: IdFormat): string {
  const value = id.replace(/^[\s\0]+|[\s\0]+$/g, '');
  if (format === 'hex') {
    const digits = /^(?:0x)?([0-9a-f]+)$/i.exec(value)?.[1];
    if (digits !== undefined) return BigInt(`0x${digits}`).toString(10);
  } else if (format === 'decimal') {
    if (/^[0-9]+$/.test(value)) return BigInt(value).toString(10);
  }
  return stripLeadingZeros(value.toLowerCase());
}

/** Report codes of failed receipts: '82' + the 3-digit message_state number of the stat word. */
const FAILED_STATS: Readonly<Record<string, string>> = {
  EXPIRED: '82003',
  DELETED: '82004',
  UNDELIV: '82005',
  UNKNOWN: '82007',
  REJECTD: '82008',
};
// The engine's delivered code (CODES.delivered); connectors do not import the engine, and
// DeliveryResult ignores the code of a delivered result anyway.
const DELIVERED_CODE = '10000';

/**
 * The outcome of a final receipt: delivered (DELIVRD, ACCEPTD), failed with a report code, or
 * null for a non-final state (ENROUTE, or a stat word this table does not know).
 */
export function receiptOutcome(r: Receipt): { delivered: boolean; code: string; text: string } | null {
  const text = `${r.stat} err:${r.err}`;
  if (r.stat === 'DELIVRD' || r.stat === 'ACCEPTD') return { delivered: true, code: DELIVERED_CODE, text };
  const code = FAILED_STATS[r.stat];
  return code === undefined ? null : { delivered: false, code, text };
}
