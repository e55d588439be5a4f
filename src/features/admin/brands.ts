import type { Ctx } from '../../context.ts';
import { GatewayError } from '../../errors.ts';
import { getBrand, listBrands, removeBrand, saveBrand } from '../../store/templates/brands.ts';
import { requireAccount } from './accounts.ts';
import { checkText } from './checks.ts';
import { type BrandView, brandView } from './views.ts';

/**
 * Registers an RCS brand, or updates it when the account already has this brandId (an absent
 * status keeps its value; a new brand starts `ready`). A brandId and a brandKey each name one
 * brand of one account.
 */
export async function putBrand(
  ctx: Ctx,
  input: { accountId: string; brandId: string; brandKey: string; name: string; status?: string | undefined },
): Promise<BrandView> {
  checkText('brandId', input.brandId, 1, 100);
  checkText('brandKey', input.brandKey, 1, 100);
  checkText('name', input.name, 1, 100);
  if (input.status !== undefined) checkText('status', input.status, 1, 20);
  await requireAccount(ctx, input.accountId);
  const res = await saveBrand(
    ctx.store,
    input.accountId,
    { brandId: input.brandId, brandKey: input.brandKey, name: input.name, status: input.status },
    ctx.clock.now(),
  );
  if ('conflict' in res) {
    throw new GatewayError(
      'A824',
      res.conflict === 'brandId'
        ? 'brandId already belongs to another account'
        : 'brandKey already belongs to another brand',
    );
  }
  return brandView(res.brand);
}

export async function listAccountBrands(
  ctx: Ctx,
  accountId: string,
): Promise<{ accountId: string; rcsBrands: BrandView[] }> {
  await requireAccount(ctx, accountId);
  const brands = await listBrands(ctx.store, accountId);
  return { accountId, rcsBrands: brands.map(brandView) };
}

export async function showBrand(ctx: Ctx, input: { accountId: string; brandId: string }): Promise<BrandView> {
  await requireAccount(ctx, input.accountId);
  const b = await getBrand(ctx.store, input.accountId, input.brandId);
  if (!b) throw new GatewayError('A820', `RCS brand ${input.brandId} of account ${input.accountId}`);
  return brandView(b);
}

export async function deleteBrand(
  ctx: Ctx,
  input: { accountId: string; brandId: string },
): Promise<{ accountId: string; brandId: string; deleted: true }> {
  await requireAccount(ctx, input.accountId);
  if (!(await removeBrand(ctx.store, input.accountId, input.brandId))) {
    throw new GatewayError('A820', `RCS brand ${input.brandId} of account ${input.accountId}`);
  }
  return { accountId: input.accountId, brandId: input.brandId, deleted: true };
}
