/**
 * A local SMSC to point Omnigate at without a carrier (docs/connectors.md): the test suite's SMPP
 * simulator on 127.0.0.1, accepting every submit_sm, sending a delivery receipt for each, and
 * printing what it took.
 *
 *   npm run smsc-simulator -- [--port 2775] [--system-id omnigate] [--password secret]
 *
 * Type `mo <to> <from> <text>` and Enter to send an MO to the gateway (e.g. `mo 15881234 01012345678 hi`).
 */
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { SmscSimulator, submittedText } from '../test/helpers/smsc.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '2775' },
    'system-id': { type: 'string', default: 'omnigate' },
    password: { type: 'string', default: 'secret' },
  },
});

const sim = await SmscSimulator.start(
  { systemId: values['system-id'], password: values.password },
  Number(values.port),
);
console.log(`SMSC simulator on 127.0.0.1:${sim.port} (system_id ${values['system-id']})`);
let shown = 0;
setInterval(() => {
  for (; shown < sim.submitted.length; shown++) {
    const m = sim.submitted[shown];
    if (!m) continue;
    const { text, concat } = submittedText(m);
    const part = concat ? ` part ${concat.seq}/${concat.total}` : '';
    console.log(`submit_sm ${m.messageId} ${m.sourceAddr} -> ${m.destinationAddr}${part}: ${text}`);
  }
}, 200).unref();
createInterface({ input: process.stdin }).on('line', (line) => {
  const [cmd, to, from, ...words] = line.trim().split(/\s+/);
  if (cmd !== 'mo' || !to || !from) return;
  sim.sendMo({ from, to, text: words.join(' ') || ' ' }).then(
    (status) => console.log(`MO answered with status ${status.join(',')}`),
    (err: unknown) => console.log(`MO not sent: ${err instanceof Error ? err.message : String(err)}`),
  );
});
process.on('SIGINT', () => void sim.close().then(() => process.exit(0)));
