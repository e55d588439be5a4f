import { type SqlBool, sql } from 'kysely';
import type { Store } from '../db/database.ts';
import type { Executor } from '../db/executor.ts';
import { deleteBlobs } from '../media/blobs.ts';
import { after, type Batcher, type Cursor, count, inBatch, within } from './batch.ts';

/*
 * The purge of uploads nothing can use any more (src/engine/purge.ts): rows of `files` and their
 * bytes in the database, in one transaction; the caller then removes the copy an earlier release
 * may have left on this instance's disk. And the sweep of bytes no record names.
 */

export interface UploadRule {
  /** Expired before it, or (never expiring) uploaded before it. */
  cutoff: number;
  /**
   * Kinds of uploads that never expire and are used by URL where the gateway keeps no record of
   * it (brand message images in free-form sends): no record naming one does not make it unused.
   */
  kept: readonly string[];
  /** The folder every upload's path starts with (its URL holds `<dir>/<kind>/<name>`). */
  dir: string;
}

interface FileRow {
  file_key: string;
  kind: string;
  path: string;
  created_at: number | string;
  expires_at: number | string | null;
}

/**
 * Uploads that expired before the cutoff (MMS images, RCS media: nothing can send or fetch
 * them), and uploads that never expire, made before the cutoff, that nothing names: no template
 * (informational or brand message), RCS brand, message-base image, video or review request. Either
 * stays while a reservation or broadcast not yet sent names it in its message flow.
 */
export function purgeUploads(store: Store, rule: UploadRule, dryRun: boolean): Batcher {
  let cursor: Cursor | null = null;
  const { cutoff } = rule;
  const unusable = sql<SqlBool>`created_at < ${cutoff} and ((expires_at is not null and expires_at < ${cutoff})
    or (expires_at is null and not ${within('kind', rule.kept)}))`;
  return (limit) =>
    inBatch(store, dryRun, async (tx) => {
      const found = await sql<FileRow>`
        select file_key, kind, path, created_at, expires_at from files
        where created_at < ${cutoff} and ${after('created_at', 'file_key', cursor)}
        order by created_at, file_key limit ${limit}`.execute(tx);
      const last = found.rows.at(-1);
      if (last) cursor = { at: Number(last.created_at), key: last.file_key };
      const candidates = found.rows.filter((f) =>
        f.expires_at === null ? !rule.kept.includes(f.kind) : Number(f.expires_at) < cutoff,
      );
      const named = await namedUploads(tx, candidates, rule.dir);
      const go = candidates.filter((f) => !named.has(f.file_key) && !named.has(f.path));
      const rows: Record<string, number> = {};
      let files = go.map((f) => f.path);
      if (!dryRun && go.length > 0) {
        // By path, which is each upload's own (128 random bits): a fileKey is only unique within
        // its account, and another account's file under the same key is not this one.
        const gone = await sql<{ path: string }>`
          delete from files where ${within(
            'path',
            go.map((f) => f.path),
          )} and ${unusable}
          returning path`.execute(tx);
        files = gone.rows.map((r) => r.path);
        count(rows, 'upload_blobs', await deleteBlobs(tx, files));
      } else if (go.length > 0) {
        const n = await sql<{ n: number | string }>`
          select count(*) as n from upload_blobs where ${within('path', files)}`.execute(tx);
        count(rows, 'upload_blobs', Number(n.rows[0]?.n ?? 0));
      }
      count(rows, 'files', files.length);
      return { rows, files, more: found.rows.length === limit };
    });
}

/**
 * The keys and paths among `files` that something names. A key named by any account's record
 * keeps every account's upload under that key: the purge errs on keeping. Records name an upload by its key
 * (RCS brands, message-base images, video thumbnails) or by its URL (templates, flows), which
 * holds the path; the review request's attachment by its path.
 */
async function namedUploads(tx: Executor, files: readonly FileRow[], dir: string): Promise<Set<string>> {
  const named = new Set<string>();
  if (files.length === 0) return named;
  const keys = files.map((f) => f.file_key);
  const paths = files.map((f) => f.path);
  const byKey = await sql<{ k: string | null }>`
    select profile_file_key as k from rcs_brand_details where ${within('profile_file_key', keys)}
    union all select background_file_key from rcs_brand_details where ${within('background_file_key', keys)}
    union all select season_doc_file_key from rcs_brand_details where ${within('season_doc_file_key', keys)}
    union all select file_id from rcs_messagebase_images where ${within('file_id', keys)}
    union all select thumbnail_file_key from videos where ${within('thumbnail_file_key', keys)}
    union all select attachment_path from infomsg_template_reviews where ${within('attachment_path', paths)}`.execute(
    tx,
  );
  for (const r of byKey.rows) if (r.k !== null) named.add(r.k);

  // Texts that may hold an upload's URL: templates, and the flows of reservations and broadcasts
  // still to be sent. Only those holding the folder's name are read.
  const like = `%${dir}/%`;
  const texts = await sql<{ t: string | null }>`
    select img_url as t from infomsg_templates where img_url like ${like}
    union all select content from infomsg_templates where content like ${like}
    union all select content from brand_templates where content like ${like}
    union all select s.flow from reservations r join send_requests s on s.id = r.request_id
      where r.status in ('PENDING', 'STOPPED') or (r.status = 'PROCESSING'
        and exists (select 1 from messages m where m.request_id = r.request_id and m.done_at is null))
    union all select flow from broadcasts where status in ('READY', 'SENDING', 'PAUSED')`.execute(tx);
  const url = new RegExp(`${dir}/[A-Za-z0-9._-]+/[A-Za-z0-9._-]+`, 'g');
  const wanted = new Set([...keys, ...paths]);
  for (const { t } of texts.rows) {
    if (t === null) continue;
    for (const m of t.matchAll(url)) if (wanted.has(m[0])) named.add(m[0]);
    // A flow names MMS images and RCS media by key: any string of it equal to a candidate's key.
    for (const k of keys) if (t.includes(`"${k}"`)) named.add(k);
  }
  return named;
}

/**
 * Bytes in the database that no upload and no video names, stored before the cutoff: left by a
 * crash between their chunks and their record, by a video upload that failed and could not clean
 * up, or by two replacements of one key racing. Bytes still being written (a video upload, at most
 * minutes; an import at start) are younger than the cutoff, a day: the sweep never meets them.
 */
export function purgeAbandonedBytes(store: Store, cutoff: number, dryRun: boolean): Batcher {
  let cursor: Cursor | null = null;
  // Complete bytes nothing names never become named again (each upload's path is its own); bytes
  // still incomplete are rechecked by the delete itself, so a video attached meanwhile keeps them.
  const abandoned = sql<SqlBool>`created_at < ${cutoff} and (complete = 0 or (
    not exists (select 1 from files f where f.path = upload_blobs.path)
    and not exists (select 1 from videos v where v.file_path = upload_blobs.path)))`;
  return (limit) =>
    inBatch(store, dryRun, async (tx) => {
      const found = await sql<{ path: string; created_at: number | string }>`
        select path, created_at from upload_blobs
        where ${abandoned} and ${after('created_at', 'path', cursor)}
        order by created_at, path limit ${limit}`.execute(tx);
      const last = found.rows.at(-1);
      if (last) cursor = { at: Number(last.created_at), key: last.path };
      let paths = found.rows.map((r) => r.path);
      if (!dryRun && paths.length > 0) {
        const gone = await sql<{ path: string }>`
          delete from upload_blobs where ${within('path', paths)} and ${abandoned}
          returning path`.execute(tx);
        paths = gone.rows.map((r) => r.path);
        if (paths.length > 0) await tx.deleteFrom('upload_chunks').where('path', 'in', paths).execute();
      }
      const rows: Record<string, number> = {};
      count(rows, 'upload_blobs', paths.length);
      return { rows, files: [], more: found.rows.length === limit };
    });
}
