import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { TimelineItem } from '../../console/src/messages/types.ts';
import {
  buttonsOf,
  externalLinksOf,
  hasInlineStyle,
  html,
  imagesOf,
  labelOf,
  linksOf,
  placeholdersOf,
  slidesOf,
  textOf,
} from './renderers-helpers.ts';

/*
 * The renderers on items built by hand: what no send through the gateway produces (a failure at
 * the handset, payloads with unsafe or odd values), so each rule has a test of its own. The
 * kinds as the gateway delivers them are tested in renderers.test.tsx.
 */

function item(over: Partial<TimelineItem>): TimelineItem {
  return {
    id: 1,
    kind: 'message',
    channel: 'sms',
    msgType: null,
    from: '0212345678',
    title: null,
    text: 'hello',
    msgKey: 'K1',
    step: 0,
    failover: false,
    receivedAt: '2026-03-10T03:00:05Z',
    payload: {},
    failure: null,
    media: {},
    mo: null,
    ...over,
  };
}

test('a failure at the handset is a marked event: what was attempted, the channel, the code and text', () => {
  const out = html(
    item({
      kind: 'failure',
      channel: 'rcs',
      msgType: 'RM',
      title: 'Sale',
      text: 'Everything   must\ngo',
      payload: {
        formatId: 'SMwThT00',
        brandKey: 'bk1',
        body: { title: 'Sale', description: 'x', media: 'rcs_1' },
      },
      failure: { code: '30002', text: 'Not an RCS device' },
      step: 0,
    }),
  );
  assert.equal(labelOf(out), 'Not delivered: RCS (card) from 0212345678');
  const seen = textOf(out);
  assert.match(seen, /Not delivered: RCS \(card\) from 0212345678/);
  assert.match(seen, /30002 Not an RCS device/);
  assert.match(seen, /Sale: Everything must go/);
  // An event, not the message: no bubble, no card, no image placeholder.
  assert.doesNotMatch(out, /class="msg-(bubble|card)/);
  assert.deepEqual(placeholdersOf(out), []);
  assert.match(out, /class="msg msg--failure"/);
});

test('a failed step that was itself a failover keeps its badge; a long text is cut', () => {
  const out = html(
    item({
      kind: 'failure',
      failover: true,
      step: 1,
      text: 'x'.repeat(300),
      failure: { code: '30001', text: 'Handset unreachable' },
    }),
  );
  assert.match(textOf(out), /Failover/);
  assert.match(textOf(out), /x{140}…/);
  assert.doesNotMatch(textOf(out), /x{141}/);
});

test('every item shows the sender, the Korea time, and links to its message', () => {
  const out = html(item({ msgKey: '0MBX/1' }));
  assert.equal(labelOf(out), 'SMS from 0212345678');
  assert.match(out, /<time dateTime="2026-03-10T03:00:05Z">2026-03-10 12:00:05<\/time>/i);
  assert.deepEqual(
    linksOf(out).map((l) => [l.href, l.text]),
    [['/console/messages/0MBX%2F1', '0MBX/1']],
  );
  assert.doesNotMatch(textOf(out), /Failover/);
  // No number: the profile, then the RCS brand, names the sender.
  assert.equal(
    labelOf(
      html(item({ channel: 'brandmessage', from: null, payload: { senderKey: 'sk1', msgType: 'FT' } })),
    ),
    'Brand message (text) from sk1',
  );
  assert.equal(
    labelOf(html(item({ channel: 'rcs', from: null, payload: { brandKey: 'bk1' } }))),
    'RCS (short text) from bk1',
  );
});

test('only http(s) addresses become links or images; anything else stays a label or a placeholder', () => {
  const out = html(
    item({
      channel: 'brandmessage',
      from: null,
      text: 'Look',
      payload: {
        senderKey: 'sk1',
        msgType: 'FI',
        attachment: {
          image: { imgUrl: 'data:image/png;base64,AAAA', imgLink: 'javascript:alert(1)' },
          button: [
            { type: 'WL', name: 'Evil', urlMobile: 'javascript:alert(1)' },
            { type: 'AL', name: 'App', schemeAndroid: 'app://x' },
            { type: 'WL', name: 'Shop', urlMobile: 'https://shop.example/a?b=1&c=2' },
            { type: 'WL', name: '' },
          ],
        },
      },
    }),
  );
  assert.deepEqual(buttonsOf(out), ['Evil', 'App', 'Shop']);
  assert.deepEqual(
    externalLinksOf(out).map((l) => [l.href, l.text, l.target, l.rel]),
    [['https://shop.example/a?b=1&c=2', 'Shop', '_blank', 'noreferrer noopener']],
  );
  assert.deepEqual(imagesOf(out), []);
  assert.deepEqual(placeholdersOf(out), ['Message image: not viewable']);
  assert.doesNotMatch(out, /javascript:|data:image/);
});

test('texts are never markup; nothing is styled inline (the CSP forbids it)', () => {
  const out = html(item({ text: '<img src=x onerror=alert(1)> & "quotes"' }));
  assert.doesNotMatch(out, /<img/);
  assert.match(textOf(out), /<img src=x onerror=alert\(1\)> & "quotes"/);
  assert.equal(hasInlineStyle(out), false);
});

test('MMS images: drawn from the URLs the timeline gives; a key without one is a labelled placeholder; no fileKey is an LMS', () => {
  const mms = html(
    item({
      channel: 'mms',
      title: 'Photos',
      text: 'see',
      payload: { fileKey: ['mms_a', 'mms_b'] },
      media: { mms_a: 'http://127.0.0.1:8080/files/mms/a-1f2e.jpg' },
    }),
  );
  assert.equal(labelOf(mms), 'MMS from 0212345678');
  assert.deepEqual(imagesOf(mms), [
    { src: 'http://127.0.0.1:8080/files/mms/a-1f2e.jpg', alt: 'Image 1 of 2' },
  ]);
  assert.deepEqual(placeholdersOf(mms), ['Image 2 of 2: not viewable']);
  assert.match(textOf(mms), /Image mms_b \(expired or unknown\)/);
  assert.match(textOf(mms), /Photos see/);
  const lms = html(item({ channel: 'mms', title: null, text: 'long', payload: { subject: 'Subj' } }));
  assert.equal(labelOf(lms), 'LMS from 0212345678');
  assert.match(textOf(lms), /Subj long/);
});

test('RCS buttons: the flat shape and per-card suggestions; a carousel body array is a row of cards', () => {
  const flat = html(
    item({
      channel: 'rcs',
      payload: {
        formatId: 'SL000000',
        buttons: [
          { name: 'Call', url: 'tel:123' },
          { displayText: 'Web', url: 'https://w.example' },
        ],
      },
    }),
  );
  assert.deepEqual(buttonsOf(flat), ['Call', 'Web']);
  assert.deepEqual(
    externalLinksOf(flat).map((l) => l.text),
    ['Web'],
  );
  const carousel = html(
    item({
      channel: 'rcs',
      text: '',
      payload: {
        formatId: 'CMwShS0300',
        body: [
          { title: 'One', description: 'first', media: 'rcs_1' },
          { title: 'Two', description: 'second', media: 'https://img.example/2.png' },
        ],
        buttons: [
          {
            suggestions: [
              { action: { displayText: 'Buy 1', urlAction: { openUrl: { url: 'https://a.example' } } } },
            ],
          },
          { suggestions: [{ action: { displayText: 'Buy 2' } }] },
        ],
      },
    }),
  );
  assert.equal(labelOf(carousel), 'RCS (carousel) from 0212345678');
  assert.deepEqual(slidesOf(carousel), [
    'RCS media rcs_1 (expired or unknown) One first Buy 1',
    'Two second Buy 2',
  ]);
  assert.deepEqual(imagesOf(carousel), [{ src: 'https://img.example/2.png', alt: 'Media of Two' }]);
  assert.deepEqual(placeholdersOf(carousel), ['Media of One: not viewable']);
});

test('a channel or brand type the console does not know still shows its text', () => {
  const out = html(item({ channel: 'fax', text: 'beep' }));
  assert.equal(labelOf(out), 'fax message from 0212345678');
  assert.match(textOf(out), /beep/);
  const brand = html(item({ channel: 'brandmessage', text: 'new kind', payload: { msgType: 'ZZ' } }));
  assert.match(textOf(brand), /new kind/);
});
