import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { concatFromSar, concatFromUdh } from '../../src/connectors/smpp/concat.ts';
import {
  decodeShortMessage,
  type Encoded,
  type EncodingOptions,
  encodeText,
  type Segment,
  splitUdh,
} from '../../src/connectors/smpp/encoding.ts';

const OPTIONS: EncodingOptions = {
  encoding: 'auto',
  dataCoding: { gsm: 0, ucs2: 8, latin1: 3 },
  concatenation: true,
  maxParts: 10,
};

function encode(text: string, options: Partial<EncodingOptions> = {}, ref = 7): Encoded {
  return encodeText(text, { ...OPTIONS, ...options }, ref);
}

function segmentsOf(encoded: Encoded): Segment[] {
  assert.ok(encoded.ok, `expected ok, got ${JSON.stringify(encoded)}`);
  return encoded.segments;
}

function bodies(encoded: Encoded): Buffer[] {
  return segmentsOf(encoded).map((s) => (s.esmClass & 0x40 ? splitUdh(s.shortMessage).body : s.shortMessage));
}

function roundTrip(encoded: Encoded): string {
  assert.ok(encoded.ok);
  return bodies(encoded)
    .map((b) => decodeShortMessage(b, encoded.dataCoding))
    .join('');
}

describe('encodeText: alphabet choice', () => {
  test('GSM when every char fits, unpacked one byte per septet', () => {
    const r = encode('Hello @ £ Δ');
    assert.ok(r.ok);
    assert.equal(r.alphabet, 'gsm');
    assert.equal(r.dataCoding, 0);
    assert.deepEqual(r.segments, [
      {
        shortMessage: Buffer.from([0x48, 0x65, 0x6c, 0x6c, 0x6f, 0x20, 0x00, 0x20, 0x01, 0x20, 0x10]),
        esmClass: 0,
      },
    ]);
  });

  test('Korean does not fit GSM: UCS2 big-endian', () => {
    const r = encode('안녕');
    assert.ok(r.ok);
    assert.equal(r.alphabet, 'ucs2');
    assert.equal(r.dataCoding, 8);
    assert.deepEqual(segmentsOf(r)[0]?.shortMessage, Buffer.from([0xc5, 0x48, 0xb1, 0x55]));
  });

  test('extension chars are ESC + char and count as 2 septets', () => {
    const r = encode('€[');
    assert.deepEqual(segmentsOf(r)[0]?.shortMessage, Buffer.from([0x1b, 0x65, 0x1b, 0x3c]));
    // 80 euro signs are 160 septets: one part; 81 are 162: two.
    assert.equal(segmentsOf(encode('€'.repeat(80))).length, 1);
    assert.equal(segmentsOf(encode('€'.repeat(81))).length, 2);
  });

  test('empty text: one empty segment', () => {
    const r = encode('');
    assert.ok(r.ok);
    assert.equal(r.alphabet, 'gsm');
    assert.deepEqual(r.segments, [{ shortMessage: Buffer.alloc(0), esmClass: 0 }]);
  });

  test('forced GSM turns unfit chars into ?', () => {
    const r = encode('a안😀b', { encoding: 'gsm' });
    assert.deepEqual(segmentsOf(r)[0]?.shortMessage, Buffer.from('a??b', 'latin1'));
  });

  test('forced latin1 keeps é and turns others into ?', () => {
    const r = encode('café €', { encoding: 'latin1' });
    assert.ok(r.ok);
    assert.equal(r.alphabet, 'latin1');
    assert.equal(r.dataCoding, 3);
    assert.deepEqual(r.segments[0]?.shortMessage, Buffer.from('café ?', 'latin1'));
  });

  test('data_coding override per alphabet', () => {
    const dataCoding = { gsm: 1, ucs2: 0x18, latin1: 4 };
    const codingOf = (r: Encoded): number => {
      assert.ok(r.ok);
      return r.dataCoding;
    };
    assert.equal(codingOf(encode('abc', { dataCoding })), 1);
    assert.equal(codingOf(encode('안', { dataCoding })), 0x18);
    assert.equal(codingOf(encode('é', { dataCoding, encoding: 'latin1' })), 4);
  });
});

describe('encodeText: splitting', () => {
  test('GSM 160 septets is one part without UDH, 161 is two of 153 + 8', () => {
    const one = segmentsOf(encode('a'.repeat(160)));
    assert.equal(one.length, 1);
    assert.equal(one[0]?.esmClass, 0);
    assert.equal(one[0]?.shortMessage.length, 160);

    const two = segmentsOf(encode('a'.repeat(161), {}, 0x1ab));
    assert.equal(two.length, 2);
    assert.deepEqual(
      two.map((s) => s.esmClass),
      [0x40, 0x40],
    );
    assert.deepEqual(two[0]?.shortMessage.subarray(0, 6), Buffer.from([0x05, 0x00, 0x03, 0xab, 2, 1]));
    assert.deepEqual(two[1]?.shortMessage.subarray(0, 6), Buffer.from([0x05, 0x00, 0x03, 0xab, 2, 2]));
    assert.equal(two[0]?.shortMessage.length, 6 + 153);
    assert.equal(two[1]?.shortMessage.length, 6 + 8);
  });

  test('UCS2 70 chars is one part of 140 bytes, 71 is two of 67 + 4 chars', () => {
    const one = segmentsOf(encode('가'.repeat(70)));
    assert.equal(one.length, 1);
    assert.equal(one[0]?.shortMessage.length, 140);
    const two = segmentsOf(encode('가'.repeat(71)));
    assert.deepEqual(
      two.map((s) => s.shortMessage.length),
      [6 + 134, 6 + 8],
    );
  });

  test('latin1 140 bytes is one part, 141 is two of 134 + 7', () => {
    assert.equal(segmentsOf(encode('é'.repeat(140), { encoding: 'latin1' })).length, 1);
    assert.deepEqual(
      segmentsOf(encode('é'.repeat(141), { encoding: 'latin1' })).map((s) => s.shortMessage.length),
      [6 + 134, 6 + 7],
    );
  });

  test('an escape pair is never split across parts', () => {
    // 152 septets then '€': the pair would straddle 152|153, so it moves whole to part 2.
    const bs = bodies(encode(`${'a'.repeat(152)}€${'b'.repeat(10)}`));
    assert.deepEqual(
      bs.map((b) => b.length),
      [152, 12],
    );
    assert.deepEqual(bs[1]?.subarray(0, 2), Buffer.from([0x1b, 0x65]));
  });

  test('a surrogate pair is never split across parts', () => {
    // 66 UCS2 chars (132 bytes), then an emoji (4 bytes) would end at 136 > 134.
    const bs = bodies(encode(`${'가'.repeat(66)}😀${'나'.repeat(10)}`));
    assert.deepEqual(
      bs.map((b) => b.length),
      [132, 24],
    );
    assert.equal(decodeShortMessage(bs[1] ?? Buffer.alloc(0), 8).startsWith('😀'), true);
  });

  test('more parts than maxParts: too-long', () => {
    assert.deepEqual(encode('a'.repeat(153 * 3 + 1), { maxParts: 3 }), {
      ok: false,
      reason: 'too-long',
      parts: 4,
    });
    assert.equal(segmentsOf(encode('a'.repeat(153 * 3), { maxParts: 3 })).length, 3);
  });

  test('concatenation off: a multi-part text needs-concatenation, a single-part one passes', () => {
    assert.deepEqual(encode('a'.repeat(161), { concatenation: false }), {
      ok: false,
      reason: 'needs-concatenation',
      parts: 2,
    });
    assert.equal(segmentsOf(encode('a'.repeat(160), { concatenation: false })).length, 1);
  });
});

describe('round trip encode → decode', () => {
  const texts: Array<[string, Partial<EncodingOptions>]> = [
    ['Hello @ world £5 {x} [y] ~ | ^ \\ € ÄÖÜäöüß\nok\r', {}],
    [`${'Grüße aus Köln € '.repeat(30)}@`, {}],
    ['안녕하세요 😀 한국어 '.repeat(20), {}],
    ['Ça coûte 5€ — naïve «déjà» ', { encoding: 'ucs2' }],
    ['Ça coûte cher, naïve «déjà» ±×÷ '.repeat(12), { encoding: 'latin1' }],
  ];
  for (const [text, options] of texts) {
    test(`${options.encoding ?? 'auto'}: ${[...text].slice(0, 20).join('')}…`, () => {
      assert.equal(roundTrip(encode(text, options)), text);
    });
  }
});

describe('decodeShortMessage', () => {
  test('data_coding by SMPP value and GSM 03.38 groups', () => {
    const gsm = Buffer.from([0x00, 0x41, 0x1b, 0x65]);
    assert.equal(decodeShortMessage(gsm, 0), '@A€');
    assert.equal(decodeShortMessage(gsm, 0xf1), '@A€');
    assert.equal(decodeShortMessage(gsm, 0x11), '@A€');
    assert.equal(decodeShortMessage(Buffer.from([0x00, 0x41]), 0x18), 'A');
    assert.equal(decodeShortMessage(Buffer.from([0xe9]), 3), 'é');
    assert.equal(decodeShortMessage(Buffer.from([0xe9]), 0x05), 'é');
  });

  test('plain ASCII under data_coding 0 and 1', () => {
    assert.equal(decodeShortMessage(Buffer.from('mail a@b.com, $5_x', 'latin1'), 0), 'mail a@b.com, $5_x');
    assert.equal(decodeShortMessage(Buffer.from('[x]{y}', 'latin1'), 1), '[x]{y}');
    // A byte ≥ 0x80 cannot be a septet: latin1.
    assert.equal(decodeShortMessage(Buffer.from('café', 'latin1'), 0), 'café');
    // A GSM-only byte (é = 0x05) says GSM: 0x40 is ¡ then.
    assert.equal(decodeShortMessage(Buffer.from([0x40, 0x05]), 0), '¡é');
    // Without one, data_coding 0 is ASCII: brackets and braces stay themselves.
    assert.equal(
      decodeShortMessage(Buffer.from('a@b.com $5 a_b [x] {y}', 'latin1'), 0),
      'a@b.com $5 a_b [x] {y}',
    );
  });

  test('Korean in KS C 5601 (EUC-KR): data_coding 0x0E, or high bytes under data_coding 0', () => {
    const annyeong = Buffer.from([0xbe, 0xc8, 0xb3, 0xe7]);
    assert.equal(decodeShortMessage(annyeong, 0x0e), '안녕');
    assert.equal(decodeShortMessage(annyeong, 0), '안녕');
    // Not valid EUC-KR: Latin-1.
    assert.equal(decodeShortMessage(Buffer.from([0xe9, 0x41]), 0x0e), 'éA');
  });

  test('unknown escape shows the basic char; trailing escape and odd UCS2 byte are dropped', () => {
    assert.equal(decodeShortMessage(Buffer.from([0x1b, 0x41, 0x42, 0x1b]), 0), 'AB');
    assert.equal(decodeShortMessage(Buffer.from([0x00, 0x41, 0x00]), 8), 'A');
  });
});

describe('splitUdh', () => {
  test('splits the UDH with its length byte', () => {
    const { udh, body } = splitUdh(Buffer.from([0x05, 0x00, 0x03, 0x01, 0x02, 0x01, 0x41]));
    assert.deepEqual(udh, Buffer.from([0x05, 0x00, 0x03, 0x01, 0x02, 0x01]));
    assert.deepEqual(body, Buffer.from([0x41]));
  });

  test('a length past the end or an empty buffer: no UDH', () => {
    assert.deepEqual(splitUdh(Buffer.from([0x09, 0x00])), { udh: null, body: Buffer.from([0x09, 0x00]) });
    assert.deepEqual(splitUdh(Buffer.alloc(0)), { udh: null, body: Buffer.alloc(0) });
  });
});

describe('concat info (MO)', () => {
  test('8-bit reference IE', () => {
    assert.deepEqual(concatFromUdh(Buffer.from([0x05, 0x00, 0x03, 0x2a, 0x03, 0x02])), {
      ref: 42,
      total: 3,
      seq: 2,
    });
  });

  test('16-bit reference IE, after another IE', () => {
    // Port addressing IE 05 (4 bytes) first, then 08.
    const udh = Buffer.from([0x0c, 0x05, 0x04, 0x0b, 0x84, 0x23, 0xf0, 0x08, 0x04, 0x12, 0x34, 0x02, 0x01]);
    assert.deepEqual(concatFromUdh(udh), { ref: 0x1234, total: 2, seq: 1 });
  });

  test('encodeText parts read back', () => {
    const segs = segmentsOf(encode('a'.repeat(200), {}, 300));
    const infos = segs.map((s) => concatFromUdh(splitUdh(s.shortMessage).udh ?? Buffer.alloc(0)));
    assert.deepEqual(infos, [
      { ref: 300 & 0xff, total: 2, seq: 1 },
      { ref: 300 & 0xff, total: 2, seq: 2 },
    ]);
  });

  test('malformed or absent: null', () => {
    assert.equal(concatFromUdh(Buffer.from([0x05, 0x00, 0x03, 0x01, 0x00, 0x01])), null); // total 0
    assert.equal(concatFromUdh(Buffer.from([0x05, 0x00, 0x03, 0x01, 0x02, 0x00])), null); // seq 0
    assert.equal(concatFromUdh(Buffer.from([0x05, 0x00, 0x03, 0x01, 0x02, 0x03])), null); // seq > total
    assert.equal(concatFromUdh(Buffer.from([0x05, 0x00, 0x05, 0x01, 0x02])), null); // IE past the end
    assert.equal(concatFromUdh(Buffer.from([0x04, 0x05, 0x02, 0x00, 0x00])), null); // no concat IE
    assert.equal(concatFromUdh(Buffer.alloc(0)), null);
  });

  test('SAR TLVs', () => {
    assert.deepEqual(concatFromSar(513, 3, 3), { ref: 513, total: 3, seq: 3 });
    assert.equal(concatFromSar(513, 3, undefined), null);
    assert.equal(concatFromSar(513, 3, 4), null);
    assert.equal(concatFromSar(513, 0, 0), null);
  });
});
