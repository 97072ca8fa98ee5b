import type { i18n } from 'i18next';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { vi } from 'vitest';
import type { Role } from '../../../shared/api/auth.contract';
import type { Account, AccountOutlet } from '../account';
import { renderRoutes } from '../../test-utils/render';

export const ADMIN: Account = {
  username: 'root',
  email: 'root@example.com',
  role: 'admin',
  generated: false,
  emailVerified: true,
  createdAt: '2029-01-01T00:00:00.000Z',
};

/** An admin page under a stand-in for the account layout, which hands it the signed-in account. */
export function renderAdminPage(i18n: i18n, page: ReactNode, path: string, role: Role = 'admin') {
  const context: AccountOutlet = { account: { ...ADMIN, role }, setAccount: vi.fn() };
  const router = renderRoutes(
    i18n,
    [
      { path: '/account', element: <Outlet context={context} />, children: [{ path: '*', element: page }] },
      { path: '/signout', element: <p>Sign-out page</p> },
    ],
    path,
  );
  return { router, context };
}

export { sentBodies, serveApi } from '../../test-utils/serve-api';
