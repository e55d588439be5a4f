import { spawn, spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

/* Running a document's shell blocks as a reader pastes them, and reading back what they printed. */

/** Which of `tools` this machine lacks. */
export function missingTools(tools: readonly string[]): string[] {
  return tools.filter((tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0);
}

export interface BashRun {
  code: number | null;
  output: string;
}

/** `bash script` in `cwd`, stdout and stderr together; killed (and failed) after `timeoutMs`. */
export function runBash(
  script: string,
  cwd: string,
  env: Record<string, string>,
  timeoutMs = 240_000,
): Promise<BashRun> {
  return new Promise((resolve) => {
    const child = spawn('bash', [script], {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => {
      output += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      output += c.toString();
    });
    // A block that hangs (a wait that never ends) must fail the test, not the suite's timeout.
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** What block `i` printed, between the driver's `@@ start i` and `@@ ok i` markers. */
export function blockOutput(output: string, i: number): string {
  const from = output.indexOf(`@@ start ${i}\n`);
  const to = output.indexOf(`@@ ok ${i}\n`);
  if (from < 0 || to < 0) return '';
  return output.slice(from + `@@ start ${i}\n`.length, to);
}

/**
 * Every JSON object or array in `text`, in order: curl -s prints answers with no newline between
 * them, and jq prints them over several lines, so lines are no guide.
 */
export function jsonValues(text: string): unknown[] {
  const out: unknown[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c !== '{' && c !== '[') {
      i += 1;
      continue;
    }
    let depth = 0;
    let inString = false;
    let j = i;
    for (; j < text.length; j += 1) {
      const d = text[j];
      if (inString) {
        if (d === '\\') j += 1;
        else if (d === '"') inString = false;
      } else if (d === '"') inString = true;
      else if (d === '{' || d === '[') depth += 1;
      else if (d === '}' || d === ']') {
        depth -= 1;
        if (depth === 0) break;
      }
    }
    try {
      out.push(JSON.parse(text.slice(i, j + 1)));
      i = j + 1;
    } catch {
      i += 1; // a bracket in plain text: look further
    }
  }
  return out;
}

/** The names in `dir` (the files a run left there). */
export function entries(dir: string): string[] {
  return readdirSync(dir).sort();
}
