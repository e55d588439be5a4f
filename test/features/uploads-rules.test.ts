import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { detectImage, extensionContradicts, isAllowedFormat } from '../../src/rules/image-format.ts';
import {
  describeRatioRule,
  matchesRatio,
  ratioAllowed,
  ratioOf,
  shareOneRatio,
} from '../../src/rules/image-ratio.ts';
import { gif, jpeg, png } from '../helpers/images.ts';
import { TEXT } from './uploads-fixtures.ts';

describe('image rules (pure)', () => {
  test('detectImage reads the format and size from the header, whatever it is named', () => {
    assert.deepEqual(detectImage(png(800, 400)), { ok: true, type: 'png', width: 800, height: 400 });
    assert.deepEqual(detectImage(gif(300, 200)), { ok: true, type: 'gif', width: 300, height: 200 });
    assert.deepEqual(detectImage(jpeg(640, 480)), { ok: true, type: 'jpg', width: 640, height: 480 });
    const webp = new TextEncoder().encode(
      'RIFF\x24\x00\x00\x00WEBPVP8X\x0a\x00\x00\x00\x00\x00\x00\x00\x1f\x03\x00\x8f\x01\x00',
    );
    const w = detectImage(webp);
    assert.equal(w.ok && w.type, 'webp');
  });

  test('detectImage: EXIF orientations 5-8 swap width and height (as a handset shows it)', () => {
    for (const o of [5, 6, 7, 8]) {
      assert.deepEqual(detectImage(jpeg(800, 400, { orientation: o })), {
        ok: true,
        type: 'jpg',
        width: 400,
        height: 800,
      });
    }
    for (const o of [1, 2, 3, 4]) {
      const d = detectImage(jpeg(800, 400, { orientation: o }));
      assert.deepEqual(d.ok && [d.width, d.height], [800, 400]);
    }
  });

  test('detectImage refuses text, empty files and headers without a size; it never throws', () => {
    assert.deepEqual(detectImage(TEXT), { ok: false, reason: 'the content is not a recognised image' });
    assert.deepEqual(detectImage(new Uint8Array(0)), { ok: false, reason: 'the file is empty' });
    assert.deepEqual(detectImage(new Uint8Array([0xff, 0xd8, 0xff, 0xd9])), {
      ok: false,
      reason: 'the jpg header holds no readable image size',
    });
    assert.equal(detectImage(png(0, 10)).ok, false);
    assert.equal(detectImage(new Uint8Array([0x89, 0x50, 0x4e, 0x47])).ok, false);
  });

  test('isAllowedFormat and extensionContradicts', () => {
    assert.equal(isAllowedFormat('png', ['jpg', 'png']), true);
    assert.equal(isAllowedFormat('gif', ['jpg', 'png']), false);
    assert.equal(extensionContradicts('jpg', 'png'), true);
    assert.equal(extensionContradicts('png', 'png'), false);
    for (const ext of ['jpg', 'JPEG', 'jpe', 'jfif'])
      assert.equal(extensionContradicts(ext, 'jpg'), false, ext);
    assert.equal(extensionContradicts('', 'png'), false, 'no extension: nothing to contradict');
    assert.equal(extensionContradicts('txt', 'png'), true);
    assert.equal(extensionContradicts('webp', 'webp'), false);
  });

  test('matchesRatio and ratioOf allow 2% off the named ratio', () => {
    assert.equal(matchesRatio(800, 400, { w: 2, h: 1 }), true);
    assert.equal(matchesRatio(800, 408, { w: 2, h: 1 }), true);
    assert.equal(matchesRatio(784, 400, { w: 2, h: 1 }), true);
    assert.equal(matchesRatio(800, 410, { w: 2, h: 1 }), false);
    assert.equal(ratioOf(800, 400), '2:1');
    assert.equal(ratioOf(801, 400), '2:1');
    assert.equal(ratioOf(500, 500), '1:1');
    assert.equal(ratioOf(800, 600), '4:3');
    assert.equal(ratioOf(600, 800), '3:4');
    assert.equal(ratioOf(1000, 600), '5:3');
    assert.equal(ratioOf(1920, 1080), '16:9');
  });

  test('shareOneRatio: carousel images of one ratio', () => {
    assert.equal(shareOneRatio([]), true);
    assert.equal(shareOneRatio([{ width: 800, height: 400 }]), true);
    assert.equal(
      shareOneRatio([
        { width: 800, height: 400 },
        { width: 1000, height: 500 },
        { width: 801, height: 400 },
      ]),
      true,
    );
    assert.equal(
      shareOneRatio([
        { width: 800, height: 400 },
        { width: 800, height: 800 },
      ]),
      false,
    );
  });

  test('ratioAllowed: one of, a range (either order, bounds with tolerance), any', () => {
    const range = { from: { w: 2, h: 1 }, to: { w: 3, h: 4 } };
    assert.equal(ratioAllowed(800, 400, range), true);
    assert.equal(ratioAllowed(600, 800, range), true);
    assert.equal(ratioAllowed(800, 800, range), true);
    assert.equal(ratioAllowed(816, 400, range), true, '2.04 is within 2% of 2');
    assert.equal(ratioAllowed(900, 400, range), false);
    assert.equal(ratioAllowed(500, 800, range), false);
    assert.equal(ratioAllowed(600, 800, { from: { w: 3, h: 4 }, to: { w: 2, h: 1 } }), true);
    const either = {
      oneOf: [
        { w: 2, h: 1 },
        { w: 1, h: 1 },
      ],
    };
    assert.equal(ratioAllowed(800, 800, either), true);
    assert.equal(ratioAllowed(800, 600, either), false);
    assert.equal(ratioAllowed(1, 5000, { any: true }), true);
    assert.equal(describeRatioRule(range), 'between 2:1 and 3:4');
    assert.equal(describeRatioRule(either), '2:1 or 1:1');
  });
});
