import type { Kysely } from 'kysely';
import type { Capabilities } from '../../db/capabilities.ts';

/**
 * RCS center: brand details, message-base images (issue 5). Both hang off rcs_brands and go with
 * it: a brandId the operator deletes and registers again (perhaps for another account) starts
 * with no details and no images of the brand it replaced.
 */
export async function up<T>(db: Kysely<T>, caps: Capabilities): Promise<void> {
  await db.schema
    .createTable('rcs_brand_details')
    .addColumn('brand_id', 'text', (c) =>
      c.primaryKey().references('rcs_brands.brand_id').onDelete('cascade'),
    )
    .addColumn('description', 'text')
    .addColumn('tel', 'text')
    .addColumn('web_site_url', 'text')
    // fileKeys of the files table (kinds rcs-brand-profile, rcs-brand-background, rcs-brand-doc).
    .addColumn('profile_file_key', 'text')
    .addColumn('background_file_key', 'text')
    .addColumn('season_doc_file_key', 'text')
    // The carrier's review of the last change ends here (gateway clock); null: never changed.
    .addColumn('review_until', caps.bigint)
    .addColumn('updated_at', caps.bigint, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('rcs_messagebase_images')
    // The fileKey of the stored file (kind rcs-messagebase), handed to the client as fileId.
    .addColumn('file_id', 'text', (c) => c.primaryKey())
    .addColumn('brand_id', 'text', (c) => c.notNull().references('rcs_brands.brand_id').onDelete('cascade'))
    .addColumn('created_at', caps.bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rcs_messagebase_images_brand')
    .on('rcs_messagebase_images')
    .column('brand_id')
    .execute();
}
