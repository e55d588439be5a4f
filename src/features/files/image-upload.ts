import { isoKst } from '../../clock.ts';
import type { Ctx } from '../../context.ts';
import { GatewayError } from '../../errors.ts';
import { imageDataShortfall } from '../../rules/image-data.ts';
import {
  detectImage,
  extensionContradicts,
  IMAGE_MIME,
  isAllowedFormat,
  tooManyPixels,
} from '../../rules/image-format.ts';
import type { ImageKind } from '../../rules/image-kinds.ts';
import { describeRatioRule, RATIO_TOLERANCE, ratioAllowed, ratioOf } from '../../rules/image-ratio.ts';
import { FILES_DIR, findFileByPath, type StoredFile } from '../../store/media/files.ts';
import type { UploadForm } from './form.ts';
import type { ImageUploaded } from './schema.ts';
import { checkFileKey, extensionOf, fileUrl, storeUpload, uploadName } from './storage.ts';

/** `5242880` → `5 MB`, `512000` → `500 KB`: the limit as the guides write it. */
export function humanBytes(n: number): string {
  if (n % (1024 * 1024) === 0) return `${n / (1024 * 1024)} MB`;
  if (n % 1024 === 0) return `${n / 1024} KB`;
  return `${n} bytes`;
}

/**
 * Checks an image against its kind, in the order a client fixes them: size, format, name,
 * dimensions, ratio. Each refusal names the rule and what was received.
 */
function checkImage(
  spec: ImageKind,
  file: NonNullable<UploadForm['file']>,
): { format: keyof typeof IMAGE_MIME; width: number; height: number } {
  if (file.oversize || file.bytes.length > spec.maxBytes) {
    const got = file.oversize ? `more than ${spec.maxBytes}` : String(file.bytes.length);
    throw new GatewayError(
      'A212',
      `a ${spec.label} is at most ${spec.maxBytes} bytes (${humanBytes(spec.maxBytes)}); got ${got} bytes`,
    );
  }
  const allowed = spec.formats.join(', ');
  const found = detectImage(file.bytes);
  if (!found.ok) throw new GatewayError('A218', `${found.reason}; a ${spec.label} is ${allowed}`);
  if (!isAllowedFormat(found.type, spec.formats)) {
    throw new GatewayError('A218', `got ${found.type}; a ${spec.label} is ${allowed}`);
  }
  const ext = extensionOf(file.filename);
  if (extensionContradicts(ext, found.type)) {
    throw new GatewayError('A225', `the file is named .${ext} but holds a ${found.type} image`);
  }
  const { width, height } = found;
  const huge = tooManyPixels(width, height);
  if (huge) throw new GatewayError('A203', huge);
  if (width < spec.minWidth) {
    throw new GatewayError(
      'A226',
      `${width}x${height}; a ${spec.label} is at least ${spec.minWidth} px wide`,
    );
  }
  if (!ratioAllowed(width, height, spec.ratio)) {
    throw new GatewayError(
      'A221',
      `${width}x${height} is ${ratioOf(width, height)}; a ${spec.label} is ${describeRatioRule(spec.ratio)} (within ${RATIO_TOLERANCE * 100}%)`,
    );
  }
  // Last: a file refused for its size, ratio or format says so first.
  const short = imageDataShortfall(file.bytes, found.type, width, height);
  if (short) throw new GatewayError('A222', short);
  return { format: found.type, width, height };
}

/**
 * Stores an image of the kind under the client's fileKey (or a new one). Re-uploading a key of
 * the same account and kind replaces the image: the previous URL stops serving.
 */
export async function uploadImage(
  ctx: Ctx,
  accountId: string,
  spec: ImageKind,
  input: UploadForm,
): Promise<StoredFile> {
  const { file } = input;
  if (!file) throw new GatewayError('A210');
  const fileKey = checkFileKey(input.fileKey, spec.keyPrefix);
  const name = uploadName(input.imageName, file.filename, fileKey);
  const image = checkImage(spec, file);
  const now = ctx.clock.now();
  // Whole seconds: the `expired` the client reads is exactly when the file stops being usable.
  const expiresAt = spec.retentionMs === null ? null : Math.floor((now + spec.retentionMs) / 1000) * 1000;
  return storeUpload(
    ctx,
    {
      accountId,
      kind: spec.kind,
      bytes: file.bytes,
      fileKey,
      keyPrefix: spec.keyPrefix,
      name,
      ext: image.format,
      mime: IMAGE_MIME[image.format],
      width: image.width,
      height: image.height,
      expiresAt,
    },
    now,
  );
}

/** The payload of an image upload's answer, by the kind's endpoint (spec endpoint tables). */
export function uploadAnswer(ctx: Ctx, spec: ImageKind, stored: StoredFile): ImageUploaded {
  switch (spec.answer) {
    case 'media':
      // `media` is the fileKey: the send path finds it with findUsableFiles(..., 'rcs').
      return { media: stored.fileKey, expired: stored.expiresAt === null ? '' : isoKst(stored.expiresAt) };
    case 'imgUrlFileName':
      return { imgUrl: fileUrl(ctx, stored), fileName: stored.name };
    case 'imgUrl':
      return { imgUrl: fileUrl(ctx, stored) };
  }
}

/**
 * The stored image behind a URL this gateway handed out (an upload's imgUrl), still usable now;
 * undefined for any other URL. `accountId` and `kinds` narrow it to one account's images of
 * those kinds (a template may only name its own account's images of the right kind).
 */
export async function findImageByUrl(
  ctx: Ctx,
  url: string,
  opts: { accountId?: string; kinds?: readonly string[] } = {},
): Promise<StoredFile | undefined> {
  const base = `${ctx.config.publicUrl}/`;
  if (!url.startsWith(base)) return undefined;
  const rest = url.slice(base.length).split(/[?#]/)[0] ?? '';
  let path: string;
  try {
    path = rest.split('/').map(decodeURIComponent).join('/');
  } catch {
    return undefined;
  }
  if (!path.startsWith(`${FILES_DIR}/`)) return undefined;
  const file = await findFileByPath(ctx.store, path);
  if (!file) return undefined;
  if (file.expiresAt !== null && file.expiresAt <= ctx.clock.now()) return undefined;
  if (opts.accountId !== undefined && file.accountId !== opts.accountId) return undefined;
  if (opts.kinds && !opts.kinds.includes(file.kind)) return undefined;
  return file;
}
