// The engine's side of the write turn in a thread of its own, as src/engine-thread.ts joins
// it: its own store on the database file, joined to the test's count. Commands come as messages:
// { write: id } inserts a row in a transaction and answers { wrote: id }; { hold: true } begins a
// transaction that answers 'holding' and commits on { release: true }, answering 'released'.
// TypeScript through tsx, as scripts/dev/engine-thread.mjs runs the engine's sources.
import { parentPort, workerData } from 'node:worker_threads';
import { sql } from 'kysely';
import { register } from 'tsx/esm/api';

register();
const { openStore } = await import('../../src/store/db/database.ts');
const { joinWriteTurn } = await import('../../src/store/db/write-turn.ts');
const port = parentPort;
if (!port) throw new Error('write-turn-worker.mjs runs as a worker thread');
const { file, buffer, yieldMs } = workerData;
joinWriteTurn(buffer, yieldMs);
const store = await openStore(`sqlite:${file}`);
let release = () => {};
// A failed write ends the thread with its error, which the test's 'error' listener reports.
const fail = (err) => {
  throw err;
};
port.on('message', (m) => {
  if (m.write !== undefined) {
    void store.db
      .transaction()
      .execute((tx) => sql`insert into turns (id) values (${m.write})`.execute(tx))
      .then(() => port.postMessage({ wrote: m.write }), fail);
  } else if (m.hold) {
    void store.db
      .transaction()
      .execute(async (tx) => {
        await sql`insert into turns (id) values ('held')`.execute(tx);
        port.postMessage('holding');
        await new Promise((resolve) => {
          release = resolve;
        });
      })
      .then(() => port.postMessage('released'), fail);
  } else if (m.release) {
    release();
  } else if (m.end) {
    void store.close().then(() => port.close());
  }
});
port.postMessage('ready');
