// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type { i18n } from 'i18next';
import type { ComponentType } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestI18n } from '../../test-utils/i18n';
import NotFoundPage from './NotFoundPage';
import PrivacyPage from './PrivacyPage';
import TermsPage from './TermsPage';

let i18n: i18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(cleanup);

const renderPage = (Page: ComponentType) =>
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <Page />
      </MemoryRouter>
    </I18nextProvider>,
  );

describe('static pages', () => {
  it.each([
    ['privacy', PrivacyPage, 'Privacy'],
    ['terms', TermsPage, 'Terms of use'],
  ] as const)('the %s page shows every heading and paragraph from its translations', async (key, Page, title) => {
    const { container } = renderPage(Page);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThanOrEqual(5);
    // A missing key would show up as the key itself.
    expect(container.textContent).not.toContain(`${key}.sections`);
    await waitFor(() => expect(document.title).toBe(`${title} · Hush`));
  });

  it('the privacy page says what the server never sees and that public secrets are plain text', () => {
    const { container } = renderPage(PrivacyPage);
    expect(container.textContent).toContain('the key that decrypts your secret');
    expect(container.textContent).toContain('IP address of the creator');
  });

  it('the not-found page links home and names itself in the document title', async () => {
    renderPage(NotFoundPage);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page not found');
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    await waitFor(() => expect(document.title).toBe('Page not found · Hush'));
  });
});
