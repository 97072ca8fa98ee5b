// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderInAccount } from '../../../../test-utils/account-page';
import { createTestI18n } from '../../../../test-utils/i18n';
import { serveApi } from '../../../../test-utils/serve-api';
import type { LinkedIdentity } from '../../api/identities';
import { LinkedIdentitiesSection } from './LinkedIdentitiesSection';

let i18n: i18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const LINKED: LinkedIdentity = {
  id: 'i1',
  providerId: 'default',
  provider: 'Example ID',
  email: 'alice@example.com',
  createdAt: '2029-01-01T10:00:00.000Z',
  lastUsedAt: null,
};
const METHODS = {
  password: true,
  signup: true,
  providers: [
    { id: 'default', name: 'Example ID' },
    { id: '2', name: 'Partners' },
  ],
  passwordReset: false,
  passkeys: false,
  header: null,
};
const URL = '/api/v1/account/identities';

describe('providers linked to the account, on the security page', () => {
  it('lists them, and offers to link the others by signing in to them from here', async () => {
    serveApi({ [`GET ${URL}`]: [200, [LINKED]], 'GET /api/v1/authentication/methods': [200, METHODS] });
    renderInAccount(i18n, <LinkedIdentitiesSection />, '/account/security');
    const list = await screen.findByRole('list', { name: 'Linked providers' });
    expect(within(list).getByText('Example ID')).toBeTruthy();
    expect(within(list).getByText('alice@example.com')).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'Link Partners' });
    expect(link.getAttribute('href')).toBe('/api/v1/authentication/oidc/2/start?next=%2Faccount%2Fsecurity&link=true');
    expect(screen.queryByRole('link', { name: 'Link Example ID' })).toBeNull();
  });

  it('unlinks after asking; the only way in is refused with the server’s reason', async () => {
    let refuse = true;
    serveApi({
      [`GET ${URL}`]: [200, [LINKED]],
      'GET /api/v1/authentication/methods': [200, METHODS],
      [`DELETE ${URL}/i1`]: () =>
        refuse ? [409, { code: 'oidc.last_method', message: 'no' }] : [200, { unlinked: true }],
    });
    renderInAccount(i18n, <LinkedIdentitiesSection />, '/account/security');
    fireEvent.click(await screen.findByRole('button', { name: 'Unlink Example ID' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unlink' }));
    expect(await within(dialog).findByText(/only way to sign in/)).toBeTruthy();
    refuse = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unlink' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('No provider is linked to your account yet.')).toBeTruthy();
  });

  it('says why a link from here was refused', async () => {
    serveApi({ [`GET ${URL}`]: [200, []], 'GET /api/v1/authentication/methods': [200, { ...METHODS, providers: [] }] });
    renderInAccount(i18n, <LinkedIdentitiesSection />, '/account/security?error=oidc.identity_taken');
    expect((await screen.findByRole('alert')).textContent).toContain('already linked to another account');
    expect(await screen.findByText('This instance has no single sign-on providers.')).toBeTruthy();
  });

  it('says why when the instance holds the session until it has a second factor, instead of loading for ever', async () => {
    serveApi({
      [`GET ${URL}`]: [403, { code: 'auth.two_factor_required', message: 'no' }],
      'GET /api/v1/authentication/methods': [200, METHODS],
    });
    renderInAccount(i18n, <LinkedIdentitiesSection />, '/account/security');
    expect(await screen.findByText(/Set up two-factor codes or a passkey first/)).toBeTruthy();
    expect(screen.queryByText('Loading the linked providers…')).toBeNull();
  });
});
