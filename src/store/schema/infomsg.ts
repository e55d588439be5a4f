import type { Generated } from 'kysely';

/** Row types of informational templates and their reviews (see schema.ts for the conventions). */
export interface InfomsgTables {
  infomsg_templates: InfomsgTemplatesTable;
  infomsg_template_reviews: InfomsgTemplateReviewsTable;
}

export interface InfomsgTemplatesTable {
  id: string;
  account_id: string;
  sender_key: string;
  sender_key_type: string;
  template_code: string;
  template_name: string;
  message_type: string;
  emphasize_type: string;
  msg_type: string;
  category_code: string;
  text: string;
  /** JSON: InfomsgContent (store/templates/infomsg-templates.ts). */
  content: string;
  img_url: string | null;
  img_name: string | null;
  inspection_status: string;
  status: string;
  comment: string;
  review_seq: number | null;
  version: number;
  created_at: number;
  modified_at: number;
}

export interface InfomsgTemplateReviewsTable {
  seq: Generated<number>;
  template_id: string;
  kind: string;
  comment: string;
  attachment_name: string | null;
  attachment_path: string | null;
  created_at: number;
}
