import type { Store } from '../db/database.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { RcsBrandsTable } from '../schema/schema.ts';

/** An RCS brand registered for an account. */
export interface RcsBrand {
  brandId: string;
  accountId: string;
  brandKey: string;
  name: string;
  status: string;
  createdAt: number;
}

function toBrand(r: RcsBrandsTable): RcsBrand {
  return {
    brandId: r.brand_id,
    accountId: r.account_id,
    brandKey: r.brand_key,
    name: r.name,
    status: r.status,
    createdAt: Number(r.created_at),
  };
}

export type SaveBrandResult = { brand: RcsBrand } | { conflict: 'brandId' | 'brandKey' };

/**
 * Inserts the brand, or updates it when this account already holds the brandId. One statement
 * decides, so concurrent registrations cannot both take a brandId or a brandKey: another
 * account's brandId makes the upsert return no row; a brandKey held by any other brand breaks its
 * unique index, which is reported instead of thrown.
 */
export async function saveBrand(
  store: Store,
  accountId: string,
  brand: { brandId: string; brandKey: string; name: string; status: string | undefined },
  now: number,
): Promise<SaveBrandResult> {
  const update = {
    brand_key: brand.brandKey,
    name: brand.name,
    ...(brand.status !== undefined ? { status: brand.status } : {}),
  };
  try {
    const r = await store.db
      .insertInto('rcs_brands')
      .values({
        brand_id: brand.brandId,
        account_id: accountId,
        status: 'ready',
        ...update,
        created_at: now,
      })
      .onConflict((oc) =>
        oc.column('brand_id').doUpdateSet(update).where('rcs_brands.account_id', '=', accountId),
      )
      .returningAll()
      .executeTakeFirst();
    return r ? { brand: toBrand(r) } : { conflict: 'brandId' };
  } catch (err) {
    if (isUniqueViolation(err)) return { conflict: 'brandKey' };
    throw err;
  }
}

export async function listBrands(store: Store, accountId: string): Promise<RcsBrand[]> {
  const rows = await store.db
    .selectFrom('rcs_brands')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('created_at')
    .orderBy('brand_id')
    .execute();
  return rows.map(toBrand);
}

/** The account's brand with this id (another account's brand is not found). */
export async function getBrand(
  store: Store,
  accountId: string,
  brandId: string,
): Promise<RcsBrand | undefined> {
  const r = await store.db
    .selectFrom('rcs_brands')
    .selectAll()
    .where('brand_id', '=', brandId)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return r ? toBrand(r) : undefined;
}

/** Returns false when the account had no such brand. */
export async function removeBrand(store: Store, accountId: string, brandId: string): Promise<boolean> {
  const res = await store.db
    .deleteFrom('rcs_brands')
    .where('brand_id', '=', brandId)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** The account's brand with this brandKey (what an rcs send names). */
export async function findBrandByKey(
  store: Store,
  accountId: string,
  brandKey: string,
): Promise<RcsBrand | undefined> {
  const r = await store.db
    .selectFrom('rcs_brands')
    .selectAll()
    .where('brand_key', '=', brandKey)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return r ? toBrand(r) : undefined;
}
