import type { Store } from '../db/database.ts';
import { transact } from '../db/work-signal.ts';
import type { RcsBrandDetailsTable } from '../schema/rcs.ts';

/** What the client registered about its RCS brand beyond the operator's brandId, brandKey and name. */
export interface RcsBrandDetails {
  brandId: string;
  description: string | null;
  tel: string | null;
  webSiteUrl: string | null;
  profileFileKey: string | null;
  backgroundFileKey: string | null;
  seasonDocFileKey: string | null;
  /** Epoch ms at which the carrier's review of the last change ends; null: never changed. */
  reviewUntil: number | null;
  updatedAt: number;
}

export type BrandDetailValues = Omit<RcsBrandDetails, 'brandId' | 'reviewUntil' | 'updatedAt'>;

function toDetails(r: RcsBrandDetailsTable): RcsBrandDetails {
  return {
    brandId: r.brand_id,
    description: r.description,
    tel: r.tel,
    webSiteUrl: r.web_site_url,
    profileFileKey: r.profile_file_key,
    backgroundFileKey: r.background_file_key,
    seasonDocFileKey: r.season_doc_file_key,
    reviewUntil: r.review_until === null ? null : Number(r.review_until),
    updatedAt: Number(r.updated_at),
  };
}

export async function findBrandDetails(store: Store, brandId: string): Promise<RcsBrandDetails | undefined> {
  const r = await store.db
    .selectFrom('rcs_brand_details')
    .selectAll()
    .where('brand_id', '=', brandId)
    .executeTakeFirst();
  return r ? toDetails(r) : undefined;
}

/** Thrown inside the transaction to roll it back; never leaves this file. */
class Overtaken extends Error {}

/**
 * Records a change of the account's brand and starts its review, in one transaction. Both
 * statements are conditional, so of two changes racing for one brand only one is recorded:
 * the brand must still be the account's and `ready`, and no review may be running at `now`.
 * Returns false (nothing written) when that no longer holds.
 */
export async function submitBrandChange(
  store: Store,
  change: {
    accountId: string;
    brandId: string;
    name: string;
    values: BrandDetailValues;
    reviewUntil: number;
  },
  now: number,
): Promise<boolean> {
  const v = change.values;
  const row: RcsBrandDetailsTable = {
    brand_id: change.brandId,
    description: v.description,
    tel: v.tel,
    web_site_url: v.webSiteUrl,
    profile_file_key: v.profileFileKey,
    background_file_key: v.backgroundFileKey,
    season_doc_file_key: v.seasonDocFileKey,
    review_until: change.reviewUntil,
    updated_at: now,
  };
  const { brand_id: _id, ...update } = row;
  try {
    await transact(store, async (trx) => {
      const renamed = await trx
        .updateTable('rcs_brands')
        .set({ name: change.name })
        .where('brand_id', '=', change.brandId)
        .where('account_id', '=', change.accountId)
        .where('status', '=', 'ready')
        .executeTakeFirst();
      if (Number(renamed.numUpdatedRows) === 0) throw new Overtaken();
      const saved = await trx
        .insertInto('rcs_brand_details')
        .values(row)
        .onConflict((oc) =>
          oc
            .column('brand_id')
            .doUpdateSet(update)
            .where((eb) =>
              eb.or([
                eb('rcs_brand_details.review_until', 'is', null),
                eb('rcs_brand_details.review_until', '<=', now),
              ]),
            ),
        )
        .executeTakeFirst();
      if (Number(saved.numInsertedOrUpdatedRows ?? 0) === 0) throw new Overtaken();
    });
    return true;
  } catch (err) {
    if (err instanceof Overtaken) return false;
    throw err;
  }
}
