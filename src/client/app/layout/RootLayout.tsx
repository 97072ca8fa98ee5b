import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { Alert } from '../../components/ui/Alert';
import { Spinner } from '../../components/ui/Spinner';
import { SessionCheck } from '../../features/auth/session-check/SessionCheck';
import { useActivityUnread } from '../../features/activity';
import { useUnreadCount } from '../../features/requests';
import { useSessionStore } from '../../features/auth/session.store';
import { useSettingsStore } from '../../features/settings/settings.store';
import { trackPageView } from '../../lib/analytics';
import { Drawer } from './Drawer';
import { Footer } from './Footer';
import { Header } from './Header';
import { WideLayout } from './layout-handle';
import { navLinks, type NavLink } from './nav-links';
import { ScrollRestoration } from './ScrollRestoration';

export function RootLayout() {
  const { t } = useTranslation();
  const { settings, isLoading, error } = useSettingsStore();
  const isLoggedIn = useSessionStore((state) => state.isLoggedIn);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const menuToggle = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const unread = useUnreadCount(isLoggedIn, location.pathname);
  const unseen = useActivityUnread(isLoggedIn, location.pathname);
  const badge = accountBadge(t, unread ?? 0, unseen ?? 0);
  const links = navLinks(isLoggedIn, settings).map((link) =>
    link.to === '/account' && badge ? { ...link, badge } : link,
  );
  const wide = useContext(WideLayout);

  useEffect(() => {
    trackPageView(location.pathname);
    setDrawerOpen(false);
  }, [location.pathname]);

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-3 py-2 text-indigo-700 focus:not-sr-only focus:fixed focus:top-2 focus:start-2"
      >
        {t('nav.skip')}
      </a>
      <Header
        links={links}
        drawerOpen={drawerOpen}
        onToggle={() => setDrawerOpen((open) => !open)}
        toggleRef={menuToggle}
      />
      <Drawer open={drawerOpen} links={links} onClose={closeDrawer} returnFocus={menuToggle} />
      <main id="main" className={`mx-auto w-full flex-1 px-4 pt-[99px] pb-12 ${wide ? 'max-w-5xl' : 'max-w-3xl'}`}>
        {error && (
          <div className="mb-4">
            <Alert tone="warning">{t('settings.loadFailed')}</Alert>
          </div>
        )}
        {isLoading ? (
          <div className="flex justify-center py-24">
            <Spinner size="lg" label={t('common.loading')} />
          </div>
        ) : (
          <Outlet />
        )}
      </main>
      <Footer />
      <SessionCheck />
      <ScrollRestoration />
    </div>
  );
}

/** The account link's count: unread responses and unseen events together, each said in words. */
function accountBadge(t: TFunction, responses: number, events: number): NavLink['badge'] {
  if (responses + events === 0) return undefined;
  const said = [
    responses > 0 && t('nav.unread', { count: responses }),
    events > 0 && t('nav.unseen', { count: events }),
  ].filter(Boolean);
  return { count: responses + events, label: said.join(', ') };
}
