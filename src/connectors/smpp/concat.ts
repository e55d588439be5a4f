// Which part of a concatenated MO message a deliver_sm carries: from its UDH or its SAR TLVs.

export interface ConcatInfo {
  ref: number;
  total: number;
  seq: number;
}

function valid(ref: number, total: number, seq: number): ConcatInfo | null {
  if (total < 1 || seq < 1 || seq > total) return null;
  return { ref, total, seq };
}

/**
 * From a UDH buffer (including its length byte, as splitUdh returns): IE 0x00 (8-bit ref) or
 * 0x08 (16-bit ref); null when there is none or it is malformed (total 0, seq 0 or seq > total).
 */
export function concatFromUdh(udh: Buffer): ConcatInfo | null {
  const end = Math.min(udh.length, (udh[0] ?? 0) + 1);
  // Walk the information elements (id, length, data); other IEs (ports, special SMS) are skipped.
  let i = 1;
  while (i + 1 < end) {
    const iei = udh[i] ?? 0;
    const len = udh[i + 1] ?? 0;
    const data = i + 2;
    if (data + len > end) return null;
    if (iei === 0x00 && len === 3) {
      return valid(udh[data] ?? 0, udh[data + 1] ?? 0, udh[data + 2] ?? 0);
    }
    if (iei === 0x08 && len === 4) {
      return valid(udh.readUInt16BE(data), udh[data + 2] ?? 0, udh[data + 3] ?? 0);
    }
    i = data + len;
  }
  return null;
}

/** From the sar_msg_ref_num / sar_total_segments / sar_segment_seqnum TLVs when all three are valid. */
export function concatFromSar(ref?: number, total?: number, seq?: number): ConcatInfo | null {
  if (ref === undefined || total === undefined || seq === undefined) return null;
  if (![ref, total, seq].every(Number.isInteger)) return null;
  return valid(ref, total, seq);
}
