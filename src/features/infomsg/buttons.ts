import { GatewayError } from '../../errors.ts';
import { compileTemplate } from '../../rules/substitution.ts';
import type { TemplateButton, TemplateMessageType } from '../../store/templates/infomsg-templates.ts';
import { isWebUrl, LIMITS, length, nonEmpty, opt } from './limits.ts';

/**
 * Button types: WL web link, AL app link, DS delivery tracking, BK bot keyword, MD message
 * delivery, BC consultation talk, BT bot transfer, AC channel add.
 */
export const BUTTON_TYPES = ['WL', 'AL', 'DS', 'BK', 'MD', 'BC', 'BT', 'AC'] as const;

export interface RawButton {
  type: string;
  name: string;
  urlMobile?: string | null | undefined;
  urlPc?: string | null | undefined;
  schemeAndroid?: string | null | undefined;
  schemeIos?: string | null | undefined;
}

/**
 * Buttons: up to 5, a known type, a name without variables, links only on WL and AL buttons, and
 * the channel-add button first on AD and MI templates and nowhere else. Every fault is A503 with
 * the button named.
 */
export function checkButtons(raw: RawButton[], messageType: TemplateMessageType): TemplateButton[] {
  if (raw.length > LIMITS.buttons) throw new GatewayError('A503', `buttons: at most ${LIMITS.buttons}`);
  const out = raw.map((b, i): TemplateButton => {
    const at = `buttons[${i}]`;
    if (!BUTTON_TYPES.some((t) => t === b.type)) {
      throw new GatewayError('A503', `${at}.type must be one of ${BUTTON_TYPES.join(', ')}`);
    }
    nonEmpty('A503', `${at}.name`, b.name);
    if (compileTemplate(b.name).hasKeys) throw new GatewayError('A510', `${at}.name holds a #{key} variable`);
    if (length(b.name) > LIMITS.buttonName)
      throw new GatewayError('A503', `${at}.name is longer than ${LIMITS.buttonName} characters`);
    const button: TemplateButton = { type: b.type, name: b.name };
    const urlMobile = opt(b.urlMobile);
    const urlPc = opt(b.urlPc);
    const schemeAndroid = opt(b.schemeAndroid);
    const schemeIos = opt(b.schemeIos);
    if (b.type === 'WL' || b.type === 'AL') {
      if (b.type === 'WL' && urlMobile === null)
        throw new GatewayError('A503', `${at}.urlMobile is required for WL`);
      if (b.type === 'AL' && urlMobile === null && schemeAndroid === null && schemeIos === null) {
        throw new GatewayError('A503', `${at}: an AL button needs urlMobile, schemeAndroid or schemeIos`);
      }
      for (const [field, v] of [
        ['urlMobile', urlMobile],
        ['urlPc', urlPc],
      ] as const) {
        if (v !== null && !isWebUrl(v))
          throw new GatewayError('A503', `${at}.${field} must be an http(s) URL`);
      }
      if (b.type === 'WL' && (schemeAndroid !== null || schemeIos !== null)) {
        throw new GatewayError('A503', `${at}: app schemes are for AL buttons`);
      }
      for (const [field, v] of [
        ['schemeAndroid', schemeAndroid],
        ['schemeIos', schemeIos],
      ] as const) {
        if (v !== null && length(v) > LIMITS.url)
          throw new GatewayError('A503', `${at}.${field} is too long`);
      }
      if (urlMobile !== null) button.urlMobile = urlMobile;
      if (urlPc !== null) button.urlPc = urlPc;
      if (schemeAndroid !== null) button.schemeAndroid = schemeAndroid;
      if (schemeIos !== null) button.schemeIos = schemeIos;
    } else if (urlMobile !== null || urlPc !== null || schemeAndroid !== null || schemeIos !== null) {
      throw new GatewayError('A503', `${at}: links are only for WL and AL buttons, not ${b.type}`);
    }
    return button;
  });
  const channelAdd = messageType === 'AD' || messageType === 'MI';
  if (channelAdd && out[0]?.type !== 'AC') {
    throw new GatewayError(
      'A503',
      `templateMessageType ${messageType} needs buttons[0] of type AC (channel add)`,
    );
  }
  const misplaced = out.findIndex((b, i) => b.type === 'AC' && !(channelAdd && i === 0));
  if (misplaced !== -1) {
    throw new GatewayError(
      'A503',
      `buttons[${misplaced}]: an AC (channel add) button is only the first button of an AD or MI template`,
    );
  }
  return out;
}
