import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Ctx } from '../../context.ts';
import { GatewayError } from '../../errors.ts';
import { transact } from '../../store/db/work-signal.ts';
import { enqueueJobs } from '../../store/jobs/jobs.ts';
import { beginBlob, completeBlob, deleteBlobs, writeChunks } from '../../store/media/blobs.ts';
import { attachUpload, getVideo, type Video } from '../../store/media/videos.ts';
import { partsOptions } from '../files/form.ts';
import { extensionOf } from '../files/storage.ts';
import { encodeJob, tokenHash } from './video-manage.ts';
import { containerOf, SNIFF_BYTES, sniffMismatch } from './video-rules.ts';
import type { VideoUploadedT } from './video-schema.ts';

/**
 * The folder of uploaded videos' paths (not served: not under /files). The path names the bytes in
 * the database (upload_blobs); an earlier release kept them there under the data directory.
 */
export const VIDEO_DIR = 'videos';

interface Received {
  size: number;
  chunks: number;
  head: Buffer;
  truncated: boolean;
}

function malformed(err: unknown): GatewayError {
  if (err instanceof GatewayError) return err;
  const message = err instanceof Error ? err.message : String(err);
  return new GatewayError('A300', `malformed multipart/form-data: ${message}`);
}

/** The store refused a chunk: its error, not the client's body. */
class ChunkNotWritten extends Error {
  constructor(readonly reason: unknown) {
    super('a chunk of the upload was not written');
  }
}

/** The video moved on during the upload: the transaction that would attach its bytes rolls back. */
class Moved extends Error {}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The address, the token and the video's state, before a byte of the body is read: a refused
 * upload never reaches the disk.
 */
async function admit(
  ctx: Ctx,
  vid: string,
  token: string | undefined,
): Promise<Video & { tokenHash: string }> {
  const v = await getVideo(ctx.store.db, vid);
  if (!v) throw new GatewayError('A770', `vid ${vid}`);
  if (!token) throw new GatewayError('A576', 'the x-upload-token header is required');
  if (v.tokenHash === null)
    throw new GatewayError('A578', `video ${vid} is ${v.status}: its file was uploaded`);
  if (!sameHash(tokenHash(token), v.tokenHash)) {
    throw new GatewayError('A576', `x-upload-token is not the token issued for video ${vid}`);
  }
  if (v.uploadUntil <= ctx.clock.now()) {
    throw new GatewayError('A577', `the address of video ${vid} was valid for 5 minutes after registration`);
  }
  if (v.status !== 'REGISTERED') throw new GatewayError('A578', `video ${vid} is ${v.status}`);
  return { ...v, tokenHash: v.tokenHash };
}

/**
 * Streams the form's `file` part into the database under `path` (begun bytes), at most `maxBytes`
 * of it (Busboy drops the rest and marks the part truncated), a chunk at a time, keeping only its
 * first bytes in memory for sniffing.
 */
async function streamFile(
  ctx: Ctx,
  req: FastifyRequest,
  path: string,
  maxBytes: number,
): Promise<Received | undefined> {
  let got: Received | undefined;
  let files = 0;
  for await (const part of req.parts(partsOptions(maxBytes))) {
    if (part.type !== 'file') continue;
    if (part.fieldname === 'file') files += 1;
    if (part.fieldname !== 'file' || files > 1) {
      for await (const _chunk of part.file) {
        // discarded: not the upload's file
      }
      continue;
    }
    const head: Buffer[] = [];
    let headBytes = 0;
    async function* sniffed(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
      try {
        for await (const chunk of source) {
          if (headBytes < SNIFF_BYTES) {
            const take = chunk.subarray(0, SNIFF_BYTES - headBytes);
            head.push(take);
            headBytes += take.length;
          }
          yield chunk;
        }
      } catch (err) {
        // The body broke off (a cut-off part): the client's; a failed write of a chunk is not.
        throw malformed(err);
      }
    }
    const { size, chunks } = await writeChunks(ctx.store, path, sniffed(part.file)).catch((err: unknown) => {
      throw err instanceof GatewayError ? err : new ChunkNotWritten(err);
    });
    got = { size, chunks, head: Buffer.concat(head), truncated: part.file.truncated };
  }
  if (files > 1)
    throw new GatewayError('A300', 'one file per upload: the form has more than one part named file');
  return got;
}

function check(v: Video, got: Received | undefined): asserts got is Received {
  if (!got) throw new GatewayError('A210');
  if (got.truncated) {
    throw new GatewayError('A772', `the file is larger than the registered fileSize of ${v.fileSize} bytes`);
  }
  if (got.size !== v.fileSize) {
    throw new GatewayError('A773', `got ${got.size} bytes, registered ${v.fileSize}`);
  }
  const container = containerOf(extensionOf(v.fileName));
  const mismatch = container ? sniffMismatch(container, got.head) : 'unknown extension';
  if (mismatch) throw new GatewayError('A771', `${mismatch}, as ${v.fileName} names`);
}

/**
 * The direct upload (x-upload-token, no API key): the registered file, exactly its registered
 * size and of the container its name says. The video then moves to ENCODING, and encoding
 * finishes by itself later on the gateway clock. A refused upload leaves the video REGISTERED:
 * the same token may try again while it is valid.
 */
export async function receiveUpload(
  ctx: Ctx,
  req: FastifyRequest,
  vid: string,
  token: string | undefined,
): Promise<VideoUploadedT> {
  const v = await admit(ctx, vid, token);
  if (!req.isMultipart()) {
    throw new GatewayError('A415', 'expected multipart/form-data with a file part named file');
  }
  const rel = `${VIDEO_DIR}/${vid}.${randomBytes(6).toString('hex')}.${extensionOf(v.fileName)}`;
  // Into the database chunk by chunk, outside any transaction (the client's upload may take
  // minutes), not complete until the transaction below attaches it: every instance can read the
  // video, and no record ever names half of it.
  if (!(await beginBlob(ctx.store, rel, ctx.clock.now()))) {
    throw new GatewayError('A910', `the upload path ${rel} is taken`);
  }
  let landed = false;
  try {
    let got: Received | undefined;
    try {
      got = await streamFile(ctx, req, rel, v.fileSize);
    } catch (err) {
      // A missing boundary: the client's body is wrong, never a 500. A write the store refused
      // (the disk full) is the store's, and answers as the store's errors do.
      if (err instanceof ChunkNotWritten) throw err.reason;
      throw malformed(err);
    }
    check(v, got);
    const written = got;
    const now = ctx.clock.now();
    landed = await transact(ctx.store, async (tx) => {
      // False when the bytes were swept as abandoned meanwhile (the gateway clock moved on a day).
      if (!(await completeBlob(tx, rel, written))) return false;
      if (!(await attachUpload(tx, vid, v.tokenHash, rel, now))) throw new Moved();
      await enqueueJobs(tx, [encodeJob(vid, now)], now);
      return true;
    }).catch((err: unknown) => {
      if (err instanceof Moved) return false;
      throw err;
    });
    if (!landed) {
      // Another upload with this token won, the sandbox moved the video, or time ran out.
      await admit(ctx, vid, token);
      throw new GatewayError('A578', `video ${vid} changed during the upload`);
    }
  } finally {
    if (!landed) await deleteBlobs(ctx.store.db, [rel]).catch(() => undefined);
  }
  return { vid, status: 'ENCODING', fileName: v.fileName, fileSize: v.fileSize };
}
