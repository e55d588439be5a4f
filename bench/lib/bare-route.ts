/**
 * The accept bench's ceiling, run as a process of its own as the gateway is: a bare Fastify route
 * that parses the same JSON body and commits one SQLite row per request (WAL, synchronous NORMAL,
 * a prepared statement, one commit each). Prints `{"port":N}` once it listens.
 *
 *   node --import tsx bench/lib/bare-route.ts <sqlite file>
 */
import Database from 'better-sqlite3';
import Fastify from 'fastify';

const file = process.argv[2];
if (!file) throw new Error('usage: bare-route.ts <sqlite file>');
const db = new Database(file);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.exec(
  'create table if not exists accepted (id integer primary key, body text not null, created_at integer not null)',
);
const insert = db.prepare('insert into accepted (body, created_at) values (?, ?)');
const app = Fastify();
app.post('/send', async (req) => {
  const { lastInsertRowid } = insert.run(JSON.stringify(req.body), Date.now());
  return { code: 'A000', id: String(lastInsertRowid) };
});
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
