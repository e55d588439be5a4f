/** What `omnigate <command> --help` prints, and the command's lines in `omnigate help`. */
export interface CommandHelp {
  /** The command line after `omnigate`, as the overview shows it: `accounts show ACCOUNT_ID`. */
  readonly usage: string;
  /** Further lines of a long command line (its optional options). */
  readonly more?: readonly string[];
  /** One line: what it does. */
  readonly summary: string;
  /** What the help adds to the summary: how it works, what it prints, what it refuses. */
  readonly about?: string;
  readonly options?: ReadonlyArray<readonly [flag: string, what: string]>;
  readonly examples: readonly string[];
}

const COLUMN = 56;

/** The command's lines in the overview: the command line, then its summary at the column. */
export function overviewLines(h: CommandHelp): string {
  const lines = [`  ${h.usage}`, ...(h.more ?? []).map((m) => `      ${m}`)];
  const last = lines.length - 1;
  const tail = lines[last] ?? '';
  if (tail.length < COLUMN - 1) lines[last] = `${tail.padEnd(COLUMN)}${h.summary}`;
  else lines.push(`${''.padEnd(COLUMN)}${h.summary}`);
  return `${lines.join('\n')}\n`;
}

/** The whole help of one command. */
export function helpText(h: CommandHelp): string {
  const out = [`omnigate ${h.usage}`, ...(h.more ?? []).map((m) => `    ${m}`), '', h.summary];
  if (h.about) out.push('', h.about);
  const options: Array<readonly [string, string]> = [...(h.options ?? []), ['-h, --help', 'this help']];
  const width = Math.max(...options.map(([flag]) => flag.length)) + 3;
  out.push('', 'Options:');
  for (const [flag, what] of options) {
    const [head = '', ...rest] = what.split('\n');
    out.push(`  ${flag.padEnd(width)}${head}`, ...rest.map((r) => `  ${''.padEnd(width)}${r}`));
  }
  out.push('', h.examples.length > 1 ? 'Examples:' : 'Example:', ...h.examples.map((e) => `  ${e}`));
  return `${out.join('\n')}\n`;
}
