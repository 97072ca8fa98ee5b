import { expect, it } from 'vitest';
import common from '../../../public/locales/en/common.json';
import { ERROR_MESSAGES } from '../../shared/errors';

function lookup(path: string[]): unknown {
  return path.reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], common);
}

it('every error code the server can answer with has an English text the page can show', () => {
  const missing = Object.keys(ERROR_MESSAGES).filter((code) => {
    const parts = code.split('.');
    return typeof lookup(['apiErrors', ...parts]) !== 'string';
  });
  expect(missing).toEqual([]);
});

it('a validation error for any field has a fallback naming the field', () => {
  expect(lookup(['apiErrors', 'validation', 'invalid'])).toContain('{{field}}');
});
