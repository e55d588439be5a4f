/*
 * Readers of a channel object as it reached the handset. The payload is the client's JSON after
 * substitution and template expansion: the gateway checks the fields a send needs, but passes
 * unknown fields through, so every reader takes any shape and never throws.
 */

export type Obj = Record<string, unknown>;

/** The item's payload as an object to read fields of (the schema types it as an open object). */
export function payloadOf(item: { payload: object }): Obj {
  return obj(item.payload) ?? {};
}

export function obj(v: unknown): Obj | undefined {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Obj) : undefined;
}

/** A text as a person would read it: a non-blank string (or a number's digits), else undefined. */
export function str(v: unknown): string | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return typeof v === 'string' && v.trim() !== '' ? v : undefined;
}

/** A number, or its digit string ("10": numeric fields may come as strings). */
export function num(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && /^\d+(\.\d+)?$/.test(v.trim())) return Number(v);
  return undefined;
}

export function list(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

/** The objects of an array (anything else in it is skipped). */
export function objs(v: unknown): Obj[] {
  return list(v).flatMap((x) => {
    const o = obj(x);
    return o ? [o] : [];
  });
}

/**
 * An absolute http(s) URL, else undefined. Only these become an <img src> or a link: a
 * `javascript:` or `data:` value in a payload stays text.
 */
export function webUrl(v: unknown): string | undefined {
  const s = str(v)?.trim();
  if (!s || !/^https?:\/\//i.test(s)) return undefined;
  try {
    const u = new URL(s);
    return u.protocol === 'http:' || u.protocol === 'https:' ? s : undefined;
  } catch {
    return undefined;
  }
}

/** A button as the phone shows it: its label, and where it leads when that is a web page. */
export interface Button {
  name: string;
  url?: string | undefined;
}

/**
 * Informational and brand message buttons (`attachment.button[]`: type, name, urlMobile, urlPc,
 * schemeIos, schemeAndroid). The phone opens urlMobile; urlPc is the desktop app's.
 */
export function templateButtons(v: unknown): Button[] {
  return objs(v).flatMap((b) => {
    const name = str(b.name);
    if (!name) return [];
    return [{ name, url: webUrl(b.urlMobile) ?? webUrl(b.urlPc) }];
  });
}

/** `12000` → `12,000원`: prices as the Korean handset writes them. */
export function won(n: number): string {
  return `${new Intl.NumberFormat('ko-KR').format(n)}원`;
}
