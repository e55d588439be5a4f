/** Row types of brand message templates (see schema.ts for the conventions). */
export interface BrandTemplateTables {
  brand_templates: BrandTemplatesTable;
}

export interface BrandTemplatesTable {
  sender_key: string;
  template_code: string;
  account_id: string;
  sender_key_type: string;
  send_type: string;
  template_name: string;
  msg_type: string;
  text: string;
  push_alarm: string;
  /** 0/1 */
  adult: number;
  /** BrandContent as JSON. */
  content: string;
  /** JSON array of the #{key} variables. */
  variables: string;
  status: string;
  created_at: number;
  modified_at: number;
}
