import type { Executor } from '../db/executor.ts';

/** REQ: review requested; CANCEL: request withdrawn; APR / REJ: the reviewer's decision. */
export type ReviewKind = 'REQ' | 'CANCEL' | 'APR' | 'REJ';

/** One entry of a template's review history. */
export interface ReviewEntry {
  seq: number;
  templateId: string;
  kind: ReviewKind;
  comment: string;
  attachmentName: string | null;
  /** Relative to the data directory (files/infomsg-review/...). */
  attachmentPath: string | null;
  createdAt: number;
}

export async function addReviewEntry(
  exec: Executor,
  e: {
    templateId: string;
    kind: ReviewKind;
    comment: string;
    attachmentName?: string | null;
    attachmentPath?: string | null;
  },
  now: number,
): Promise<number> {
  const r = await exec
    .insertInto('infomsg_template_reviews')
    .values({
      template_id: e.templateId,
      kind: e.kind,
      comment: e.comment,
      attachment_name: e.attachmentName ?? null,
      attachment_path: e.attachmentPath ?? null,
      created_at: now,
    })
    .returning('seq')
    .executeTakeFirstOrThrow();
  return Number(r.seq);
}

/** The history of each template, oldest entry first. */
export async function reviewHistories(
  exec: Executor,
  templateIds: readonly string[],
): Promise<Map<string, ReviewEntry[]>> {
  const out = new Map<string, ReviewEntry[]>();
  if (templateIds.length === 0) return out;
  const rows = await exec
    .selectFrom('infomsg_template_reviews')
    .selectAll()
    .where('template_id', 'in', [...new Set(templateIds)])
    .orderBy('seq')
    .execute();
  for (const r of rows) {
    const entry: ReviewEntry = {
      seq: Number(r.seq),
      templateId: r.template_id,
      kind: r.kind as ReviewKind,
      comment: r.comment,
      attachmentName: r.attachment_name,
      attachmentPath: r.attachment_path,
      createdAt: Number(r.created_at),
    };
    const list = out.get(r.template_id);
    if (list) list.push(entry);
    else out.set(r.template_id, [entry]);
  }
  return out;
}

export async function deleteReviewHistory(exec: Executor, templateId: string): Promise<void> {
  await exec.deleteFrom('infomsg_template_reviews').where('template_id', '=', templateId).execute();
}
