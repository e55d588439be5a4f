import { findCommonFormat, type RcsCommonFormat } from './formats.ts';
import { discPng } from './png.ts';
import type { RcsLogoT } from './schemas.ts';

/** A stock logo image a format offers (GET .../messagebaseform/logo, which adds its imageUrl). */
export type RcsLogo = Omit<RcsLogoT, 'imageUrl'>;

/**
 * The stock header logos of the text formats: one per common purpose of an informational
 * message, for a brand that has no logo of its own yet. A card format's header is its media, so
 * it offers none.
 */
const ICONS: ReadonlyArray<readonly [name: string, rgb: readonly [number, number, number]]> = [
  ['notice', [0x25, 0x63, 0xeb]],
  ['payment', [0x16, 0xa3, 0x4a]],
  ['delivery', [0xea, 0x58, 0x0c]],
  ['reservation', [0x93, 0x33, 0xea]],
  ['security', [0xdc, 0x26, 0x26]],
];
/** The logo slot of a text format's header, in pixels. */
export const LOGO_SIZE = 120;

export function logosOf(format: RcsCommonFormat): RcsLogo[] {
  if (format.cardType !== 'free') return [];
  return ICONS.map(([name]) => ({
    fileId: `logo_${format.formatId}_${name}`,
    fileName: `${name}.png`,
    imageWidth: LOGO_SIZE,
    imageHeight: LOGO_SIZE,
  }));
}

const built = new Map<string, Buffer>();

/** The PNG bytes of a stock logo, or undefined when no format offers this fileId. */
export function logoBytes(fileId: string): Buffer | undefined {
  const m = /^logo_([A-Za-z0-9]+)_([a-z]+)$/.exec(fileId);
  const format = m?.[1] ? findCommonFormat(m[1]) : undefined;
  if (!m || !format || format.cardType !== 'free') return undefined;
  const icon = ICONS.find(([name]) => name === m[2]);
  if (!icon) return undefined;
  // The same icon is the same image in every text format: built once per process.
  let bytes = built.get(icon[0]);
  if (!bytes) {
    bytes = discPng(LOGO_SIZE, icon[1]);
    built.set(icon[0], bytes);
  }
  return bytes;
}
