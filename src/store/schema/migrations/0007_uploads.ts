import type { Kysely } from 'kysely';

/** Uploaded files are served by their stored path (GET /files/...): looked up by it. */
export async function up<T>(db: Kysely<T>): Promise<void> {
  await db.schema.createIndex('files_path').on('files').column('path').execute();
}
