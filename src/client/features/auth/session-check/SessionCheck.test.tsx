// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { createTestI18n } from '../../../test-utils/i18n';
import { refreshSession } from '../api/refresh-session';
import { clearCookies, setLoginCookie } from '../../../test-utils/login-cookie';
import { renderRoutes } from '../../../test-utils/render';
import { useSessionStore } from '../session.store';
import { SessionCheck } from './SessionCheck';

vi.mock('../api/refresh-session', () => ({ refreshSession: vi.fn() }));
const refreshMock = vi.mocked(refreshSession);

const HOUR = 3_600_000;
const START = Date.parse('2030-01-01T00:00:00.000Z');
/** The test clock: every check reads it. */
let now = START;
const clock = () => now;
const at = (ms: number) => new Date(ms).toISOString();

let i18n: i18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
beforeEach(() => {
  now = START;
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});
afterEach(() => {
  cleanup();
  clearCookies();
  vi.useRealTimers();
  vi.clearAllMocks();
});

function renderCheck() {
  return renderRoutes(
    i18n,
    [
      {
        path: '/',
        element: (
          <>
            <SessionCheck now={clock} />
            <button type="button">Page button</button>
          </>
        ),
      },
      { path: '/signout', element: <p>Sign-out page</p> },
    ],
    '/',
  );
}

const dialog = () => screen.queryByRole('dialog', { name: 'Authentication' });
/** One tick of the 60-second check, with the test clock moved on by `ms`. */
const nextCheck = (ms = 60_000) =>
  act(() => {
    now += ms;
    vi.advanceTimersByTime(60_000);
  });

describe('the session check (spec §4)', () => {
  it('asks nothing while the session has more than a day left', () => {
    setLoginCookie('alice', at(START + 25 * HOUR));
    renderCheck();
    expect(dialog()).toBeNull();
    expect(useSessionStore.getState()).toMatchObject({ isLoggedIn: true, username: 'alice' });
  });

  it('asks, in a modal titled Authentication, once the expiry is within a day', () => {
    setLoginCookie('alice', at(START + 24 * HOUR + 30_000));
    renderCheck();
    expect(dialog()).toBeNull();
    nextCheck();
    const modal = dialog()!;
    expect(modal.getAttribute('aria-modal')).toBe('true');
    expect(modal.textContent).toContain('Your session is about to expire. Do you want to extend it?');
    expect(within(modal).getByRole('button', { name: 'Update session' })).toBeTruthy();
    expect(within(modal).getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('keeps focus inside the modal: it starts on Update session and Tab wraps around', () => {
    setLoginCookie('alice', at(START + HOUR));
    renderCheck();
    const update = screen.getByRole('button', { name: 'Update session' });
    expect(document.activeElement).toBe(update);
    fireEvent.keyDown(update, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(update);
  });

  it('Update session calls the refresh, re-reads the login state and closes', async () => {
    setLoginCookie('alice', at(START + HOUR));
    refreshMock.mockImplementation(async () => {
      // The server answers with a fresh cookie, seven days on.
      setLoginCookie('alice', at(START + 7 * 24 * HOUR));
      return { username: 'alice', email: 'a@x.io', role: 'user', expirationDate: at(START) };
    });
    renderCheck();
    fireEvent.click(screen.getByRole('button', { name: 'Update session' }));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(refreshMock).toHaveBeenCalledTimes(1);
    expect(useSessionStore.getState().expiresAt?.toISOString()).toBe(at(START + 7 * 24 * HOUR));
    nextCheck();
    expect(dialog()).toBeNull();
  });

  it('sends the user to /signout when the refresh answers 401', async () => {
    setLoginCookie('alice', at(START + HOUR));
    refreshMock.mockRejectedValue(new ApiError(401, 'auth.not_signed_in', 'You are not signed in'));
    const router = renderCheck();
    fireEvent.click(screen.getByRole('button', { name: 'Update session' }));
    expect(await screen.findByText('Sign-out page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/signout');
    expect(dialog()).toBeNull();
  });

  it('keeps asking, with the reason, when the server cannot be reached', async () => {
    setLoginCookie('alice', at(START + HOUR));
    refreshMock.mockRejectedValue(Object.assign(new Error('offline'), { name: 'ApiError' }));
    renderCheck();
    fireEvent.click(screen.getByRole('button', { name: 'Update session' }));
    expect(await within(dialog()!).findByRole('alert')).toBeTruthy();
  });

  it('Cancel closes it and gives focus back; the same expiry is not asked about again', () => {
    setLoginCookie('alice', at(START + 24 * HOUR + 30_000));
    renderCheck();
    screen.getByRole('button', { name: 'Page button' }).focus();
    nextCheck();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Page button' }));
    expect(refreshMock).not.toHaveBeenCalled();
    nextCheck();
    expect(dialog()).toBeNull();
  });

  it('Escape is Cancel', () => {
    setLoginCookie('alice', at(START + HOUR));
    renderCheck();
    fireEvent.keyDown(screen.getByRole('button', { name: 'Update session' }), { key: 'Escape' });
    expect(dialog()).toBeNull();
  });

  it('asks again when the session gets a new expiry that is near too (extended in another tab)', () => {
    setLoginCookie('alice', at(START + HOUR));
    renderCheck();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    setLoginCookie('alice', at(START + 20 * HOUR));
    nextCheck();
    expect(dialog()).not.toBeNull();
  });

  it('closes, and the login state ends, when the session expires while the modal is open', () => {
    setLoginCookie('alice', at(START + 30_000));
    renderCheck();
    expect(dialog()).not.toBeNull();
    nextCheck();
    expect(dialog()).toBeNull();
    expect(useSessionStore.getState().isLoggedIn).toBe(false);
  });
});
