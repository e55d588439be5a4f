import type { Channel } from '../connectors/types.ts';

/**
 * One validated messageFlow entry, as stored once per request. `title` and `text` still hold
 * their `#{key}` keywords: each recipient's values are substituted when the step is sent (and
 * were checked against the length limits when the request was accepted).
 */
export interface FlowStep {
  channel: Channel;
  /** Report fields: SMS, MMS, INFOMSG, RCS, BRANDMESSAGE. */
  serviceType: string;
  /** Report fields: SM, LM, MM; AT, AI; RS, RL, RT; the brand message type. */
  msgType: string;
  from: string | null;
  title: string | null;
  text: string;
  /** The channel object as the connector should see it (substituted per recipient when sent). */
  payload: Record<string, unknown>;
  /** infomsg and brandmessage: push (default) or polling. */
  responseMethod: 'push' | 'polling' | null;
  /** polling: seconds to wait for the receipt (10..86400, default 180). */
  timeoutSec: number | null;
  /**
   * True when what is stored here is masked (a 2FA code as `******`): the step as sent is sealed
   * in request_secrets (src/engine/sealed-flow.ts) and opened only by the engine.
   */
  sealed?: boolean;
}

/** Each recipient's own values: replaceWords and the variable-separation objects. */
export interface RecipientVars {
  replaceWords?: Record<string, string>;
  messageVariable?: Record<string, unknown>;
  buttonVariable?: Record<string, unknown>;
  couponVariable?: Record<string, unknown>;
}

/**
 * The values a recipient's keywords are replaced with: replaceWords, and for variable
 * separation (brand message basic sends) the string values of messageVariable, whose keys may
 * be written bare (`name`) or as the keyword (`#{name}`). replaceWords wins on a clash.
 */
export function recipientWords(vars: RecipientVars | null | undefined): Record<string, string> | undefined {
  if (!vars) return undefined;
  const mv = vars.messageVariable;
  if (!mv) return vars.replaceWords;
  const words: Record<string, string> = {};
  for (const [k, v] of Object.entries(mv)) {
    if (typeof v !== 'string' && typeof v !== 'number') continue;
    const key = k.startsWith('#{') && k.endsWith('}') ? k.slice(2, -1) : k;
    words[key] = String(v);
  }
  return vars.replaceWords ? Object.assign(words, vars.replaceWords) : words;
}
