/* Reading the parts of a Markdown file that the docs tests check: fenced blocks and links. */

export interface FencedBlock {
  /** The info string after the opening fence (`sh`, `json`, ...). */
  readonly lang: string;
  /** 1-based line of the opening fence. */
  readonly line: number;
  readonly code: string;
}

/** Every ``` fenced block, in order. */
export function fencedBlocks(markdown: string): FencedBlock[] {
  const blocks: FencedBlock[] = [];
  const lines = markdown.split('\n');
  let open: { lang: string; line: number; body: string[] } | null = null;
  lines.forEach((text, i) => {
    const fence = /^```(.*)$/.exec(text.trimEnd());
    if (!open) {
      if (fence) open = { lang: (fence[1] ?? '').trim(), line: i + 1, body: [] };
    } else if (fence && fence[1] === '') {
      blocks.push({ lang: open.lang, line: open.line, code: `${open.body.join('\n')}\n` });
      open = null;
    } else {
      open.body.push(text);
    }
  });
  return blocks;
}

/** The target of every inline link `[text](target)` outside fenced blocks and code spans. */
export function linkTargets(markdown: string): Array<{ line: number; target: string }> {
  const out: Array<{ line: number; target: string }> = [];
  let inFence = false;
  markdown.split('\n').forEach((text, i) => {
    if (/^```/.test(text)) {
      inFence = !inFence;
      return;
    }
    if (inFence) return;
    const prose = text.replace(/`[^`]*`/g, '');
    for (const m of prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      out.push({ line: i + 1, target: m[1] ?? '' });
    }
  });
  return out;
}
