import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/router';
import { takeInboxLinkFromAddress } from './features/requests';
import { loadSettings } from './features/settings/api/get-settings';
import { useSettingsStore } from './features/settings/settings.store';
import { initI18n } from './lib/i18n';
import { runtimeConfig } from './lib/runtime-config';
import './styles.css';

const root = document.getElementById('root');
if (root) {
  takeInboxLinkFromAddress();
  void loadSettings(useSettingsStore);
  void initI18n(runtimeConfig.forcedLanguage).then(() =>
    createRoot(root).render(
      <StrictMode>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </StrictMode>,
    ),
  );
}
