import { useTranslation } from 'react-i18next';
import { AccountPage } from '../../account';
import { useAccountResource } from '../../account';
import { getAdminSettings } from '../api/admin-settings';
import { failureError } from '../api/call-result';
import { AdminOnly } from '../AdminOnly';
import { ResourceView } from '../ResourceView';
import { SettingsForm } from './SettingsForm';

/** The settings as a resource: a failed result becomes the error the page shows. */
async function loadSettings(signal: AbortSignal) {
  const result = await getAdminSettings(signal);
  if (!result.ok) throw failureError(result);
  return result.settings;
}

/** /account/instance-settings: who may sign up and sign in, and what the create page offers (admins). */
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
  const { state, retry } = useAccountResource(loadSettings);
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
