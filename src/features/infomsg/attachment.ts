import type { FastifyRequest } from 'fastify';
import type { Ctx } from '../../context.ts';
import { GatewayError } from '../../errors.ts';
import { partsOptions, readFormParts } from '../files/form.ts';
import { baseName, extensionOf, IMAGE_NAME_MAX, storeUpload } from '../files/storage.ts';

/** The largest review attachment (the spec names formats, not a size): a scanned document fits. */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

/** The part of the review form that carries the file. */
export const ATTACHMENT_FIELD = 'attachment';

export interface RawAttachment {
  bytes: Buffer;
  filename: string;
  oversize: boolean;
}

export interface ReviewForm {
  /** The text fields (senderKey, senderKeyType, templateCode, comment); others are ignored. */
  fields: Record<string, string>;
  attachment: RawAttachment | undefined;
}

export interface CheckedAttachment {
  bytes: Buffer;
  /** As the client named it, without any folder. */
  fileName: string;
  ext: string;
  mime: string;
}

const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const ascii = (s: string): number[] => [...s].map((c) => c.charCodeAt(0));

const startsWith = (b: Buffer, sig: readonly number[]): boolean =>
  b.length >= sig.length && sig.every((v, i) => b[i] === v);

/**
 * The accepted formats (spec, Limits: review attachment formats), each with the signatures its
 * content starts with: a file is taken only when its extension and its content agree. HWP 5 and
 * DOC are OLE compound files, DOCX a ZIP package; HWP 3 has a text signature of its own.
 */
const FORMATS: Record<string, { mime: string; label: string; signatures: number[][] }> = {
  png: { mime: 'image/png', label: 'PNG', signatures: [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]] },
  jpg: { mime: 'image/jpeg', label: 'JPEG', signatures: [[0xff, 0xd8, 0xff]] },
  jpeg: { mime: 'image/jpeg', label: 'JPEG', signatures: [[0xff, 0xd8, 0xff]] },
  gif: { mime: 'image/gif', label: 'GIF', signatures: [ascii('GIF87a'), ascii('GIF89a')] },
  pdf: { mime: 'application/pdf', label: 'PDF', signatures: [ascii('%PDF-')] },
  hwp: { mime: 'application/x-hwp', label: 'HWP', signatures: [OLE, ascii('HWP Document File')] },
  doc: { mime: 'application/msword', label: 'DOC', signatures: [OLE] },
  docx: {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    label: 'DOCX',
    signatures: [ZIP],
  },
};

/**
 * Reads the form-data review request as it streams: text fields, and the `attachment` part (kept
 * up to ATTACHMENT_MAX_BYTES). A second attachment, or a file under another part name
 * (`-F file=@a.pdf`), is refused rather than one chosen or dropped silently.
 */
export async function readReviewForm(req: FastifyRequest): Promise<ReviewForm> {
  const base = partsOptions(ATTACHMENT_MAX_BYTES);
  const { fields, file, fileParts } = await readFormParts(req, ATTACHMENT_FIELD, {
    ...base,
    // The attachment is a file even when the client sent it without a filename.
    isPartAFile: (fieldName, contentType, fileName) =>
      fieldName === ATTACHMENT_FIELD || (base.isPartAFile?.(fieldName, contentType, fileName) ?? false),
  });
  if (fileParts > 1) throw new GatewayError('A300', 'one attachment per review request');
  return { fields, attachment: file };
}

/** Checks the attachment's format by its extension and its content, and its size. */
export function checkAttachment(a: RawAttachment): CheckedAttachment {
  // Browsers on Windows may send the whole path.
  const fileName = a.filename.slice(Math.max(a.filename.lastIndexOf('/'), a.filename.lastIndexOf('\\')) + 1);
  const ext = extensionOf(a.filename);
  const format = Object.hasOwn(FORMATS, ext) ? FORMATS[ext] : undefined;
  if (!format) {
    throw new GatewayError(
      'A520',
      ext ? `got .${ext}` : `the file name ${JSON.stringify(a.filename)} has no extension`,
    );
  }
  if (a.oversize || a.bytes.length > ATTACHMENT_MAX_BYTES) {
    throw new GatewayError('A212', `the attachment is larger than ${ATTACHMENT_MAX_BYTES} bytes (10 MiB)`);
  }
  if (!format.signatures.some((sig) => startsWith(a.bytes, sig))) {
    throw new GatewayError('A520', `${fileName} does not hold ${format.label} content`);
  }
  return { bytes: a.bytes, fileName, ext, mime: format.mime };
}

/** Keeps the attachment with the account's files (served at its URL, like every upload). */
export async function storeAttachment(
  ctx: Ctx,
  accountId: string,
  a: CheckedAttachment,
): Promise<{ fileName: string; path: string }> {
  const stored = await storeUpload(
    ctx,
    {
      accountId,
      kind: 'infomsg-review',
      bytes: a.bytes,
      fileKey: undefined,
      keyPrefix: 'irv_',
      name: (baseName(a.fileName) || 'attachment').slice(0, IMAGE_NAME_MAX),
      ext: a.ext,
      mime: a.mime,
      width: null,
      height: null,
      expiresAt: null,
    },
    ctx.clock.now(),
  );
  return { fileName: a.fileName, path: stored.path };
}
