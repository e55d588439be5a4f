import type { BrandContent } from '../../rules/brand-content.ts';
import type { Store } from '../db/database.ts';
import type { BrandTemplatesTable } from '../schema/brandmessage.ts';

/** A registered brand message template (what the send path expands a basic send from). */
export interface BrandTemplate {
  accountId: string;
  senderKey: string;
  senderKeyType: string;
  /** Always `basic`: a stored template serves basic and template (automatic) sends alike. */
  sendType: string;
  templateCode: string;
  templateName: string;
  /** As registered: a long name (TEXT, WIDE, ...) or a short code (FT, FW, ..., FG). */
  msgType: string;
  /** '' for the kinds without a body text (lists, carousels, commerce, catalog). */
  text: string;
  pushAlarm: string;
  adult: boolean;
  content: BrandContent;
  /** The distinct #{key} variables of the text and content, in order of appearance. */
  variables: string[];
  /** `A` (usable): brand message templates are not reviewed here. */
  status: string;
  createdAt: number;
  modifiedAt: number;
}

function toTemplate(r: BrandTemplatesTable): BrandTemplate {
  return {
    accountId: r.account_id,
    senderKey: r.sender_key,
    senderKeyType: r.sender_key_type,
    sendType: r.send_type,
    templateCode: r.template_code,
    templateName: r.template_name,
    msgType: r.msg_type,
    text: r.text,
    pushAlarm: r.push_alarm,
    adult: Number(r.adult) === 1,
    content: JSON.parse(r.content),
    variables: JSON.parse(r.variables),
    status: r.status,
    createdAt: Number(r.created_at),
    modifiedAt: Number(r.modified_at),
  };
}

function toRow(t: BrandTemplate): BrandTemplatesTable {
  return {
    sender_key: t.senderKey,
    template_code: t.templateCode,
    account_id: t.accountId,
    sender_key_type: t.senderKeyType,
    send_type: t.sendType,
    template_name: t.templateName,
    msg_type: t.msgType,
    text: t.text,
    push_alarm: t.pushAlarm,
    adult: t.adult ? 1 : 0,
    content: JSON.stringify(t.content),
    variables: JSON.stringify(t.variables),
    status: t.status,
    created_at: t.createdAt,
    modified_at: t.modifiedAt,
  };
}

/**
 * Registers a template. Returns false (nothing written) when the senderKey already has the
 * templateCode: one statement on the primary key, so two registrations racing for one code
 * cannot both win.
 */
export async function insertBrandTemplate(store: Store, template: BrandTemplate): Promise<boolean> {
  const res = await store.db
    .insertInto('brand_templates')
    .values(toRow(template))
    .onConflict((oc) => oc.columns(['sender_key', 'template_code']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Replaces everything of the account's template but its creation time; undefined when the
 * account has no such template (deleted meanwhile, or never there).
 */
export async function replaceBrandTemplate(
  store: Store,
  template: BrandTemplate,
): Promise<BrandTemplate | undefined> {
  const { sender_key, template_code, account_id, created_at: _created, ...changes } = toRow(template);
  const r = await store.db
    .updateTable('brand_templates')
    .set(changes)
    .where('sender_key', '=', sender_key)
    .where('template_code', '=', template_code)
    .where('account_id', '=', account_id)
    .returningAll()
    .executeTakeFirst();
  return r ? toTemplate(r) : undefined;
}

/**
 * The template behind a send's (senderKey, templateCode), whoever owns it: the send path checks
 * that the senderKey is the sending account's profile and compares `accountId`.
 */
export async function findBrandTemplate(
  store: Store,
  senderKey: string,
  templateCode: string,
): Promise<BrandTemplate | undefined> {
  const r = await store.db
    .selectFrom('brand_templates')
    .selectAll()
    .where('sender_key', '=', senderKey)
    .where('template_code', '=', templateCode)
    .executeTakeFirst();
  return r ? toTemplate(r) : undefined;
}

/** The account's template (another account's is not found). */
export async function getBrandTemplate(
  store: Store,
  accountId: string,
  senderKey: string,
  templateCode: string,
): Promise<BrandTemplate | undefined> {
  // (sender_key, template_code) is the key: the one template of the code, if it is the account's.
  const t = await findBrandTemplate(store, senderKey, templateCode);
  return t?.accountId === accountId ? t : undefined;
}

export interface BrandTemplateFilter {
  status?: string | undefined;
  /** Any of these msgType spellings (a kind's long name and short code). */
  msgTypes?: readonly string[] | undefined;
}

/** A page of the account's templates of one senderKey, in registration order, and how many match. */
export async function listBrandTemplates(
  store: Store,
  accountId: string,
  senderKey: string,
  filter: BrandTemplateFilter,
  page: { offset: number; limit: number },
): Promise<{ templates: BrandTemplate[]; total: number }> {
  let q = store.db
    .selectFrom('brand_templates')
    .where('sender_key', '=', senderKey)
    .where('account_id', '=', accountId);
  if (filter.status !== undefined) q = q.where('status', '=', filter.status);
  if (filter.msgTypes !== undefined) q = q.where('msg_type', 'in', [...filter.msgTypes]);
  const rows = await q
    .selectAll()
    .orderBy('created_at')
    .orderBy('template_code')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  const count = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return { templates: rows.map(toTemplate), total: Number(count?.n ?? 0) };
}

/** The account's templates of one senderKey changed at or after `since`, latest first. */
export async function listModifiedBrandTemplates(
  store: Store,
  accountId: string,
  senderKey: string,
  since: number | null,
  page: { offset: number; limit: number },
): Promise<BrandTemplate[]> {
  let q = store.db
    .selectFrom('brand_templates')
    .selectAll()
    .where('sender_key', '=', senderKey)
    .where('account_id', '=', accountId);
  if (since !== null) q = q.where('modified_at', '>=', since);
  const rows = await q
    .orderBy('modified_at', 'desc')
    .orderBy('template_code')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return rows.map(toTemplate);
}

/** Returns false when the account had no such template. */
export async function deleteBrandTemplate(
  store: Store,
  accountId: string,
  senderKey: string,
  templateCode: string,
): Promise<boolean> {
  const res = await store.db
    .deleteFrom('brand_templates')
    .where('sender_key', '=', senderKey)
    .where('template_code', '=', templateCode)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}
