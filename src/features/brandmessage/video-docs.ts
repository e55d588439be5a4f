import type { TSchema } from '@sinclair/typebox';
import type { RouteDocs } from '../../http/openapi/operation-doc.ts';
import { SENDER_KEY, wrap } from './docs-common.ts';
import { Video, VideoPage, VideoRegistered, VideoUploaded, VideoUploadTicket } from './video-schema.ts';

/*
 * What the OpenAPI document says of the brand message video operations (the client API's and the
 * direct upload address) beyond their schemas: descriptions, the codes each answers and real
 * answers (test/http/openapi-center.test.ts drives the same calls and checks each answer against
 * the document). Loaded with the document, not at start.
 */

/** `{ brandmessage: { video: schema } }`: every answer of the client API's video routes. */
const video = (schema: TSchema) => wrap('brandmessage', wrap('video', schema));

const VID = 'v0mwwtgahe0000e9e43402';
const FILE_NAME = 'Autumn Sale.mp4';

/** The example video once encoded (PUBLIC): what registration of an existing video answers. */
const PUBLIC_VIDEO = {
  vid: VID,
  status: 'PUBLIC',
  title: 'Autumn Sale',
  thumbnailUrl: `https://gw.example.test/files/video-thumbnail/${VID}.thumb.5cc0d890eaeacc6dc2c54a4915c05989.png`,
  videoUrl: `https://tv.omnigate.invalid/ch-acc_0mwwtg83n0001e9e43402/videos/${VID}`,
};

/** The whole video record of the example video. */
const VIDEO_RECORD = {
  ...PUBLIC_VIDEO,
  fileName: FILE_NAME,
  fileSize: 4096,
  senderKey: SENDER_KEY,
  modifiedAt: '2026-11-23T09:00:42+09:00',
  regDate: '2026-11-23 09:00:31',
  updateDate: '2026-11-23 09:00:42',
};

export const videoDocs: RouteDocs = {
  registerVideoUpload: {
    description:
      'Registers a video upload (mp4, m4v, mov or avi; at most 200 MiB): the video is REGISTERED and the answer ' +
      'gives its upload address and a token, both valid 5 minutes. The file goes to that address (POST ' +
      '/video-upload/{vid}); a video still waiting for it then becomes ERROR.',
    response: video(VideoUploadTicket),
    errors: ['A340', 'A771', 'A772', 'A580'],
    example: {
      brandmessage: {
        video: {
          vid: VID,
          uploadUrl: `https://gw.example.test/video-upload/${VID}`,
          token: 'T1ADcM1_sM314WzbDfjheKYhAm6kTUp-',
          status: 'REGISTERED',
          expiredAt: '2026-11-23T09:05:31+09:00',
        },
      },
    },
    requestExample: { senderKey: SENDER_KEY, fileName: FILE_NAME, fileSize: 4096 },
  },
  registerExistingVideo: {
    description:
      'Registers an existing video of the profile’s channel for brand messages, by vid or by videoUrl (exactly ' +
      'one, A502). It must be PUBLIC or PRIVATE (A579).',
    response: video(VideoRegistered),
    errors: ['A340', 'A502', 'A770', 'A574', 'A575', 'A579'],
    example: { brandmessage: { video: PUBLIC_VIDEO } },
    requestExample: { senderKey: SENDER_KEY, vid: VID },
  },
  getVideo: {
    description:
      'One video of the profile’s channel with its state (A770 for a video of another channel or none).',
    response: video(Video),
    errors: ['A340', 'A770'],
    example: { brandmessage: { video: VIDEO_RECORD } },
  },
  listVideos: {
    description:
      'The videos of the profile’s channel in registration order, optionally those registered on one Korea-time ' +
      'day (date yyyyMMdd), with offset paging and the total count.',
    response: video(VideoPage),
    errors: ['A340'],
    paging: 'offset',
    example: { brandmessage: { video: { offset: 0, limit: 100, totalCount: 1, videos: [VIDEO_RECORD] } } },
  },
  uploadVideoFile: {
    description:
      'The direct upload address a video upload registration gave: form-data with the file part `file`, exactly ' +
      'the registered fileSize bytes, authorised by the `x-upload-token` header (not the API key). The video is ' +
      'then ENCODING and becomes PUBLIC on the gateway clock. A refusal is not the envelope but ' +
      '`{errCode, message}` with the HTTP status of the code: A770 unknown vid, A576 missing or wrong token, A577 ' +
      'address expired, A578 not waiting for its file, A210 no file, A771 not the named format, A772 larger than ' +
      'registered, A773 size differs, A300 malformed form, A415 not form-data. A refused upload leaves the video ' +
      'REGISTERED: the same token may try again while it is valid.',
    response: VideoUploaded,
    // Answered as {errCode, message}: how the document writes them is document.ts's (the plain routes' refusals).
    errors: ['A210', 'A300', 'A415', 'A770', 'A771', 'A772', 'A773', 'A576', 'A577', 'A578', 'A910'],
    example: { vid: VID, status: 'ENCODING', fileName: FILE_NAME, fileSize: 4096 },
  },
};
