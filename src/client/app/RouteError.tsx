import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Shown when a page fails to load or throws: says so, and offers a way home. */
export function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  console.error(error);
  return (
    <main className="mx-auto max-w-xl space-y-4 p-8 text-center">
      <h1 className="text-2xl font-bold">{t('errors.pageFailed')}</h1>
      <p className="text-slate-600 dark:text-slate-400">{t('errors.pageFailedHint')}</p>
      <Link to="/" className="text-indigo-700 underline dark:text-indigo-300">
        {t('nav.home')}
      </Link>
    </main>
  );
}
