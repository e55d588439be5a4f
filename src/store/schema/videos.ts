/** Row types of videos and their uploads (see schema.ts for the conventions). */
export interface VideosTable {
  vid: string;
  account_id: string;
  /** The profile that registered the upload; the video lives on that profile's channel. */
  sender_key: string;
  channel_id: string;
  status: string;
  title: string;
  file_name: string;
  file_size: number;
  /** sha256 (hex) of the upload token; null once the file is in (a token works once). */
  token_hash: string | null;
  /** End of the upload address and token (issue + 5 minutes). */
  upload_until: number;
  /** The path of the uploaded bytes (upload_blobs; before 0030, under the data directory); null until uploaded. */
  file_path: string | null;
  /** fileKey of the generated thumbnail (files table, kind video-thumbnail); null until encoded. */
  thumbnail_file_key: string | null;
  /** When the video was last registered as an existing video (POST .../video/register). */
  registered_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface VideoTables {
  videos: VideosTable;
}
