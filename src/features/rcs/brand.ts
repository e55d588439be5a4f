import { formatKst, isoKst } from '../../clock.ts';
import type { Ctx } from '../../context.ts';
import { GatewayError } from '../../errors.ts';
import { findFile } from '../../store/media/files.ts';
import { getBrand, type RcsBrand } from '../../store/templates/brands.ts';
import {
  type BrandDetailValues,
  findBrandDetails,
  type RcsBrandDetails,
  submitBrandChange,
} from '../../store/templates/rcs-brand-details.ts';
import { fileUrl, IMAGE_NAME_MAX, storeUpload } from '../files/storage.ts';
import type { RegBrand } from './brand-rules.ts';
import {
  BRAND_BACKGROUND_RULE,
  BRAND_PROFILE_RULE,
  type CheckedDocument,
  checkDocument,
  checkImage,
  clientFileName,
  type FormFile,
} from './media-rules.ts';
import type { RcsBrandRecord } from './schemas.ts';

/**
 * How long the carrier's review of a brand change takes, on the gateway clock. The gateway stands
 * in for the carrier and approves every change that passed its checks; a few seconds, as the
 * other automatic reviews (docs/decisions.md#rcs-center), so a test moves the clock rather than waiting.
 */
export const BRAND_REVIEW_SECONDS = 10;

export type { RcsBrandRecord } from './schemas.ts';

/** The account's brand, or A611 (a brand of another account is not found either). */
export async function ownBrand(ctx: Ctx, accountId: string, brandId: string): Promise<RcsBrand> {
  const brand = await getBrand(ctx.store, accountId, brandId);
  if (!brand) throw new GatewayError('A611', `brandId ${brandId} is not an RCS brand of this account`);
  return brand;
}

function underReview(details: RcsBrandDetails | undefined, now: number): boolean {
  return details?.reviewUntil != null && details.reviewUntil > now;
}

function statusOf(brand: RcsBrand, details: RcsBrandDetails | undefined, now: number): string {
  // An operator's status (a suspended brand, say) says more than a review in progress.
  if (brand.status !== 'ready') return brand.status;
  return underReview(details, now) ? 'inspecting' : 'ready';
}

async function record(
  ctx: Ctx,
  brand: RcsBrand,
  details: RcsBrandDetails | undefined,
  now: number,
): Promise<RcsBrandRecord> {
  const out: RcsBrandRecord = {
    brandId: brand.brandId,
    name: brand.name,
    brandKey: brand.brandKey,
    status: statusOf(brand, details, now),
    registerDate: formatKst(brand.createdAt),
    updateDate: formatKst(details?.updatedAt ?? brand.createdAt),
  };
  if (!details) return out;
  if (details.description !== null) out.description = details.description;
  if (details.tel !== null) out.tel = details.tel;
  if (details.webSiteUrl !== null) out.webSiteUrl = details.webSiteUrl;
  const [profile, background, doc] = await Promise.all(
    [details.profileFileKey, details.backgroundFileKey, details.seasonDocFileKey].map((key) =>
      // The brand's files are its account's: keys are per account.
      key === null ? undefined : findFile(ctx.store, brand.accountId, key),
    ),
  );
  if (profile) out.profileImageUrl = fileUrl(ctx, profile);
  if (background) out.backgroundImageUrl = fileUrl(ctx, background);
  if (doc) out.seasonDocFileName = doc.name;
  return out;
}

export async function showBrand(ctx: Ctx, accountId: string, brandId: string): Promise<RcsBrandRecord> {
  const brand = await ownBrand(ctx, accountId, brandId);
  return record(ctx, brand, await findBrandDetails(ctx.store, brandId), ctx.clock.now());
}

export interface BrandUpdate {
  brandId: string;
  regBrand: RegBrand;
  brandProfile: FormFile | undefined;
  brandBackground: FormFile | undefined;
  seasonDocFile: FormFile | undefined;
}

type Slot = 'profileFileKey' | 'backgroundFileKey' | 'seasonDocFileKey';

interface CheckedUpload {
  slot: Slot;
  kind: string;
  keyPrefix: string;
  file: FormFile;
  name: string;
  checked: CheckedDocument;
}

/** The stored name of an upload: the client's file name, else the field and the extension. */
function storedName(field: string, file: FormFile, fallback: string): string {
  const name = clientFileName(file.filename) || fallback;
  if (name.length > IMAGE_NAME_MAX) {
    throw new GatewayError('A300', `${field}: the file name is longer than ${IMAGE_NAME_MAX} characters`);
  }
  return name;
}

const SLOTS = [
  { field: 'brandProfile', slot: 'profileFileKey', kind: 'rcs-brand-profile', keyPrefix: 'rcsbp_' },
  { field: 'brandBackground', slot: 'backgroundFileKey', kind: 'rcs-brand-background', keyPrefix: 'rcsbg_' },
  { field: 'seasonDocFile', slot: 'seasonDocFileKey', kind: 'rcs-brand-doc', keyPrefix: 'rcsbd_' },
] as const;

/** Every file of the request checked (format, size, dimensions, name) before anything is stored. */
function checkUploads(input: BrandUpdate): CheckedUpload[] {
  const out: CheckedUpload[] = [];
  for (const s of SLOTS) {
    const file = input[s.field];
    if (!file) continue;
    const checked =
      s.field === 'brandProfile'
        ? checkImage(s.field, file, BRAND_PROFILE_RULE)
        : s.field === 'brandBackground'
          ? checkImage(s.field, file, BRAND_BACKGROUND_RULE)
          : checkDocument(s.field, file);
    out.push({ ...s, file, checked, name: storedName(s.field, file, `${s.field}.${checked.ext}`) });
  }
  return out;
}

/**
 * Changes the brand's details and images. A change goes to the carrier's review: the record
 * shows the new values at once with status `inspecting`, and `ready` again once the review
 * ends (BRAND_REVIEW_SECONDS later). While a review runs, or when the operator has set another
 * status, a change is A824. A request that changes nothing (the same values, no file) starts
 * no review, so a client's retry after a timeout is harmless.
 */
export async function updateBrand(ctx: Ctx, accountId: string, input: BrandUpdate): Promise<RcsBrandRecord> {
  const brand = await ownBrand(ctx, accountId, input.brandId);
  const uploads = checkUploads(input);
  const details = await findBrandDetails(ctx.store, brand.brandId);
  const now = ctx.clock.now();

  const reg = input.regBrand;
  const current: BrandDetailValues = {
    description: details?.description ?? null,
    tel: details?.tel ?? null,
    webSiteUrl: details?.webSiteUrl ?? null,
    profileFileKey: details?.profileFileKey ?? null,
    backgroundFileKey: details?.backgroundFileKey ?? null,
    seasonDocFileKey: details?.seasonDocFileKey ?? null,
  };
  const next: BrandDetailValues = {
    ...current,
    ...(reg.description !== undefined ? { description: reg.description } : {}),
    ...(reg.tel !== undefined ? { tel: reg.tel } : {}),
    ...(reg.webSiteUrl !== undefined ? { webSiteUrl: reg.webSiteUrl } : {}),
  };
  const name = reg.name ?? brand.name;
  const changed =
    uploads.length > 0 ||
    name !== brand.name ||
    next.description !== current.description ||
    next.tel !== current.tel ||
    next.webSiteUrl !== current.webSiteUrl;
  if (!changed) return record(ctx, brand, details, now);

  if (brand.status !== 'ready') {
    throw new GatewayError(
      'A824',
      `the brand's status is ${brand.status}: only a ready brand can be changed`,
    );
  }
  if (underReview(details, now) && details?.reviewUntil != null) {
    throw new GatewayError(
      'A824',
      `a change of this brand is under review until ${isoKst(details.reviewUntil)}; change it after that`,
    );
  }

  for (const u of uploads) {
    // The brand's file of a slot is replaced in place (same key), so the old bytes go with it.
    // Of two changes racing past the checks above, the loser is refused below, though its file
    // may have replaced the slot's bytes: the record still names a stored file either way.
    const stored = await storeUpload(
      ctx,
      {
        accountId,
        kind: u.kind,
        bytes: u.file.bytes,
        fileKey: current[u.slot] ?? undefined,
        keyPrefix: u.keyPrefix,
        name: u.name,
        ext: u.checked.ext,
        mime: u.checked.mime,
        width: u.checked.width,
        height: u.checked.height,
        expiresAt: null,
      },
      now,
    );
    next[u.slot] = stored.fileKey;
  }

  const reviewUntil = now + BRAND_REVIEW_SECONDS * 1000;
  // Checked above; still conditional, as a concurrent change or the operator may have come first.
  const submitted = await submitBrandChange(
    ctx.store,
    { accountId, brandId: brand.brandId, name, values: next, reviewUntil },
    now,
  );
  if (!submitted) {
    throw new GatewayError('A824', 'another change of this brand, or of its status, came first');
  }
  return showBrand(ctx, accountId, brand.brandId);
}
