/** Row types of the RCS center (brand details, message-base images) (see schema.ts for the conventions). */
export interface RcsBrandDetailsTable {
  brand_id: string;
  description: string | null;
  tel: string | null;
  web_site_url: string | null;
  profile_file_key: string | null;
  background_file_key: string | null;
  season_doc_file_key: string | null;
  review_until: number | null;
  updated_at: number;
}

export interface RcsMessagebaseImagesTable {
  file_id: string;
  brand_id: string;
  created_at: number;
}

export interface RcsCenterTables {
  rcs_brand_details: RcsBrandDetailsTable;
  rcs_messagebase_images: RcsMessagebaseImagesTable;
}
