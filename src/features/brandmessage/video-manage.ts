import { createHash, randomBytes } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import { DAY_MS, formatKst, isoKst, parseKstDate } from '../../clock.ts';
import type { Ctx } from '../../context.ts';
import { GatewayError } from '../../errors.ts';
import { newId } from '../../store/db/ids.ts';
import { transact } from '../../store/db/work-signal.ts';
import { defineJob } from '../../store/jobs/job-kind.ts';
import { enqueueJobs, type NewJob } from '../../store/jobs/jobs.ts';
import {
  getChannelVideo,
  getVideo,
  insertVideo,
  listChannelVideos,
  markRegistered,
  moveVideo,
  type Video,
} from '../../store/media/videos.ts';
import { getProfile, type SenderProfile } from '../../store/templates/profiles.ts';
import { baseName, extensionOf, fileUrl } from '../files/storage.ts';
import {
  CHANNEL_HOST,
  containerOf,
  ENCODE_DELAY_MS,
  FILE_NAME_MAX,
  parseVideoUrl,
  UPLOAD_TTL_MS,
  USABLE_STATES,
  VIDEO_EXTENSIONS,
  VIDEO_MAX_BYTES,
  type VideoState,
  videoUrlOf,
} from './video-rules.ts';
import type { VideoPageT, VideoRegisteredT, VideoUploadTicketT, VideoView } from './video-schema.ts';
import { storeThumbnail } from './video-thumbnail.ts';

/** Encoding finishing, on the gateway clock (video-jobs.ts runs it). */
export const VIDEO_ENCODE = defineJob('video.encode', Type.Object({ vid: Type.String({ minLength: 1 }) }));
export const VIDEO_ENCODE_JOB = VIDEO_ENCODE.kind;
/** An upload address running out (video-jobs.ts runs it). */
export const VIDEO_EXPIRE = defineJob(
  'video.upload-expire',
  Type.Object({ vid: Type.String({ minLength: 1 }) }),
);
export const VIDEO_EXPIRE_JOB = VIDEO_EXPIRE.kind;
/** The direct upload address is `<OMNIGATE_PUBLIC_URL>/video-upload/<vid>`. */
export const UPLOAD_PATH = '/video-upload';

export type { VideoView } from './video-schema.ts';

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The account's own profile; another account's (or none) is A340. */
export async function ownProfile(ctx: Ctx, accountId: string, senderKey: string): Promise<SenderProfile> {
  const profile = await getProfile(ctx.store, accountId, senderKey);
  if (!profile)
    throw new GatewayError('A340', `senderKey ${senderKey} is not a sender profile of this account`);
  return profile;
}

export function viewOf(ctx: Ctx, v: Video): VideoView {
  return {
    vid: v.vid,
    // The store keeps only the spec's states (VIDEO_STATES).
    status: v.status as VideoState,
    title: v.title,
    thumbnailUrl: v.thumbnailPath === null ? null : fileUrl(ctx, { path: v.thumbnailPath }),
    videoUrl: videoUrlOf(v.channelId, v.vid),
    fileName: v.fileName,
    fileSize: v.fileSize,
    senderKey: v.senderKey,
    modifiedAt: isoKst(v.updatedAt),
    regDate: formatKst(v.createdAt),
    updateDate: formatKst(v.updatedAt),
  };
}

function checkFileName(fileName: string): string {
  const name = fileName.trim();
  if (name === '' || [...name].length > FILE_NAME_MAX) {
    throw new GatewayError('A580', `fileName must be 1 to ${FILE_NAME_MAX} characters`);
  }
  const ext = extensionOf(name);
  if (!containerOf(ext)) {
    throw new GatewayError(
      'A771',
      `fileName ${JSON.stringify(name.slice(0, 80))}: the extension must be one of ${VIDEO_EXTENSIONS.join(', ')}`,
    );
  }
  return name;
}

/**
 * Upload registration: a REGISTERED video, its upload address and a token, both valid for
 * 5 minutes. A000 only means the address was issued; the file goes to the address. A job ends
 * the address when it runs out: a video still waiting for its file then becomes ERROR.
 */
export async function registerUpload(
  ctx: Ctx,
  accountId: string,
  input: { senderKey: string; fileName: string; fileSize: number },
): Promise<VideoUploadTicketT> {
  const profile = await ownProfile(ctx, accountId, input.senderKey);
  const fileName = checkFileName(input.fileName);
  if (input.fileSize < 1 || input.fileSize > VIDEO_MAX_BYTES) {
    throw new GatewayError('A772', `fileSize ${input.fileSize}: 1 to ${VIDEO_MAX_BYTES} bytes`);
  }
  const now = ctx.clock.now();
  const vid = newId('v');
  const token = randomBytes(24).toString('base64url');
  const uploadUntil = now + UPLOAD_TTL_MS;
  await transact(ctx.store, async (tx) => {
    await insertVideo(
      tx,
      {
        vid,
        accountId,
        senderKey: profile.senderKey,
        channelId: profile.channelId,
        status: 'REGISTERED',
        title: baseName(fileName) || vid,
        fileName,
        fileSize: input.fileSize,
        tokenHash: tokenHash(token),
        uploadUntil,
      },
      now,
    );
    await enqueueJobs(
      tx,
      [VIDEO_EXPIRE.job({ vid }, { runAt: uploadUntil, dedupeKey: `${VIDEO_EXPIRE_JOB}:${vid}` })],
      now,
    );
  });
  return {
    vid,
    uploadUrl: `${ctx.config.publicUrl}${UPLOAD_PATH}/${vid}`,
    token,
    status: 'REGISTERED',
    expiredAt: isoKst(uploadUntil),
  };
}

/** The account's video on the channel of `senderKey` (A770 otherwise). */
async function loadVideo(ctx: Ctx, profile: SenderProfile, vid: string, field = 'vid'): Promise<Video> {
  const v = await getChannelVideo(ctx.store, profile.accountId, profile.channelId, vid);
  if (!v) throw new GatewayError('A770', `${field} ${vid} is not a video of senderKey ${profile.senderKey}`);
  return v;
}

export async function viewVideo(
  ctx: Ctx,
  accountId: string,
  q: { vid: string; senderKey: string },
): Promise<VideoView> {
  const profile = await ownProfile(ctx, accountId, q.senderKey);
  return viewOf(ctx, await loadVideo(ctx, profile, q.vid));
}

export async function listVideos(
  ctx: Ctx,
  accountId: string,
  q: { senderKey: string; date?: string | undefined; offset: number; limit: number },
): Promise<VideoPageT> {
  const profile = await ownProfile(ctx, accountId, q.senderKey);
  let day: { from: number; until: number } | undefined;
  if (q.date !== undefined) {
    const from = parseKstDate(q.date);
    if (from === null) throw new GatewayError('A300', `date must be yyyyMMdd, got "${q.date}"`);
    day = { from, until: from + DAY_MS };
  }
  const page = await listChannelVideos(ctx.store, {
    accountId,
    channelId: profile.channelId,
    ...day,
    offset: q.offset,
    limit: q.limit,
  });
  return {
    offset: q.offset,
    limit: q.limit,
    totalCount: page.totalCount,
    videos: page.videos.map((v) => viewOf(ctx, v)),
  };
}

/** The video a videoUrl names: of the gateway's channel host and of the profile's channel. */
async function videoOfUrl(ctx: Ctx, profile: SenderProfile, videoUrl: string): Promise<Video> {
  const parsed = parseVideoUrl(videoUrl);
  if (!parsed) {
    throw new GatewayError('A574', 'videoUrl must be https://<channel_host>/<channel_id>/videos/<vid>');
  }
  if (parsed.host !== CHANNEL_HOST) {
    throw new GatewayError('A574', `videoUrl host must be ${CHANNEL_HOST}, got ${parsed.host}`);
  }
  if (parsed.channelId !== profile.channelId) {
    throw new GatewayError(
      'A575',
      `videoUrl names channel ${parsed.channelId}; senderKey ${profile.senderKey} is on channel ${profile.channelId}`,
    );
  }
  return loadVideo(ctx, profile, parsed.vid, 'videoUrl: vid');
}

/**
 * Registers an existing video for the profile's brand messages: one on its channel, by vid or by
 * videoUrl (exactly one, A502), in PUBLIC or PRIVATE (A579 otherwise).
 */
export async function registerExisting(
  ctx: Ctx,
  accountId: string,
  input: { senderKey: string; vid?: string | undefined; videoUrl?: string | undefined },
): Promise<VideoRegisteredT> {
  const hasVid = input.vid !== undefined && input.vid !== '';
  const hasUrl = input.videoUrl !== undefined && input.videoUrl !== '';
  if (hasVid === hasUrl) {
    throw new GatewayError(
      'A502',
      hasVid ? 'both vid and videoUrl were given' : 'neither vid nor videoUrl was given',
    );
  }
  const profile = await ownProfile(ctx, accountId, input.senderKey);
  const video = hasVid
    ? await loadVideo(ctx, profile, input.vid ?? '')
    : await videoOfUrl(ctx, profile, input.videoUrl ?? '');
  const refuse = (status: string): never => {
    throw new GatewayError('A579', `video ${video.vid} is ${status}`);
  };
  const { vid, status, title, thumbnailUrl, videoUrl } = viewOf(ctx, video);
  // USABLE_STATES.
  if (status !== 'PUBLIC' && status !== 'PRIVATE') return refuse(status);
  if (!(await markRegistered(ctx.store, video.vid, USABLE_STATES, ctx.clock.now()))) {
    refuse((await getVideo(ctx.store.db, video.vid))?.status ?? 'gone');
  }
  return { vid, status, title, thumbnailUrl, videoUrl };
}

/**
 * Moves a video, with its thumbnail when it becomes usable (PUBLIC or PRIVATE) without one.
 * Returns false when it was no longer in `from`.
 */
async function move(
  ctx: Ctx,
  v: Video,
  from: readonly string[] | undefined,
  to: VideoState,
): Promise<boolean> {
  // The thumbnail is a file: written before the state move, never inside a transaction. A move
  // that then loses leaves a thumbnail no record shows, replaced if the video gets there later.
  const thumbnail =
    USABLE_STATES.some((s) => s === to) && v.thumbnailFileKey === null
      ? await storeThumbnail(ctx, v.accountId, v.vid)
      : undefined;
  return moveVideo(ctx.store.db, v.vid, from, to, ctx.clock.now(), thumbnail);
}

/** The job: encoding finishes (ENCODING → PUBLIC) unless the video was moved meanwhile. */
export async function finishEncoding(ctx: Ctx, vid: string): Promise<void> {
  const v = await getVideo(ctx.store.db, vid);
  if (v?.status !== 'ENCODING') return;
  await move(ctx, v, ['ENCODING'], 'PUBLIC');
}

/** The job: the upload address ran out with no file (REGISTERED → ERROR). */
export async function expireUpload(ctx: Ctx, vid: string): Promise<void> {
  const v = await getVideo(ctx.store.db, vid);
  if (v?.status !== 'REGISTERED' || v.uploadUntil > ctx.clock.now()) return;
  await moveVideo(ctx.store.db, vid, ['REGISTERED'], 'ERROR', ctx.clock.now());
}

/** Encoding finishes by itself ENCODE_DELAY_MS later on the gateway clock. */
export function encodeJob(vid: string, now: number): NewJob {
  return VIDEO_ENCODE.job(
    { vid },
    { runAt: now + ENCODE_DELAY_MS, dedupeKey: `${VIDEO_ENCODE_JOB}:${vid}:${now}` },
  );
}

/**
 * The sandbox moves a video to any state of the spec (the platform's transitions are not shown).
 * Moved to ENCODING, it finishes encoding by itself as an upload would.
 */
export async function setStateByHand(ctx: Ctx, vid: string, status: VideoState): Promise<VideoView> {
  const v = await getVideo(ctx.store.db, vid);
  if (!v) throw new GatewayError('A770', `vid ${vid}`);
  await move(ctx, v, undefined, status);
  if (status === 'ENCODING') {
    const now = ctx.clock.now();
    await enqueueJobs(ctx.store.db, [encodeJob(vid, now)], now);
  }
  const moved = await getVideo(ctx.store.db, vid);
  if (!moved) throw new GatewayError('A770', `vid ${vid}`);
  return viewOf(ctx, moved);
}
