import type { Ctx } from '../../context.ts';
import { GatewayError } from '../../errors.ts';
import { newId } from '../../store/db/ids.ts';
import { transact } from '../../store/db/work-signal.ts';
import { deleteReviewHistory, reviewHistories } from '../../store/templates/infomsg-reviews.ts';
import {
  countTemplates,
  deleteTemplate,
  findOwnTemplate,
  getTemplateById,
  type InfomsgTemplate,
  type InspectionStatus,
  insertTemplate,
  listTemplates,
  modifiedSince,
  updateTemplateFields,
} from '../../store/templates/infomsg-templates.ts';
import { getProfile, type SenderProfile } from '../../store/templates/profiles.ts';
import { changedFields, checkTemplate, checkTemplateCode, type RawTemplate, rawOf } from './rules.ts';
import type {
  LastModifiedQueryT,
  ListQueryT,
  TemplateChangesT,
  TemplateInput,
  TemplatePageT,
} from './schemas.ts';
import { parseSince } from './since.ts';
import { type TemplateView, templateView } from './views.ts';

const RAW_KEYS = [
  'templateName',
  'templateMessageType',
  'templateEmphasizeType',
  'msgType',
  'text',
  'categoryCode',
  'extra',
  'title',
  'subtitle',
  'header',
  'previewMessage',
  'imgUrl',
  'imgName',
  'itemHighlight',
  'item',
  'securityFlag',
  'buttons',
  'variables',
] as const satisfies ReadonlyArray<keyof RawTemplate & keyof TemplateInput>;

/** The fields the client gave (absent ones are left out, so an update keeps them). */
function given(input: TemplateInput): RawTemplate {
  const out: Record<string, unknown> = {};
  for (const k of RAW_KEYS) if (input[k] !== undefined) out[k] = input[k];
  return out as RawTemplate;
}

/**
 * Which review statuses let an update change what (docs/templates.md): REG and REJ everything
 * but the keys (a rejected template edited goes back to REG); REQ nothing (cancel the review
 * first); APR only templateName, the client's own label, which no recipient ever sees.
 */
const APPROVED_MAY_CHANGE: ReadonlySet<string> = new Set(['templateName']);

/** The account's sender profile (A340 otherwise), of the given type when one is given. */
export async function ownProfile(
  ctx: Ctx,
  accountId: string,
  senderKey: string,
  senderKeyType?: string,
): Promise<SenderProfile> {
  const profile = await getProfile(ctx.store, accountId, senderKey);
  if (!profile) throw new GatewayError('A340', `senderKey ${JSON.stringify(senderKey)}`);
  if (senderKeyType !== undefined && senderKeyType !== '' && senderKeyType !== profile.senderKeyType) {
    throw new GatewayError(
      'A300',
      `senderKeyType ${JSON.stringify(senderKeyType)} does not match the profile's type ${profile.senderKeyType}`,
    );
  }
  return profile;
}

/** The account's template of its own profile: A340 for another's profile, A820 for no such template. */
export async function loadOwn(
  ctx: Ctx,
  accountId: string,
  senderKey: string,
  templateCode: string,
  senderKeyType?: string,
): Promise<InfomsgTemplate> {
  await ownProfile(ctx, accountId, senderKey, senderKeyType);
  const t = await findOwnTemplate(ctx.store.db, accountId, senderKey, templateCode);
  if (!t) throw new GatewayError('A820', `template ${templateCode} of senderKey ${senderKey}`);
  return t;
}

export async function viewsOf(ctx: Ctx, templates: readonly InfomsgTemplate[]): Promise<TemplateView[]> {
  const histories = await reviewHistories(
    ctx.store.db,
    templates.map((t) => t.id),
  );
  return templates.map((t) => templateView(ctx, t, histories.get(t.id) ?? []));
}

export async function viewOf(ctx: Ctx, t: InfomsgTemplate): Promise<TemplateView> {
  const [v] = await viewsOf(ctx, [t]);
  if (!v) throw new GatewayError('A910', 'template view');
  return v;
}

async function reload(ctx: Ctx, id: string): Promise<InfomsgTemplate> {
  const t = await getTemplateById(ctx.store.db, id);
  if (!t) throw new GatewayError('A820', 'the template was deleted meanwhile');
  return t;
}

export function refuseState(t: InfomsgTemplate, action: string, needs: string): never {
  throw new GatewayError(
    'A824',
    `${action} needs ${needs}; template ${t.templateCode} is status ${t.status}, inspectionStatus ${t.inspectionStatus}`,
  );
}

/** Registers a template: status R (pending), inspectionStatus REG (registered). */
export async function registerTemplate(
  ctx: Ctx,
  accountId: string,
  input: TemplateInput,
): Promise<TemplateView> {
  const profile = await ownProfile(ctx, accountId, input.senderKey, input.senderKeyType);
  const templateCode = checkTemplateCode(input.templateCode);
  const fields = checkTemplate(given(input));
  const id = newId('itp_');
  const added = await insertTemplate(
    ctx.store.db,
    {
      id,
      accountId,
      senderKey: profile.senderKey,
      senderKeyType: profile.senderKeyType,
      templateCode,
      ...fields,
    },
    ctx.clock.now(),
  );
  if (!added) throw new GatewayError('A528', `${templateCode} (senderKey ${profile.senderKey})`);
  return viewOf(ctx, await reload(ctx, id));
}

/** Lays the given fields over the stored ones, checks the whole, and writes what the review allows. */
export async function updateTemplate(
  ctx: Ctx,
  accountId: string,
  input: TemplateInput,
): Promise<TemplateView> {
  const t = await loadOwn(ctx, accountId, input.senderKey, input.templateCode, input.senderKeyType);
  if (t.inspectionStatus === 'REQ') {
    throw new GatewayError(
      'A824',
      `template ${t.templateCode} is under review (REQ): cancel the review first`,
    );
  }
  const fields = checkTemplate({ ...rawOf(t), ...given(input) });
  const changed = changedFields(t, fields);
  if (t.inspectionStatus === 'APR') {
    const refused = changed.filter((f) => !APPROVED_MAY_CHANGE.has(f));
    if (refused.length > 0) {
      throw new GatewayError(
        'A519',
        `template ${t.templateCode} is approved (APR): only templateName can change, not ${refused.join(', ')}`,
      );
    }
  }
  if (changed.length > 0 || t.inspectionStatus === 'REJ') {
    const ok = await updateTemplateFields(
      ctx.store.db,
      t.id,
      t.version,
      fields,
      t.inspectionStatus === 'REJ',
      ctx.clock.now(),
    );
    if (!ok) {
      const now = await reload(ctx, t.id);
      throw new GatewayError(
        'A824',
        `template ${t.templateCode} changed meanwhile (now ${now.status}/${now.inspectionStatus}): read it and try again`,
      );
    }
  }
  return viewOf(ctx, await reload(ctx, t.id));
}

/** Statuses in which a template cannot be deleted: under review (cancel first). */
const UNDELETABLE: readonly InspectionStatus[] = ['REQ'];

export async function removeTemplate(
  ctx: Ctx,
  accountId: string,
  senderKey: string,
  templateCode: string,
): Promise<void> {
  const t = await loadOwn(ctx, accountId, senderKey, templateCode);
  if (UNDELETABLE.includes(t.inspectionStatus)) {
    throw new GatewayError('A824', `template ${templateCode} is under review (REQ): cancel the review first`);
  }
  const deleted = await transact(ctx.store, async (tx) => {
    if (!(await deleteTemplate(tx, t.id, UNDELETABLE))) return false;
    await deleteReviewHistory(tx, t.id);
    return true;
  });
  if (!deleted) {
    const now = await getTemplateById(ctx.store.db, t.id);
    if (now) throw new GatewayError('A824', `template ${templateCode} went under review meanwhile`);
  }
}

export async function getTemplate(
  ctx: Ctx,
  accountId: string,
  senderKey: string,
  templateCode: string,
): Promise<TemplateView> {
  return viewOf(ctx, await loadOwn(ctx, accountId, senderKey, templateCode));
}

export async function listOwn(ctx: Ctx, accountId: string, q: ListQueryT): Promise<TemplatePageT> {
  await ownProfile(ctx, accountId, q.senderKey, q.senderKeyType);
  const filter = { status: q.status, inspectionStatus: q.inspectionStatus, messageType: q.templateType };
  const offset = q.offset ?? 0;
  const limit = q.limit ?? 100;
  const rows = await listTemplates(ctx.store, accountId, q.senderKey, filter, offset, limit);
  const totalCount = await countTemplates(ctx.store, accountId, q.senderKey, filter);
  return { templates: await viewsOf(ctx, rows), totalCount, offset, limit };
}

/** Templates changed (registered, edited or moved by a review) at or after `since`, oldest first. */
export async function lastModified(
  ctx: Ctx,
  accountId: string,
  q: LastModifiedQueryT,
): Promise<TemplateChangesT> {
  await ownProfile(ctx, accountId, q.senderKey, q.senderKeyType);
  const since = parseSince(q.since) ?? 0;
  const page = q.page ?? 1;
  const count = q.count ?? 100;
  const rows = await modifiedSince(ctx.store, accountId, q.senderKey, since, (page - 1) * count, count + 1);
  return { templates: await viewsOf(ctx, rows.slice(0, count)), page, count, hasNext: rows.length > count };
}
