import type { Store } from '../db/database.ts';
import { type InfomsgTemplate, type InspectionStatus, toTemplate } from './infomsg-templates.ts';

/*
 * The sandbox reviewer's queue: templates by inspection status, across accounts, with the open
 * request's entry (when it was asked for, its comment and attachment) and the account's name.
 * Templates are few (registered by hand), and the page is LIMITed.
 */

export interface QueuedTemplate {
  template: InfomsgTemplate;
  accountName: string | null;
  /** The open review request (inspection REQ); null otherwise. */
  request: { at: number; comment: string; attachmentName: string | null } | null;
}

/** A page of templates in `status`: REQ oldest request first (a queue), others latest change first. */
export async function templatesInReview(
  store: Store,
  status: InspectionStatus,
  offset: number,
  limit: number,
): Promise<QueuedTemplate[]> {
  let q = store.db
    .selectFrom('infomsg_templates as t')
    .leftJoin('infomsg_template_reviews as r', 'r.seq', 't.review_seq')
    .leftJoin('accounts as a', 'a.id', 't.account_id')
    .selectAll('t')
    .select([
      'a.name as account_name',
      'r.created_at as request_at',
      'r.comment as request_comment',
      'r.attachment_name as request_attachment',
    ])
    .where('t.inspection_status', '=', status);
  q =
    status === 'REQ'
      ? q.orderBy('t.review_seq').orderBy('t.id')
      : q.orderBy('t.modified_at', 'desc').orderBy('t.id');
  const rows = await q.offset(offset).limit(limit).execute();
  return rows.map((r) => ({
    template: toTemplate(r),
    accountName: r.account_name,
    request:
      r.request_at === null
        ? null
        : {
            at: Number(r.request_at),
            comment: r.request_comment ?? '',
            attachmentName: r.request_attachment,
          },
  }));
}
