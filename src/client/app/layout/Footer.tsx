import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { runtimeConfig } from '../../lib/runtime-config';
import { LanguagePicker } from './LanguagePicker';

/** The app's focus ring, as on every other link and control (the browser's thin default was left here). */
const linkClass =
  'rounded hover:text-slate-900 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 dark:hover:text-white';

export function Footer() {
  const { t } = useTranslation();
  const { version, commit, sourceUrl } = runtimeConfig;
  return (
    <footer className="border-t border-slate-200 py-6 text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400">
      <div className="mx-auto flex max-w-5xl flex-col items-center justify-between gap-3 px-4 sm:flex-row">
        <nav aria-label={t('nav.footer')} className="flex flex-wrap justify-center gap-x-4 gap-y-1 sm:justify-start">
          <Link className={linkClass} to="/account">
            {t('nav.account')}
          </Link>
          <Link className={linkClass} to="/privacy">
            {t('nav.privacy')}
          </Link>
          <Link className={linkClass} to="/terms">
            {t('nav.terms')}
          </Link>
          <Link className={linkClass} to="/api-docs">
            {t('nav.apiDocs')}
          </Link>
          {sourceUrl && (
            <a className={linkClass} href={sourceUrl} rel="noreferrer noopener">
              {t('nav.source')}
            </a>
          )}
        </nav>
        <LanguagePicker />
        <p data-testid="version">
          v{version.replace(/^v/, '')} · <span className="font-mono">{commit.slice(0, 7)}</span>
        </p>
      </div>
    </footer>
  );
}
