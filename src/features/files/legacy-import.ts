import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Ctx } from '../../context.ts';
import { transact } from '../../store/db/work-signal.ts';
import {
  beginBlob,
  completeBlob,
  deleteBlobs,
  type MissingBytes,
  pathsWithoutBytes,
  writeChunks,
} from '../../store/media/blobs.ts';

/*
 * Releases before migration 0030 kept an upload's bytes on the disk of the instance that took it.
 * At each start, an instance copies into the database the bytes of such records that its own disk
 * holds; the records whose bytes it does not hold are left to the instance that does (served
 * meanwhile by that one alone: src/store/media/stored-bytes.ts falls back to the local copy).
 */

export interface ImportResult {
  /** Files whose bytes this instance copied into the database. */
  imported: number;
  /** Records whose bytes are on no disk of this instance (another instance's, or lost). */
  notHere: number;
  /** Local copies of another size than the record's: left out, never served as whole. */
  mismatched: number;
}

/** Records looked at per statement of the walk. */
const PAGE = 200;

async function localSize(path: string): Promise<number | undefined> {
  try {
    const s = await stat(path);
    return s.isFile() ? s.size : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Copies one file's local bytes in, chunk by chunk, complete once all are in. False when another
 * process (the other instance on this machine, a second start) is copying or copied them first.
 */
async function importOne(ctx: Ctx, missing: MissingBytes, abs: string): Promise<boolean> {
  if (!(await beginBlob(ctx.store, missing.path, ctx.clock.now()))) return false;
  let done = false;
  try {
    const written = await writeChunks(ctx.store, missing.path, createReadStream(abs));
    // The file changed on the disk while it was read: not the record's bytes.
    if (written.size !== missing.size) return false;
    done = await transact(ctx.store, (tx) => completeBlob(tx, missing.path, written));
    return done;
  } finally {
    if (!done) await deleteBlobs(ctx.store.db, [missing.path]).catch(() => undefined);
  }
}

/**
 * Copies every upload and uploaded video whose bytes are missing from the database and present,
 * whole, on this instance's disk. Idempotent: bytes already in (or being copied by another
 * process) are skipped, so every start of every instance may run it. Stops between files when
 * `signal` aborts (the gateway stops).
 */
export async function importLocalUploads(ctx: Ctx, signal?: AbortSignal): Promise<ImportResult> {
  const result: ImportResult = { imported: 0, notHere: 0, mismatched: 0 };
  for (const of of ['files', 'videos'] as const) {
    let after = '';
    for (;;) {
      if (signal?.aborted) return result;
      const page = await pathsWithoutBytes(ctx.store, of, after, PAGE);
      for (const missing of page) {
        if (signal?.aborted) return result;
        const abs = join(ctx.config.dataDir, missing.path);
        const size = await localSize(abs);
        if (size === undefined) result.notHere += 1;
        else if (size !== missing.size) {
          result.mismatched += 1;
          ctx.logger.warn(
            { path: missing.path, onDisk: size, recorded: missing.size },
            'an uploaded file on disk is not the size its record says: not copied into the database',
          );
        } else if (await importOne(ctx, missing, abs)) result.imported += 1;
      }
      const last = page.at(-1);
      if (!last || page.length < PAGE) break;
      after = last.path;
    }
  }
  return result;
}

/**
 * The import at a gateway's start, in the background (a database of large videos takes a while,
 * and serving falls back to the local copies meanwhile); `stop` ends it between two files.
 */
export function startLocalImport(ctx: Ctx): {
  done: Promise<ImportResult | undefined>;
  stop(): Promise<void>;
} {
  const abort = new AbortController();
  const done = importLocalUploads(ctx, abort.signal).then(
    (r) => {
      if (r.imported > 0 || r.notHere > 0 || r.mismatched > 0) {
        ctx.logger.info(
          r,
          r.notHere > 0
            ? 'copied the uploads this instance held on disk into the database; the rest are on another instance (or lost): start each instance once'
            : 'copied the uploads this instance held on disk into the database',
        );
      }
      return r;
    },
    (err: unknown) => {
      if (!abort.signal.aborted) ctx.logger.error({ err }, 'could not copy local uploads into the database');
      return undefined;
    },
  );
  return {
    done,
    async stop() {
      abort.abort();
      await done;
    },
  };
}
