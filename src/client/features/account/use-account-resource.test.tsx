// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import type { i18n } from 'i18next';
import { Outlet, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { createTestI18n } from '../../test-utils/i18n';
import { renderRoutes } from '../../test-utils/render';
import { useAccountResource } from './use-account-resource';

let i18n: i18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(cleanup);

const pending = () => new Promise<never>(() => undefined);
const held = () => Promise.reject(new ApiError(403, 'auth.two_factor_required', 'Set up a second factor first'));

/** Shows a resource's state, and the page it is on (with the reason the page was sent there). */
function Probe({ name, load }: { name: string; load: () => Promise<unknown> }) {
  const { state } = useAccountResource(load);
  const { pathname, state: sent } = useLocation() as { pathname: string; state: { reason?: string } | null };
  const shown = state.status === 'error' ? `error ${(state.error as ApiError).code}` : state.status;
  return <p>{`${name} at ${pathname}${sent?.reason ? ` (${sent.reason})` : ''}: ${shown}`}</p>;
}

describe('a part of the account that loads something', () => {
  it('on the security page, shows a required second factor as its error instead of waiting for ever', async () => {
    renderRoutes(
      i18n,
      [{ path: '/account/security', element: <Probe name="identities" load={held} /> }],
      '/account/security',
    );
    expect(await screen.findByText('identities at /account/security: error auth.two_factor_required')).toBeTruthy();
  });

  it('elsewhere, sends the visitor to the security page, and a part that stays there shows the error', async () => {
    renderRoutes(
      i18n,
      [
        {
          path: '/account',
          element: (
            <>
              <Probe name="layout" load={held} />
              <Outlet />
            </>
          ),
          children: [
            { path: 'secrets', element: <Probe name="secrets" load={held} /> },
            { path: 'security', element: <Probe name="security" load={pending} /> },
          ],
        },
      ],
      '/account/secrets',
    );
    expect(
      await screen.findByText('layout at /account/security (two_factor_required): error auth.two_factor_required'),
    ).toBeTruthy();
    expect(screen.getByText('security at /account/security (two_factor_required): loading')).toBeTruthy();
    expect(screen.queryByText(/^secrets/)).toBeNull();
  });

  it('a session the server no longer knows goes to /signout', async () => {
    const gone = () => Promise.reject(new ApiError(401, 'auth.not_signed_in', 'Not signed in'));
    renderRoutes(
      i18n,
      [
        { path: '/account/security', element: <Probe name="sessions" load={gone} /> },
        { path: '/signout', element: <p>Sign-out page</p> },
      ],
      '/account/security',
    );
    expect(await screen.findByText('Sign-out page')).toBeTruthy();
  });
});
