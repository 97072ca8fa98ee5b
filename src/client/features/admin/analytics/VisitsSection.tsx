import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/Card';
import { Spinner } from '../../../components/ui/Spinner';
import type { DailyAnalytics } from '../api/admin.types';
import { chartFacts, dayLabel } from './chart-data';
import { NumberTable } from './NumberTable';
import { Swatch } from './Swatch';

// The chart library loads only here, after the page's own code (see VisitsChart.tsx).
const VisitsChart = lazy(() => import('./VisitsChart'));

/** Visits per day: a line chart with a summary in words, and the numbers as a table beneath it. */
export function VisitsSection({ daily }: { daily: DailyAnalytics }) {
  const { t, i18n } = useTranslation('admin');
  const locale = i18n.resolvedLanguage ?? 'en';
  const facts = chartFacts(daily, locale);
  const summary = facts.empty ? t('analytics.chart.summaryEmpty', facts) : t('analytics.chart.summary', facts);
  const names = { visits: t('analytics.chart.visits'), uniqueVisitors: t('analytics.chart.uniqueVisitors') };

  return (
    <Card>
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-x-6 gap-y-2">
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{t('analytics.chart.heading')}</h2>
        <p aria-hidden="true" className="flex gap-4 text-sm text-slate-600 dark:text-slate-400">
          <span className="inline-flex items-center gap-1.5">
            <Swatch series="visits" />
            {names.visits}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <Swatch series="uniqueVisitors" />
            {names.uniqueVisitors}
          </span>
        </p>
      </div>
      <Suspense
        fallback={
          <div className="flex h-64 items-center justify-center text-slate-600 dark:text-slate-400">
            <Spinner label={t('analytics.chart.loading')} />
          </div>
        }
      >
        <VisitsChart days={daily.days} locale={locale} summary={summary} names={names} />
      </Suspense>
      <details className="group mt-4 border-t border-slate-200 pt-4 dark:border-slate-800">
        <summary className="cursor-pointer rounded text-sm font-medium text-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 dark:text-indigo-300">
          {t('analytics.days.show')}
        </summary>
        <div className="mt-3">
          <NumberTable
            caption={t('analytics.days.caption')}
            headers={[t('analytics.days.date'), names.visits, names.uniqueVisitors]}
            locale={locale}
            rows={daily.days.map((day) => ({
              key: day.date,
              label: <time dateTime={day.date}>{dayLabel(day.date, locale, true)}</time>,
              values: [day.visits, day.uniqueVisitors],
            }))}
          />
        </div>
      </details>
    </Card>
  );
}
