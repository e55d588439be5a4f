import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  normalizeMessageId,
  parseReceiptText,
  type Receipt,
  receiptFrom,
  receiptOutcome,
} from '../../src/connectors/smpp/receipt.ts';
import { statusName, submitStatus } from '../../src/connectors/smpp/status.ts';

const STANDARD =
  'id:0123456789 sub:001 dlvrd:001 submit date:2411220930 done date:241122093112 stat:DELIVRD err:000 text:Hello there';

function receipt(overrides: Partial<Receipt>): Receipt {
  return {
    id: '1',
    stat: 'DELIVRD',
    err: '000',
    submitDate: null,
    doneDate: null,
    sub: null,
    dlvrd: null,
    text: null,
    ...overrides,
  };
}

describe('parseReceiptText', () => {
  test('the SMPP 3.4 Appendix B form', () => {
    assert.deepEqual(parseReceiptText(STANDARD), {
      id: '0123456789',
      stat: 'DELIVRD',
      err: '000',
      submitDate: '2411220930',
      doneDate: '241122093112',
      sub: '001',
      dlvrd: '001',
      text: 'Hello there',
    });
  });

  test('reordered fields, upper-case keys, extra spaces', () => {
    const r = parseReceiptText(
      '  STAT: undeliv   ERR:012  Done Date:2411220931 ID:  abc9  Submit Date:2411220930 ',
    );
    assert.deepEqual(r, {
      id: 'abc9',
      stat: 'UNDELIV',
      err: '012',
      submitDate: '2411220930',
      doneDate: '2411220931',
      sub: null,
      dlvrd: null,
      text: null,
    });
  });

  test('missing text and err: text null, err 000', () => {
    const r = parseReceiptText(
      'id:77 sub:001 dlvrd:000 submit date:2411220930 done date:2411220931 stat:EXPIRED',
    );
    assert.equal(r?.text, null);
    assert.equal(r?.err, '000');
    assert.equal(r?.stat, 'EXPIRED');
  });

  test('a text that itself contains keys stays whole', () => {
    const r = parseReceiptText('id:5 stat:DELIVRD err:000 text:my id:9 stat:FAKE');
    assert.equal(r?.id, '5');
    assert.equal(r?.stat, 'DELIVRD');
    assert.equal(r?.text, 'my id:9 stat:FAKE');
  });

  test('text in the middle ends at the next field', () => {
    const r = parseReceiptText('id:5 text:hi there stat:ENROUTE');
    assert.equal(r?.text, 'hi there');
    assert.equal(r?.stat, 'ENROUTE');
  });

  test('no id or no stat: null', () => {
    assert.equal(parseReceiptText('sub:001 stat:DELIVRD'), null);
    assert.equal(parseReceiptText('id:1 err:000'), null);
    assert.equal(parseReceiptText('id: stat:DELIVRD'), null);
    assert.equal(parseReceiptText('hello'), null);
  });
});

describe('receiptFrom', () => {
  test('TLVs win over the text for id and stat', () => {
    const r = receiptFrom({ text: STANDARD, receiptedMessageId: 'TLV-1\0', messageState: 5 });
    assert.equal(r?.id, 'TLV-1');
    assert.equal(r?.stat, 'UNDELIV');
    assert.equal(r?.text, 'Hello there');
  });

  test('TLVs alone make a receipt', () => {
    assert.deepEqual(
      receiptFrom({ text: null, receiptedMessageId: 'x', messageState: 2 }),
      receipt({ id: 'x' }),
    );
    assert.equal(receiptFrom({ text: null, receiptedMessageId: 'x' }), null);
    assert.equal(receiptFrom({ text: '', messageState: 2 }), null);
  });

  test('an unknown message_state leaves the text stat', () => {
    assert.equal(receiptFrom({ text: STANDARD, messageState: 42 })?.stat, 'DELIVRD');
  });

  test('network_error_code fills err only when the text has none', () => {
    const nec = Buffer.from([0x03, 0x00, 0x0b]);
    assert.equal(receiptFrom({ text: 'id:1 stat:UNDELIV', networkErrorCode: nec })?.err, '011');
    assert.equal(receiptFrom({ text: 'id:1 stat:UNDELIV err:034', networkErrorCode: nec })?.err, '034');
    assert.equal(
      receiptFrom({ text: null, receiptedMessageId: '1', messageState: 5, networkErrorCode: nec })?.err,
      '011',
    );
  });
});

describe('normalizeMessageId', () => {
  test('hex, decimal and string forms', () => {
    assert.equal(normalizeMessageId(' 00A1', 'hex'), '161');
    assert.equal(normalizeMessageId('0xa1\0', 'hex'), '161');
    assert.equal(normalizeMessageId('000161', 'decimal'), '161');
    assert.equal(normalizeMessageId('AbC', 'string'), 'abc');
    assert.equal(normalizeMessageId('00AbC\0\0', 'string'), 'abc');
  });

  test('zero stays zero', () => {
    assert.equal(normalizeMessageId('000', 'decimal'), '0');
    assert.equal(normalizeMessageId('0', 'hex'), '0');
    assert.equal(normalizeMessageId('00', 'string'), '0');
  });

  test('a value not in its declared format falls back to the string form', () => {
    assert.equal(normalizeMessageId('0G12', 'hex'), 'g12');
    assert.equal(normalizeMessageId('12ab', 'decimal'), '12ab');
  });

  test('ids beyond 2^53 stay exact', () => {
    assert.equal(normalizeMessageId('FFFFFFFFFFFFFFFF', 'hex'), '18446744073709551615');
  });
});

describe('receiptOutcome', () => {
  test('delivered states', () => {
    assert.deepEqual(receiptOutcome(receipt({ stat: 'DELIVRD' })), {
      delivered: true,
      code: '10000',
      text: 'DELIVRD err:000',
    });
    assert.equal(receiptOutcome(receipt({ stat: 'ACCEPTD' }))?.delivered, true);
  });

  test('failed states carry 32 + message_state', () => {
    const codes = ['EXPIRED', 'DELETED', 'UNDELIV', 'UNKNOWN', 'REJECTD'].map(
      (stat) => receiptOutcome(receipt({ stat, err: '012' }))?.code,
    );
    assert.deepEqual(codes, ['82003', '82004', '82005', '82007', '82008']);
    assert.deepEqual(receiptOutcome(receipt({ stat: 'UNDELIV', err: '012' })), {
      delivered: false,
      code: '82005',
      text: 'UNDELIV err:012',
    });
  });

  test('non-final or unknown stat: null', () => {
    assert.equal(receiptOutcome(receipt({ stat: 'ENROUTE' })), null);
    assert.equal(receiptOutcome(receipt({ stat: 'WHATEVER' })), null);
  });
});

describe('submitStatus', () => {
  test('ok, retry and fail', () => {
    assert.deepEqual(submitStatus(0), { kind: 'ok' });
    assert.deepEqual(submitStatus(0x58), { kind: 'retry', text: 'SMPP ESME_RTHROTTLED (0x00000058)' });
    assert.deepEqual(submitStatus(0x14), { kind: 'retry', text: 'SMPP ESME_RMSGQFUL (0x00000014)' });
    assert.deepEqual(submitStatus(0x0b), {
      kind: 'fail',
      code: '81011',
      text: 'SMPP ESME_RINVDSTADR (0x0000000B)',
    });
    assert.deepEqual(submitStatus(0x45), {
      kind: 'fail',
      code: '81069',
      text: 'SMPP ESME_RSUBMITFAIL (0x00000045)',
    });
  });

  test('unknown and large statuses', () => {
    assert.deepEqual(submitStatus(0x400), { kind: 'fail', code: '81999', text: 'SMPP UNKNOWN (0x00000400)' });
    assert.equal(statusName(0x58), 'ESME_RTHROTTLED');
    assert.equal(statusName(0x09), 'UNKNOWN');
  });
});
