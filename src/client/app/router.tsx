import { createBrowserRouter, type RouteObject } from 'react-router';
import { Spinner } from '../components/ui/Spinner';
import { loadNamespace } from '../lib/i18n';
import { RootLayout } from './layout/RootLayout';
import type { LayoutHandle } from './layout/layout-handle';
import { RouteError } from './RouteError';

// Pages load on demand, so the view page does not carry the create page's code (and the reverse).
const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

// The admin pages bring their texts along: visitors who never open them never download them.
const adminPage = (load: () => Promise<{ default: React.ComponentType }>) => async () => {
  const [module] = await Promise.all([load(), loadNamespace('admin')]);
  return { Component: module.default };
};

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteError />,
    // Shown while the first page's code loads.
    hydrateFallbackElement: (
      <div className="flex min-h-screen items-center justify-center">
        <Spinner size="lg" />
      </div>
    ),
    children: [
      { index: true, lazy: page(() => import('../features/secrets/create/CreateSecretPage')) },
      { path: 'secret/:encryptionKey/:secretId', lazy: page(() => import('../features/secrets/view/ViewSecretPage')) },
      { path: 'secret/:secretId', lazy: page(() => import('../features/secrets/view/ViewSecretPage')) },
      { path: 'public', lazy: page(() => import('../features/public/PublicSecretsPage')) },
      { path: 'public/:username', lazy: page(() => import('../features/public/PublicSecretsPage')) },
      { path: 'signin', lazy: page(() => import('../features/auth/pages/SigninPage')) },
      { path: 'signup', lazy: page(() => import('../features/auth/pages/SignupPage')) },
      { path: 'signout', lazy: page(() => import('../features/auth/pages/SignoutPage')) },
      { path: 'setup', lazy: page(() => import('../features/auth/pages/SetupPage')) },
      {
        path: 'account',
        handle: { wide: true } satisfies LayoutHandle,
        lazy: page(() => import('../features/account/layout/AccountLayout')),
        children: [
          { index: true, lazy: page(() => import('../features/account/overview/AccountOverviewPage')) },
          { path: 'account', lazy: page(() => import('../features/account/overview/AccountOverviewPage')) },
          { path: 'secrets', lazy: page(() => import('../features/account/secrets/OwnSecretsPage')) },
          {
            path: 'instance-settings',
            lazy: adminPage(() => import('../features/admin/settings/InstanceSettingsPage')),
          },
          {
            path: 'account-settings',
            lazy: page(() => import('../features/account/settings/AccountSettingsPage')),
          },
          { path: 'users', lazy: adminPage(() => import('../features/admin/users/UsersPage')) },
          { path: 'analytics', lazy: adminPage(() => import('../features/admin/analytics/AnalyticsPage')) },
          { path: 'privacy', lazy: page(() => import('../features/pages/PrivacyPage')) },
          { path: 'terms', lazy: page(() => import('../features/pages/TermsPage')) },
          { path: '*', lazy: page(() => import('../features/pages/NotFoundPage')) },
        ],
      },
      { path: 'privacy', lazy: page(() => import('../features/pages/PrivacyPage')) },
      { path: 'terms', lazy: page(() => import('../features/pages/TermsPage')) },
      { path: 'api-docs', lazy: page(() => import('../features/pages/ApiDocsPage')) },
      { path: '*', lazy: page(() => import('../features/pages/NotFoundPage')) },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
