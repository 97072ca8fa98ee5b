import { expect } from 'vitest';
import { ApiError } from '../lib/api-client';

/** The ApiError a call failed with; a call that succeeds, or fails otherwise, fails the test. */
export async function apiFailure(call: Promise<unknown>): Promise<ApiError> {
  const outcome = await call.then(
    (value: unknown) => ({ value }),
    (error: unknown) => ({ error }),
  );
  if (!('error' in outcome)) throw new Error(`expected the call to fail, it gave ${JSON.stringify(outcome.value)}`);
  expect(outcome.error).toBeInstanceOf(ApiError);
  return outcome.error as ApiError;
}
