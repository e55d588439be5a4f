import { bulkInsert } from '../db/bulk.ts';
import type { Capabilities } from '../db/capabilities.ts';
import type { Store } from '../db/database.ts';
import type { Executor } from '../db/executor.ts';
import { transact } from '../db/work-signal.ts';

/** An uploaded phone-number list: its parsed numbers, usable by fileKey until it expires. */
export interface NumberFile {
  fileKey: string;
  accountId: string;
  senderKey: string;
  numberCount: number;
  expiresAt: number;
  createdAt: number;
}

/** Saves a list and its (distinct) numbers; `exec` a transaction: several statements. */
export async function saveNumberFile(
  exec: Executor,
  caps: Capabilities,
  file: NumberFile,
  phones: readonly string[],
): Promise<void> {
  await exec
    .insertInto('friend_group_files')
    .values({
      file_key: file.fileKey,
      account_id: file.accountId,
      sender_key: file.senderKey,
      number_count: file.numberCount,
      expires_at: file.expiresAt,
      created_at: file.createdAt,
    })
    .execute();
  await bulkInsert(
    exec,
    caps,
    'friend_group_file_numbers',
    ['file_key', 'phone'],
    phones.map((p) => [file.fileKey, p]),
  );
}

export async function findNumberFile(store: Store, fileKey: string): Promise<NumberFile | undefined> {
  const r = await store.db
    .selectFrom('friend_group_files')
    .selectAll()
    .where('file_key', '=', fileKey)
    .executeTakeFirst();
  return r
    ? {
        fileKey: r.file_key,
        accountId: r.account_id,
        senderKey: r.sender_key,
        numberCount: Number(r.number_count),
        expiresAt: Number(r.expires_at),
        createdAt: Number(r.created_at),
      }
    : undefined;
}

/** Drops a list and its numbers once expired; false when not there or not yet due. */
export async function dropExpiredFile(store: Store, fileKey: string, now: number): Promise<boolean> {
  return transact(store, async (tx) => {
    const res = await tx
      .deleteFrom('friend_group_files')
      .where('file_key', '=', fileKey)
      .where('expires_at', '<=', now)
      .executeTakeFirst();
    if (Number(res.numDeletedRows) === 0) return false;
    await tx.deleteFrom('friend_group_file_numbers').where('file_key', '=', fileKey).execute();
    return true;
  });
}
