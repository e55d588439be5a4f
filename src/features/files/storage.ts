import { randomBytes } from 'node:crypto';
import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Ctx } from '../../context.ts';
import { GatewayError } from '../../errors.ts';
import { newId } from '../../store/db/ids.ts';
import { transact } from '../../store/db/work-signal.ts';
import { deleteBlobs, putBlob } from '../../store/media/blobs.ts';
import { FILES_DIR, findFile, type StoredFile, saveFileIn } from '../../store/media/files.ts';

export const IMAGE_NAME_MAX = 100;
const FILE_KEY = /^[A-Za-z0-9._-]{1,64}$/;

/** What one upload stores: the bytes already checked by the caller (format, size, ratio). */
export interface NewUpload {
  accountId: string;
  /** The kind of file (mms, infomsg-template, brandmessage-wide, ...): a key is reused only within its kind. */
  kind: string;
  bytes: Buffer;
  /** The client's fileKey, or undefined to generate one with `keyPrefix`. */
  fileKey: string | undefined;
  keyPrefix: string;
  /** The record's name (imageName, or the file name without its extension). */
  name: string;
  /** File extension without the dot, as served (jpg, png, gif, pdf, ...). */
  ext: string;
  mime: string;
  width: number | null;
  height: number | null;
  /** Epoch ms after which the file can no longer be used; null: never. */
  expiresAt: number | null;
}

/** Where an earlier release kept a stored file's bytes: under this instance's data directory. */
export function storedFilePath(dataDir: string, file: Pick<StoredFile, 'path'>): string {
  return join(dataDir, file.path);
}

/** The URL a stored file is served at (GET, no credentials: handsets and the platform fetch it). */
export function fileUrl(ctx: Ctx, file: Pick<StoredFile, 'path'>): string {
  return `${ctx.config.publicUrl}/${file.path.split('/').map(encodeURIComponent).join('/')}`;
}

/** `C:\pics\cat.photo.jpg` → `cat.photo`: browsers on Windows may send the whole path. */
export function baseName(filename: string): string {
  const base = filename.slice(Math.max(filename.lastIndexOf('/'), filename.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(0, dot) : base;
}

/** `photo.JPG` → `jpg`; '' without an extension. */
export function extensionOf(filename: string): string {
  const base = filename.slice(Math.max(filename.lastIndexOf('/'), filename.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** The fileKey to store under: the client's (checked) or a new one. */
export function checkFileKey(fileKey: string | undefined, prefix: string): string {
  const key = fileKey || newId(prefix);
  if (!FILE_KEY.test(key)) throw new GatewayError('A223', `got ${JSON.stringify(key.slice(0, 80))}`);
  return key;
}

/** imageName, else the file's name without its extension, else the key; at most IMAGE_NAME_MAX. */
export function uploadName(imageName: string | undefined, filename: string, fileKey: string): string {
  const name = imageName || baseName(filename) || fileKey;
  if (name.length > IMAGE_NAME_MAX) {
    throw new GatewayError('A300', `imageName is longer than ${IMAGE_NAME_MAX} characters`);
  }
  return name;
}

/**
 * Why the account cannot store under the key (the A224 detail), or undefined when it can: keys
 * are per account, so only the account's own file of another kind can hold one, and only until
 * that file expires. Another account's files are never looked at, so no answer can tell that
 * another account holds the same key.
 */
function heldByOtherKind(existing: StoredFile | undefined, kind: string, now: number): string | undefined {
  if (!existing || existing.kind === kind) return undefined;
  if (existing.expiresAt !== null && existing.expiresAt <= now) return undefined;
  return `${existing.fileKey} is used by this account for another kind of file (${existing.kind}); a key is reused only for the same kind`;
}

async function removeQuietly(path: string): Promise<void> {
  await unlink(path).catch(() => undefined);
}

/** An upload of another kind by the same account took the key first: the transaction rolls back. */
class KeyTaken extends Error {}

/**
 * Stores checked bytes under the account's fileKey. Re-uploading a key of the same kind replaces
 * the file; a key the account holds for another kind is A224. Another account's key of the same
 * name is another file: the two never meet.
 */
export async function storeUpload(ctx: Ctx, input: NewUpload, now: number): Promise<StoredFile> {
  const fileKey = checkFileKey(input.fileKey, input.keyPrefix);
  const previous = await findFile(ctx.store, input.accountId, fileKey);
  const held = heldByOtherKind(previous, input.kind, now);
  if (held) throw new GatewayError('A224', held);

  // A name of its own per upload: a replacement never overwrites bytes a record still points
  // to, keys differing only in case never share a file, and the served URL cannot be guessed
  // from the key: 128 random bits, as a capability URL needs.
  const relPath = `${FILES_DIR}/${input.kind}/${fileKey}.${randomBytes(16).toString('hex')}.${input.ext}`;
  const file: StoredFile = {
    fileKey,
    accountId: input.accountId,
    kind: input.kind,
    name: input.name,
    mime: input.mime,
    size: input.bytes.length,
    width: input.width,
    height: input.height,
    path: relPath,
    expiresAt: input.expiresAt,
    createdAt: now,
  };
  // The bytes and the record in one transaction (an image is a few MB at most): every instance
  // reads them as soon as the record exists, and a refused save leaves no bytes behind.
  const saved = await transact(ctx.store, async (tx) => {
    await putBlob(tx, relPath, input.bytes, now);
    if (!(await saveFileIn(tx, file, now))) throw new KeyTaken();
    // The replaced file's bytes go with it. Two replacements racing may both name the same old
    // bytes, and the loser's new ones are then named by nothing: the purge sweeps those.
    if (previous && previous.path !== relPath) await deleteBlobs(tx, [previous.path]);
    return true;
  }).catch((err: unknown) => {
    if (err instanceof KeyTaken) return false;
    throw err;
  });
  // An upload of another kind by the same account took the key between the check and the save.
  if (!saved) {
    const taker = await findFile(ctx.store, input.accountId, fileKey);
    throw new GatewayError('A224', heldByOtherKind(taker, input.kind, now) ?? fileKey);
  }
  // An earlier release's copy of the replaced file, when this instance's disk holds it.
  if (previous && previous.path !== relPath)
    await removeQuietly(storedFilePath(ctx.config.dataDir, previous));
  return file;
}
