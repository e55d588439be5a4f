import { isoKst } from '../../clock.ts';
import type { MoRecord } from '../../store/mo/mo.ts';

/** The spec's MO message (webhook body): every field a required string. */
export interface MoBody {
  msgKey: string;
  serviceType: 'MO';
  msgType: 'SM';
  to: string;
  from: string;
  carrier: string;
  originator: string;
  content: string;
  /** ISO 8601 with the +09:00 offset. */
  occurredTime: string;
}

export function moBody(mo: MoRecord): MoBody {
  return {
    msgKey: mo.msgKey,
    serviceType: 'MO',
    msgType: 'SM',
    to: mo.to,
    from: mo.from,
    carrier: mo.carrier,
    originator: mo.originator,
    content: mo.content,
    occurredTime: isoKst(mo.occurredAt),
  };
}
