/** What a test needs of a systemd unit's [Service] section, read as systemd reads it. */
export interface UnitService {
  execStart: string[];
  environment: Record<string, string>;
  stateDirectory: string;
  killSignal: string;
}

/**
 * Parses the [Service] section's ExecStart (split on spaces: the unit quotes nothing),
 * Environment= lines (KEY=VALUE, one a line), StateDirectory and KillSignal.
 */
export function unitService(text: string): UnitService {
  let section = '';
  const out: UnitService = { execStart: [], environment: {}, stateDirectory: '', killSignal: 'SIGTERM' };
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[(.+)\]$/.exec(line);
    if (header) {
      section = header[1] ?? '';
      continue;
    }
    if (section !== 'Service') continue;
    const eq = line.indexOf('=');
    const key = line.slice(0, eq);
    const value = line.slice(eq + 1);
    if (key === 'ExecStart') out.execStart = value.split(/\s+/);
    else if (key === 'StateDirectory') out.stateDirectory = value;
    else if (key === 'KillSignal') out.killSignal = value;
    else if (key === 'Environment') {
      const i = value.indexOf('=');
      out.environment[value.slice(0, i)] = value.slice(i + 1);
    }
  }
  return out;
}
