import type { i18n } from 'i18next';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { vi } from 'vitest';
import type { Role } from '../../shared/api/auth.contract';
import type { Account, AccountOutlet } from '../features/account';
import { renderRoutes } from './render';

export const SIGNED_IN: Account = {
  username: 'alice',
  email: 'alice@example.com',
  role: 'user',
  generated: false,
  emailVerified: true,
  createdAt: '2029-01-01T00:00:00.000Z',
};

/**
 * A page of the account area under a stand-in for its layout, which hands it the signed-in account (`role` as
 * given); /signout says when the page sent the visitor there.
 */
export function renderInAccount(i18n: i18n, page: ReactNode, path: string, role: Role = 'user') {
  const context: AccountOutlet = { account: { ...SIGNED_IN, role }, setAccount: vi.fn() };
  return renderRoutes(
    i18n,
    [
      { path: '/account', element: <Outlet context={context} />, children: [{ path: '*', element: page }] },
      { path: '/signout', element: <p>Sign-out page</p> },
    ],
    path,
  );
}
