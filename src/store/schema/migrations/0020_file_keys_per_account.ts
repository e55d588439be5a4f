import { type Kysely, sql } from 'kysely';
import type { Capabilities } from '../../db/capabilities.ts';

const COLUMNS = [
  'file_key',
  'account_id',
  'kind',
  'name',
  'mime',
  'size',
  'width',
  'height',
  'path',
  'expires_at',
  'created_at',
] as const;

/**
 * fileKeys are per account (issue 15): two accounts may hold the same key, so the key of `files`
 * becomes (account_id, file_key). With file_key alone as the key, a second account's upload
 * under a taken key could only be refused, and the refusal told it that someone holds the key.
 *
 * SQLite cannot change a primary key in place, so the table is rebuilt: a new table, the rows
 * copied with their account, the old one dropped, the new one renamed. PostgreSQL could alter
 * the constraint instead, but the rebuild runs on both unchanged, so there is one path to trust
 * rather than a capability for a one-off (the table holds uploads, not messages: a copy is cheap).
 * Nothing references `files` by a foreign key, so dropping it breaks nothing; the migration runs
 * in one transaction (migrator.ts), so no reader sees the table missing.
 */
export async function up<T>(db: Kysely<T>, caps: Capabilities): Promise<void> {
  await db.schema
    .createTable('files_next')
    .addColumn('file_key', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('expires_at', caps.bigint)
    .addColumn('created_at', caps.bigint, (c) => c.notNull())
    // Named apart from PostgreSQL's files_pkey, which exists until the old table is dropped.
    .addPrimaryKeyConstraint('files_account_key_pk', ['account_id', 'file_key'])
    .execute();
  const cols = sql.join(COLUMNS.map((c) => sql.ref(c)));
  await sql`insert into ${sql.table('files_next')} (${cols}) select ${cols} from ${sql.table('files')}`.execute(
    db,
  );
  await db.schema.dropTable('files').execute();
  await db.schema.alterTable('files_next').renameTo('files').execute();
  // Dropped with the old table (0007): served files are looked up by their path.
  await db.schema.createIndex('files_path').on('files').column('path').execute();
}
