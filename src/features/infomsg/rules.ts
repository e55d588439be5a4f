import { GatewayError } from '../../errors.ts';
import { compileTemplate } from '../../rules/substitution.ts';
import type {
  TemplateEmphasizeType,
  TemplateFields,
  TemplateMessageType,
  TemplateVariable,
} from '../../store/templates/infomsg-templates.ts';
import { checkButtons, type RawButton } from './buttons.ts';
import { findCategory } from './categories.ts';
import { checkEmphasis, type RawEmphasis } from './emphasis.ts';
import { LIMITS, length, opt, within } from './limits.ts';

/*
 * The rules of an informational template's content (spec: informational template record,
 * Limits), pure: a raw record in, the normalised fields out, or a GatewayError naming the field.
 */

/** BA basic, EX extra information, AD channel add, MI both. */
export const MESSAGE_TYPES = ['BA', 'EX', 'AD', 'MI'] as const satisfies readonly TemplateMessageType[];
export const EMPHASIZE_TYPES = [
  'NONE',
  'TEXT',
  'IMAGE',
  'ITEM_LIST',
] as const satisfies readonly TemplateEmphasizeType[];

/** The line AD and MI templates carry under the body; fixed by the platform, not written by clients. */
export const CHANNEL_ADD_TEXT = '채널 추가하고 이 채널의 마케팅 메시지 등을 받기';

const TEMPLATE_CODE = /^[A-Za-z0-9_-]+$/;

/** A record as a client writes it (a registration, or the stored record with an update laid over). */
export interface RawTemplate extends RawEmphasis {
  templateName?: string | undefined;
  templateMessageType?: string | undefined;
  templateEmphasizeType?: string | undefined;
  msgType?: string | undefined;
  text?: string | undefined;
  categoryCode?: string | undefined;
  extra?: string | null | undefined;
  previewMessage?: string | null | undefined;
  securityFlag?: boolean | undefined;
  buttons?: RawButton[] | null | undefined;
  variables?: Array<{ key: string; example: string }> | null | undefined;
}

export function checkTemplateCode(code: string): string {
  if (code.length === 0 || code.length > LIMITS.templateCode || !TEMPLATE_CODE.test(code)) {
    throw new GatewayError(
      'A505',
      `templateCode must be 1 to ${LIMITS.templateCode} characters of A-Z a-z 0-9 _ -, got ${JSON.stringify(code.slice(0, 60))}`,
    );
  }
  return code;
}

/** Every text that may hold `#{key}` keywords (button names and the preview may not). */
function keywordTexts(f: Omit<TemplateFields, 'variables'>): string[] {
  const texts = [f.text];
  for (const v of [f.title, f.subtitle, f.extra, f.header]) if (v !== null) texts.push(v);
  if (f.itemHighlight) texts.push(f.itemHighlight.title, f.itemHighlight.description);
  if (f.item) {
    for (const e of f.item.list) texts.push(e.title, e.description);
    if (f.item.summary) texts.push(f.item.summary.title, f.item.summary.description);
  }
  for (const b of f.buttons) {
    for (const v of [b.urlMobile, b.urlPc, b.schemeAndroid, b.schemeIos]) if (v !== undefined) texts.push(v);
  }
  return texts;
}

function checkVariables(
  raw: Array<{ key: string; example: string }>,
  f: Omit<TemplateFields, 'variables'>,
): TemplateVariable[] {
  const keys: string[] = [];
  const seen = new Set<string>();
  for (const text of keywordTexts(f)) {
    for (const k of compileTemplate(text).keys) {
      if (!seen.has(k)) {
        seen.add(k);
        keys.push(k);
      }
    }
  }
  if (keys.length > LIMITS.variables) {
    throw new GatewayError('A508', `the template has ${keys.length} distinct #{key} variables`);
  }
  const examples = new Map<string, string>();
  raw.forEach((v, i) => {
    if (v.key === '' || length(v.key) > LIMITS.variableKey) {
      throw new GatewayError('A511', `variables[${i}].key must be 1 to ${LIMITS.variableKey} characters`);
    }
    if (examples.has(v.key))
      throw new GatewayError('A511', `variables[${i}].key ${JSON.stringify(v.key)} is repeated`);
    if (!seen.has(v.key)) {
      throw new GatewayError(
        'A511',
        `variables[${i}].key ${JSON.stringify(v.key)} is not a variable of the template`,
      );
    }
    if (length(v.example) > LIMITS.variableExample) {
      throw new GatewayError(
        'A511',
        `variables[${i}].example is longer than ${LIMITS.variableExample} characters`,
      );
    }
    examples.set(v.key, v.example);
  });
  return keys.map((key) => {
    const example = examples.get(key);
    if (example === undefined || example.trim() === '') {
      throw new GatewayError(
        'A509',
        `#{${key}} needs an example in variables ({"key": ${JSON.stringify(key)}, "example": "..."})`,
      );
    }
    return { key, example };
  });
}

/** Checks a whole record and returns its normalised fields (defaults: BA, NONE, no buttons). */
export function checkTemplate(raw: RawTemplate): TemplateFields {
  const templateName = raw.templateName ?? '';
  if (templateName.trim() === '' || length(templateName) > LIMITS.templateName) {
    throw new GatewayError('A527', `templateName must be 1 to ${LIMITS.templateName} characters`);
  }
  const templateMessageType = MESSAGE_TYPES.find((t) => t === (raw.templateMessageType ?? 'BA'));
  if (!templateMessageType) {
    throw new GatewayError('A514', `templateMessageType must be one of ${MESSAGE_TYPES.join(', ')}`);
  }
  const templateEmphasizeType = EMPHASIZE_TYPES.find((t) => t === (raw.templateEmphasizeType ?? 'NONE'));
  if (!templateEmphasizeType) {
    throw new GatewayError('A515', `templateEmphasizeType must be one of ${EMPHASIZE_TYPES.join(', ')}`);
  }
  const text = raw.text ?? '';
  if (text.trim() === '' || length(text) > LIMITS.text) {
    throw new GatewayError('A507', `text has ${length(text)} characters`);
  }
  const categoryCode = raw.categoryCode ?? '';
  if (!findCategory(categoryCode)) {
    throw new GatewayError(
      'A512',
      `${JSON.stringify(categoryCode)}; GET /api/comm/v1/center/infomsg/category lists them`,
    );
  }
  const withExtra = templateMessageType === 'EX' || templateMessageType === 'MI';
  const extra = opt(raw.extra);
  if (withExtra && extra === null)
    throw new GatewayError('A517', `templateMessageType ${templateMessageType} needs extra`);
  if (!withExtra && extra !== null) {
    throw new GatewayError(
      'A517',
      `extra is only for templateMessageType EX or MI, not ${templateMessageType}`,
    );
  }
  if (extra !== null) within('A517', 'extra', extra, LIMITS.extra);
  const emphasis = checkEmphasis(templateEmphasizeType, raw);
  const msgType = emphasis.imgUrl === null ? 'AT' : 'AI';
  if (raw.msgType !== undefined && raw.msgType !== '' && raw.msgType !== msgType) {
    throw new GatewayError(
      'A523',
      `msgType ${JSON.stringify(raw.msgType)}: a template ${msgType === 'AI' ? 'with' : 'without'} an image is ${msgType}`,
    );
  }
  const previewMessage = opt(raw.previewMessage);
  if (previewMessage !== null) {
    if (compileTemplate(previewMessage).hasKeys)
      throw new GatewayError('A510', 'previewMessage holds a #{key} variable');
    within('A522', 'previewMessage', previewMessage, LIMITS.previewMessage);
  }
  const buttons = checkButtons(raw.buttons ?? [], templateMessageType);
  const fields: Omit<TemplateFields, 'variables'> = {
    templateName,
    templateMessageType,
    templateEmphasizeType,
    msgType,
    categoryCode,
    text,
    extra,
    ad: templateMessageType === 'AD' || templateMessageType === 'MI' ? CHANNEL_ADD_TEXT : null,
    ...emphasis,
    previewMessage,
    securityFlag: raw.securityFlag ?? false,
    buttons,
  };
  return { ...fields, variables: checkVariables(raw.variables ?? [], fields) };
}

/** A stored record as a client would write it: the base an update is laid over. */
export function rawOf(f: TemplateFields): RawTemplate {
  return {
    templateName: f.templateName,
    templateMessageType: f.templateMessageType,
    templateEmphasizeType: f.templateEmphasizeType,
    text: f.text,
    categoryCode: f.categoryCode,
    extra: f.extra,
    title: f.title,
    subtitle: f.subtitle,
    header: f.header,
    previewMessage: f.previewMessage,
    imgUrl: f.imgUrl,
    imgName: f.imgName,
    itemHighlight: f.itemHighlight,
    item: f.item,
    securityFlag: f.securityFlag,
    buttons: f.buttons,
    variables: f.variables,
  };
}

/** The fields an update changes (compared as stored, after normalisation). */
export function changedFields(before: TemplateFields, after: TemplateFields): Array<keyof TemplateFields> {
  const keys = Object.keys(after) as Array<keyof TemplateFields>;
  return keys.filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
}
