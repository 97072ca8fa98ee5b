import { useTranslation } from 'react-i18next';
import { AccountPage } from '../../account';
import { useAccountResource } from '../../account';
import { getAdminSettings } from '../api/admin-settings';
import { AdminOnly } from '../AdminOnly';
import { ResourceView } from '../ResourceView';
import { SettingsForm } from './SettingsForm';

/**
 * /account/instance-settings (admins): who may sign up and sign in, what the create page offers, whether secrets can
 * be requested, and whether webhooks and notification emails are sent.
 */
export default function InstanceSettingsPage() {
  const { t } = useTranslation('admin');
  return (
    <AccountPage title={t('settings.title')} lead={t('settings.lead')}>
      <AdminOnly>
        <InstanceSettings />
      </AdminOnly>
    </AccountPage>
  );
}

function InstanceSettings() {
  const { t } = useTranslation('admin');
  const { state, retry } = useAccountResource(getAdminSettings);
  return (
    <ResourceView
      state={state}
      retry={retry}
      loadingLabel={t('settings.loading')}
      failedTitle={t('settings.loadFailed')}
    >
      {(settings) => <SettingsForm loaded={settings} />}
    </ResourceView>
  );
}
