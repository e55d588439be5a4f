import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { Ctx } from '../../context.ts';
import { PRIVATE_DIR, PRIVATE_FILE } from '../../data-modes.ts';
import { GatewayError } from '../../errors.ts';
import { transact } from '../../store/db/work-signal.ts';
import { enqueueJobs } from '../../store/jobs/jobs.ts';
import { attachUpload, getVideo, type Video } from '../../store/media/videos.ts';
import { partsOptions } from '../files/form.ts';
import { extensionOf } from '../files/storage.ts';
import { encodeJob, tokenHash } from './video-manage.ts';
import { containerOf, SNIFF_BYTES, sniffMismatch } from './video-rules.ts';
import type { VideoUploadedT } from './video-schema.ts';

/** Where uploaded videos are kept, relative to the data directory (not served: not under /files). */
export const VIDEO_DIR = 'videos';

interface Received {
  size: number;
  head: Buffer;
  truncated: boolean;
}

async function removeQuietly(path: string): Promise<void> {
  await unlink(path).catch(() => undefined);
}

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
 * Streams the form's `file` part to `absPath`, at most `maxBytes` of it (Busboy drops the rest
 * and marks the part truncated), keeping only its first bytes in memory for sniffing.
 */
async function streamFile(
  req: FastifyRequest,
  absPath: string,
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
    let size = 0;
    const head: Buffer[] = [];
    let headBytes = 0;
    await pipeline(
      part.file,
      async function* (source: AsyncIterable<Buffer>) {
        for await (const chunk of source) {
          size += chunk.length;
          if (headBytes < SNIFF_BYTES) {
            const take = chunk.subarray(0, SNIFF_BYTES - headBytes);
            head.push(take);
            headBytes += take.length;
          }
          yield chunk;
        }
      },
      createWriteStream(absPath, { mode: PRIVATE_FILE }),
    );
    got = { size, head: Buffer.concat(head), truncated: part.file.truncated };
  }
  if (files > 1)
    throw new GatewayError('A300', 'one file per upload: the form has more than one part named file');
  return got;
}

function check(v: Video, got: Received | undefined): void {
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
  const abs = join(ctx.config.dataDir, rel);
  await mkdir(join(ctx.config.dataDir, VIDEO_DIR), { recursive: true, mode: PRIVATE_DIR });
  let landed = false;
  try {
    let got: Received | undefined;
    try {
      got = await streamFile(req, abs, v.fileSize);
    } catch (err) {
      if (err instanceof GatewayError) throw err;
      // A missing boundary, a cut-off part: the client's body is wrong, never a 500.
      const message = err instanceof Error ? err.message : String(err);
      throw new GatewayError('A300', `malformed multipart/form-data: ${message}`);
    }
    check(v, got);
    const now = ctx.clock.now();
    landed = await transact(ctx.store, async (tx) => {
      if (!(await attachUpload(tx, vid, v.tokenHash, rel, now))) return false;
      await enqueueJobs(tx, [encodeJob(vid, now)], now);
      return true;
    });
    if (!landed) {
      // Another upload with this token won, the sandbox moved the video, or time ran out.
      await admit(ctx, vid, token);
      throw new GatewayError('A578', `video ${vid} changed during the upload`);
    }
  } finally {
    if (!landed) await removeQuietly(abs);
  }
  return { vid, status: 'ENCODING', fileName: v.fileName, fileSize: v.fileSize };
}
