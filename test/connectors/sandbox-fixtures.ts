import type { OutboundMessage } from '../../src/connectors/types.ts';

/** Outbound messages for the sandbox tests, as the dispatch engine hands them to a connector. */

/** 2026-03-10 12:00:00 in Korea (03:00 UTC). */
export const T = Date.UTC(2026, 2, 10, 3, 0, 0);
export const HOUR = 3600_000;
export const PHONE = '01012345670';

let seq = 0;
export function msg(over: Partial<OutboundMessage> = {}): OutboundMessage {
  seq += 1;
  return {
    msgKey: `K${String(seq).padStart(6, '0')}`,
    step: 0,
    accountId: 'acc',
    channel: 'sms',
    msgType: 'SM',
    to: PHONE,
    international: false,
    from: '0212345678',
    title: null,
    text: 'hello',
    payload: { from: '0212345678', text: 'hello' },
    submittedAt: T,
    ...over,
  };
}

/** An informational message (push unless the payload says polling). */
export const push = (over: Partial<OutboundMessage> = {}) =>
  msg({ channel: 'infomsg', msgType: 'AT', payload: { senderKey: 'SK1', templateCode: 'T1' }, ...over });

export const brand = (payload: Record<string, unknown>, over: Partial<OutboundMessage> = {}) =>
  msg({ channel: 'brandmessage', msgType: 'FT', payload: { senderKey: 'SK1', ...payload }, ...over });
