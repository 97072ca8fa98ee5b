// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { LANGUAGE_CODES, languageName } from '../../../shared/rules/languages';
import { runtimeConfig } from '../../lib/runtime-config';
import { createTestI18n } from '../../test-utils/i18n';
import { LanguagePicker } from './LanguagePicker';

let i18n: i18n;
beforeEach(async () => {
  localStorage.clear();
  i18n = await createTestI18n();
});
afterEach(() => {
  cleanup();
  runtimeConfig.forcedLanguage = '';
});

const show = () =>
  render(
    <I18nextProvider i18n={i18n}>
      <LanguagePicker />
    </I18nextProvider>,
  );

it('lists every language by its own name, marked with its language, and switches the page to the one chosen', async () => {
  show();
  const picker = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Language' });
  expect(picker.value).toBe('en');
  const options = [...picker.options];
  expect(options.map((option) => option.value)).toEqual(LANGUAGE_CODES);
  expect(options.map((option) => option.textContent)).toEqual(LANGUAGE_CODES.map(languageName));
  expect(options.map((option) => option.lang)).toEqual(LANGUAGE_CODES);
  fireEvent.change(picker, { target: { value: 'de' } });
  expect(i18n.language).toBe('de');
  // The pick is kept for the next visits (the detector reads it before the browser's list).
  expect(localStorage.getItem('i18nextLng')).toBe('de');
});

it('is not there when the instance forces a language', () => {
  runtimeConfig.forcedLanguage = 'fr';
  show();
  expect(screen.queryByRole('combobox')).toBeNull();
});
