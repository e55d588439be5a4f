import type { Ctx } from '../../context.ts';
import { type FlowStep, type RecipientVars, recipientWords } from '../../engine/flow.ts';
import { type Code, GatewayError, resultText } from '../../errors.ts';
import { checkDiscountRate } from '../../rules/brand-message.ts';
import { fitsBytes } from '../../rules/bytes.ts';
import { classifyNumber } from '../../rules/phone.ts';
import type { KeyPrincipal } from '../../store/accounts/accounts.ts';
import type { Executor } from '../../store/db/executor.ts';
import { newId } from '../../store/db/ids.ts';
import type { NewJob } from '../../store/jobs/jobs.ts';
import { findUsableFiles } from '../../store/media/files.ts';
import { acceptSend, messagesOfRequest, type NewMessage } from '../../store/messages/messages.ts';
import { answerRecord } from '../../store/messages/request-answer.ts';
import { type Screen, screenRequest } from '../policy/screen.ts';
import { type PreparedStep, withinLimit } from './channels.ts';
import type { Directory } from './directory.ts';
import { prepareFlow } from './prepare.ts';
import type { DestinationResultT, DestinationT, SendBodyT } from './schema.ts';

export const MAX_DESTINATIONS = 200;
export const DEFAULT_IDEMPOTENCY_TTL = 86_400;

export type DestinationResult = DestinationResultT;

export interface SendOutcome {
  requestId: string;
  destinations: DestinationResult[];
  /** How many recipients were accepted (0 on a replay: nothing new is sent). */
  accepted: number;
  replay: boolean;
}

export interface SendOptions {
  /** The messageFlow already prepared by the caller (a reservation checks it first). */
  steps?: PreparedStep[];
  /** Messages wait (held) instead of going out now; the caller schedules them (reservations). */
  hold?: boolean;
  resvKey?: string;
  /** More jobs to commit with the messages (a reservation's firing). */
  jobs?: NewJob[];
  /** More rows to write in the same transaction (the reservation itself). */
  onAccept?: (tx: Executor, requestId: string) => Promise<void>;
  /**
   * The flow the request stores instead of the steps' own: the same steps with a secret masked (a
   * 2FA code), for every view and report. The caller seals the steps as sent in onAccept
   * (src/engine/sealed-flow.ts).
   */
  storedFlow?: readonly FlowStep[];
}

function checkRequest(body: SendBodyT): { idemKey: string | null; ttl: number } {
  if (body.destinations.length === 0)
    throw new GatewayError('A307', 'destinations must hold at least one recipient');
  if (body.destinations.length > MAX_DESTINATIONS) {
    throw new GatewayError('A318', `${body.destinations.length} given`);
  }
  if (body.messageFlow.length === 0)
    throw new GatewayError('A336', 'messageFlow must hold at least one entry');
  if (body.ref !== undefined && body.ref.length > 200)
    throw new GatewayError('A305', 'ref is longer than 200 characters');
  if (body.paymentCode !== undefined && body.paymentCode.length > 100) {
    throw new GatewayError('A310', `${body.paymentCode.length} characters`);
  }
  if (body.groupKey !== undefined && body.groupKey.length > 100) {
    throw new GatewayError('A311', `${body.groupKey.length} characters`);
  }
  let idemKey: string | null = null;
  if (body.idempotencyKey !== undefined && body.idempotencyKey !== null) {
    if (body.idempotencyKey.length === 0 || body.idempotencyKey.length > 200) {
      throw new GatewayError('A308', `${body.idempotencyKey.length} characters given`);
    }
    idemKey = body.idempotencyKey;
  }
  const ttl = body.idempotencyTtl ?? DEFAULT_IDEMPOTENCY_TTL;
  if (!Number.isInteger(ttl) || ttl < 0 || ttl > 86_400) throw new GatewayError('A309', `${ttl} given`);
  return { idemKey, ttl };
}

/** Registrations the steps name: sender numbers, profiles (and permission), brands, files. */
export async function checkRegistrations(
  ctx: Ctx,
  dir: Directory,
  accountId: string,
  steps: readonly PreparedStep[],
  now: number,
): Promise<void> {
  for (const [i, p] of steps.entries()) {
    const at = `messageFlow[${i}].${p.step.channel}`;
    const { sender, profile, brand, permission } = p.needs;
    if (sender && !(await dir.senderRegistered(accountId, sender))) {
      throw new GatewayError('A327', `${at}.from ${sender} is not registered for this account`);
    }
    if (profile) {
      const found = await dir.profile(accountId, profile);
      if (!found) throw new GatewayError('A340', `${at}.senderKey ${profile}`);
      if (permission && !(await dir.permitted(found.channelId))) {
        throw new GatewayError(
          'A325',
          `${at}: targeting M, N and O need send permission on channel ${found.channelId}`,
        );
      }
    }
    if (brand && !(await dir.brandRegistered(accountId, brand))) {
      throw new GatewayError('A420', `${at}.brandKey ${brand}`);
    }
    if (p.fileKeys.length > 0) {
      const usable = new Set(
        (await findUsableFiles(ctx.store, accountId, p.fileKeys, now)).map((f) => f.fileKey),
      );
      const bad = p.fileKeys.find((k) => !usable.has(k));
      if (bad !== undefined) throw new GatewayError('A217', `${at}.fileKey ${bad}`);
    }
    if (p.needs.media) {
      const found = await findUsableFiles(ctx.store, accountId, [p.needs.media], now, 'rcs');
      if (found.length === 0) throw new GatewayError('A217', `${at}.body.media ${p.needs.media}`);
    }
  }
}

export function varsOf(d: DestinationT): RecipientVars | null {
  const v: RecipientVars = {};
  if (d.replaceWords) v.replaceWords = d.replaceWords;
  if (d.messageVariable) v.messageVariable = d.messageVariable;
  if (d.buttonVariable) v.buttonVariable = d.buttonVariable;
  if (d.couponVariable) v.couponVariable = d.couponVariable;
  return Object.keys(v).length > 0 ? v : null;
}

/**
 * A discount rate a recipient gives in variable separation (the fixed variable), checked as the
 * channel object's own: digit strings count as numbers.
 */
function badDiscount(vars: Record<string, unknown> | undefined, now: number): string | null {
  if (!vars) return null;
  for (const key of ['discountRate', 'discount_rate']) {
    const v = vars[key];
    if (v === undefined || v === null || v === '') continue;
    const problem = checkDiscountRate(typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v, now);
    if (problem) return `${key} ${problem}`;
  }
  return null;
}

/** The first rule this recipient breaks, with its code; null when it can be accepted. */
export function checkRecipient(
  d: DestinationT,
  steps: readonly PreparedStep[],
): { code: Code; detail: string } | null {
  const to = typeof d.to === 'string' ? d.to : '';
  if (classifyNumber(to) === null)
    return { code: 'A306', detail: to === '' ? 'to is required' : `${to} is not a valid number` };
  const words = recipientWords(d);
  for (const [i, p] of steps.entries()) {
    const at = `messageFlow[${i}].${p.step.channel}`;
    if (p.variableSeparation) {
      const missing = p.requiredKeys.filter((k) => !words || typeof words[k] !== 'string');
      if (missing.length > 0) {
        return {
          code: 'A335',
          detail: `${at}: messageVariable has no value for #{${missing.join('}, #{')}}`,
        };
      }
    }
    if (p.step.channel === 'brandmessage') {
      const bad = badDiscount(d.messageVariable, p.preparedAt) ?? badDiscount(d.couponVariable, p.preparedAt);
      if (bad) return { code: 'A337', detail: `${at}: ${bad}` };
    }
    if (!p.limit) continue;
    const text = p.text.hasKeys ? p.text.render(words) : p.step.text;
    if (!withinLimit(text, p.limit, fitsBytes)) {
      return {
        code: p.limitCode,
        detail: `${at} text is over ${p.limit.max} ${p.limit.unit} after substitution`,
      };
    }
  }
  return null;
}

/**
 * Each recipient checked against the steps: its own result, and a message row for each one
 * accepted (a time-ordered msgKey, the number as it will be dialled, its values).
 */
export function admitRecipients(
  destinations: readonly DestinationT[],
  steps: readonly PreparedStep[],
  status: NewMessage['status'],
  screen: Screen | null = null,
): { results: DestinationResult[]; messages: NewMessage[] } {
  const results: DestinationResult[] = [];
  const messages: NewMessage[] = [];
  for (const d of destinations) {
    const to = typeof d.to === 'string' ? d.to : '';
    const number = classifyNumber(to)?.number ?? to;
    const bad = checkRecipient(d, steps) ?? screen?.check(d, number) ?? null;
    if (bad) {
      results.push({ to, msgKey: '', code: bad.code, result: resultText(bad.code, bad.detail) });
      continue;
    }
    const msgKey = newId('');
    const vars = varsOf(d);
    messages.push({
      msgKey,
      to: number,
      destRef: typeof d.ref === 'string' ? d.ref : null,
      vars: vars ? JSON.stringify(vars) : null,
      status,
    });
    results.push({ to, msgKey, code: 'A000', result: 'SUCCESS' });
  }
  return { results, messages };
}

/**
 * The send use case (HTTP, CLI and reservations share it): checks the request, each channel
 * object and each recipient, then commits the accepted messages and their dispatch at once.
 * The answer means accepted, not delivered: delivery is known from reports.
 */
export async function sendMessages(
  ctx: Ctx,
  dir: Directory,
  principal: KeyPrincipal,
  body: SendBodyT,
  options: SendOptions = {},
): Promise<SendOutcome> {
  const { idemKey, ttl } = checkRequest(body);
  const now = ctx.clock.now();
  const accountId = principal.account.id;
  const steps = options.steps ?? (await prepareFlow(ctx, accountId, body.messageFlow, now));
  await checkRegistrations(ctx, dir, accountId, steps, now);

  const screen = await screenRequest(ctx, accountId, steps, body.destinations, body.advertising === true);
  const requestId = newId('req_');
  const { results, messages } = admitRecipients(
    body.destinations,
    steps,
    options.hold ? 'held' : 'queued',
    screen,
  );

  if (messages.length === 0) return { requestId, destinations: results, accepted: 0, replay: false };

  const onAccept = options.onAccept;
  // The messages are their own queue entries (due now unless held); jobs are the caller's own.
  const jobs: NewJob[] = options.jobs ?? [];
  const outcome = await acceptSend(
    ctx.store,
    {
      id: requestId,
      accountId,
      keyId: principal.keyId,
      flow: JSON.stringify(options.storedFlow ?? steps.map((s) => s.step)),
      paymentCode: body.paymentCode ?? null,
      groupKey: body.groupKey ?? null,
      ref: body.ref ?? null,
      dlr: principal.dlr,
      resvKey: options.resvKey ?? null,
      // Null unless a recipient was refused, numbers were given in another form or the key has a
      // life of its own (the console's debugger: store/messages/request-answer.ts).
      answer: answerRecord(results, messages, idemKey === null ? null : ttl * 1000),
    },
    messages,
    jobs,
    idemKey === null ? null : { key: idemKey, expiresAt: now + ttl * 1000 },
    now,
    onAccept ? (tx) => onAccept(tx, requestId) : undefined,
  );
  if (outcome.kind === 'replay') {
    return {
      requestId: outcome.requestId,
      destinations: await replayAnswer(ctx, outcome.requestId, body),
      accepted: 0,
      replay: true,
    };
  }
  ctx.events.emit('messages.accepted', { count: messages.length });
  return { requestId, destinations: results, accepted: messages.length, replay: false };
}

/** A replay sends nothing: every destination answers A301, with the key its first send got. */
async function replayAnswer(ctx: Ctx, requestId: string, body: SendBodyT): Promise<DestinationResult[]> {
  const earlier = await messagesOfRequest(ctx.store, requestId);
  const byTo = new Map<string, string[]>();
  for (const m of earlier) {
    const list = byTo.get(m.to) ?? [];
    list.push(m.msgKey);
    byTo.set(m.to, list);
  }
  return body.destinations.map((d) => {
    const to = typeof d.to === 'string' ? d.to : '';
    const normalized = classifyNumber(to)?.number ?? to;
    const msgKey = byTo.get(normalized)?.shift() ?? '';
    return { to, msgKey, code: 'A301', result: resultText('A301') };
  });
}
