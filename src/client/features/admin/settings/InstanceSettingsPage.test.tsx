// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../../shared/rules/settings';
import { createTestI18n } from '../../../test-utils/i18n';
import { describedBy, typeInto } from '../../../test-utils/render';
import { useSettingsStore } from '../../settings';
import { renderAdminPage, sentBodies, serveApi } from '../admin.test-utils';
import InstanceSettingsPage from './InstanceSettingsPage';

let i18n: i18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useSettingsStore.getState().setSettings(DEFAULT_SETTINGS);
});

const SETTINGS = { ...DEFAULT_SETTINGS, managed: [] as string[] };
const PATH = '/api/v1/admin/settings';
const open = () => renderAdminPage(i18n, <InstanceSettingsPage />, '/account/instance-settings');
const toggle = (name: string) => screen.getByRole('switch', { name }) as HTMLInputElement;
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));

describe('the instance settings page', () => {
  it('shows the six switches and the domain, each with its help line', async () => {
    serveApi({ [`GET ${PATH}`]: [200, { ...SETTINGS, read_only: true, restrict_organization_email: 'example.com' }] });
    open();
    expect(((await screen.findByRole('switch', { name: 'Read-only' })) as HTMLInputElement).checked).toBe(true);
    expect(toggle('Turn off user accounts').checked).toBe(false);
    expect(toggle('Hide the IP restriction').checked).toBe(true);
    expect(describedBy(toggle('Turn off user accounts'))).toContain('Admins can still sign in.');
    expect(describedBy(toggle('Turn off sign-up'))).toContain('Admins can still create users.');
    expect(describedBy(toggle('Read-only'))).toContain('Only admins and creators can create secrets.');
    expect(toggle('Turn off file uploads')).toBeTruthy();
    expect((screen.getByLabelText('Allowed email domain') as HTMLInputElement).value).toBe('example.com');
    expect(screen.getByRole('group', { name: 'Accounts' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Secrets' })).toBeTruthy();
    expect(toggle('Turn off requests').checked).toBe(false);
    expect(describedBy(toggle('Turn off requests'))).toContain('Nobody can ask for a secret');
    expect(screen.getByRole('group', { name: 'Requests' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Notifications' })).toBeTruthy();
    expect(describedBy(toggle('Turn off webhooks'))).toContain('No webhook is delivered');
  });

  it('saves the changes, says so, and the rest of the page follows at once', async () => {
    const fetchMock = serveApi({
      [`GET ${PATH}`]: [200, SETTINGS],
      [`PUT ${PATH}`]: (body) => [200, { ...(body as object), managed: [] }],
    });
    open();
    fireEvent.click(await screen.findByRole('switch', { name: 'Turn off sign-up' }));
    fireEvent.click(toggle('Hide the IP restriction'));
    fireEvent.click(toggle('Turn off requests'));
    fireEvent.click(toggle('Turn off notification emails'));
    typeInto('Allowed email domain', ' example.org ');
    save();
    expect(await screen.findByText('The settings are saved and apply at once.')).toBeTruthy();
    expect(sentBodies(fetchMock, `PUT ${PATH}`)).toEqual([
      {
        disable_users: false,
        disable_user_account_creation: true,
        read_only: false,
        disable_file_upload: false,
        hide_allowed_ip_input: false,
        disable_requests: true,
        disable_webhooks: false,
        disable_email_notifications: true,
        require_two_factor: 'off',
        restrict_organization_email: 'example.org',
      },
    ]);
    expect(useSettingsStore.getState().settings).toMatchObject({
      disable_user_account_creation: true,
      hide_allowed_ip_input: false,
      restrict_organization_email: 'example.org',
      disable_requests: true,
    });
    expect(useSettingsStore.getState().settings).not.toHaveProperty('managed');
  });

  it('checks the domain before sending, and shows the server refusing it at the field', async () => {
    const fetchMock = serveApi({
      [`GET ${PATH}`]: [200, SETTINGS],
      [`PUT ${PATH}`]: [
        400,
        { code: 'validation.restrict_organization_email', message: 'nope', field: 'restrict_organization_email' },
      ],
    });
    open();
    await screen.findByLabelText('Allowed email domain');
    typeInto('Allowed email domain', '@example.com');
    save();
    const input = screen.getByLabelText('Allowed email domain');
    expect(describedBy(input)).toContain('Enter the domain alone, without @: example.com.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect(sentBodies(fetchMock, `PUT ${PATH}`)).toEqual([]);

    typeInto('Allowed email domain', 'example.com');
    save();
    await waitFor(() =>
      expect(describedBy(input)).toContain('Enter a domain such as example.com, or leave the field empty.'),
    );
    expect(screen.queryByText('The settings are saved and apply at once.')).toBeNull();
  });

  it('shows other refusals above the button and keeps the form', async () => {
    serveApi({
      [`GET ${PATH}`]: [200, SETTINGS],
      [`PUT ${PATH}`]: [403, { code: 'settings.managed', message: 'managed' }],
    });
    open();
    fireEvent.click(await screen.findByRole('switch', { name: 'Turn off user accounts' }));
    save();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The settings were not saved');
    expect(alert.textContent).toContain('set by the server');
    expect(toggle('Turn off user accounts').checked).toBe(true);
  });

  it('shows settings pinned by the environment disabled, and says where they are set', async () => {
    const fetchMock = serveApi({
      [`GET ${PATH}`]: [200, { ...SETTINGS, read_only: true, managed: ['read_only', 'restrict_organization_email'] }],
      [`PUT ${PATH}`]: (body) => [200, { ...SETTINGS, ...(body as object), managed: ['read_only'] }],
    });
    open();
    const readOnly = await screen.findByRole('switch', { name: 'Read-only' });
    expect((readOnly as HTMLInputElement).disabled).toBe(true);
    expect(describedBy(readOnly)).toContain("Set by the server's environment (HUSH_SETTING_READ_ONLY).");
    expect((screen.getByLabelText('Allowed email domain') as HTMLInputElement).disabled).toBe(true);
    expect(toggle('Turn off user accounts').disabled).toBe(false);
    expect(screen.getByText(/Some settings are set by the server's environment/)).toBeTruthy();
    save();
    await screen.findByText('The settings are saved and apply at once.');
    expect(sentBodies(fetchMock, `PUT ${PATH}`)[0]).not.toHaveProperty('restrict_organization_email');
  });

  it('has no save button when the environment pins every setting', async () => {
    const managed = Object.keys(DEFAULT_SETTINGS);
    serveApi({ [`GET ${PATH}`]: [200, { ...SETTINGS, managed }] });
    open();
    expect(await screen.findByText(/All settings are set by the server's environment/)).toBeTruthy();
    expect(screen.getAllByRole('switch').every((item) => (item as HTMLInputElement).disabled)).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save settings' })).toBeNull();
  });

  it('says when the settings cannot be loaded, and tries again', async () => {
    serveApi({ [`GET ${PATH}`]: [500, { code: 'server.error', message: 'boom' }] });
    open();
    expect(await screen.findByText('The settings could not be loaded')).toBeTruthy();
    expect(screen.getByText('Something went wrong on our side. Try again.')).toBeTruthy();
    serveApi({ [`GET ${PATH}`]: [200, SETTINGS] });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('switch', { name: 'Turn off user accounts' })).toBeTruthy();
  });

  it('shows the forbidden state when the server refuses a non-admin', async () => {
    serveApi({ [`GET ${PATH}`]: [403, { code: 'auth.admin_required', message: 'Only admins can do this' }] });
    open();
    expect(await screen.findByText('You do not have permission to see this page')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to your account' }).getAttribute('href')).toBe('/account');
  });

  it('shows the forbidden state to a non-admin without asking the server', () => {
    const fetchMock = serveApi({});
    renderAdminPage(i18n, <InstanceSettingsPage />, '/account/instance-settings', 'user');
    expect(screen.getByText('You do not have permission to see this page')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Instance settings' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the visitor to /signout when the session has ended', async () => {
    serveApi({ [`GET ${PATH}`]: [401, { code: 'auth.not_signed_in', message: 'no' }] });
    open();
    expect(await screen.findByText('Sign-out page')).toBeTruthy();
  });

  describe('requiring a second factor', () => {
    const THIS_BROWSER = {
      id: 's',
      current: true,
      browser: 'Firefox',
      os: 'Linux',
      client: null,
      userAgent: null,
      createdAt: '2029-01-01T10:00:00.000Z',
      lastSeenAt: '2029-01-01T10:00:00.000Z',
      expiresAt: '2029-02-01T10:00:00.000Z',
    };
    const own = (totp: boolean, method = 'password') => ({
      '/api/v1/account/two-factor': [200, { totp, backupCodesLeft: totp ? 10 : 0 }] as [number, unknown],
      '/api/v1/account/passkeys': [200, []] as [number, unknown],
      '/api/v1/account/sessions': [200, [{ ...THIS_BROWSER, method }]] as [number, unknown],
    });
    const served = (answers: Record<string, [number, unknown]>) =>
      serveApi({
        [`GET ${PATH}`]: [200, SETTINGS],
        ...Object.fromEntries(Object.entries(answers).map(([url, answer]) => [`GET ${url}`, answer])),
      });
    const choose = async (option: string) => {
      const select = await screen.findByRole('combobox', { name: 'Require a second factor' });
      fireEvent.change(select, { target: { value: option } });
      return select;
    };
    const WARNING = 'You have no second factor yet';

    it('warns an admin without one, signed in with a password, and links to where it is set up', async () => {
      served(own(false));
      open();
      const select = await choose('admins');
      await waitFor(() => expect(describedBy(select)).toContain(WARNING));
      expect(describedBy(select)).toContain('Set up two-factor codes or a passkey first');
      const link = screen.getByRole('link', { name: 'Set one up on the security page' });
      expect(link.getAttribute('href')).toBe('/account/security');
      await choose('everyone');
      expect(describedBy(select)).toContain(WARNING);
      await choose('off');
      expect(describedBy(select)).not.toContain(WARNING);
    });

    it('says why the server refuses to save it (issue 29.7), and keeps the form', async () => {
      serveApi({
        [`GET ${PATH}`]: [200, SETTINGS],
        ...Object.fromEntries(Object.entries(own(false)).map(([url, answer]) => [`GET ${url}`, answer])),
        [`PUT ${PATH}`]: [409, { code: 'settings.own_second_factor_missing', message: 'first' }],
      });
      open();
      const select = await choose('everyone');
      save();
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain('The settings were not saved');
      expect(alert.textContent).toContain('would lock you out of the admin pages');
      expect((select as HTMLSelectElement).value).toBe('everyone');
    });

    it('says nothing to an admin who has one, or who signed in without a password', async () => {
      for (const answers of [own(true), own(false, 'oidc')]) {
        const fetchMock = served(answers);
        open();
        const select = await choose('everyone');
        await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(4));
        await new Promise((resolve) => setTimeout(resolve, 20));
        expect(describedBy(select)).not.toContain(WARNING);
        cleanup();
      }
    });
  });
});
