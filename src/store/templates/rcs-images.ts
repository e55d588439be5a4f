import type { Store } from '../db/database.ts';

/**
 * An image uploaded for the message bases of one brand. Its bytes, name and size are a file of
 * kind rcs-messagebase (store/media/files.ts) whose fileKey is the image's fileId.
 */
export interface RcsMessagebaseImage {
  fileId: string;
  brandId: string;
  fileName: string;
  width: number;
  height: number;
  /** Where the bytes are, relative to the data directory (served under /files/). */
  path: string;
  createdAt: number;
}

export async function saveMessagebaseImage(
  store: Store,
  image: { fileId: string; brandId: string },
  now: number,
): Promise<void> {
  await store.db
    .insertInto('rcs_messagebase_images')
    .values({ file_id: image.fileId, brand_id: image.brandId, created_at: now })
    .execute();
}

/**
 * The brand's image with this fileId (an image of another brand is not found). The file is the
 * brand's account's: fileKeys are per account, so the key alone could name another's file.
 */
export async function findMessagebaseImage(
  store: Store,
  brandId: string,
  fileId: string,
): Promise<RcsMessagebaseImage | undefined> {
  const r = await store.db
    .selectFrom('rcs_messagebase_images as i')
    .innerJoin('rcs_brands as b', 'b.brand_id', 'i.brand_id')
    .innerJoin('files as f', (j) =>
      j.onRef('f.account_id', '=', 'b.account_id').onRef('f.file_key', '=', 'i.file_id'),
    )
    .select(['i.file_id', 'i.brand_id', 'i.created_at', 'f.name', 'f.width', 'f.height', 'f.path'])
    .where('i.file_id', '=', fileId)
    .where('i.brand_id', '=', brandId)
    .executeTakeFirst();
  if (!r) return undefined;
  return {
    fileId: r.file_id,
    brandId: r.brand_id,
    fileName: r.name,
    width: Number(r.width ?? 0),
    height: Number(r.height ?? 0),
    path: r.path,
    createdAt: Number(r.created_at),
  };
}
