import { useTranslation } from 'react-i18next';
import { AccountPage } from '../../account';
import { WebhooksManager } from '../../webhooks';
import { AdminOnly } from '../AdminOnly';

/** /account/instance-webhooks: the instance's webhooks, which receive every user's events (admins). */
export default function InstanceWebhooksPage() {
  const { t } = useTranslation('webhooks');
  return (
    <AccountPage title={t('instance.title')} lead={t('instance.lead')}>
      <AdminOnly>
        <WebhooksManager base="/admin/webhooks" listLabel={t('instance.listLabel')} />
      </AdminOnly>
    </AccountPage>
  );
}
