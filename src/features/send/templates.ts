import type { Ctx } from '../../context.ts';
import { GatewayError } from '../../errors.ts';
import { matchesTemplate } from '../../rules/template-match.ts';
import { type BrandTemplate, findBrandTemplate } from '../../store/templates/brand-templates.ts';
import { findInfomsgTemplate, isSendable } from '../../store/templates/infomsg-templates.ts';
import { getProfile } from '../../store/templates/profiles.ts';
import { templateView } from '../brandmessage/template-view.ts';
import { findPublicTemplate } from '../infomsg/public-templates.ts';
import { checkButtons } from './channels.ts';
import type { FlowEntryT } from './schema.ts';

/** How a step names its template, for the per-recipient checks of the send. */
export interface TemplateUse {
  /** Variable separation: the template's keywords must each get a value from the recipient. */
  variableSeparation: boolean;
}

export interface ExpandedEntry {
  entry: FlowEntryT;
  use: TemplateUse | null;
}

/** The template's parts in the shape a client sends them (attachment, carousel, header, ...). */
function wireParts(t: BrandTemplate): Record<string, unknown> {
  const v = templateView(t);
  const out: Record<string, unknown> = {};
  for (const k of ['header', 'additionalContent', 'attachment', 'carousel', 'discountRate'] as const) {
    if (v[k] !== undefined) out[k] = v[k];
  }
  return out;
}

/** The structured parts of a brand message body (besides its text). */
const BODY_PARTS = [
  'attachment',
  'carousel',
  'header',
  'additionalContent',
  'image',
  'coupon',
  'commerce',
  'video',
  'item',
] as const;

function text(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() !== '' ? v : undefined;
}

/**
 * Template-based steps resolved against the stored templates (spec, Shared behaviours 5):
 * - infomsg always names an approved template (A505 otherwise). With sendType `template` and no
 *   text, the stored template is the message; with a text, the text must match the template.
 *   Public templates are resolved where the step is prepared (they are not stored per account).
 * - brandmessage `basic` and `template` name an active template of the sender profile. `template`
 *   and `basic` without a body expand the stored template (a basic send without a body is the
 *   variable-separation style: each recipient's messageVariable fills its keywords); `basic` with
 *   a body is the payload style, and the body must match the template.
 * Each recipient's replaceWords are substituted later, as for any text.
 */
export async function expandTemplates(
  ctx: Ctx,
  accountId: string,
  flow: readonly FlowEntryT[],
): Promise<ExpandedEntry[]> {
  const out: ExpandedEntry[] = [];
  for (const [i, entry] of flow.entries()) {
    if (entry.infomsg) out.push(await expandInfomsg(ctx, accountId, entry, i));
    else if (entry.brandmessage) out.push(await expandBrand(ctx, accountId, entry, i));
    else out.push({ entry, use: null });
  }
  return out;
}

/** A template that is not found may be so because the profile is not the account's: A340 first. */
async function requireProfile(ctx: Ctx, accountId: string, senderKey: string, at: string): Promise<void> {
  if (!(await getProfile(ctx.store, accountId, senderKey))) {
    throw new GatewayError('A340', `${at}.senderKey ${senderKey}`);
  }
}

async function expandInfomsg(
  ctx: Ctx,
  accountId: string,
  entry: FlowEntryT,
  i: number,
): Promise<ExpandedEntry> {
  const o = entry.infomsg ?? {};
  const at = `messageFlow[${i}].infomsg`;
  const senderKey = text(o.senderKey)?.trim();
  const code = text(o.templateCode)?.trim();
  // The step's own checks answer first for what they check alone: a bad msgType or sendType
  // (A523, A571), no sender key (A340). Public templates are static: resolved by the step.
  const shapeBad =
    (o.msgType !== undefined && o.msgType !== 'AT' && o.msgType !== 'AI') ||
    (o.sendType !== undefined && o.sendType !== 'template');
  if (shapeBad || !senderKey || (code && findPublicTemplate(code))) return { entry, use: null };
  if (!code)
    throw new GatewayError('A505', `${at}.templateCode is required: infomsg sends an approved template`);
  const t = await findInfomsgTemplate(ctx.store, senderKey, code);
  if (!t || t.accountId !== accountId) {
    await requireProfile(ctx, accountId, senderKey, at);
    throw new GatewayError('A505', `${at}.templateCode ${code} is not a template of senderKey ${senderKey}`);
  }
  if (!isSendable(t)) {
    throw new GatewayError(
      'A505',
      `${at}.templateCode ${code} is not approved (status ${t.status}, inspectionStatus ${t.inspectionStatus})`,
    );
  }
  if (o.msgType !== undefined && o.msgType !== t.msgType) {
    throw new GatewayError('A523', `${at}.msgType ${o.msgType}: template ${code} is ${t.msgType}`);
  }
  const buttons = o.attachment?.button;
  checkButtons(at, buttons);
  if (buttons !== undefined && !matchesButtons(t.buttons, buttons)) {
    throw new GatewayError('A334', `${at}.attachment.button does not match the buttons of template ${code}`);
  }
  const given = text(o.text);
  if (given === undefined && o.sendType !== 'template') return { entry, use: null }; // the step's own check: A303
  if (given !== undefined && !matchesTemplate(t.text, given)) {
    throw new GatewayError('A334', `${at}.text does not match template ${code}`);
  }
  // The approved template is the message: its parts go out as they were reviewed, whatever the
  // client sent beside them; the client's own text (checked above) keeps its filled-in values.
  const expanded: Record<string, unknown> = {
    ...o,
    msgType: t.msgType,
    text: given ?? t.text,
    templateMessageType: t.templateMessageType,
    templateEmphasizeType: t.templateEmphasizeType,
    attachment: { ...(o.attachment ?? {}), button: buttons ?? t.buttons },
  };
  for (const [k, v] of Object.entries({
    title: t.title,
    subtitle: t.subtitle,
    extra: t.extra,
    ad: t.ad,
    header: t.header,
    itemHighlight: t.itemHighlight,
    item: t.item,
    imgUrl: t.imgUrl,
  })) {
    if (v !== null) expanded[k] = v;
  }
  return { entry: { infomsg: expanded }, use: null };
}

/**
 * A client's buttons keep to the template's: the same buttons in the same order (type and name),
 * each link matching the template's link (its keywords standing for any value).
 */
function matchesButtons(
  tpl: ReadonlyArray<{ type: string; name: string; urlMobile?: string; urlPc?: string }>,
  given: ReadonlyArray<{ type?: string; name?: string; urlMobile?: string; urlPc?: string }>,
): boolean {
  if (tpl.length !== given.length) return false;
  return tpl.every((b, i) => {
    const g = given[i];
    if (!g || g.type !== b.type || g.name !== b.name) return false;
    const link = (a: string | undefined, x: string | undefined) =>
      a === undefined ? x === undefined || x === '' : x !== undefined && matchesTemplate(a, x);
    return link(b.urlMobile, g.urlMobile) && link(b.urlPc, g.urlPc);
  });
}

async function expandBrand(
  ctx: Ctx,
  accountId: string,
  entry: FlowEntryT,
  i: number,
): Promise<ExpandedEntry> {
  const o = entry.brandmessage ?? {};
  const raw: Record<string, unknown> = { ...o };
  const at = `messageFlow[${i}].brandmessage`;
  const senderKey = text(o.senderKey)?.trim();
  if (o.sendType === 'free') {
    if (o.msgType === 'FG') {
      throw new GatewayError(
        'A571',
        `${at}: a catalog (FG) is sent from a registered template (basic), not free`,
      );
    }
    return { entry, use: null };
  }
  if ((o.sendType !== 'basic' && o.sendType !== 'template') || !senderKey) return { entry, use: null };
  const code = text(o.templateCode)?.trim();
  if (!code) throw new GatewayError('A505', `${at}.templateCode is required for a ${o.sendType} send`);
  const t = await findBrandTemplate(ctx.store, senderKey, code);
  if (!t || t.accountId !== accountId) {
    await requireProfile(ctx, accountId, senderKey, at);
    throw new GatewayError('A505', `${at}.templateCode ${code} is not a template of senderKey ${senderKey}`);
  }
  if (t.status !== 'A')
    throw new GatewayError('A505', `${at}.templateCode ${code} is not active (status ${t.status})`);
  if (o.msgType !== undefined && o.msgType !== t.msgType) {
    throw new GatewayError('A523', `${at}.msgType ${o.msgType}: template ${code} is ${t.msgType}`);
  }
  const given = text(o.content ?? raw.text);
  const parts = BODY_PARTS.filter((k) => raw[k] !== undefined && raw[k] !== null);
  if (o.sendType === 'template' && (given !== undefined || parts.length > 0)) {
    const what = given !== undefined ? 'content' : parts.join(', ');
    throw new GatewayError('A300', `${at}: a template send carries no ${what}; the stored template is sent`);
  }
  if (given !== undefined) {
    if (!matchesTemplate(t.text, given)) {
      throw new GatewayError('A334', `${at}.content does not match template ${code}`);
    }
    return { entry: { brandmessage: { ...raw, msgType: t.msgType } }, use: null };
  }
  if (parts.length > 0) {
    throw new GatewayError(
      'A300',
      `${at}: ${parts.join(', ')} come from template ${code}; send them in the payload style with its content`,
    );
  }
  // The registered template is the message (variable separation fills its keywords).
  const expanded: Record<string, unknown> = {
    ...raw,
    ...wireParts(t),
    msgType: t.msgType,
    content: t.text,
    ...(raw.pushAlarm === undefined && t.pushAlarm ? { pushAlarm: t.pushAlarm } : {}),
  };
  return {
    entry: { brandmessage: expanded },
    use: { variableSeparation: o.sendType === 'basic' && t.variables.length > 0 },
  };
}
