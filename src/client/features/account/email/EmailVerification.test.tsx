// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { i18n } from 'i18next';
import { Outlet } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { SIGNED_IN } from '../../../test-utils/account-page';
import { createTestI18n } from '../../../test-utils/i18n';
import { renderRoutes } from '../../../test-utils/render';
import { sendEmailVerification } from '../api/send-email-verification';
import { EmailVerification } from './EmailVerification';

vi.mock('../api/send-email-verification', () => ({ sendEmailVerification: vi.fn() }));

let i18n: i18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const show = (emailVerified: boolean) =>
  renderRoutes(
    i18n,
    [
      {
        path: '/account',
        element: <Outlet context={{ account: { ...SIGNED_IN, emailVerified }, setAccount: vi.fn() }} />,
        children: [{ index: true, element: <EmailVerification /> }],
      },
    ],
    '/account',
  );

describe('the email verification status', () => {
  it('shows a verified address as such, with nothing to send', () => {
    show(true);
    expect(screen.getByText('Verified')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('sends the link again for an unverified address and announces it', async () => {
    vi.mocked(sendEmailVerification).mockResolvedValue({ sent: true, email: 'alice@example.com' });
    show(false);
    expect(screen.getByText('Not verified')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText('A link is on its way to alice@example.com. It works for 48 hours.')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('A link is on its way');
  });

  it('announces a refusal (too many links asked for) as an alert', async () => {
    vi.mocked(sendEmailVerification).mockRejectedValue(
      new ApiError(429, 'rate_limited', 'slow down', { retryAfterSeconds: 60 }),
    );
    show(false);
    fireEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Too many requests');
  });
});
