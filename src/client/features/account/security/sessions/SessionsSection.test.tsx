// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import german from '../../../../../../public/locales/de/account.json';
import { renderInAccount } from '../../../../test-utils/account-page';
import { createTestI18n } from '../../../../test-utils/i18n';
import { serveApi } from '../../../../test-utils/serve-api';
import type { Session } from '../../api/sessions';
import { SessionsSection } from './SessionsSection';

let i18n: i18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const URL = '/api/v1/account/sessions';
const session = (id: string, agent: Partial<Session>): Session => ({
  id,
  current: false,
  method: 'password',
  browser: null,
  os: null,
  client: null,
  userAgent: null,
  createdAt: '2029-01-01T10:00:00.000Z',
  lastSeenAt: '2029-01-02T10:00:00.000Z',
  expiresAt: '2029-02-01T10:00:00.000Z',
  ...agent,
});
const SESSIONS = [
  session('s1', { current: true, browser: 'Chrome', os: 'Windows' }),
  session('s2', { browser: 'Firefox' }),
  session('s3', { os: 'Linux' }),
  session('s4', { client: 'Python', userAgent: 'Python-urllib/3.11' }),
  session('s5', { userAgent: 'SomeAgent/1.0' }),
  session('s6', {}),
];

const names = async () => {
  const list = await screen.findByRole('list', { name: 'Where you are signed in' });
  return within(list)
    .getAllByRole('button', { name: /^Sign out / })
    .map((button) => button.getAttribute('aria-label'));
};

describe('where the account is signed in', () => {
  it('names each browser and system in words of the page, a script by its tool, and shows other agents as sent', async () => {
    serveApi({ [`GET ${URL}`]: [200, SESSIONS] });
    renderInAccount(i18n, <SessionsSection />, '/account/security');
    expect(await names()).toEqual([
      'Sign out Chrome on Windows',
      'Sign out Firefox on an unknown system',
      'Sign out Unknown browser on Linux',
      'Sign out Command line or script (Python)',
      'Sign out Unknown browser',
      'Sign out Unknown browser',
    ]);
    expect(screen.getByText('Python-urllib/3.11')).toBeTruthy();
    expect(screen.getByText('SomeAgent/1.0')).toBeTruthy();
  });

  it('says it in German on a German page, the brand names as they are', async () => {
    serveApi({ [`GET ${URL}`]: [200, SESSIONS.slice(0, 4)] });
    const de = await createTestI18n('de');
    de.addResourceBundle('de', 'account', german);
    renderInAccount(de, <SessionsSection />, '/account/security');
    expect(await screen.findByText('Chrome unter Windows')).toBeTruthy();
    expect(screen.getByText('Firefox auf einem unbekannten System')).toBeTruthy();
    expect(screen.getByText('Unbekannter Browser unter Linux')).toBeTruthy();
    expect(screen.getByText('Kommandozeile oder Skript (Python)')).toBeTruthy();
  });

  it('names the session it signed out', async () => {
    serveApi({
      [`GET ${URL}`]: [200, SESSIONS.slice(0, 2)],
      [`DELETE ${URL}/s2`]: [200, { revoked: true, current: false }],
    });
    renderInAccount(i18n, <SessionsSection />, '/account/security');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out Firefox on an unknown system' }));
    expect((await screen.findByRole('status')).textContent).toContain('Firefox on an unknown system is signed out.');
  });
});
