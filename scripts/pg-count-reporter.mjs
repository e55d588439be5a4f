// A node:test reporter that counts the tests run inside suites named "... [postgres]"
// (test/helpers/db.ts names them so). Writes one JSON object when the run ends.
export default async function* pgCountReporter(source) {
  const stacks = new Map(); // file -> names by nesting level
  let passed = 0;
  let failed = 0;
  let skippedSuites = 0;
  const suites = new Set();
  const inPg = (file, nesting) => {
    const names = stacks.get(file) ?? [];
    for (let i = 0; i < nesting; i++) if (names[i]?.endsWith('[postgres]')) return names[i];
    return null;
  };
  for await (const event of source) {
    const d = event.data ?? {};
    const file = d.file ?? '';
    if (event.type === 'test:start') {
      const names = stacks.get(file) ?? [];
      names[d.nesting] = d.name;
      names.length = d.nesting + 1;
      stacks.set(file, names);
    } else if (event.type === 'test:pass' || event.type === 'test:fail') {
      const isSuite = d.details?.type === 'suite';
      if (isSuite && d.name.endsWith('[postgres]') && d.skip !== undefined) skippedSuites += 1;
      if (isSuite) continue;
      const suite = inPg(file, d.nesting);
      if (!suite) continue;
      suites.add(`${file}:${suite}`);
      if (d.skip !== undefined || d.todo !== undefined) continue;
      if (event.type === 'test:pass') passed += 1;
      else failed += 1;
    }
  }
  yield `${JSON.stringify({ passed, failed, suites: suites.size, skippedSuites })}\n`;
}
