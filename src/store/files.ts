import type { Store } from './database.ts';
import type { FilesTable } from './schema.ts';

/** An uploaded file (MMS image first); `path` is relative to the data directory. */
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

export async function findFile(store: Store, fileKey: string): Promise<StoredFile | undefined> {
  const r = await store.db.selectFrom('files').selectAll().where('file_key', '=', fileKey).executeTakeFirst();
  return r ? toFile(r) : undefined;
}

/**
 * Saves a file under its key, replacing the record when the key is the same account's of the
 * same kind, or when whoever held it let it expire. Returns false (nothing written) when another
 * account, or another kind of file, holds the key. One conditional upsert, so two accounts
 * racing for one key cannot both win.
 */
export async function saveFile(store: Store, file: StoredFile, now: number): Promise<boolean> {
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
  const { file_key: _key, ...update } = row;
  const res = await store.db
    .insertInto('files')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('file_key')
        .doUpdateSet(update)
        .where((eb) =>
          eb.or([
            eb.and([eb('files.account_id', '=', file.accountId), eb('files.kind', '=', file.kind)]),
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

/** The files stored under these keys, whoever holds them (the sandbox shows what a handset got). */
export async function findFiles(store: Store, fileKeys: readonly string[]): Promise<StoredFile[]> {
  if (fileKeys.length === 0) return [];
  const rows = await store.db
    .selectFrom('files')
    .selectAll()
    .where('file_key', 'in', [...new Set(fileKeys)])
    .execute();
  return rows.map(toFile);
}

/** The file stored at `path` (relative to the data directory), as served under /files/. */
export async function findFileByPath(store: Store, path: string): Promise<StoredFile | undefined> {
  const r = await store.db.selectFrom('files').selectAll().where('path', '=', path).executeTakeFirst();
  return r ? toFile(r) : undefined;
}
