import type { Store } from '../db/database.ts';
import type { Executor } from '../db/executor.ts';
import type { FilesTable } from '../schema/schema.ts';

/**
 * An uploaded file (MMS image first). `path` names its bytes (upload_blobs, src/store/media/blobs.ts)
 * and is its URL's path; an earlier release kept them at `path` under the data directory.
 */
export interface StoredFile {
  fileKey: string;
  accountId: string;
  kind: string;
  name: string;
  mime: string;
  size: number;
  width: number | null;
  height: number | null;
  path: string;
  /** Epoch ms after which the file can no longer be used; null: never expires. */
  expiresAt: number | null;
  createdAt: number;
}

function toFile(r: FilesTable): StoredFile {
  return {
    fileKey: r.file_key,
    accountId: r.account_id,
    kind: r.kind,
    name: r.name,
    mime: r.mime,
    size: Number(r.size),
    width: r.width === null ? null : Number(r.width),
    height: r.height === null ? null : Number(r.height),
    path: r.path,
    expiresAt: r.expires_at === null ? null : Number(r.expires_at),
    createdAt: Number(r.created_at),
  };
}

/** The account's file under `fileKey`: keys are per account, so another account's is never found. */
export async function findFile(
  store: Store,
  accountId: string,
  fileKey: string,
): Promise<StoredFile | undefined> {
  const r = await store.db
    .selectFrom('files')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('file_key', '=', fileKey)
    .executeTakeFirst();
  return r ? toFile(r) : undefined;
}

/**
 * Saves a file under the account's key, replacing the record when it is of the same kind, or
 * when the file of another kind it held has expired. Returns false (nothing written) when an
 * unexpired file of another kind holds the key. One conditional upsert, so two uploads of the
 * account racing for one key with different kinds cannot both win.
 */
export function saveFile(store: Store, file: StoredFile, now: number): Promise<boolean> {
  return saveFileIn(store.db, file, now);
}

/** saveFile, in a transaction of the caller's (the one that writes the file's bytes). */
export async function saveFileIn(exec: Executor, file: StoredFile, now: number): Promise<boolean> {
  const row: FilesTable = {
    file_key: file.fileKey,
    account_id: file.accountId,
    kind: file.kind,
    name: file.name,
    mime: file.mime,
    size: file.size,
    width: file.width,
    height: file.height,
    path: file.path,
    expires_at: file.expiresAt,
    created_at: file.createdAt,
  };
  const { file_key: _key, account_id: _account, ...update } = row;
  const res = await exec
    .insertInto('files')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['account_id', 'file_key'])
        .doUpdateSet(update)
        .where((eb) =>
          eb.or([
            eb('files.kind', '=', file.kind),
            eb.and([eb('files.expires_at', 'is not', null), eb('files.expires_at', '<=', now)]),
          ]),
        ),
    )
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * The files among `fileKeys` that the account may use now: its own, of the kind, not expired
 * (expiry is exclusive: at `expires_at` the file is gone). The send path answers A217 for the
 * keys missing from the answer.
 */
export async function findUsableFiles(
  store: Store,
  accountId: string,
  fileKeys: readonly string[],
  now: number,
  kind = 'mms',
): Promise<StoredFile[]> {
  if (fileKeys.length === 0) return [];
  const rows = await store.db
    .selectFrom('files')
    .selectAll()
    .where('file_key', 'in', [...new Set(fileKeys)])
    .where('account_id', '=', accountId)
    .where('kind', '=', kind)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .execute();
  return rows.map(toFile);
}

/** A fileKey as a message named it (an MMS fileKey, an RCS body.media). */
export interface MessageFileRef {
  msgKey: string;
  fileKey: string;
}

/**
 * The files these messages name, whatever their kind or expiry (the sandbox shows what a handset
 * got). A message's keys are its sending account's, so the file is looked up under the account
 * of the message, never under the key alone. One query for the lot: every key named, under the
 * accounts of every message named, then only the pairs that were asked for are kept.
 */
export async function findMessageFiles(
  store: Store,
  refs: readonly MessageFileRef[],
): Promise<Array<{ msgKey: string; file: StoredFile }>> {
  if (refs.length === 0) return [];
  const wanted = new Set(refs.map((r) => pairKey(r.msgKey, r.fileKey)));
  const rows = await store.db
    .selectFrom('messages as m')
    .innerJoin('files as f', 'f.account_id', 'm.account_id')
    .selectAll('f')
    .select('m.msg_key')
    .where('m.msg_key', 'in', [...new Set(refs.map((r) => r.msgKey))])
    .where('f.file_key', 'in', [...new Set(refs.map((r) => r.fileKey))])
    .execute();
  return rows
    .filter((r) => wanted.has(pairKey(r.msg_key, r.file_key)))
    .map((r) => ({ msgKey: r.msg_key, file: toFile(r) }));
}

/** One string per (msgKey, fileKey): NUL appears in neither. */
export function pairKey(msgKey: string, fileKey: string): string {
  return `${msgKey}\u0000${fileKey}`;
}

/** The file stored at `path` (relative to the data directory), as served under /files/. */
export async function findFileByPath(store: Store, path: string): Promise<StoredFile | undefined> {
  const r = await store.db.selectFrom('files').selectAll().where('path', '=', path).executeTakeFirst();
  return r ? toFile(r) : undefined;
}

/** Where uploads live, relative to the data directory; also the URL prefix they are served under. */
export const FILES_DIR = 'files';
