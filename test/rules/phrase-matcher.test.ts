import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CompiledRules } from '../../src/features/policy/compiled-rules.ts';
import { OptKeywords } from '../../src/rules/opt-keywords.ts';
import { foldText, PhraseMatcher } from '../../src/rules/phrase-matcher.ts';
import type { PolicyRule } from '../../src/store/policy/policy-rules.ts';

describe('phrase matcher (spam-filter text rules)', () => {
  test('finds any of many phrases in one pass, overlapping and nested ones included', () => {
    const m = new PhraseMatcher([
      ['he', 1],
      ['she', 2],
      ['hers', 3],
      ['abcd', 4],
      ['bc', 5],
    ]);
    assert.equal(m.find('ushers'), 2, 'the first phrase to end wins');
    assert.equal(m.find('xhex'), 1);
    assert.equal(m.find('abce'), 5, 'a failed longer phrase falls back to the one inside it');
    assert.equal(m.find('abd ac'), undefined);
    assert.equal(new PhraseMatcher<number>([]).find('anything'), undefined);
    assert.equal(new PhraseMatcher([['   ', 1]]).size, 0, 'a phrase of only spaces is left out');
  });

  test('compares folded: case, whitespace, full-width forms', () => {
    const m = new PhraseMatcher([
      ['무담보 대출', 'loan'],
      ['FREE gift', 'free'],
    ]);
    assert.equal(m.find('오늘만 무담보대출 가능'), 'loan');
    assert.equal(m.find('무 담 보\t대\n출'), 'loan');
    assert.equal(m.find('a ＦＲＥＥ  Gift for you'), 'free');
    assert.equal(m.find('free gif'), undefined);
    assert.equal(foldText(' Ａ b\u3000C '), 'abc');
  });
});

describe('compiled number rules', () => {
  const rule = (
    id: string,
    accountId: string | null,
    kind: PolicyRule['kind'],
    match: PolicyRule['match'],
    pattern: string,
  ): PolicyRule => ({
    id,
    accountId,
    kind,
    match,
    pattern,
    note: null,
    createdAt: 0,
  });
  const rules = new CompiledRules([
    rule('g-exact', null, 'recipient', 'exact', '01011112222'),
    rule('a-prefix', 'acc1', 'recipient', 'prefix', '0505'),
    rule('g-prefix', null, 'recipient', 'prefix', '0303123'),
    rule('a-sender', 'acc1', 'sender', 'exact', '0212345678'),
    rule('a-text', 'acc1', 'text', 'contains', 'casino'),
  ]);

  test('exact numbers and prefixes, global or of one account', () => {
    assert.equal(rules.recipients.find('acc2', '01011112222')?.id, 'g-exact');
    assert.equal(rules.recipients.find('acc1', '05051234567')?.id, 'a-prefix');
    assert.equal(rules.recipients.find('acc2', '05051234567'), undefined, "another account's rule");
    assert.equal(rules.recipients.find('acc2', '03031234567')?.id, 'g-prefix');
    assert.equal(rules.recipients.find('acc2', '0303124'), undefined);
    assert.equal(rules.recipients.find('acc2', '030'), undefined, 'shorter than the prefix');
    assert.equal(rules.senders.find('acc1', '0212345678')?.id, 'a-sender');
    assert.equal(rules.senders.find('acc2', '0212345678'), undefined);
  });

  test('which accounts any rule concerns', () => {
    assert.equal(rules.appliesTo('acc9'), true, 'global rules concern every account');
    assert.equal(new CompiledRules([rule('x', 'acc1', 'text', 'contains', 'y')]).appliesTo('acc2'), false);
    assert.equal(rules.findText('acc1', 'Casino night')?.id, 'a-text');
    assert.equal(rules.findText('acc2', 'Casino night'), undefined);
  });
});

describe('opt-out and opt-in keywords', () => {
  const k = new OptKeywords(['수신거부', 'STOP'], ['START']);
  test('a whole message, folded and stripped of punctuation around it', () => {
    for (const m of ['STOP', ' stop. ', 'Stop!', '수신 거부', '수신거부!!', 'ＳＴＯＰ'])
      assert.equal(k.classify(m), 'out', m);
    assert.equal(k.classify('start'), 'in');
    for (const m of ["don't stop", '수신거부 철회', 'STOPS', '', 'x'.repeat(100)])
      assert.equal(k.classify(m), null, m);
  });
});
