import type { Ctx } from '../../context.ts';
import { BRAND_KIND_OF, brandKind } from '../../rules/brand-message.ts';
import { newId } from '../../store/db/ids.ts';
import {
  type BrandTemplate,
  deleteBrandTemplate,
  getBrandTemplate,
  insertBrandTemplate,
  listBrandTemplates,
  listModifiedBrandTemplates,
  replaceBrandTemplate,
} from '../../store/templates/brand-templates.ts';
import { getProfile, type SenderProfile } from '../../store/templates/profiles.ts';
import { parseSince } from '../infomsg/since.ts';
import { fail, type Obj } from './template-fields.ts';
import { checkImages } from './template-images.ts';
import {
  checkSenderKeyType,
  checkTemplateCode,
  parseTemplate,
  type TemplateDraft,
} from './template-parse.ts';
import type { BrandTemplateChangesT, BrandTemplatePageT, BrandTemplateView } from './template-schema.ts';
import { templateView } from './template-view.ts';

/** Brand message templates need no review here: a registered template is usable at once. */
export const REGISTERED = 'A';

/**
 * The account's own profile (A340 otherwise), of the senderKeyType the client named, if any.
 * `at` prefixes the field names of details ('' for query and path parameters).
 */
async function ownProfile(
  ctx: Ctx,
  accountId: string,
  at: string,
  senderKey: string,
  senderKeyType: string | undefined,
): Promise<SenderProfile> {
  const field = (name: string) => (at ? `${at}.${name}` : name);
  const profile = await getProfile(ctx.store, accountId, senderKey);
  if (!profile) fail('A340', `${field('senderKey')} ${senderKey} is not a sender profile of this account`);
  if (senderKeyType !== undefined && senderKeyType !== profile.senderKeyType) {
    fail('A542', `${field('senderKeyType')}: senderKey ${senderKey} is of type ${profile.senderKeyType}`);
  }
  return profile;
}

/** The draft checked against the store: its profile and its images. */
async function checked(ctx: Ctx, accountId: string, body: Obj): Promise<[TemplateDraft, SenderProfile]> {
  const draft = parseTemplate(body, ctx.clock.now());
  const profile = await ownProfile(ctx, accountId, 'brandmessage', draft.senderKey, draft.senderKeyType);
  await checkImages(ctx, accountId, draft.images);
  return [draft, profile];
}

function toTemplate(
  accountId: string,
  draft: TemplateDraft,
  profile: SenderProfile,
  templateCode: string,
  times: { createdAt: number; modifiedAt: number },
): BrandTemplate {
  return {
    accountId,
    senderKey: draft.senderKey,
    senderKeyType: draft.senderKeyType ?? profile.senderKeyType,
    sendType: 'basic',
    templateCode,
    templateName: draft.templateName,
    msgType: draft.msgType,
    text: draft.text,
    pushAlarm: draft.pushAlarm,
    adult: draft.adult,
    content: draft.content,
    variables: draft.variables,
    status: REGISTERED,
    ...times,
  };
}

/** POST: registers a template; templateCode is generated when the client gives none. */
export async function registerTemplate(ctx: Ctx, accountId: string, body: Obj): Promise<BrandTemplateView> {
  const [draft, profile] = await checked(ctx, accountId, body);
  const code = draft.templateCode ?? newId('bt');
  const now = ctx.clock.now();
  const template = toTemplate(accountId, draft, profile, code, { createdAt: now, modifiedAt: now });
  if (!(await insertBrandTemplate(ctx.store, template))) {
    fail('A531', `brandmessage.templateCode ${code} is already registered for senderKey ${draft.senderKey}`);
  }
  return templateView(template);
}

/** PUT: replaces the whole template (every field as in a registration) but its code and creation time. */
export async function updateTemplate(ctx: Ctx, accountId: string, body: Obj): Promise<BrandTemplateView> {
  const [draft, profile] = await checked(ctx, accountId, body);
  const code = draft.templateCode;
  if (code === undefined) fail('A505', 'brandmessage.templateCode is required to update a template');
  const existing = await getBrandTemplate(ctx.store, accountId, draft.senderKey, code);
  if (!existing) fail('A820', `no template ${code} of senderKey ${draft.senderKey}`);
  const template = toTemplate(accountId, draft, profile, code, {
    createdAt: existing.createdAt,
    modifiedAt: ctx.clock.now(),
  });
  const saved = await replaceBrandTemplate(ctx.store, template);
  // Deleted between the read and the write.
  if (!saved) fail('A820', `no template ${code} of senderKey ${draft.senderKey}`);
  return templateView(saved);
}

export async function viewTemplate(
  ctx: Ctx,
  accountId: string,
  q: { senderKey: string; templateCode: string; sendType?: string | undefined },
): Promise<BrandTemplateView> {
  if (q.sendType !== undefined && q.sendType !== 'basic' && q.sendType !== 'template') {
    fail('A571', 'sendType must be basic or template: free sends have no stored template');
  }
  const code = checkTemplateCode('templateCode', q.templateCode) ?? '';
  await ownProfile(ctx, accountId, '', q.senderKey, undefined);
  const t = await getBrandTemplate(ctx.store, accountId, q.senderKey, code);
  if (!t) fail('A820', `no template ${code} of senderKey ${q.senderKey}`);
  return templateView(t);
}

export interface ListQuery {
  senderKey: string;
  senderKeyType?: string | undefined;
  status?: string | undefined;
  templateType?: string | undefined;
  offset?: number | undefined;
  limit?: number | undefined;
}

/** Every msgType spelling of the kind a templateType names (FW finds WIDE templates too). */
function spellingsOf(templateType: string): string[] {
  const kind = brandKind(templateType);
  if (!kind) fail('A523', `templateType ${templateType} is not a brand message type`);
  return Object.entries(BRAND_KIND_OF)
    .filter(([, k]) => k === kind)
    .map(([name]) => name);
}

export async function listTemplates(ctx: Ctx, accountId: string, q: ListQuery): Promise<BrandTemplatePageT> {
  const senderKeyType = checkSenderKeyType('senderKeyType', q.senderKeyType);
  const msgTypes = q.templateType ? spellingsOf(q.templateType) : undefined;
  await ownProfile(ctx, accountId, '', q.senderKey, senderKeyType);
  const offset = q.offset ?? 0;
  const limit = q.limit ?? 100;
  const { templates, total } = await listBrandTemplates(
    ctx.store,
    accountId,
    q.senderKey,
    { status: q.status || undefined, msgTypes },
    { offset, limit },
  );
  return { templates: templates.map(templateView), offset, limit, totalCount: total };
}

export interface LastModifiedQuery {
  senderKey: string;
  senderKeyType?: string | undefined;
  since?: string | undefined;
  page?: number | undefined;
  count?: number | undefined;
}

export async function lastModifiedTemplates(
  ctx: Ctx,
  accountId: string,
  q: LastModifiedQuery,
): Promise<BrandTemplateChangesT> {
  const senderKeyType = checkSenderKeyType('senderKeyType', q.senderKeyType);
  const since = parseSince(q.since) ?? null;
  await ownProfile(ctx, accountId, '', q.senderKey, senderKeyType);
  const page = q.page ?? 1;
  const count = q.count ?? 100;
  // One more than a page tells whether another page follows.
  const rows = await listModifiedBrandTemplates(ctx.store, accountId, q.senderKey, since, {
    offset: (page - 1) * count,
    limit: count + 1,
  });
  return { templates: rows.slice(0, count).map(templateView), page, count, hasNext: rows.length > count };
}

export async function deleteTemplate(
  ctx: Ctx,
  accountId: string,
  senderKey: string,
  templateCode: string,
): Promise<void> {
  await ownProfile(ctx, accountId, '', senderKey, undefined);
  if (!(await deleteBrandTemplate(ctx.store, accountId, senderKey, templateCode))) {
    fail('A820', `no template ${templateCode} of senderKey ${senderKey}`);
  }
}
