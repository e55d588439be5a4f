import { type FlowStep, type RecipientVars, recipientWords } from '../../engine/flow.ts';
import { compileTemplate, type ReplaceWords, type Template } from '../../rules/substitution.ts';
import type { ListedMessage, RowCheck } from '../../store/messages/admin-message-walks.ts';

/*
 * What a message said and who sent it, from its request's stored messageFlow and its recipient's
 * values: the operator's search by text and sender, the list's columns and the export's. The
 * text is the step's title and text (the SMS/MMS text and subject, the RCS body's description and
 * title, the informational and brand message text or content) with the recipient's `#{key}`
 * values substituted as the engine substitutes them when it sends (engine/steps.ts build). A
 * sealed step (a 2FA code) is stored masked, and is searched and shown masked.
 */

interface StepText {
  channel: string;
  from: string | null;
  title: Template | null;
  text: Template;
}

/** What one message of the list or the export shows of its current step. */
export interface MessageText {
  channel: string | null;
  /** The sender number (sms, mms, rcs `from`); null for a step sent as a profile or brand. */
  sender: string | null;
  title: string | null;
  text: string | null;
}

const NONE: MessageText = { channel: null, sender: null, title: null, text: null };

function stepText(s: unknown): StepText | null {
  if (s === null || typeof s !== 'object') return null;
  const o = s as Partial<Record<keyof FlowStep, unknown>>;
  const str = (v: unknown) => (typeof v === 'string' ? v : null);
  const title = str(o.title);
  return {
    channel: str(o.channel) ?? '',
    from: str(o.from),
    title: title === null ? null : compileTemplate(title),
    text: compileTemplate(str(o.text) ?? ''),
  };
}

function compileFlow(json: string | null): StepText[] {
  if (json === null) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return [];
  }
  return Array.isArray(parsed) ? parsed.map(stepText).filter((s) => s !== null) : [];
}

function wordsOf(vars: string | null): ReplaceWords | undefined {
  if (vars === null) return undefined;
  try {
    const parsed: unknown = JSON.parse(vars);
    return parsed !== null && typeof parsed === 'object'
      ? recipientWords(parsed as RecipientVars)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Each request's flow compiled once, however many of its recipients a walk meets. Bounded: an
 * export walks many requests, and a request's recipients come next to each other.
 */
export class FlowTexts {
  readonly #flows = new Map<string, StepText[]>();

  #flowOf(m: ListedMessage): StepText[] {
    let flow = this.#flows.get(m.requestId);
    if (!flow) {
      flow = compileFlow(m.flow);
      if (this.#flows.size >= 1000) this.#flows.clear();
      this.#flows.set(m.requestId, flow);
    }
    return flow;
  }

  /** The message's current step: its channel, sender and what the recipient got. */
  textOf(m: ListedMessage): MessageText {
    const step = this.#flowOf(m)[m.step];
    if (!step) return NONE;
    const words = wordsOf(m.vars);
    return {
      channel: step.channel,
      sender: step.from,
      title: step.title?.render(words) ?? null,
      text: step.text.render(words),
    };
  }

  /**
   * The check of a search by sender and text, or undefined when it has neither. A message
   * matches when any step of its flow is sent from `sender` (a failover SMS from the number
   * finds its RCS first step too), and when any step's title or text, as this recipient got or
   * would get it, holds `text`, in any case.
   */
  check(sender: string | undefined, text: string | undefined): RowCheck | undefined {
    if (sender === undefined && text === undefined) return undefined;
    const needle = text?.toLowerCase();
    return (m) => {
      const flow = this.#flowOf(m);
      if (sender !== undefined && !flow.some((s) => s.from === sender)) return false;
      if (needle === undefined) return true;
      const words = wordsOf(m.vars);
      return flow.some(
        (s) =>
          s.text.render(words).toLowerCase().includes(needle) ||
          (s.title?.render(words).toLowerCase().includes(needle) ?? false),
      );
    };
  }
}
