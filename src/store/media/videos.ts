import type { Store } from '../db/database.ts';
import type { Executor } from '../db/executor.ts';
import type { VideosTable } from '../schema/videos.ts';

export interface NewVideo {
  vid: string;
  accountId: string;
  senderKey: string;
  channelId: string;
  status: string;
  title: string;
  fileName: string;
  fileSize: number;
  tokenHash: string;
  uploadUntil: number;
}

/** A brand message video: registered for upload, uploaded, encoded, and usable once PUBLIC or PRIVATE. */
export interface Video extends Omit<NewVideo, 'tokenHash'> {
  tokenHash: string | null;
  filePath: string | null;
  thumbnailFileKey: string | null;
  /** Where the thumbnail is stored (relative to the data directory), as served under /files. */
  thumbnailPath: string | null;
  registeredAt: number | null;
  createdAt: number;
  updatedAt: number;
}

type VideoRow = VideosTable & { thumbnail_path: string | null };

function toVideo(r: VideoRow): Video {
  return {
    vid: r.vid,
    accountId: r.account_id,
    senderKey: r.sender_key,
    channelId: r.channel_id,
    status: r.status,
    title: r.title,
    fileName: r.file_name,
    fileSize: Number(r.file_size),
    tokenHash: r.token_hash,
    uploadUntil: Number(r.upload_until),
    filePath: r.file_path,
    thumbnailFileKey: r.thumbnail_file_key,
    thumbnailPath: r.thumbnail_path,
    registeredAt: r.registered_at === null ? null : Number(r.registered_at),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

export async function insertVideo(exec: Executor, v: NewVideo, now: number): Promise<void> {
  await exec
    .insertInto('videos')
    .values({
      vid: v.vid,
      account_id: v.accountId,
      sender_key: v.senderKey,
      channel_id: v.channelId,
      status: v.status,
      title: v.title,
      file_name: v.fileName,
      file_size: v.fileSize,
      token_hash: v.tokenHash,
      upload_until: v.uploadUntil,
      file_path: null,
      thumbnail_file_key: null,
      registered_at: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/** Videos with their thumbnail's stored path: the video's account's file (keys are per account). */
function selectVideos(exec: Executor) {
  return exec
    .selectFrom('videos')
    .leftJoin('files', (j) =>
      j
        .onRef('files.account_id', '=', 'videos.account_id')
        .onRef('files.file_key', '=', 'videos.thumbnail_file_key'),
    )
    .selectAll('videos')
    .select('files.path as thumbnail_path');
}

/** Any video by its id (the upload address knows no account). */
export async function getVideo(exec: Executor, vid: string): Promise<Video | undefined> {
  const r = await selectVideos(exec).where('videos.vid', '=', vid).executeTakeFirst();
  return r ? toVideo(r) : undefined;
}

/** The account's video on a channel; another account's, or another channel's, is not found. */
export async function getChannelVideo(
  store: Store,
  accountId: string,
  channelId: string,
  vid: string,
): Promise<Video | undefined> {
  const r = await selectVideos(store.db)
    .where('videos.vid', '=', vid)
    .where('videos.account_id', '=', accountId)
    .where('videos.channel_id', '=', channelId)
    .executeTakeFirst();
  return r ? toVideo(r) : undefined;
}

/**
 * The upload is in: REGISTERED → ENCODING with the file, and the token is spent. Conditional on
 * the state, the token and its time, so of two uploads racing with one token only one lands.
 * Returns false when the video had moved on meanwhile.
 */
export async function attachUpload(
  exec: Executor,
  vid: string,
  tokenHash: string,
  filePath: string,
  now: number,
): Promise<boolean> {
  const res = await exec
    .updateTable('videos')
    .set({ status: 'ENCODING', file_path: filePath, token_hash: null, updated_at: now })
    .where('vid', '=', vid)
    .where('status', '=', 'REGISTERED')
    .where('token_hash', '=', tokenHash)
    .where('upload_until', '>', now)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/**
 * Moves a video to `to` when it is in one of `from` (from any state when `from` is undefined),
 * recording the thumbnail when one is given. Returns false when it was not in `from` (another
 * instance, or the sandbox, moved it first).
 */
export async function moveVideo(
  exec: Executor,
  vid: string,
  from: readonly string[] | undefined,
  to: string,
  now: number,
  thumbnailFileKey?: string,
): Promise<boolean> {
  let q = exec
    .updateTable('videos')
    .set({
      status: to,
      updated_at: now,
      ...(thumbnailFileKey ? { thumbnail_file_key: thumbnailFileKey } : {}),
    })
    .where('vid', '=', vid);
  if (from) q = q.where('status', 'in', [...from]);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Registration as an existing video, when it is still in one of `usable`; false otherwise. */
export async function markRegistered(
  store: Store,
  vid: string,
  usable: readonly string[],
  now: number,
): Promise<boolean> {
  const res = await store.db
    .updateTable('videos')
    .set({ registered_at: now })
    .where('vid', '=', vid)
    .where('status', 'in', [...usable])
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export interface VideoPage {
  totalCount: number;
  videos: Video[];
}

/**
 * The account's videos on a channel, in registration order (new videos land at the end, so an
 * offset keeps its place while the client pages); `from`/`until` bound the registration time.
 */
export async function listChannelVideos(
  store: Store,
  q: { accountId: string; channelId: string; from?: number; until?: number; offset: number; limit: number },
): Promise<VideoPage> {
  let count = store.db
    .selectFrom('videos')
    .where('account_id', '=', q.accountId)
    .where('channel_id', '=', q.channelId);
  let page = selectVideos(store.db)
    .where('videos.account_id', '=', q.accountId)
    .where('videos.channel_id', '=', q.channelId);
  if (q.from !== undefined) {
    count = count.where('created_at', '>=', q.from);
    page = page.where('videos.created_at', '>=', q.from);
  }
  if (q.until !== undefined) {
    count = count.where('created_at', '<', q.until);
    page = page.where('videos.created_at', '<', q.until);
  }
  const n = await count.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  const rows = await page
    .orderBy('videos.created_at')
    .orderBy('videos.vid')
    .offset(q.offset)
    .limit(q.limit)
    .execute();
  return { totalCount: Number(n.n), videos: rows.map(toVideo) };
}
