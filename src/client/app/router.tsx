import { Component, Suspense, use, useMemo, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, useLocation, useRoutes, type Location, type RouteObject } from 'react-router';
import { Spinner } from '../components/ui/Spinner';
import { loadNamespace, type Namespace } from '../lib/i18n';
import { RootLayout } from './layout/RootLayout';
import { isWide, WideLayout, type LayoutHandle } from './layout/layout-handle';
import { RouteError } from './RouteError';

/** A page's code, fetched once: started for every matched route together, waited for before the page draws. */
interface PageCode {
  start(): Promise<unknown>;
  ready(): boolean;
}

interface PageHandle extends LayoutHandle {
  code?: PageCode;
}

// Pages load on demand, so the view page does not carry the create page's code (and the reverse).
export function page(
  load: () => Promise<{ default: ComponentType }>,
  handle: LayoutHandle = {},
): Pick<RouteObject, 'element' | 'handle'> {
  let Loaded: ComponentType | null = null;
  let loading: Promise<unknown> | null = null;
  const code: PageCode = {
    start: () =>
      (loading ??= load().then((module) => {
        Loaded = module.default;
      })),
    ready: () => Loaded !== null,
  };
  function Page() {
    if (!Loaded) use(code.start());
    return Loaded ? <Loaded /> : null;
  }
  return { element: <Page />, handle: { ...handle, code } satisfies PageHandle };
}

// The admin pages bring their texts along: visitors who never open them never download them.
const adminPage = (load: () => Promise<{ default: ComponentType }>) =>
  page(async () => (await Promise.all([load(), loadNamespace('admin')]))[0]);
// The request pages too: most visitors never ask for a secret nor answer a request.
const requestsPage = (load: () => Promise<{ default: ComponentType }>) =>
  page(async () => (await Promise.all([load(), loadNamespace('requests')]))[0]);
// And a receipt's words (how a secret ended), on its page and in the account's list of secrets.
const receiptsPage = (load: () => Promise<{ default: ComponentType }>) =>
  page(async () => (await Promise.all([load(), loadNamespace('receipts')]))[0]);

// Activity, notification choices and webhooks (issue 15): signed-in users only, and the event names they share.
const pageWithTexts = (load: () => Promise<{ default: ComponentType }>, ...namespaces: Namespace[]) =>
  page(async () => (await Promise.all([load(), ...namespaces.map(loadNamespace)]))[0]);

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      { index: true, ...page(() => import('../features/secrets/create/CreateSecretPage')) },
      { path: 'secret/:encryptionKey/:secretId', ...page(() => import('../features/secrets/view/ViewSecretPage')) },
      { path: 'secret/:secretId', ...page(() => import('../features/secrets/view/ViewSecretPage')) },
      { path: 'request/:id', ...requestsPage(() => import('../features/requests/respond/RespondPage')) },
      { path: 'receipt/:id', ...receiptsPage(() => import('../features/receipts/ReceiptPage')) },
      { path: 'public', ...page(() => import('../features/public/PublicSecretsPage')) },
      { path: 'public/:username', ...page(() => import('../features/public/PublicSecretsPage')) },
      { path: 'signin', ...page(() => import('../features/auth/pages/SigninPage')) },
      { path: 'signin/link', ...page(() => import('../features/auth/oidc/OidcLinkPage')) },
      { path: 'signup', ...page(() => import('../features/auth/pages/SignupPage')) },
      { path: 'signout', ...page(() => import('../features/auth/pages/SignoutPage')) },
      { path: 'setup', ...page(() => import('../features/auth/pages/SetupPage')) },
      { path: 'forgot-password', ...page(() => import('../features/auth/email-links/ForgotPasswordPage')) },
      { path: 'reset-password', ...page(() => import('../features/auth/email-links/ResetPasswordPage')) },
      { path: 'verify-email', ...page(() => import('../features/auth/email-links/VerifyEmailPage')) },
      { path: 'confirm-signup', ...page(() => import('../features/auth/email-links/ConfirmSignupPage')) },
      {
        path: 'account',
        ...page(() => import('../features/account/layout/AccountLayout'), { wide: true }),
        children: [
          { index: true, ...page(() => import('../features/account/overview/AccountOverviewPage')) },
          { path: 'account', ...page(() => import('../features/account/overview/AccountOverviewPage')) },
          { path: 'activity', ...pageWithTexts(() => import('../features/activity/feed/ActivityPage'), 'activity') },
          { path: 'secrets', ...receiptsPage(() => import('../features/account/secrets/OwnSecretsPage')) },
          { path: 'requests', ...requestsPage(() => import('../features/requests/list/RequestsPage')) },
          { path: 'requests/new', ...requestsPage(() => import('../features/requests/create/CreateRequestPage')) },
          { path: 'requests/:id', ...requestsPage(() => import('../features/requests/inbox/RequestInboxPage')) },
          {
            path: 'webhooks',
            ...pageWithTexts(() => import('../features/webhooks/WebhooksPage'), 'webhooks', 'activity'),
          },
          { path: 'instance-settings', ...adminPage(() => import('../features/admin/settings/InstanceSettingsPage')) },
          {
            path: 'account-settings',
            ...pageWithTexts(() => import('../features/account/settings/AccountSettingsPage'), 'activity'),
          },
          { path: 'security', ...page(() => import('../features/account/security/SecurityPage')) },
          { path: 'users', ...adminPage(() => import('../features/admin/users/UsersPage')) },
          { path: 'analytics', ...adminPage(() => import('../features/admin/analytics/AnalyticsPage')) },
          {
            path: 'instance-webhooks',
            ...pageWithTexts(
              () => import('../features/admin/webhooks/InstanceWebhooksPage'),
              'admin',
              'webhooks',
              'activity',
            ),
          },
          { path: 'privacy', ...page(() => import('../features/pages/PrivacyPage')) },
          { path: 'terms', ...page(() => import('../features/pages/TermsPage')) },
          { path: '*', ...page(() => import('../features/pages/NotFoundPage')) },
        ],
      },
      { path: 'privacy', ...page(() => import('../features/pages/PrivacyPage')) },
      { path: 'terms', ...page(() => import('../features/pages/TermsPage')) },
      { path: 'api-docs', ...page(() => import('../features/pages/ApiDocsPage')) },
      { path: '*', ...page(() => import('../features/pages/NotFoundPage')) },
    ],
  },
];

/**
 * Nothing of a page draws before the code of every route on its way has arrived (a layout's and its page's,
 * fetched together): the first page shows a spinner meanwhile; a later one keeps the current page on screen, as
 * the router moves between pages in a transition.
 */
function RoutesWhenReady({ routes, location }: { routes: RouteObject[]; location: Location }) {
  const matches = useMemo(() => matchRoutes(routes, location) ?? [], [routes, location]);
  const codes = matches.flatMap((match) => (match.route.handle as PageHandle | undefined)?.code ?? []);
  const waiting = codes.filter((code) => !code.ready()).map((code) => code.start());
  for (const loading of waiting) use(loading);
  const element = useRoutes(routes, location);
  return <WideLayout value={isWide(matches)}>{element}</WideLayout>;
}

/** A page that failed to load or threw: the error page, until the next navigation. */
class RouteErrorBoundary extends Component<
  { location: Location; children: ReactNode },
  { failed: boolean; error: unknown; location: Location }
> {
  override state = { failed: false, error: null as unknown, location: this.props.location };

  static getDerivedStateFromError(error: unknown) {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(
    props: { location: Location },
    state: { failed: boolean; error: unknown; location: Location },
  ) {
    return props.location === state.location ? null : { failed: false, error: null, location: props.location };
  }

  override render() {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/** `routes` for the current address, each page drawn once its code is here; an error page when one fails. */
export function PageRoutes({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  return (
    <RouteErrorBoundary location={location}>
      <Suspense
        fallback={
          <div className="flex min-h-screen items-center justify-center">
            <Spinner size="lg" />
          </div>
        }
      >
        <RoutesWhenReady routes={routes} location={location} />
      </Suspense>
    </RouteErrorBoundary>
  );
}

/** The app's pages for the browser's address, inside a `<BrowserRouter>`. */
export const AppRoutes = () => <PageRoutes routes={routes} />;
