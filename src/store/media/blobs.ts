import { sql } from 'kysely';
import type { Store } from '../db/database.ts';
import type { Executor } from '../db/executor.ts';

/*
 * Uploaded bytes in the database (migration 0030): a file's bytes are chunks of CHUNK_BYTES under
 * the path its record names them by, and a row of upload_blobs says how many there are and whether
 * they are all in. Readers only read complete bytes, so no record ever points at half a file.
 */

/**
 * The most bytes of one chunk. 1 MiB: a served video is read a chunk per statement, so memory is
 * bounded by it whatever the file's size, and a 200 MiB video is 200 statements, not 50,000.
 */
export const CHUNK_BYTES = 1024 * 1024;

/** Complete bytes in the database. */
export interface BlobInfo {
  path: string;
  size: number;
  chunks: number;
}

function pieces(bytes: Buffer): Buffer[] {
  const out: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += CHUNK_BYTES) out.push(bytes.subarray(at, at + CHUNK_BYTES));
  return out;
}

/**
 * Writes bytes held in memory (an image, at most a few MB) complete at once: the caller runs it in
 * the transaction that saves the record naming them, so both land or neither does.
 */
export async function putBlob(exec: Executor, path: string, bytes: Buffer, now: number): Promise<void> {
  const chunks = pieces(bytes);
  await exec
    .insertInto('upload_blobs')
    .values({ path, size: bytes.length, chunks: chunks.length, complete: 1, created_at: now })
    .execute();
  for (const [seq, chunk] of chunks.entries()) {
    await exec.insertInto('upload_chunks').values({ path, seq, bytes: chunk }).execute();
  }
}

/**
 * Starts bytes that arrive as a stream (a video, up to 200 MiB; a file an earlier release left on
 * disk): not complete, so nothing reads them, until completeBlob. Written outside a transaction,
 * chunk by chunk, so neither database holds a transaction (SQLite: its one write lock) while the
 * client's upload trickles in. False when bytes under the path exist or are being written.
 */
export async function beginBlob(store: Store, path: string, now: number): Promise<boolean> {
  const res = await store.db
    .insertInto('upload_blobs')
    .values({ path, size: 0, chunks: 0, complete: 0, created_at: now })
    .onConflict((oc) => oc.column('path').doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Writes the stream's bytes as chunks of begun bytes, in CHUNK_BYTES pieces whatever sizes the
 * stream gives; each chunk is awaited before more is read, so at most one chunk is held.
 */
export async function writeChunks(
  store: Store,
  path: string,
  source: AsyncIterable<Buffer>,
): Promise<{ size: number; chunks: number }> {
  let held: Buffer[] = [];
  let heldBytes = 0;
  let seq = 0;
  let size = 0;
  const flush = async (bytes: Buffer) => {
    await store.db.insertInto('upload_chunks').values({ path, seq, bytes }).execute();
    seq += 1;
  };
  for await (const piece of source) {
    size += piece.length;
    held.push(piece);
    heldBytes += piece.length;
    while (heldBytes >= CHUNK_BYTES) {
      const all = held.length === 1 ? (held[0] ?? Buffer.alloc(0)) : Buffer.concat(held);
      await flush(Buffer.from(all.subarray(0, CHUNK_BYTES)));
      const rest = all.subarray(CHUNK_BYTES);
      held = rest.length > 0 ? [rest] : [];
      heldBytes = rest.length;
    }
  }
  if (heldBytes > 0) await flush(Buffer.concat(held));
  return { size, chunks: seq };
}

/**
 * Marks begun bytes complete, in the transaction that makes a record name them. Only when exactly
 * `chunks` chunks are there: false when the bytes were swept meanwhile (begun, then left longer
 * than the sweep waits), and the record must not be made.
 */
export async function completeBlob(
  exec: Executor,
  path: string,
  written: { size: number; chunks: number },
): Promise<boolean> {
  const there = await exec
    .selectFrom('upload_chunks')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('path', '=', path)
    .executeTakeFirstOrThrow();
  if (Number(there.n) !== written.chunks) return false;
  const res = await exec
    .updateTable('upload_blobs')
    .set({ complete: 1, size: written.size, chunks: written.chunks })
    .where('path', '=', path)
    .where('complete', '=', 0)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** The complete bytes under the path; undefined when they are not (all) in the database. */
export async function findBlob(exec: Executor, path: string): Promise<BlobInfo | undefined> {
  const r = await exec
    .selectFrom('upload_blobs')
    .select(['path', 'size', 'chunks'])
    .where('path', '=', path)
    .where('complete', '=', 1)
    .executeTakeFirst();
  return r ? { path: r.path, size: Number(r.size), chunks: Number(r.chunks) } : undefined;
}

/**
 * The chunks of complete bytes, in order, one statement each: a reader holds one chunk at a time.
 * Bytes deleted while they are read (a replaced or purged upload) end the walk with an error, so
 * a reply stops short of its content-length instead of passing for the whole file.
 */
export async function* readChunks(store: Store, blob: BlobInfo): AsyncGenerator<Buffer> {
  for (let seq = 0; seq < blob.chunks; seq += 1) {
    const r = await store.db
      .selectFrom('upload_chunks')
      .select('bytes')
      .where('path', '=', blob.path)
      .where('seq', '=', seq)
      .executeTakeFirst();
    if (!r) throw new Error(`the bytes of ${blob.path} went while they were read (chunk ${seq})`);
    yield Buffer.from(r.bytes);
  }
}

/** The whole of complete bytes, for a file small enough to hold (an image relayed upstream). */
export async function readBlob(store: Store, path: string): Promise<Buffer | undefined> {
  const blob = await findBlob(store.db, path);
  if (!blob) return undefined;
  const parts: Buffer[] = [];
  for await (const chunk of readChunks(store, blob)) parts.push(chunk);
  return Buffer.concat(parts);
}

/** Deletes the bytes under the paths, complete or not; the number of files whose bytes went. */
export async function deleteBlobs(exec: Executor, paths: readonly string[]): Promise<number> {
  if (paths.length === 0) return 0;
  await exec
    .deleteFrom('upload_chunks')
    .where('path', 'in', [...paths])
    .execute();
  const res = await exec
    .deleteFrom('upload_blobs')
    .where('path', 'in', [...paths])
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** A file's bytes an earlier release kept only on the disk of the instance that took it. */
export interface MissingBytes {
  path: string;
  size: number;
}

/**
 * Paths records name with no bytes in the database (complete or being written), past `after` in
 * path order: uploads (`files`) or uploaded videos (`videos`) written before migration 0030. Each
 * walks its own index on the path.
 */
export async function pathsWithoutBytes(
  store: Store,
  of: 'files' | 'videos',
  after: string,
  limit: number,
): Promise<MissingBytes[]> {
  const noBytes = sql<boolean>`not exists (select 1 from upload_blobs b where b.path = ${sql.ref(
    of === 'files' ? 'files.path' : 'videos.file_path',
  )})`;
  const rows =
    of === 'files'
      ? await store.db
          .selectFrom('files')
          .select(['path', 'size'])
          .where('path', '>', after)
          .where(noBytes)
          .orderBy('path')
          .limit(limit)
          .execute()
      : await store.db
          .selectFrom('videos')
          .select(['file_path as path', 'file_size as size'])
          .where('file_path', 'is not', null)
          .where('file_path', '>', after)
          .where(noBytes)
          .orderBy('file_path')
          .limit(limit)
          .execute();
  return rows.flatMap((r) => (r.path === null ? [] : [{ path: r.path, size: Number(r.size) }]));
}
