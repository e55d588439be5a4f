import { Type } from '@sinclair/typebox';
import { StringEnum } from '../../http/schema-types.ts';
import { OFFSET_MAX } from '../infomsg/schemas.ts';
import { VIDEO_MAX_BYTES, VIDEO_STATES } from './video-rules.ts';

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
  date: Type.Optional(
    Type.String({ pattern: '^\\d{8}$', description: 'yyyyMMdd: videos registered that Korea-time day' }),
  ),
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
