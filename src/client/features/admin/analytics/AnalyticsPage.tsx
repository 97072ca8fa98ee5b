import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/Alert';
import { runtimeConfig } from '../../../lib/runtime-config';
import { AccountPage } from '../../account';
import { useAccountResource } from '../../account';
import { loadAnalytics } from '../api/analytics';
import type { DailyAnalytics, Stats } from '../api/admin.types';
import { AdminOnly } from '../AdminOnly';
import { ResourceView } from '../ResourceView';
import { PathsSection } from './PathsSection';
import { StatCards } from './StatCards';
import { VisitsSection } from './VisitsSection';

/** /account/analytics: the instance in numbers and the page views of the last 30 days (admins). */
export default function AnalyticsPage() {
  const { t } = useTranslation('admin');
  return (
    <AccountPage title={t('analytics.title')} lead={t('analytics.lead')}>
      <AdminOnly forbiddenTitle={t('analytics.forbidden')}>
        <Analytics />
      </AdminOnly>
    </AccountPage>
  );
}

function Analytics() {
  const { t } = useTranslation('admin');
  const { state, retry } = useAccountResource(loadAnalytics);
  return (
    <ResourceView
      state={state}
      retry={retry}
      loadingLabel={t('analytics.loading')}
      failedTitle={t('analytics.loadFailed')}
      forbiddenTitle={t('analytics.forbidden')}
    >
      {(data) => <Report daily={data.daily} stats={data.stats} />}
    </ResourceView>
  );
}

function Report({ daily, stats }: { daily: DailyAnalytics; stats: Stats }) {
  const { t } = useTranslation('admin');
  return (
    <div className="space-y-6">
      {!runtimeConfig.analyticsEnabled && <Alert tone="info">{t('analytics.off')}</Alert>}
      <StatCards stats={stats} totals={daily.totals} />
      <VisitsSection daily={daily} />
      <PathsSection paths={daily.paths} />
    </div>
  );
}
