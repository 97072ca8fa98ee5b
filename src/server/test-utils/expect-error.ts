import { expect } from 'vitest';

/** An API refusal: the status, and the `{code, message}` body every error has (the body shown when it differs). */
export function expectError(
  response: { statusCode: number; body?: string; json(): unknown },
  status: number,
  code: string,
): void {
  const shown = response.body ?? JSON.stringify(response.json());
  expect(response.statusCode, shown).toBe(status);
  expect(response.json(), shown).toMatchObject({ code, message: expect.any(String) });
}
