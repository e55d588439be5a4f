import { DAY_MS, isoKst } from '../../clock.ts';
import type { Ctx } from '../../context.ts';
import { GatewayError } from '../../errors.ts';
import { extensionContradicts } from '../../rules/image-format.ts';
import type { UploadForm } from './form.ts';
import { readJpegInfo } from './jpeg.ts';
import type { MmsUploaded } from './schema.ts';
import { checkFileKey, extensionOf, storeUpload, uploadName } from './storage.ts';

/**
 * Limits of an MMS image (the spec leaves them open, "not shown"): the values Korean carriers
 * commonly publish for MMS, so an image accepted here is one a carrier takes.
 */
export const MMS_IMAGE_MAX_BYTES = 300 * 1024;
export const MMS_IMAGE_MAX_WIDTH = 1500;
export const MMS_IMAGE_MAX_HEIGHT = 1440;
/** How long an uploaded image can be named in `mms.fileKey`, on the gateway clock. */
export const MMS_IMAGE_RETENTION_MS = 7 * DAY_MS;

/**
 * Stores an MMS image under the client's fileKey (or a new one). Re-uploading a key of the same
 * account replaces the image and restarts its retention.
 */
export async function uploadMmsImage(ctx: Ctx, accountId: string, input: UploadForm): Promise<MmsUploaded> {
  const { file } = input;
  if (!file) throw new GatewayError('A210');
  const fileKey = checkFileKey(input.fileKey, 'mms_');
  const name = uploadName(input.imageName, file.filename, fileKey);
  if (file.oversize || file.bytes.length > MMS_IMAGE_MAX_BYTES) {
    throw new GatewayError('A212', `at most ${MMS_IMAGE_MAX_BYTES} bytes (300 KiB)`);
  }
  const info = readJpegInfo(file.bytes);
  if (!info) {
    const detail =
      file.bytes.length >= 3 && file.bytes[0] === 0xff && file.bytes[1] === 0xd8 && file.bytes[2] === 0xff
        ? 'no frame header with the image size was found'
        : 'the content does not start with the JPEG signature FF D8 FF';
    throw new GatewayError('A211', detail);
  }
  const ext = extensionOf(file.filename);
  if (extensionContradicts(ext, 'jpg')) {
    throw new GatewayError('A225', `the file is named .${ext} but holds a jpg image`);
  }
  if (info.width > MMS_IMAGE_MAX_WIDTH || info.height > MMS_IMAGE_MAX_HEIGHT) {
    throw new GatewayError(
      'A203',
      `${info.width}x${info.height}, at most ${MMS_IMAGE_MAX_WIDTH}x${MMS_IMAGE_MAX_HEIGHT} (width x height)`,
    );
  }
  const now = ctx.clock.now();
  // Whole seconds: the `expired` the client reads is exactly when the file stops being usable.
  const expiresAt = Math.floor((now + MMS_IMAGE_RETENTION_MS) / 1000) * 1000;
  const stored = await storeUpload(
    ctx,
    {
      accountId,
      kind: 'mms',
      bytes: file.bytes,
      fileKey,
      keyPrefix: 'mms_',
      name,
      ext: 'jpg',
      mime: 'image/jpeg',
      width: info.width,
      height: info.height,
      expiresAt,
    },
    now,
  );
  return { fileKey: stored.fileKey, expired: isoKst(expiresAt) };
}
