import { useTranslation } from 'react-i18next';
import { AccountPage } from '../account';
import { WebhooksManager } from './manager/WebhooksManager';

/** /account/webhooks: the user's own webhooks, which receive the events of their secrets, requests and account. */
export default function WebhooksPage() {
  const { t } = useTranslation('webhooks');
  return (
    <AccountPage title={t('own.title')} lead={t('own.lead')}>
      <WebhooksManager base="/account/webhooks" listLabel={t('own.listLabel')} />
    </AccountPage>
  );
}
