import type { Selectable } from 'kysely';
import type { Store } from '../db/database.ts';
import type { Executor } from '../db/executor.ts';
import type { InfomsgTemplatesTable } from '../schema/infomsg.ts';

export type InspectionStatus = 'REG' | 'REQ' | 'APR' | 'REJ';
export type TemplateStatus = 'R' | 'A' | 'S';
export type TemplateMessageType = 'BA' | 'EX' | 'AD' | 'MI';
export type TemplateEmphasizeType = 'NONE' | 'TEXT' | 'IMAGE' | 'ITEM_LIST';
export type InfomsgMsgType = 'AT' | 'AI';

export interface TemplateButton {
  type: string;
  name: string;
  urlMobile?: string;
  urlPc?: string;
  schemeAndroid?: string;
  schemeIos?: string;
}

export interface TemplateVariable {
  key: string;
  example: string;
}

export interface TitledText {
  title: string;
  description: string;
}

export interface ItemHighlight extends TitledText {
  imageUrl?: string;
}

export interface ItemList {
  list: TitledText[];
  summary?: TitledText;
}

/** The parts of a template besides its columns; kept as one JSON value. */
export interface InfomsgContent {
  extra: string | null;
  /** The fixed channel-add line of AD and MI templates. */
  ad: string | null;
  title: string | null;
  subtitle: string | null;
  header: string | null;
  itemHighlight: ItemHighlight | null;
  item: ItemList | null;
  previewMessage: string | null;
  securityFlag: boolean;
  buttons: TemplateButton[];
  variables: TemplateVariable[];
}

/** What a client registers (and may change while the review allows it). */
export interface TemplateFields extends InfomsgContent {
  templateName: string;
  templateMessageType: TemplateMessageType;
  templateEmphasizeType: TemplateEmphasizeType;
  msgType: InfomsgMsgType;
  categoryCode: string;
  text: string;
  imgUrl: string | null;
  imgName: string | null;
}

export interface InfomsgTemplate extends TemplateFields {
  id: string;
  accountId: string;
  senderKey: string;
  senderKeyType: string;
  templateCode: string;
  inspectionStatus: InspectionStatus;
  status: TemplateStatus;
  /** The latest review entry's comment. */
  comment: string;
  /** The open review request (its review entry), while inspectionStatus is REQ. */
  reviewSeq: number | null;
  version: number;
  createdAt: number;
  modifiedAt: number;
}

/** Only an approved, active template can be sent. */
export function isSendable(t: Pick<InfomsgTemplate, 'status' | 'inspectionStatus'>): boolean {
  return t.status === 'A' && t.inspectionStatus === 'APR';
}

const EMPTY_CONTENT: InfomsgContent = {
  extra: null,
  ad: null,
  title: null,
  subtitle: null,
  header: null,
  itemHighlight: null,
  item: null,
  previewMessage: null,
  securityFlag: false,
  buttons: [],
  variables: [],
};

function contentOf(t: InfomsgContent): string {
  const c: InfomsgContent = {
    extra: t.extra,
    ad: t.ad,
    title: t.title,
    subtitle: t.subtitle,
    header: t.header,
    itemHighlight: t.itemHighlight,
    item: t.item,
    previewMessage: t.previewMessage,
    securityFlag: t.securityFlag,
    buttons: t.buttons,
    variables: t.variables,
  };
  return JSON.stringify(c);
}

export function toTemplate(r: Selectable<InfomsgTemplatesTable>): InfomsgTemplate {
  const parsed = JSON.parse(r.content) as Partial<InfomsgContent>;
  return {
    ...EMPTY_CONTENT,
    ...parsed,
    id: r.id,
    accountId: r.account_id,
    senderKey: r.sender_key,
    senderKeyType: r.sender_key_type,
    templateCode: r.template_code,
    templateName: r.template_name,
    templateMessageType: r.message_type as TemplateMessageType,
    templateEmphasizeType: r.emphasize_type as TemplateEmphasizeType,
    msgType: r.msg_type as InfomsgMsgType,
    categoryCode: r.category_code,
    text: r.text,
    imgUrl: r.img_url,
    imgName: r.img_name,
    inspectionStatus: r.inspection_status as InspectionStatus,
    status: r.status as TemplateStatus,
    comment: r.comment,
    reviewSeq: r.review_seq === null ? null : Number(r.review_seq),
    version: Number(r.version),
    createdAt: Number(r.created_at),
    modifiedAt: Number(r.modified_at),
  };
}

function fieldColumns(f: TemplateFields) {
  return {
    template_name: f.templateName,
    message_type: f.templateMessageType,
    emphasize_type: f.templateEmphasizeType,
    msg_type: f.msgType,
    category_code: f.categoryCode,
    text: f.text,
    content: contentOf(f),
    img_url: f.imgUrl,
    img_name: f.imgName,
  };
}

/**
 * Registers a template: status R, inspection REG. Returns false when the senderKey already has
 * a template with this code: the unique (sender_key, template_code) decides, so two registrations
 * racing for one code cannot both win, and neither fails with a raw constraint error.
 */
export async function insertTemplate(
  exec: Executor,
  t: {
    id: string;
    accountId: string;
    senderKey: string;
    senderKeyType: string;
    templateCode: string;
  } & TemplateFields,
  now: number,
): Promise<boolean> {
  const res = await exec
    .insertInto('infomsg_templates')
    .values({
      id: t.id,
      account_id: t.accountId,
      sender_key: t.senderKey,
      sender_key_type: t.senderKeyType,
      template_code: t.templateCode,
      ...fieldColumns(t),
      inspection_status: 'REG',
      status: 'R',
      comment: '',
      review_seq: null,
      version: 1,
      created_at: now,
      modified_at: now,
    })
    .onConflict((oc) => oc.columns(['sender_key', 'template_code']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
}

async function findByCode(
  exec: Executor,
  senderKey: string,
  templateCode: string,
): Promise<InfomsgTemplate | undefined> {
  const r = await exec
    .selectFrom('infomsg_templates')
    .selectAll()
    .where('sender_key', '=', senderKey)
    .where('template_code', '=', templateCode)
    .executeTakeFirst();
  return r ? toTemplate(r) : undefined;
}

/** The template of this sender profile and code, whoever owns it (the send path, the sandbox reviewer). */
export function findInfomsgTemplate(
  store: Store,
  senderKey: string,
  templateCode: string,
): Promise<InfomsgTemplate | undefined> {
  return findByCode(store.db, senderKey, templateCode);
}

/** The account's template (another account's is not found). */
export async function findOwnTemplate(
  exec: Executor,
  accountId: string,
  senderKey: string,
  templateCode: string,
): Promise<InfomsgTemplate | undefined> {
  // (sender_key, template_code) is unique: the one template of the code, if it is the account's.
  const t = await findByCode(exec, senderKey, templateCode);
  return t?.accountId === accountId ? t : undefined;
}

export async function getTemplateById(exec: Executor, id: string): Promise<InfomsgTemplate | undefined> {
  const r = await exec.selectFrom('infomsg_templates').selectAll().where('id', '=', id).executeTakeFirst();
  return r ? toTemplate(r) : undefined;
}

/**
 * Writes changed fields, only onto the version they were checked against (an update, a review
 * request or a decision that came in between wins, and this one changes nothing). `reopen`: a
 * rejected template that is edited goes back to REG. Returns false when the version moved on.
 */
export async function updateTemplateFields(
  exec: Executor,
  id: string,
  version: number,
  fields: TemplateFields,
  reopen: boolean,
  now: number,
): Promise<boolean> {
  const res = await exec
    .updateTable('infomsg_templates')
    .set({
      ...fieldColumns(fields),
      ...(reopen ? { inspection_status: 'REG' } : {}),
      version: version + 1,
      modified_at: now,
    })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/**
 * A review step: moves the template from `from` (inspection status, with status and the open
 * review when given) to `to`, in one conditional statement, so that of two racing steps (a
 * cancel and a decision, two reviewers) exactly one happens. Returns the template as moved, or
 * undefined when it was not in `from` any more.
 */
export async function moveReview(
  exec: Executor,
  id: string,
  from: { inspectionStatus: InspectionStatus; status?: TemplateStatus; reviewSeq?: number },
  to: {
    inspectionStatus: InspectionStatus;
    status?: TemplateStatus;
    reviewSeq: number | null;
    comment: string;
  },
  now: number,
): Promise<InfomsgTemplate | undefined> {
  let q = exec
    .updateTable('infomsg_templates')
    .set((eb) => ({
      inspection_status: to.inspectionStatus,
      ...(to.status ? { status: to.status } : {}),
      review_seq: to.reviewSeq,
      comment: to.comment,
      version: eb('version', '+', 1),
      modified_at: now,
    }))
    .where('id', '=', id)
    .where('inspection_status', '=', from.inspectionStatus);
  if (from.status !== undefined) q = q.where('status', '=', from.status);
  if (from.reviewSeq !== undefined) q = q.where('review_seq', '=', from.reviewSeq);
  const r = await q.returningAll().executeTakeFirst();
  return r ? toTemplate(r) : undefined;
}

/** Deletes the template unless it is in one of `keep` (inspection statuses); false when it was. */
export async function deleteTemplate(
  exec: Executor,
  id: string,
  keep: readonly InspectionStatus[],
): Promise<boolean> {
  const res = await exec
    .deleteFrom('infomsg_templates')
    .where('id', '=', id)
    .where('inspection_status', 'not in', [...keep])
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

export interface TemplateFilter {
  status?: TemplateStatus | undefined;
  inspectionStatus?: InspectionStatus | undefined;
  messageType?: TemplateMessageType | undefined;
}

function filtered(store: Store, accountId: string, senderKey: string, f: TemplateFilter) {
  let q = store.db
    .selectFrom('infomsg_templates')
    .where('account_id', '=', accountId)
    .where('sender_key', '=', senderKey);
  if (f.status) q = q.where('status', '=', f.status);
  if (f.inspectionStatus) q = q.where('inspection_status', '=', f.inspectionStatus);
  if (f.messageType) q = q.where('message_type', '=', f.messageType);
  return q;
}

/** The profile's templates in registration order (then code), a page of them. */
export async function listTemplates(
  store: Store,
  accountId: string,
  senderKey: string,
  f: TemplateFilter,
  offset: number,
  limit: number,
): Promise<InfomsgTemplate[]> {
  const rows = await filtered(store, accountId, senderKey, f)
    .selectAll()
    .orderBy('created_at')
    .orderBy('template_code')
    .offset(offset)
    .limit(limit)
    .execute();
  return rows.map(toTemplate);
}

export async function countTemplates(
  store: Store,
  accountId: string,
  senderKey: string,
  f: TemplateFilter,
): Promise<number> {
  const r = await filtered(store, accountId, senderKey, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** Templates modified at or after `since`, oldest change first (a client syncing catches up in order). */
export async function modifiedSince(
  store: Store,
  accountId: string,
  senderKey: string,
  since: number,
  offset: number,
  limit: number,
): Promise<InfomsgTemplate[]> {
  const rows = await store.db
    .selectFrom('infomsg_templates')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('sender_key', '=', senderKey)
    .where('modified_at', '>=', since)
    .orderBy('modified_at')
    .orderBy('template_code')
    .offset(offset)
    .limit(limit)
    .execute();
  return rows.map(toTemplate);
}
