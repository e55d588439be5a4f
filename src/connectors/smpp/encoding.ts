// Text ↔ short_message bytes for SMPP: alphabet choice, splitting into concatenated parts, and the
// inverse for MO messages. Pure functions: the session code decides what to do with the result.

export type Alphabet = 'gsm' | 'ucs2' | 'latin1';

export interface EncodingOptions {
  /**
   * 'auto': GSM 03.38 default alphabet when every char fits (extension chars count as 2 septets,
   * sent as ESC+char), else UCS2. A fixed alphabet forces it; chars that do not fit become '?'.
   */
  encoding: 'auto' | Alphabet;
  /** data_coding value sent per alphabet (carriers that expect another one). */
  dataCoding: { gsm: number; ucs2: number; latin1: number };
  /** May the text be split into concatenated parts with a UDH? false: only single-part texts. */
  concatenation: boolean;
  /** Largest number of parts (1..255). */
  maxParts: number;
}

export interface Segment {
  shortMessage: Buffer;
  /** 0x40 (UDH indicator) when shortMessage starts with a UDH, else 0. */
  esmClass: number;
}

export type Encoded =
  | { ok: true; alphabet: Alphabet; dataCoding: number; segments: Segment[] }
  | { ok: false; reason: 'too-long' | 'needs-concatenation'; parts: number };

export const ESM_CLASS_UDHI = 0x40;
const ESC = 0x1b;
const QUESTION_MARK = 0x3f;

// GSM 03.38 basic table, index = septet. 0x1B is the escape to the extension table, not a char:
// the placeholder there is never looked up when encoding (see GSM_ENCODE below).
const GSM_BASIC = [
  ...'@£$¥èéùìòÇ\nØø\rÅå',
  ...'Δ_ΦΓΛΩΠΨΣΘΞ\u001bÆæßÉ',
  ...' !"#¤%&\'()*+,-./',
  ...'0123456789:;<=>?',
  ...'¡ABCDEFGHIJKLMNO',
  ...'PQRSTUVWXYZÄÖÑÜ§',
  ...'¿abcdefghijklmno',
  ...'pqrstuvwxyzäöñüà',
];

// GSM 03.38 extension table (reached through ESC): septet after the escape → char.
const GSM_EXTENSION: ReadonlyArray<readonly [number, string]> = [
  [0x0a, '\f'],
  [0x14, '^'],
  [0x28, '{'],
  [0x29, '}'],
  [0x2f, '\\'],
  [0x3c, '['],
  [0x3d, '~'],
  [0x3e, ']'],
  [0x40, '|'],
  [0x65, '€'],
];

const GSM_ENCODE = new Map<string, number[]>();
GSM_BASIC.forEach((ch, septet) => {
  if (septet !== ESC) GSM_ENCODE.set(ch, [septet]);
});
for (const [septet, ch] of GSM_EXTENSION) GSM_ENCODE.set(ch, [ESC, septet]);
const GSM_EXTENSION_DECODE = new Map<number, string>(GSM_EXTENSION);

/** Bytes per single message and per concatenated part, by alphabet (GSM counted in septets, sent unpacked). */
const CAPACITY: Record<Alphabet, { single: number; part: number }> = {
  gsm: { single: 160, part: 153 },
  ucs2: { single: 140, part: 134 },
  latin1: { single: 140, part: 134 },
};

/**
 * Each token is one character's bytes: a part boundary only ever falls between tokens, so an
 * ESC+char pair or a UTF-16 surrogate pair is never cut in two. null: a char the alphabet lacks.
 */
function tokenize(text: string, alphabet: Alphabet): Array<number[] | null> {
  const tokens: Array<number[] | null> = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    if (alphabet === 'gsm') tokens.push(GSM_ENCODE.get(ch) ?? null);
    else if (alphabet === 'latin1') tokens.push(cp <= 0xff ? [cp] : null);
    else tokens.push([...Buffer.from(ch, 'utf16le').swap16()]);
  }
  return tokens;
}

function chunk(tokens: number[][], size: number): number[][] {
  const chunks: number[][] = [];
  let current: number[] = [];
  for (const token of tokens) {
    if (current.length + token.length > size) {
      chunks.push(current);
      current = [];
    }
    current.push(...token);
  }
  chunks.push(current);
  return chunks;
}

/**
 * Encodes a text as one submit_sm short_message, or several with a concatenation UDH.
 * `ref` identifies the concatenated message on the handset; only its low 8 bits are sent.
 */
export function encodeText(text: string, options: EncodingOptions, ref: number): Encoded {
  let alphabet: Alphabet;
  let raw: Array<number[] | null>;
  if (options.encoding === 'auto') {
    raw = tokenize(text, 'gsm');
    alphabet = 'gsm';
    if (raw.includes(null)) {
      raw = tokenize(text, 'ucs2');
      alphabet = 'ucs2';
    }
  } else {
    alphabet = options.encoding;
    raw = tokenize(text, alphabet);
  }
  const tokens = raw.map((t) => t ?? [QUESTION_MARK]);
  const dataCoding = options.dataCoding[alphabet];
  const capacity = CAPACITY[alphabet];

  const length = tokens.reduce((sum, t) => sum + t.length, 0);
  if (length <= capacity.single) {
    return {
      ok: true,
      alphabet,
      dataCoding,
      segments: [{ shortMessage: Buffer.from(tokens.flat()), esmClass: 0 }],
    };
  }
  const parts = chunk(tokens, capacity.part);
  if (!options.concatenation) return { ok: false, reason: 'needs-concatenation', parts: parts.length };
  const maxParts = Math.min(255, Math.max(1, Math.trunc(options.maxParts)));
  if (parts.length > maxParts) return { ok: false, reason: 'too-long', parts: parts.length };

  // The 8-bit reference IE (00) rather than the 16-bit one (08): every handset and SMSC knows it,
  // and it leaves one more septet/char per part. Its 256 values only need to differ between the
  // concatenated messages in flight to one handset at the same time, which a rotating ref assures.
  const segments = parts.map((body, i) => ({
    shortMessage: Buffer.from([0x05, 0x00, 0x03, ref & 0xff, parts.length, i + 1, ...body]),
    esmClass: ESM_CLASS_UDHI,
  }));
  return { ok: true, alphabet, dataCoding, segments };
}

/** Separates a leading UDH (with its length byte) from the body; for esm_class with 0x40 set. */
export function splitUdh(bytes: Buffer): { udh: Buffer | null; body: Buffer } {
  const udhl = bytes[0];
  if (udhl === undefined || udhl + 1 > bytes.length) return { udh: null, body: bytes };
  return { udh: bytes.subarray(0, udhl + 1), body: bytes.subarray(udhl + 1) };
}

type Decoding = 'gsm' | 'ascii' | 'ucs2' | 'latin1' | 'ksc5601';

/** SMPP 3.4 data_coding 0x00–0x0F are SMPP's own values; above, GSM 03.38 coding groups apply. */
function decodingOf(dataCoding: number): Decoding {
  const dcs = dataCoding & 0xff;
  if (dcs < 0x10) {
    if (dcs === 0x00) return 'gsm';
    if (dcs === 0x01) return 'ascii';
    if (dcs === 0x08) return 'ucs2';
    if (dcs === 0x0e) return 'ksc5601';
    return 'latin1';
  }
  if (dcs < 0x40) {
    // General data coding group; bit 5 set means compressed, which nobody sends: read as bytes.
    if (dcs & 0x20) return 'latin1';
    const alphabet = (dcs >> 2) & 0x03;
    return alphabet === 0 ? 'gsm' : alphabet === 2 ? 'ucs2' : 'latin1';
  }
  if (dcs >= 0xc0 && dcs < 0xe0) return 'gsm';
  if (dcs >= 0xe0 && dcs < 0xf0) return 'ucs2';
  if (dcs >= 0xf0) return dcs & 0x04 ? 'latin1' : 'gsm';
  return 'latin1';
}

function decodeGsm(bytes: Buffer): string {
  let out = '';
  for (let i = 0; i < bytes.length; i++) {
    const septet = bytes[i] ?? 0;
    if (septet === ESC) {
      const next = bytes[++i];
      if (next === undefined) break;
      // GSM 03.38: an escape the receiver does not know shows the basic table's char instead.
      out += GSM_EXTENSION_DECODE.get(next) ?? GSM_BASIC[next & 0x7f] ?? '';
    } else {
      out += GSM_BASIC[septet] ?? '';
    }
  }
  return out;
}

/** GSM-only letters (@£$¥èé…ΔΦΓ…ÆæßÉ) and ESC sit below 0x20; ASCII text has only LF/CR there. */
function hasGsmOnlyBytes(bytes: Buffer): boolean {
  return bytes.some((b) => b < 0x20 && b !== 0x0a && b !== 0x0d);
}

const EUC_KR = new TextDecoder('euc-kr', { fatal: true });

/** KS C 5601 (EUC-KR), as Korean SMSCs send it; null when the bytes are not valid EUC-KR. */
function decodeKsc5601(bytes: Buffer): string | null {
  try {
    return EUC_KR.decode(bytes);
  } catch {
    return null;
  }
}

/**
 * data_coding 0 is "the SMSC's default alphabet", which SMSCs fill differently: bytes only GSM
 * uses (controls other than CR and LF) mean unpacked GSM 03.38; otherwise the text is read as
 * ASCII, as the SMSCs of Korean carriers send it (GSM would turn `[` into `Ä` and `@` into `¡`);
 * high bytes are KS C 5601 when they form valid EUC-KR (Korean sent under data_coding 0), else
 * Latin-1.
 */
function decodeGsmOrAscii(bytes: Buffer): string {
  if (bytes.some((b) => b >= 0x80)) return decodeKsc5601(bytes) ?? bytes.toString('latin1');
  if (hasGsmOnlyBytes(bytes)) return decodeGsm(bytes);
  return bytes.toString('latin1');
}

/** The text of an MO short_message body (after splitUdh when it carries a UDH). */
export function decodeShortMessage(bytes: Buffer, dataCoding: number): string {
  const decoding = decodingOf(dataCoding);
  if (decoding === 'gsm' || decoding === 'ascii') return decodeGsmOrAscii(bytes);
  if (decoding === 'ksc5601') return decodeKsc5601(bytes) ?? bytes.toString('latin1');
  if (decoding === 'ucs2') {
    // An odd trailing byte is a truncated char: dropped rather than failing the whole message.
    const even = Buffer.from(bytes.subarray(0, bytes.length - (bytes.length % 2)));
    return even.swap16().toString('utf16le');
  }
  return bytes.toString('latin1');
}
