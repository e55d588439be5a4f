import type { Ctx } from '../../context.ts';
import { BRAND_IMAGE_KINDS } from '../../rules/image-kinds.ts';
import { describeRatioRule, ratioAllowed, ratioOf } from '../../rules/image-ratio.ts';
import { findImageByUrl } from '../files/image-upload.ts';
import { fail, type ImageRef } from './template-fields.ts';

/**
 * Checks every image a template names against what was stored at upload: it must be one of
 * this account's brand message uploads (the platform only shows images it was given through its
 * own upload, so an outside URL would fail at send time), of the ratio its place takes, and the
 * cards of one carousel must share one ratio (spec).
 */
export async function checkImages(ctx: Ctx, accountId: string, refs: readonly ImageRef[]): Promise<void> {
  const files = await Promise.all(
    refs.map((ref) => findImageByUrl(ctx, ref.url, { accountId, kinds: BRAND_IMAGE_KINDS })),
  );
  const firstOfGroup = new Map<string, { field: string; ratio: string }>();
  refs.forEach((ref, i) => {
    const file = files[i];
    if (!file || file.width === null || file.height === null) {
      fail(
        'A534',
        `${ref.field} ${ref.url} is not a brand message image of this account (upload it with POST /api/comm/v1/file/brandmessage/...)`,
      );
    }
    const ratio = ratioOf(file.width, file.height);
    if (!ratioAllowed(file.width, file.height, ref.ratio)) {
      fail(
        'A535',
        `${ref.field} is ${file.width}x${file.height} (${ratio}): this place takes ${describeRatioRule(ref.ratio)}`,
      );
    }
    if (ref.group === undefined) return;
    const first = firstOfGroup.get(ref.group);
    if (!first) firstOfGroup.set(ref.group, { field: ref.field, ratio });
    else if (first.ratio !== ratio) {
      fail(
        'A535',
        `${ref.field} is ${ratio} but ${first.field} is ${first.ratio}: carousel images share one ratio`,
      );
    }
  });
}
