import assert from 'node:assert/strict';
import type { FlowStep } from '../../src/engine/flow.ts';
import { insertSendRequest } from '../../src/store/messages/messages.ts';
import type { TestGateway } from '../helpers/gateway.ts';

/* What the tests of the message search by text and sender, and of its export, share. */

export async function setClock(t: TestGateway, kst: string): Promise<void> {
  const res = await t.request({ method: 'POST', url: '/sandbox/v1/clock', admin: true, body: { set: kst } });
  assert.equal(res.statusCode, 200, res.body);
}

/** A stored SMS step as the send path keeps it (engine/flow.ts), keywords and all. */
export function smsStep(from: string, text: string): FlowStep {
  return {
    channel: 'sms',
    serviceType: 'SMS',
    msgType: 'SM',
    from,
    title: null,
    text,
    payload: { from, text },
    responseMethod: null,
    timeoutSec: null,
  };
}

export interface Filler {
  accountId: string;
  requestId: string;
  /** msgKeys are `${prefix}${i padded to 6}`: pick a prefix that sorts after the real keys. */
  prefix: string;
  count: number;
  flow: FlowStep[];
  /** Each message's replaceWords (by its index). */
  words?: (i: number) => Record<string, string>;
  to?: (i: number) => string;
  /** created_at of the first; each next one 1 ms later. */
  at: number;
}

/**
 * Messages straight into the tables (as a busy day would leave them), delivered, one request for
 * all of them: its flow is what the text and sender searches read.
 */
export async function fillMessages(t: TestGateway, f: Filler): Promise<string[]> {
  const store = t.gw.ctx.store;
  await insertSendRequest(
    store.db,
    store.caps,
    {
      id: f.requestId,
      accountId: f.accountId,
      keyId: 'k',
      flow: JSON.stringify(f.flow),
      paymentCode: null,
      groupKey: null,
      ref: null,
      dlr: false,
      resvKey: null,
    },
    f.at,
  );
  const rows = Array.from({ length: f.count }, (_, i) => ({
    msg_key: `${f.prefix}${String(i).padStart(6, '0')}`,
    account_id: f.accountId,
    request_id: f.requestId,
    to_number: f.to?.(i) ?? '01039999999',
    dest_ref: null,
    vars: f.words ? JSON.stringify({ replaceWords: f.words(i) }) : null,
    step: 0,
    status: 'delivered',
    next_at: null,
    report_code: '10000',
    report_text: 'Delivered',
    created_at: f.at + i,
    updated_at: f.at + i,
    done_at: f.at + i,
  }));
  for (let i = 0; i < rows.length; i += 500) {
    await store.db
      .insertInto('messages')
      .values(rows.slice(i, i + 500))
      .execute();
  }
  return rows.map((r) => r.msg_key);
}

/** The export's columns, in their order (the CSV header, the JSON objects' keys). */
export const COLUMNS = [
  'msgKey',
  'accountId',
  'accountName',
  'to',
  'sender',
  'channel',
  'step',
  'status',
  'reportCode',
  'reportText',
  'ref',
  'createdAt',
  'doneAt',
  'updatedAt',
  'requestId',
  'title',
  'text',
] as const;

/** An RFC 4180 reader (quoted cells, doubled quotes, CRLF): what a spreadsheet reads back. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else {
      assert.ok(ch !== '\n' && ch !== '"', `a bare ${JSON.stringify(ch)} at ${i} outside quotes`);
      cell += ch;
    }
  }
  assert.equal(cell, '', 'the file ends with a line break');
  assert.equal(row.length, 0);
  return rows;
}
