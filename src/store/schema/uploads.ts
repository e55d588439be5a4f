/** Row types of uploaded bytes (see schema.ts for the conventions; migration 0030). */
export interface UploadBlobsTable {
  /** The path a file row (files.path) or a video (videos.file_path) names the bytes by. */
  path: string;
  size: number;
  chunks: number;
  /** 1 once every chunk is in and a record may name the bytes; 0 while they are written. */
  complete: number;
  created_at: number;
}

/** One chunk of a file's bytes, at most 1 MiB, in `seq` order from 0. */
export interface UploadChunksTable {
  path: string;
  seq: number;
  bytes: Buffer;
}

export interface UploadTables {
  upload_blobs: UploadBlobsTable;
  upload_chunks: UploadChunksTable;
}
