import { formatKst } from '../../clock.ts';
import type { Ctx } from '../../context.ts';
import { GatewayError } from '../../errors.ts';
import { findMessagebaseImage, saveMessagebaseImage } from '../../store/templates/rcs-images.ts';
import { fileUrl, IMAGE_NAME_MAX, storeUpload } from '../files/storage.ts';
import { ownBrand } from './brand.ts';
import { findCommonFormat, RCS_COMMON_FORMATS, type RcsCommonFormat } from './formats.ts';
import { logosOf } from './logos.ts';
import { checkImage, clientFileName, type FormFile, MESSAGEBASE_IMAGE_RULE } from './media-rules.ts';
import type { MessageFormEntry, RcsImageT, RcsLogoT } from './schemas.ts';

/** Where the stock logos' bytes are served (GET, with the API key like the rest of the center). */
export const LOGO_PATH = '/api/comm/v1/center/rcs/messagebase/messagebaseform/logo';

/** `rcs.image`: an image of a brand's message bases. */
export type RcsImage = RcsImageT;
export type { MessageFormEntry } from './schemas.ts';

/** Stores an image for the message bases of the account's brand; it never expires. */
export async function uploadMessagebaseImage(
  ctx: Ctx,
  accountId: string,
  input: { brandId: string; file: FormFile | undefined },
): Promise<RcsImage> {
  const brand = await ownBrand(ctx, accountId, input.brandId);
  if (!input.file) throw new GatewayError('A210');
  const image = checkImage('file', input.file, MESSAGEBASE_IMAGE_RULE);
  const fileName = clientFileName(input.file.filename);
  if (fileName.length > IMAGE_NAME_MAX) {
    throw new GatewayError('A300', `file: the file name is longer than ${IMAGE_NAME_MAX} characters`);
  }
  const now = ctx.clock.now();
  const stored = await storeUpload(
    ctx,
    {
      accountId,
      kind: 'rcs-messagebase',
      bytes: input.file.bytes,
      fileKey: undefined,
      keyPrefix: 'rcsmb_',
      name: fileName,
      ext: image.ext,
      mime: image.mime,
      width: image.width,
      height: image.height,
      expiresAt: null,
    },
    now,
  );
  await saveMessagebaseImage(ctx.store, { fileId: stored.fileKey, brandId: brand.brandId }, now);
  return showMessagebaseImage(ctx, accountId, brand.brandId, stored.fileKey);
}

/** The image with this fileId among the brand's; another brand's image is A612. */
export async function showMessagebaseImage(
  ctx: Ctx,
  accountId: string,
  brandId: string,
  fileId: string,
): Promise<RcsImage> {
  const brand = await ownBrand(ctx, accountId, brandId);
  const image = await findMessagebaseImage(ctx.store, brand.brandId, fileId);
  if (!image) throw new GatewayError('A612', `fileId ${fileId} is not an image of brand ${brand.brandId}`);
  return {
    fileId: image.fileId,
    // A file sent without a name is named after its id.
    fileName: image.fileName || `${image.fileId}.${image.path.slice(image.path.lastIndexOf('.') + 1)}`,
    imageWidth: image.width,
    imageHeight: image.height,
    imageUrl: fileUrl(ctx, image),
    registerDate: formatKst(image.createdAt),
  };
}

export function listCommonFormats(): MessageFormEntry[] {
  return Object.values(RCS_COMMON_FORMATS).map((f) => ({
    messagebaseformId: f.formatId,
    formName: f.formName,
    bizCondition: f.bizCondition,
    cardType: f.cardType,
    registerDate: f.registerDate,
    updateDate: f.updateDate,
  }));
}

function knownFormat(field: string, id: string): RcsCommonFormat {
  const format = findCommonFormat(id);
  if (!format) throw new GatewayError('A600', `${field} ${id} is not a common message format`);
  return format;
}

/** The detail of GET .../messagebase/common: the format with every limit a message must keep. */
export function showCommonFormat(messagebaseId: string): RcsCommonFormat {
  return knownFormat('messagebaseId', messagebaseId);
}

/** The stock logos of a format, each with the URL its PNG bytes are served at. */
export function formatLogos(ctx: Ctx, messagebaseformId: string): RcsLogoT[] {
  const format = knownFormat('messagebaseformId', messagebaseformId);
  return logosOf(format).map((l) => ({ ...l, imageUrl: `${ctx.config.publicUrl}${LOGO_PATH}/${l.fileId}` }));
}
