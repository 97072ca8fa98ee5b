import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/router';
import { loadSettings } from './features/settings/api/get-settings';
import { useSettingsStore } from './features/settings/settings.store';
import { initI18n } from './lib/i18n';
import { runtimeConfig } from './lib/runtime-config';
import './styles.css';

/**
 * An inbox link's key (/account/requests/{id}#inbox=…) is noted before anything can move the page (a signed-out
 * visitor is sent to /signin, which would lose the fragment). Its code is fetched for such a link only: every other
 * page starts without it.
 */
const inboxLinkNoted = (): Promise<void> =>
  /^\/account\/requests\/[^/]+\/?$/i.test(window.location.pathname) && window.location.hash.includes('inbox=')
    ? import('./features/requests/inbox-keys').then((keys) => keys.takeInboxLinkFromAddress())
    : Promise.resolve();

const root = document.getElementById('root');
if (root) {
  void loadSettings(useSettingsStore);
  void Promise.all([initI18n(runtimeConfig.forcedLanguage), inboxLinkNoted()]).then(() =>
    createRoot(root).render(
      <StrictMode>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </StrictMode>,
    ),
  );
}
