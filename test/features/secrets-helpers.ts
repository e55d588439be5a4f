import { sql } from 'kysely';
import type { Ctx } from '../../src/context.ts';
import { Keyring } from '../../src/crypto/keyring.ts';
import { type MasterKeys, resolveMasterKeys } from '../../src/crypto/master-key.ts';
import type { Store } from '../../src/store/db/database.ts';
import type { TestGateway } from '../helpers/gateway.ts';

/** A sealed value (src/crypto/secret-box.ts): ciphertext, which no reader of the database can open. */
const SEALED = /v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/g;

/**
 * Every row of every table of the gateway's database as text, sealed values cut out: what an
 * attacker with read access to the database reads.
 */
export async function readableDump(store: Store): Promise<Map<string, string>> {
  const names =
    store.caps.dialect === 'sqlite'
      ? await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(store.db)
      : await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(store.db);
  const dump = new Map<string, string>();
  for (const { name } of names.rows) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(store.db);
    dump.set(name, JSON.stringify(rows.rows).replace(SEALED, '<sealed>'));
  }
  return dump;
}

/** The tables whose text holds `digits` as a number of its own (not inside a longer one). */
export function tablesHolding(dump: ReadonlyMap<string, string>, digits: string): string[] {
  const re = new RegExp(`(?<![0-9])${digits}(?![0-9])`);
  return [...dump].filter(([, text]) => re.test(text)).map(([name]) => name);
}

/**
 * The gateway's context on a database connection of its own, as `omnigate secrets rotate` runs
 * beside running gateways: its own store and keyring, the same master key (or `masters`).
 */
export function sideCtx(t: TestGateway, store: Store, masters?: MasterKeys): Ctx {
  return {
    ...t.gw.ctx,
    store,
    secrets: new Keyring(store, masters ?? resolveMasterKeys(t.gw.ctx.config)),
  };
}
