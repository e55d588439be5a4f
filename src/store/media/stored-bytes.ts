import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { Store } from '../db/database.ts';
import { findBlob, readBlob, readChunks } from './blobs.ts';

/*
 * Where an upload's bytes are read from: the database, where every upload since migration 0030
 * lives, so every instance of a shared database reads it; else the data directory of this
 * instance, where an earlier release wrote it and from where the start copies it in
 * (src/features/files/legacy-import.ts). Neither: the bytes are not here (another instance still holds them, or they
 * are gone), and the caller answers that, never a read error.
 */

export interface OpenedBytes {
  size: number;
  stream: Readable;
}

/** The local copy an earlier release wrote, when this instance's disk holds it whole. */
async function localSize(dataDir: string, path: string): Promise<number | undefined> {
  try {
    const s = await stat(join(dataDir, path));
    return s.isFile() ? s.size : undefined;
  } catch {
    return undefined;
  }
}

/** The bytes under the path as a stream (a chunk at a time from the database); undefined: none here. */
export async function openStoredBytes(
  store: Store,
  dataDir: string,
  path: string,
): Promise<OpenedBytes | undefined> {
  const blob = await findBlob(store.db, path);
  if (blob) return { size: blob.size, stream: Readable.from(readChunks(store, blob)) };
  const size = await localSize(dataDir, path);
  if (size === undefined) return undefined;
  return { size, stream: createReadStream(join(dataDir, path)) };
}

/** The whole bytes under the path, for a file small enough to hold; undefined: none here. */
export async function readStoredBytes(
  store: Store,
  dataDir: string,
  path: string,
): Promise<Buffer | undefined> {
  const kept = await readBlob(store, path);
  if (kept) return kept;
  try {
    return await readFile(join(dataDir, path));
  } catch {
    return undefined;
  }
}
