// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { EVENT_TYPES } from '../../../../shared/rules/events';
import { renderInAccount } from '../../../test-utils/account-page';
import { createTestI18n } from '../../../test-utils/i18n';
import { sentBodies, serveApi } from '../../../test-utils/serve-api';
import type { NotificationSettings } from '../api/activity.types';
import { NotificationsSection } from './NotificationsSection';

let i18n: i18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PATH = '/api/v1/account/notifications';
const SETTINGS: NotificationSettings = {
  emailAvailable: true,
  email: 'alice@example.com',
  emailEvents: ['secret.viewed', 'request.answered'],
};
const open = () => renderInAccount(i18n, <NotificationsSection />, '/account/account-settings');
const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

describe('email notifications', () => {
  it('shows a checkbox per event type, grouped, the chosen ones ticked, and where emails go', async () => {
    serveApi({ [`GET ${PATH}`]: [200, SETTINGS] });
    open();
    const choices = await screen.findByRole('group', { name: 'Email me about' });
    expect(within(choices).getAllByRole('checkbox')).toHaveLength(EVENT_TYPES.length);
    expect(within(screen.getByRole('group', { name: 'Secrets' })).getAllByRole('checkbox')).toHaveLength(4);
    expect(within(screen.getByRole('group', { name: 'Requests' })).getAllByRole('checkbox')).toHaveLength(4);
    expect(box('Secret opened').checked).toBe(true);
    expect(box('Request answered').checked).toBe(true);
    expect(box('Secret burned').checked).toBe(false);
    expect(screen.getByText(/Emails go to alice@example\.com/)).toBeTruthy();
  });

  it('saves the ticked events, and says so', async () => {
    const fetchMock = serveApi({
      [`GET ${PATH}`]: [200, SETTINGS],
      [`PUT ${PATH}`]: (body) => [200, { ...SETTINGS, ...(body as object) }],
    });
    open();
    await screen.findByRole('group', { name: 'Email me about' });
    fireEvent.click(box('Secret opened'));
    fireEvent.click(box('Sign-in from a new device'));
    fireEvent.click(screen.getByRole('button', { name: 'Save notification choices' }));
    expect((await screen.findByRole('status')).textContent).toBe('Your notification choices are saved.');
    expect(sentBodies(fetchMock, `PUT ${PATH}`)).toEqual([{ emailEvents: ['request.answered', 'session.new_device'] }]);
  });

  it('says why a save failed', async () => {
    serveApi({
      [`GET ${PATH}`]: [200, SETTINGS],
      [`PUT ${PATH}`]: [403, { code: 'auth.session_required', message: 'Session required' }],
    });
    open();
    await screen.findByRole('group', { name: 'Email me about' });
    fireEvent.click(screen.getByRole('button', { name: 'Save notification choices' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This needs you signed in with your password, not an API token.',
    );
  });

  it('explains, and offers nothing to change, when the instance sends no email', async () => {
    const fetchMock = serveApi({ [`GET ${PATH}`]: [200, { ...SETTINGS, emailAvailable: false }] });
    open();
    expect(await screen.findByText('This instance sends no email')).toBeTruthy();
    expect(box('Secret opened').disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save notification choices' })).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('says when the choices could not be loaded', async () => {
    serveApi({});
    open();
    expect(await screen.findByText('Your notification choices could not be loaded')).toBeTruthy();
    expect(screen.getByText('The server cannot be reached. Check your connection.')).toBeTruthy();
  });
});
