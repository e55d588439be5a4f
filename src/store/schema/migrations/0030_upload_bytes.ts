import type { Kysely } from 'kysely';
import type { Capabilities } from '../../db/capabilities.ts';

/**
 * Uploaded bytes in the database (issue 34): every instance of a shared database serves every
 * upload, and one backup of the database holds them. A file's bytes are chunks of at most 1 MiB
 * (src/store/media/blobs.ts), so a 200 MiB video is never one value in memory, and one row per
 * file (`upload_blobs`) says they are all there: its `complete` is set in the transaction that
 * makes a file row or a video point at them, never before the last chunk is in.
 *
 * The bytes an earlier release wrote to its data directory are copied in at each instance's start
 * (src/features/files/legacy-import.ts), not here: a migration knows no data directory, and runs
 * once for the database, on whichever instance migrates first, which may not hold them.
 */
export async function up<T>(db: Kysely<T>, caps: Capabilities): Promise<void> {
  await db.schema
    .createTable('upload_blobs')
    // The path the file row (files.path) or the video (videos.file_path) names the bytes by.
    .addColumn('path', 'text', (c) => c.primaryKey())
    .addColumn('size', caps.bigint, (c) => c.notNull())
    .addColumn('chunks', 'integer', (c) => c.notNull())
    .addColumn('complete', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', caps.bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('upload_chunks')
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('bytes', caps.bytes, (c) => c.notNull())
    .addPrimaryKeyConstraint('upload_chunks_pk', ['path', 'seq'])
    .execute();
  // The sweep of bytes nothing names walks them by age.
  await db.schema
    .createIndex('upload_blobs_age')
    .on('upload_blobs')
    .columns(['created_at', 'path'])
    .execute();
  // The sweep asks whether a video names the bytes, and the import which videos' bytes are missing.
  await db.schema.createIndex('videos_file_path').on('videos').column('file_path').execute();
}
