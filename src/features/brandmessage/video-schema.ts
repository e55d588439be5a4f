import { type Static, Type } from '@sinclair/typebox';
import { named } from '../../http/openapi/components.ts';
import { Nullable, StringEnum, Time } from '../../http/schema-types.ts';
import { OFFSET_MAX } from '../infomsg/schemas.ts';
import { VIDEO_MAX_BYTES, VIDEO_STATES } from './video-rules.ts';

/*
 * The brand message video routes' contract (the client API's and the direct upload's): what each
 * takes and the video records each answers. Descriptions and real examples are in video-docs.ts,
 * loaded with the OpenAPI document.
 */

/** The spec: senderKey of video and send-permission operations is at most 40 characters. */
export const SENDER_KEY_MAX = 40;
const SenderKey = Type.String({ minLength: 1, maxLength: SENDER_KEY_MAX });

export const UploadRegisterBody = Type.Object({
  senderKey: SenderKey,
  fileName: Type.String({ description: 'mp4, m4v, mov or avi; up to 200 characters' }),
  fileSize: Type.Integer({ description: `bytes, 1 to ${VIDEO_MAX_BYTES}` }),
});

export const RegisterBody = Type.Object({
  senderKey: SenderKey,
  vid: Type.Optional(Type.String({ description: 'exactly one of vid and videoUrl' })),
  videoUrl: Type.Optional(Type.String({ description: 'https://<channel_host>/<channel_id>/videos/<vid>' })),
});

export const VideoQuery = Type.Object({
  vid: Type.String({ minLength: 1 }),
  senderKey: SenderKey,
});

export const ListQuery = Type.Object({
  senderKey: SenderKey,
  date: Type.Optional(Time('day', 'videos registered that Korea-time day', { pattern: '^\\d{8}$' })),
  // Bounded as the other lists are (OFFSET_MAX): a huge offset overflowed the database's integers (500).
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: OFFSET_MAX, default: 0 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
});

export const VidParams = Type.Object({ vid: Type.String({ minLength: 1 }) });

export const SandboxStateBody = Type.Object(
  { status: StringEnum(VIDEO_STATES, 'any state of the spec: the move is not checked') },
  { additionalProperties: false },
);

/** The form of the direct upload, for the OpenAPI document (the handler streams the parts). */
export const UploadForm = Type.Object({
  file: Type.String({ format: 'binary', description: 'the video, exactly the registered fileSize bytes' }),
});

// ---- the answers ----

const Str = (description?: string) => Type.String(description ? { description } : {});
const Int = (description?: string) => Type.Integer(description ? { description } : {});

const VideoStatus = StringEnum(VIDEO_STATES);

export const VideoUploadTicket = named(
  'VideoUploadTicket',
  Type.Object(
    {
      vid: Str(),
      uploadUrl: Str('Where to POST the file (form-data part file) with the token'),
      token: Str('Send as the x-upload-token header'),
      status: StringEnum(['REGISTERED'] as const),
      expiredAt: Time('iso', 'the address and token work until then (5 minutes)'),
    },
    { description: 'A registered video upload: its address and token' },
  ),
);
export type VideoUploadTicketT = Static<typeof VideoUploadTicket>;

export const VideoRegistered = named(
  'VideoRegistered',
  Type.Object(
    {
      vid: Str(),
      status: StringEnum(['PUBLIC', 'PRIVATE'] as const),
      title: Str(),
      thumbnailUrl: Nullable(Str()),
      videoUrl: Str('What a brand message names'),
    },
    { description: 'An existing video registered for brand messages' },
  ),
);
export type VideoRegisteredT = Static<typeof VideoRegistered>;

export const Video = named(
  'Video',
  Type.Object(
    {
      vid: Str(),
      status: VideoStatus,
      title: Str(),
      thumbnailUrl: Nullable(Str('Null until encoded')),
      videoUrl: Str('https://<channel_host>/<channel_id>/videos/<vid>'),
      fileName: Str(),
      fileSize: Int('Bytes'),
      senderKey: Str(),
      modifiedAt: Time('iso'),
      regDate: Time('korea'),
      updateDate: Time('korea'),
    },
    { description: 'A brand message video' },
  ),
);
/** The spec's video record. */
export type VideoView = Static<typeof Video>;

export const VideoPage = named(
  'VideoPage',
  Type.Object(
    { offset: Int(), limit: Int(), totalCount: Int(), videos: Type.Array(Video) },
    { description: 'Videos of a channel, in registration order (offset paging)' },
  ),
);
export type VideoPageT = Static<typeof VideoPage>;

export const VideoUploaded = named(
  'VideoUploaded',
  Type.Object(
    {
      vid: Str(),
      status: StringEnum(['ENCODING'] as const, 'Encoded on the gateway clock, then PUBLIC'),
      fileName: Str(),
      fileSize: Int(),
    },
    { description: 'A video file received at its upload address' },
  ),
);
export type VideoUploadedT = Static<typeof VideoUploaded>;
