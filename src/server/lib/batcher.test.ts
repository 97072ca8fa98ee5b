import { expect, it } from 'vitest';
import { batchFailure, createBatcher } from './batcher.js';

it('calls made together run as one batch and each caller gets its own result', async () => {
  const batches: number[][] = [];
  const double = createBatcher<number, number>(async (keys) => {
    batches.push(keys);
    return new Map(keys.map((key) => [key, key * 2]));
  });
  expect(await Promise.all([double(1), double(2), double(3)])).toEqual([2, 4, 6]);
  expect(batches).toEqual([[1, 2, 3]]);
});

it('a repeated key waits for the next batch, so a batch never holds a key twice', async () => {
  const batches: string[][] = [];
  let taken = false;
  // Like a last view: the first caller takes it, the second finds nothing.
  const take = createBatcher<string, string>(async (keys) => {
    batches.push(keys);
    const result = new Map<string, string>();
    if (!taken && keys.includes('a')) {
      taken = true;
      result.set('a', 'content');
    }
    return result;
  });
  expect(await Promise.all([take('a'), take('a'), take('b')])).toEqual(['content', undefined, undefined]);
  expect(batches).toEqual([['a', 'b'], ['a']]);
});

it('a batch is capped in size and the rest follow', async () => {
  const sizes: number[] = [];
  const echo = createBatcher<number, number>(async (keys) => {
    sizes.push(keys.length);
    return new Map(keys.map((key) => [key, key]));
  }, 4);
  const results = await Promise.all(Array.from({ length: 10 }, (_, i) => echo(i)));
  expect(results).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  expect(sizes).toEqual([4, 4, 2]);
});

it('a failed batch rejects each of its callers', async () => {
  const failing = createBatcher<number, number>(async () => {
    throw new Error('database down');
  });
  const results = await Promise.allSettled([failing(1), failing(2)]);
  expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
});

it('a batch may fail some callers with their own errors and serve the others', async () => {
  const insert = createBatcher<number, true>(async (keys) => {
    return new Map(keys.map((key) => [key, key === 2 ? batchFailure(new Error(`row ${key} is bad`)) : true]));
  });
  const results = await Promise.allSettled([insert(1), insert(2), insert(3)]);
  expect(results).toEqual([
    { status: 'fulfilled', value: true },
    { status: 'rejected', reason: new Error('row 2 is bad') },
    { status: 'fulfilled', value: true },
  ]);
});
