import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/Card';
import { formatSize } from '../../../lib/format-units';
import type { DailyAnalytics, Stats } from '../api/admin.types';

interface Stat {
  key: string;
  value: number;
  /** Shown instead of the plain number (a size, say). */
  text?: string;
}

/** The instance in numbers: secrets by state, requests, users, files, and visits over the last 30 days. */
export function StatCards({ stats, totals }: { stats: Stats; totals: DailyAnalytics['totals'] }) {
  const { t, i18n } = useTranslation('admin');
  const { secrets, requests, users, files } = stats;
  return (
    <div className="space-y-6">
      <StatGroup title={t('analytics.secrets.heading')} wide>
        {[
          { key: 'secrets.created', value: secrets.created },
          { key: 'secrets.active', value: secrets.active },
          { key: 'secrets.expired', value: secrets.expired },
          { key: 'secrets.burned', value: secrets.burned },
          { key: 'secrets.public', value: secrets.public },
          { key: 'secrets.withPassword', value: secrets.withPassword },
        ]}
      </StatGroup>
      <StatGroup title={t('analytics.requests.heading')} wide>
        {[
          { key: 'requests.created', value: requests.created },
          { key: 'requests.open', value: requests.open },
          { key: 'requests.responses', value: requests.responses },
        ]}
      </StatGroup>
      <div className="grid gap-6 lg:grid-cols-2">
        <StatGroup title={t('analytics.users.heading')}>
          {[
            { key: 'users.total', value: users.total },
            { key: 'users.admins', value: users.admins },
          ]}
        </StatGroup>
        <StatGroup title={t('analytics.files.heading')}>
          {[
            { key: 'files.count', value: files.count },
            { key: 'files.bytes', value: files.bytes, text: formatSize(files.bytes, i18n.resolvedLanguage) },
          ]}
        </StatGroup>
      </div>
      <StatGroup title={t('analytics.visits.heading')}>
        {[
          { key: 'visits.visits', value: totals.visits },
          { key: 'visits.uniqueVisitors', value: totals.uniqueVisitors },
        ]}
      </StatGroup>
    </div>
  );
}

function StatGroup({ title, wide, children }: { title: string; wide?: boolean; children: Stat[] }) {
  const { t, i18n } = useTranslation('admin');
  const locale = i18n.resolvedLanguage ?? 'en';
  return (
    <Card>
      <h2 className="mb-4 text-lg font-semibold text-slate-900 dark:text-white">{title}</h2>
      <dl className={`grid grid-cols-2 gap-3 ${wide ? 'sm:grid-cols-3' : ''}`}>
        {children.map((stat) => (
          <Tile key={stat.key} label={t(`analytics.${stat.key}.label`)} hint={t(`analytics.${stat.key}.hint`)}>
            {stat.text ?? stat.value.toLocaleString(locale)}
          </Tile>
        ))}
      </dl>
    </Card>
  );
}

function Tile({ label, hint, children }: { label: string; hint: string; children: ReactNode }) {
  return (
    <div className="flex flex-col rounded-xl bg-slate-50 p-4 dark:bg-slate-800/60">
      <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums dark:text-white">{children}</dd>
      <dd className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">{hint}</dd>
    </div>
  );
}
