import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/Card';
import type { DailyAnalytics } from '../api/admin.types';
import { NumberTable } from './NumberTable';

/** Visits per page over the same 30 days, most visited first. */
export function PathsSection({ paths }: { paths: DailyAnalytics['paths'] }) {
  const { t, i18n } = useTranslation('admin');
  const locale = i18n.resolvedLanguage ?? 'en';
  return (
    <Card>
      <h2 className="mb-4 text-lg font-semibold text-slate-900 dark:text-white">{t('analytics.paths.heading')}</h2>
      {paths.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('analytics.paths.empty')}</p>
      ) : (
        <NumberTable
          caption={t('analytics.paths.heading')}
          headers={[t('analytics.paths.path'), t('analytics.chart.visits'), t('analytics.chart.uniqueVisitors')]}
          locale={locale}
          rows={paths.map((item) => ({
            key: item.path,
            label: <span className="font-mono [overflow-wrap:anywhere]">{item.path}</span>,
            values: [item.visits, item.uniqueVisitors],
          }))}
        />
      )}
    </Card>
  );
}
