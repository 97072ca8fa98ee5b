import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TextLink } from '../../components/ui/TextLink';

export default function NotFoundPage() {
  const { t } = useTranslation('pages');
  return (
    <div className="py-12 text-center sm:py-20">
      <title>{`${t('notFound.title')} · Hush`}</title>
      <p aria-hidden="true" className="font-mono text-6xl font-bold text-indigo-600 dark:text-indigo-400">
        404
      </p>
      <h1 className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">{t('notFound.title')}</h1>
      <p className="mx-auto mt-3 max-w-md text-slate-600 dark:text-slate-400">{t('notFound.body')}</p>
      <div className="mt-8 flex flex-wrap items-center justify-center gap-x-6 gap-y-3">
        <Link
          to="/"
          className="inline-flex min-h-10 items-center rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500"
        >
          {t('notFound.home')}
        </Link>
        <TextLink to="/public" className="text-sm">
          {t('notFound.public')}
        </TextLink>
      </div>
    </div>
  );
}
