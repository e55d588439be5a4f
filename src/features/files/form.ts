import type { FastifyRequest } from 'fastify';
import { GatewayError } from '../../errors.ts';

// @fastify/multipart reads throwFileSizeLimit from these options too, though its type omits it.
type PartsOptions = NonNullable<Parameters<FastifyRequest['parts']>[0]> & { throwFileSizeLimit: boolean };

/** What an upload form carries; `oversize`: the file was cut off at the route's limit while it streamed in. */
export interface UploadForm {
  readonly file: { bytes: Buffer; filename: string; oversize: boolean } | undefined;
  readonly fileKey: string | undefined;
  readonly imageName: string | undefined;
}

/** The form of an upload: `file` (binary), `fileKey` and `imageName`. */
export function partsOptions(maxFileBytes: number): PartsOptions {
  return {
    // Busboy stops keeping bytes past the limit and marks the stream truncated; the rest of the
    // body is read and dropped, so an oversized upload never sits in memory and the remaining
    // fields are still parsed.
    limits: { fileSize: maxFileBytes },
    throwFileSizeLimit: false,
    // A `file` part is the file even when the client sent no filename (curl -F file=@-).
    isPartAFile: (fieldName, contentType, fileName) =>
      fieldName === 'file' || contentType === 'application/octet-stream' || fileName !== undefined,
  };
}

async function drain(stream: AsyncIterable<unknown>): Promise<void> {
  for await (const _chunk of stream) {
    // discarded: a file part the form does not use
  }
}

/** What a form with one file field carries, as read; the caller picks the text fields it takes. */
export interface FormParts {
  /** Text fields by name (the last of a name sent twice). */
  readonly fields: Record<string, string>;
  /** The first part named like the file field. */
  readonly file: UploadForm['file'];
  /** How many parts carried the file field: more than one is refused by the caller, in its words. */
  readonly fileParts: number;
}

/**
 * Reads a form as it streams: the first part named `fileField` is kept (up to the options'
 * limit), text fields are collected. A file under another part name is refused (A300 naming the
 * part) once the body is read: dropping it would lose the file the client meant to send.
 */
export async function readFormParts(
  req: FastifyRequest,
  fileField: string,
  options: PartsOptions,
): Promise<FormParts> {
  const fields: Record<string, string> = {};
  let file: UploadForm['file'];
  let fileParts = 0;
  let stray: string | undefined;
  try {
    for await (const part of req.parts(options)) {
      if (part.type === 'file') {
        if (part.fieldname !== fileField) {
          stray ??= part.fieldname;
          await drain(part.file);
          continue;
        }
        fileParts += 1;
        const chunks: Buffer[] = [];
        for await (const chunk of part.file) chunks.push(chunk as Buffer);
        if (fileParts === 1) {
          file = {
            bytes: Buffer.concat(chunks),
            filename: part.filename ?? '',
            oversize: part.file.truncated,
          };
        }
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if (err instanceof GatewayError) throw err;
    // Everything here comes from parsing the client's body: a missing boundary, a cut-off part,
    // too many parts. It is the client's request that is wrong, never a 500.
    const message = err instanceof Error ? err.message : String(err);
    throw new GatewayError('A300', `malformed multipart/form-data: ${message}`);
  }
  if (stray !== undefined) {
    throw new GatewayError(
      'A300',
      `the form has a file in a part named ${JSON.stringify(stray)}: the file goes in the part named ${fileField}`,
    );
  }
  return { fields, file, fileParts };
}

/**
 * Reads the form as it streams: the `file` part is kept (up to `maxFileBytes`), unknown text
 * fields ignored. A file under another part name, or a second `file` part, is refused rather
 * than dropped or one of the two chosen silently.
 */
export async function readUploadForm(req: FastifyRequest, maxFileBytes: number): Promise<UploadForm> {
  if (!req.isMultipart()) {
    throw new GatewayError('A415', 'expected multipart/form-data with a file part named file');
  }
  const { fields, file, fileParts } = await readFormParts(req, 'file', partsOptions(maxFileBytes));
  if (fileParts > 1)
    throw new GatewayError('A300', 'one file per upload: the form has more than one part named file');
  return { file, fileKey: fields.fileKey, imageName: fields.imageName };
}
