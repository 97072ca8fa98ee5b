import { expect, it } from 'vitest';
import { ApiError } from './api-client';
import { loadCode } from './load-code';

it('gives the module when its chunk arrives', async () => {
  await expect(loadCode(() => Promise.resolve({ answer: 42 }))).resolves.toEqual({ answer: 42 });
});

it('a chunk that does not arrive fails like a call without an answer', async () => {
  const failed = loadCode(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
  await expect(failed).rejects.toBeInstanceOf(ApiError);
  await expect(failed).rejects.toMatchObject({ status: 0, code: 'network.unreachable' });
});
