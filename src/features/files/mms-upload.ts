import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DAY_MS, isoKst } from '../../clock.ts';
import type { Ctx } from '../../context.ts';
import { GatewayError } from '../../errors.ts';
import { findFile, type StoredFile, saveFile } from '../../store/files.ts';
import { newId } from '../../store/ids.ts';
import { readJpegInfo } from './jpeg.ts';

/**
 * Limits of an MMS image (the spec leaves them open, "not shown"): the values Korean carriers
 * commonly publish for MMS, so an image accepted here is one a carrier takes.
 */
export const MMS_IMAGE_MAX_BYTES = 300 * 1024;
export const MMS_IMAGE_MAX_WIDTH = 1500;
export const MMS_IMAGE_MAX_HEIGHT = 1440;
/** How long an uploaded image can be named in `mms.fileKey`, on the gateway clock. */
export const MMS_IMAGE_RETENTION_MS = 7 * DAY_MS;
export const IMAGE_NAME_MAX = 100;

const FILE_KEY = /^[A-Za-z0-9._-]{1,64}$/;
const KIND = 'mms';
/** Where MMS images live, relative to the data directory (kept relative in the record). */
const DIR = 'files/mms';

export interface MmsUpload {
  /** `oversize`: the upload was cut off at MMS_IMAGE_MAX_BYTES while it streamed in. */
  readonly file: { bytes: Buffer; filename: string; oversize: boolean } | undefined;
  readonly fileKey: string | undefined;
  readonly imageName: string | undefined;
}

export interface MmsUploaded {
  fileKey: string;
  /** ISO 8601, Korea time. */
  expired: string;
}

/** The absolute path of a stored file. */
export function storedFilePath(dataDir: string, file: Pick<StoredFile, 'path'>): string {
  return join(dataDir, file.path);
}

/** `C:\pics\cat.photo.jpg` → `cat.photo`: browsers on Windows may send the whole path. */
function baseName(filename: string): string {
  const base = filename.slice(Math.max(filename.lastIndexOf('/'), filename.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(0, dot) : base;
}

/** A held key is free again once its file has expired. */
function heldByOther(existing: StoredFile | undefined, accountId: string, now: number): boolean {
  if (!existing) return false;
  if (existing.accountId === accountId && existing.kind === KIND) return false;
  return existing.expiresAt === null || existing.expiresAt > now;
}

async function removeQuietly(path: string): Promise<void> {
  await unlink(path).catch(() => undefined);
}

/**
 * Stores an MMS image under the client's fileKey (or a new one). Re-uploading a key of the same
 * account replaces the image and restarts its retention.
 */
export async function uploadMmsImage(ctx: Ctx, accountId: string, input: MmsUpload): Promise<MmsUploaded> {
  const { file } = input;
  if (!file) throw new GatewayError('A210');
  const fileKey = input.fileKey || newId('mms_');
  if (!FILE_KEY.test(fileKey)) throw new GatewayError('A213', `got ${JSON.stringify(fileKey.slice(0, 80))}`);
  const name = input.imageName || baseName(file.filename) || fileKey;
  if (name.length > IMAGE_NAME_MAX) {
    throw new GatewayError('A300', `imageName is longer than ${IMAGE_NAME_MAX} characters`);
  }
  if (file.oversize || file.bytes.length > MMS_IMAGE_MAX_BYTES) {
    throw new GatewayError('A212', `at most ${MMS_IMAGE_MAX_BYTES} bytes (300 KiB)`);
  }
  const info = readJpegInfo(file.bytes);
  if (!info) {
    const detail =
      file.bytes.length >= 3 && file.bytes[0] === 0xff && file.bytes[1] === 0xd8 && file.bytes[2] === 0xff
        ? 'no frame header with the image size was found'
        : 'the content does not start with the JPEG signature FF D8 FF';
    throw new GatewayError('A211', detail);
  }
  if (info.width > MMS_IMAGE_MAX_WIDTH || info.height > MMS_IMAGE_MAX_HEIGHT) {
    throw new GatewayError(
      'A215',
      `${info.width}x${info.height}, at most ${MMS_IMAGE_MAX_WIDTH}x${MMS_IMAGE_MAX_HEIGHT} (width x height)`,
    );
  }

  const now = ctx.clock.now();
  const previous = await findFile(ctx.store, fileKey);
  if (heldByOther(previous, accountId, now)) throw new GatewayError('A214', fileKey);

  // Whole seconds: the `expired` the client reads is exactly when the file stops being usable.
  const expiresAt = Math.floor((now + MMS_IMAGE_RETENTION_MS) / 1000) * 1000;
  // A name of its own per upload: a replacement never overwrites bytes a record still points
  // to, and keys differing only in case never share a file on a case-insensitive disk.
  const relPath = `${DIR}/${fileKey}.${randomBytes(6).toString('hex')}.jpg`;
  const absPath = join(ctx.config.dataDir, relPath);
  await mkdir(join(ctx.config.dataDir, DIR), { recursive: true });
  // The bytes are complete on disk before any record points to them, so a reader never sees
  // half an image.
  await writeFile(absPath, file.bytes);
  let saved = false;
  try {
    saved = await saveFile(
      ctx.store,
      {
        fileKey,
        accountId,
        kind: KIND,
        name,
        mime: 'image/jpeg',
        size: file.bytes.length,
        width: info.width,
        height: info.height,
        path: relPath,
        expiresAt,
        createdAt: now,
      },
      now,
    );
  } finally {
    if (!saved) await removeQuietly(absPath);
  }
  // Another account took the key between the check and the save.
  if (!saved) throw new GatewayError('A214', fileKey);
  if (previous && previous.path !== relPath)
    await removeQuietly(storedFilePath(ctx.config.dataDir, previous));
  return { fileKey, expired: isoKst(expiresAt) };
}
