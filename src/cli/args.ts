import { parseArgs } from 'node:util';

/** A mistake in the command line (the use cases' refusals are GatewayErrors): exit 2. */
export class UsageError extends Error {}

export type Values = Record<string, string | boolean | undefined>;
export type Options = Record<string, { type: 'string' | 'boolean' }>;

export interface Parsed {
  /** --help or -h was given: print the command's help, run nothing. */
  help: boolean;
  values: Values;
  positionals: string[];
}

const HELP_NAMES = new Set(['help', 'h']);

/**
 * A command's arguments, read as node's parseArgs reads them, with messages that name the command
 * and point at its help. Help is looked for first, on a reading that fails on nothing, so that
 * `--help` anywhere (even beside a mistake) prints the help and never runs the command; a `-h`
 * taken as an option's value (`--pattern -h`) is a value.
 */
export function parseCommand(command: string, args: string[], options: Options, positionals = 0): Parsed {
  const hint = `omnigate ${command} --help`;
  const { tokens } = parseArgs({ args, options, strict: false, allowPositionals: true, tokens: true });
  const flags = tokens.flatMap((t) => (t.kind === 'option' ? [t] : []));
  if (flags.some((t) => HELP_NAMES.has(t.name) && !(t.name in options))) {
    return { help: true, values: {}, positionals: [] };
  }
  const unknown = flags.find((t) => !(t.name in options));
  if (unknown) {
    throw new UsageError(
      `unknown option ${unknown.rawName} for omnigate ${command} (${hint} lists its options)`,
    );
  }
  let parsed: { values: Values; positionals: string[] };
  try {
    parsed = parseArgs({ args, options, strict: true, allowPositionals: true });
  } catch (err) {
    if (err instanceof TypeError && 'code' in err && String(err.code).startsWith('ERR_PARSE_ARGS')) {
      // Node's text spans lines (the ambiguous-value advice): one line, then the pointer.
      throw new UsageError(`${err.message.replace(/\s*\n\s*/g, ' ')} (${hint})`);
    }
    throw err;
  }
  if (parsed.positionals.length !== positionals || parsed.positionals.some((p) => p === '')) {
    const what =
      positionals === 0 ? 'no argument' : positionals === 1 ? '1 argument' : `${positionals} arguments`;
    throw new UsageError(`omnigate ${command} takes ${what} (${hint})`);
  }
  return { help: false, ...parsed };
}

export function str(values: Values, name: string): string | undefined {
  const v = values[name];
  return typeof v === 'string' ? v : undefined;
}

export function need(values: Values, name: string): string {
  const v = str(values, name);
  if (v === undefined || v === '') throw new UsageError(`--${name} is required`);
  return v;
}

export function int(name: string, raw: string): number {
  if (!/^-?\d+$/.test(raw)) throw new UsageError(`--${name} must be an integer, got "${raw}"`);
  return Number(raw);
}
