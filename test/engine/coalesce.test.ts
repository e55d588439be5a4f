import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { coalesce } from '../../src/engine/coalesce.ts';

describe('coalesce', () => {
  test('calls made in one turn run as one batch, each caller gets its own result', async () => {
    const batches: number[][] = [];
    const double = coalesce(async (xs: readonly number[]) => {
      batches.push([...xs]);
      return xs.map((x) => x * 2);
    });
    const results = await Promise.all([double(1), double(2), double(3)]);
    assert.deepEqual(results, [2, 4, 6]);
    assert.deepEqual(batches, [[1, 2, 3]]);
    // A later turn makes a batch of its own.
    assert.equal(await double(5), 10);
    assert.deepEqual(batches, [[1, 2, 3], [5]]);
  });

  test('a batch is cut at its maximum size', async () => {
    const sizes: number[] = [];
    const id = coalesce(async (xs: readonly number[]) => {
      sizes.push(xs.length);
      return xs;
    }, 2);
    assert.deepEqual(await Promise.all([id(1), id(2), id(3), id(4), id(5)]), [1, 2, 3, 4, 5]);
    assert.deepEqual(sizes, [2, 2, 1]);
  });

  test('a failed batch rejects every call of it, and the next batch runs anew', async () => {
    let fail = true;
    const f = coalesce(async (xs: readonly number[]) => {
      if (fail) throw new Error('database gone');
      return xs;
    });
    const settled = await Promise.allSettled([f(1), f(2)]);
    assert.deepEqual(
      settled.map((s) => s.status),
      ['rejected', 'rejected'],
    );
    fail = false;
    assert.equal(await f(3), 3);
  });
});
