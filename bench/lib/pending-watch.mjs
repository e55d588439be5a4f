// The backlog run's watch of the messages not final yet, in a thread of its own: the count reads
// every message row (about 70 ms for 1,000,000 here), and in the bench's own event loop it held
// the answers the client was timing. Posts the count every `everyMs` until told to end.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const port = parentPort;
if (!port) throw new Error('pending-watch.mjs runs as a worker thread');
const { file, everyMs } = workerData;
const reader = new Database(file, { readonly: true });
// Not final yet: queued (a step to submit) or waiting (submitted, no result yet).
const pending = reader.prepare("select count(*) as n from messages where status in ('queued', 'waiting')");
// Each count says which request for counts it answers: a count begun before a change of pace
// must not be taken for one begun after it.
let round = 0;
const count = () => port.postMessage({ n: pending.get().n, round });
let timer = setInterval(count, everyMs);
// { everyMs, round } counts at once and then that often; { end: true } ends the watch.
port.on('message', (m) => {
  clearInterval(timer);
  if (m.end) {
    reader.close();
    port.close();
    return;
  }
  round = m.round;
  count();
  timer = setInterval(count, m.everyMs);
});
