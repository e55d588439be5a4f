import type { Store } from '../db/database.ts';

/*
 * Console sessions (docs/console.md). Rows are keyed by a digest of the session id; times are
 * real time (Date.now), never the gateway clock: moving the sandbox clock a day ahead from the
 * console must not sign its operator out.
 */

export interface ConsoleSession {
  idHash: string;
  csrf: string;
  tokenPrint: string;
  client: string | null;
  createdAt: number;
  expiresAt: number;
}

export async function insertSession(store: Store, s: ConsoleSession): Promise<void> {
  await store.db
    .insertInto('console_sessions')
    .values({
      id_hash: s.idHash,
      csrf: s.csrf,
      token_print: s.tokenPrint,
      client: s.client,
      created_at: s.createdAt,
      expires_at: s.expiresAt,
    })
    .execute();
}

export async function findSession(store: Store, idHash: string): Promise<ConsoleSession | undefined> {
  const r = await store.db
    .selectFrom('console_sessions')
    .selectAll()
    .where('id_hash', '=', idHash)
    .executeTakeFirst();
  return r
    ? {
        idHash: r.id_hash,
        csrf: r.csrf,
        tokenPrint: r.token_print,
        client: r.client,
        createdAt: Number(r.created_at),
        expiresAt: Number(r.expires_at),
      }
    : undefined;
}

export async function deleteSession(store: Store, idHash: string): Promise<boolean> {
  const res = await store.db.deleteFrom('console_sessions').where('id_hash', '=', idHash).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** Sessions past their expiry go when the next one is made: the table never holds more than a day's. */
export async function deleteExpiredSessions(store: Store, now: number): Promise<number> {
  const res = await store.db.deleteFrom('console_sessions').where('expires_at', '<=', now).executeTakeFirst();
  return Number(res.numDeletedRows);
}
