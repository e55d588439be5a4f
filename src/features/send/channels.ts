import type { Channel } from '../../connectors/types.ts';
import type { FlowStep } from '../../engine/flow.ts';
import { type Code, GatewayError } from '../../errors.ts';
import { BRAND_MSG_TYPES, checkDiscountRate } from '../../rules/brand-message.ts';
import { MMS_MAX_BYTES, SMS_MAX_BYTES } from '../../rules/bytes.ts';
import { compileTemplate, type Template } from '../../rules/substitution.ts';
import { matchesTemplate } from '../../rules/template-match.ts';
import { findPublicTemplate } from '../infomsg/public-templates.ts';
import { findCommonFormat, type RcsCommonFormat } from '../rcs/formats.ts';
import type { FlowEntryT } from './schema.ts';

/** A length rule checked for each recipient after substitution (A328 on that recipient). */
export interface LengthRule {
  unit: 'bytes' | 'chars';
  max: number;
}

/** A validated step and what each recipient's text is built and checked with. */
export interface PreparedStep {
  step: FlowStep;
  text: Template;
  title: Template | null;
  limit: LengthRule | null;
  /** The code of a recipient whose text breaks `limit`: A328, or A333 on a public template. */
  limitCode: Code;
  /** Variable separation: each recipient must give a value for every keyword (A335). */
  variableSeparation: boolean;
  /** Variable separation: the keywords of the whole message (text, buttons, items). */
  requiredKeys: readonly string[];
  /** When the step was prepared (gateway clock): recipients' discount rates are judged at it. */
  preparedAt: number;
  /** mms: fileKeys that must be usable (issued to this account and not expired). */
  fileKeys: string[];
  /** Registered things this step names, checked against the store by the caller. */
  needs: {
    sender?: string;
    profile?: string;
    brand?: string;
    /** rcs: body.media, a key issued by POST /api/comm/v1/file/rcs (unexpired, this account's). */
    media?: string;
    /** Own-member targeting: the profile's channel needs send permission. */
    permission?: boolean;
  };
}

const CHANNEL_KEYS: readonly Channel[] = ['sms', 'mms', 'infomsg', 'rcs', 'brandmessage'];

const INFOMSG_MAX_CHARS = 1000;
const BRAND_MAX_CHARS = 1300;
const SENDER_RE = /^[0-9]{8,15}$/;
const HAS_VARIABLE = /#\{[^}]*\}/;

function fail(code: Code, detail: string): never {
  throw new GatewayError(code, detail);
}

function str(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  return undefined;
}

function checkFrom(at: string, from: unknown): string {
  const f = str(from)?.trim();
  if (!f) fail('A302', `${at}.from is required`);
  if (!SENDER_RE.test(f)) fail('A302', `${at}.from must be 8 to 15 digits`);
  return f;
}

function checkOriginCid(at: string, v: unknown): void {
  if (v === undefined || v === null) return;
  if (typeof v !== 'string' || v.length !== 9) fail('A338', `${at}.originCID must be exactly 9 characters`);
}

export function checkButtons(at: string, buttons: unknown): void {
  if (buttons === undefined || buttons === null) return;
  if (!Array.isArray(buttons)) fail('A503', `${at}.attachment.button must be an array`);
  buttons.forEach((b, i) => {
    const name = b && typeof b === 'object' ? (b as { name?: unknown }).name : undefined;
    if (typeof name === 'string' && HAS_VARIABLE.test(name)) {
      fail('A503', `${at}.attachment.button[${i}].name cannot hold a #{variable}`);
    }
  });
}

function checkResponse(
  at: string,
  o: { responseMethod?: unknown; timeout?: unknown },
): {
  method: 'push' | 'polling';
  timeoutSec: number | null;
} {
  const m = o.responseMethod ?? 'push';
  if (m !== 'push' && m !== 'polling') fail('A501', `${at}.responseMethod must be push or polling`);
  if (m === 'push') return { method: 'push', timeoutSec: null };
  const t = o.timeout === undefined || o.timeout === null ? 180 : Number(o.timeout);
  if (!Number.isInteger(t) || t < 10 || t > 86400) fail('A526', `${at}.timeout must be 10 to 86400 seconds`);
  return { method: 'polling', timeoutSec: t };
}

function requireText(at: string, field: string, v: unknown): string {
  const t = str(v);
  if (t === undefined || t.trim() === '') fail('A303', `${at}.${field} is required`);
  return t;
}

/** The step with its texts split into parts once (not once per recipient). */
function prepared(
  step: FlowStep,
  limit: LengthRule,
  needs: PreparedStep['needs'],
  fileKeys: string[] = [],
): PreparedStep {
  return {
    step,
    text: compileTemplate(step.text),
    title: step.title === null ? null : compileTemplate(step.title),
    limit,
    limitCode: 'A328',
    variableSeparation: false,
    requiredKeys: [],
    preparedAt: 0,
    fileKeys,
    needs,
  };
}

function base(
  channel: Channel,
  serviceType: string,
  msgType: string,
  from: string | null,
  payload: Record<string, unknown>,
): FlowStep {
  return {
    channel,
    serviceType,
    msgType,
    from,
    title: null,
    text: '',
    payload,
    responseMethod: null,
    timeoutSec: null,
  };
}

/** body.title and body.media as the format takes them (its body elements of card 1). */
function checkRcsBody(
  at: string,
  format: RcsCommonFormat,
  body: { title: string | null; media: string | undefined },
): void {
  const element = (param: 'title' | 'media') => format.body.find((e) => e.param === param && e.card === 1);
  const title = element('title');
  if (body.title !== null && body.title !== '') {
    if (!title) fail('A339', `${at}.body.title: format ${format.formatId} has no title`);
    if (title.type === 'text' && [...body.title].length > title.maxLength) {
      fail('A328', `${at}.body.title is over ${title.maxLength} characters`);
    }
  } else if (title?.required) fail('A303', `${at}.body.title is required by format ${format.formatId}`);
  const media = element('media');
  if (body.media) {
    if (!media) fail('A339', `${at}.body.media: format ${format.formatId} has no image`);
  } else if (media?.required) fail('A303', `${at}.body.media is required by format ${format.formatId}`);
}

/** Validates one messageFlow entry; throws a coded error naming the field. */
export function prepareStep(entry: FlowEntryT, index: number, now: number): PreparedStep {
  const present = CHANNEL_KEYS.filter((k) => entry[k] !== undefined && entry[k] !== null);
  if (present.length !== 1) {
    fail('A336', `messageFlow[${index}] must hold exactly one of ${CHANNEL_KEYS.join(', ')}`);
  }
  const channel = present[0] as Channel;
  const at = `messageFlow[${index}].${channel}`;
  const raw = entry[channel];
  if (typeof raw !== 'object' || raw === null) fail('A336', `${at} must be an object`);
  const payload: Record<string, unknown> = { ...raw };

  switch (channel) {
    case 'sms': {
      const o = entry.sms ?? {};
      const from = checkFrom(at, o.from);
      const text = requireText(at, 'text', o.text);
      checkOriginCid(at, o.originCID);
      const step = base('sms', 'SMS', 'SM', from, payload);
      step.text = text;
      return prepared(step, { unit: 'bytes', max: SMS_MAX_BYTES }, { sender: from });
    }
    case 'mms': {
      const o = entry.mms ?? {};
      const from = checkFrom(at, o.from);
      const text = requireText(at, 'text', o.text);
      checkOriginCid(at, o.originCID);
      const title = str(o.title ?? o.subject) ?? null;
      let fileKeys: string[] = [];
      if (o.fileKey !== undefined && o.fileKey !== null) {
        if (!Array.isArray(o.fileKey) || o.fileKey.length < 1 || o.fileKey.length > 3) {
          fail('A319', `${at}.fileKey must hold 1 to 3 keys`);
        }
        fileKeys = o.fileKey.map(String);
      }
      const step = base('mms', 'MMS', fileKeys.length > 0 ? 'MM' : 'LM', from, payload);
      step.text = text;
      step.title = title;
      return prepared(step, { unit: 'bytes', max: MMS_MAX_BYTES }, { sender: from }, fileKeys);
    }
    case 'infomsg': {
      const o = entry.infomsg ?? {};
      if (o.sendType !== undefined && o.sendType !== 'template')
        fail('A571', `${at}.sendType must be template when given`);
      const pub = findPublicTemplate(str(o.templateCode) ?? '');
      // A public template is a text message: its automatic substitution may leave msgType out.
      const msgType = o.msgType ?? (pub && o.sendType === 'template' ? 'AT' : undefined);
      if (msgType !== 'AT' && msgType !== 'AI') fail('A523', `${at}.msgType must be AT or AI`);
      const senderKey = str(o.senderKey)?.trim();
      if (!senderKey) fail('A340', `${at}.senderKey is required`);
      checkButtons(at, o.attachment?.button);
      const rm = checkResponse(at, o);
      let text = str(o.text);
      if ((text === undefined || text.trim() === '') && pub && o.sendType === 'template') {
        text = pub.text;
        payload.text = text;
        payload.msgType = msgType;
      }
      if (text === undefined || text.trim() === '') fail('A303', `${at}.text is required`);
      if (pub && !matchesTemplate(pub.text, text)) {
        fail('A334', `${at}.text does not match public template ${pub.templateCode}`);
      }
      const step = base('infomsg', 'INFOMSG', msgType, null, payload);
      step.text = text;
      step.responseMethod = rm.method;
      step.timeoutSec = rm.timeoutSec;
      // A public template's character count is a hard limit: no truncation, no failover.
      if (pub) {
        const p = prepared(step, { unit: 'chars', max: pub.charCount }, { profile: senderKey });
        p.limitCode = 'A333';
        return p;
      }
      return prepared(step, { unit: 'chars', max: INFOMSG_MAX_CHARS }, { profile: senderKey });
    }
    case 'rcs': {
      const o = entry.rcs ?? {};
      const brandKey = str(o.brandKey)?.trim();
      if (!brandKey) fail('A420', `${at}.brandKey is required`);
      const formatId = str(o.formatId) ?? 'SS000000';
      const format = findCommonFormat(formatId);
      if (!format) fail('A339', `${at}.formatId ${formatId} is not a known message format`);
      const from = o.from === undefined || o.from === null ? null : checkFrom(at, o.from);
      const content = (raw as { content?: { description?: unknown } }).content;
      const text = requireText(at, 'body.description', o.body?.description ?? content?.description);
      const title = str(o.body?.title) ?? null;
      const media = str(o.body?.media)?.trim();
      checkRcsBody(at, format, { title, media });
      const step = base('rcs', 'RCS', format.msgType, from, payload);
      step.text = text;
      step.title = title;
      return prepared(
        step,
        { unit: 'chars', max: format.maxChars },
        { brand: brandKey, ...(from ? { sender: from } : {}), ...(media ? { media } : {}) },
      );
    }
    case 'brandmessage': {
      const o = entry.brandmessage ?? {};
      const sendType = o.sendType;
      if (sendType !== 'basic' && sendType !== 'free' && sendType !== 'template') {
        fail('A571', `${at}.sendType must be basic, free or template`);
      }
      const msgType = str(o.msgType);
      if (!msgType || !BRAND_MSG_TYPES.has(msgType))
        fail('A523', `${at}.msgType ${msgType ?? ''} is not a brand message type`);
      const senderKey = str(o.senderKey)?.trim();
      if (!senderKey) fail('A340', `${at}.senderKey is required`);
      const targeting = o.targeting ?? 'I';
      if (!['I', 'M', 'N', 'O'].includes(targeting)) fail('A570', `${at}.targeting must be I, M, N or O`);
      checkOriginCid(at, o.originCID);
      // The result names the field as the client spelled it.
      const [rateField, rate] =
        o.discountRate !== undefined ? ['discountRate', o.discountRate] : ['discount_rate', o.discount_rate];
      const rateProblem = checkDiscountRate(rate, now);
      if (rateProblem) fail('A337', `${at}.${rateField} ${rateProblem}`);
      checkButtons(at, (raw as { attachment?: { button?: unknown } }).attachment?.button);
      const rm = checkResponse(at, o);
      let text = str(o.content ?? (raw as { text?: unknown }).text);
      if (text === undefined || text.trim() === '') {
        if (sendType === 'free') fail('A303', `${at}.content is required for a free send`);
        // basic and template sends were expanded from their stored template before this check
        // (no template: A505 there); catalog, commerce and carousel templates may have no text.
        if (!str(o.templateCode)) fail('A505', `${at}.templateCode is required for a ${sendType} send`);
        text = '';
      }
      const step = base('brandmessage', 'BRANDMESSAGE', msgType, null, payload);
      step.text = text;
      step.responseMethod = rm.method;
      step.timeoutSec = rm.timeoutSec;
      const p = prepared(
        step,
        { unit: 'chars', max: BRAND_MAX_CHARS },
        { profile: senderKey, permission: targeting !== 'I' },
      );
      p.preparedAt = now;
      return p;
    }
  }
}

/** Whether a recipient's rendered text keeps to the step's rule. */
export function withinLimit(
  text: string,
  rule: LengthRule | null,
  bytesFit: (t: string, max: number) => boolean,
): boolean {
  if (!rule) return true;
  if (rule.unit === 'bytes') return bytesFit(text, rule.max);
  if (text.length <= rule.max) return true;
  return [...text].length <= rule.max;
}
