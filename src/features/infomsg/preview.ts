import type { PublicTemplate } from './public-templates.ts';

const WIDTH = 360;
const LINE = 22;
const PER_LINE = 20;

function escapeXml(s: string): string {
  return s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Lines of at most PER_LINE characters (Korean is about twice as wide as Latin; 20 fit). */
function wrap(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split('\n')) {
    const chars = [...line];
    if (chars.length === 0) out.push('');
    for (let i = 0; i < chars.length; i += PER_LINE) out.push(chars.slice(i, i + PER_LINE).join(''));
  }
  return out;
}

/**
 * The preview image of a public template (its `previewImageUrl`): the message bubble as a
 * handset shows it, keywords left as `#{key}`. SVG, so it is drawn from the text and never drifts.
 */
export function previewSvg(t: PublicTemplate): string {
  const lines = wrap(t.text);
  const height = 64 + lines.length * LINE + 16;
  const body = lines
    .map((l, i) => `<text x="16" y="${80 + i * LINE}" font-size="15">${escapeXml(l)}</text>`)
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}">` +
    `<rect width="${WIDTH}" height="${height}" rx="12" fill="#ffffff" stroke="#d0d0d0"/>` +
    `<rect width="${WIDTH}" height="48" rx="12" fill="#fee500"/>` +
    `<text x="16" y="31" font-size="16" font-weight="bold">${escapeXml(t.templateName)}</text>` +
    `<g font-family="sans-serif" fill="#191919">${body}</g></svg>`
  );
}
