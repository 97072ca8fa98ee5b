import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/Alert';
import { TextLink } from '../../../components/ui/TextLink';
import { REQUEST_PAGES } from '../../../../shared/rules/requests';
import { AccountPage } from '../../account';
import { useSettingsStore } from '../../settings';
import { CreateRequestForm } from './CreateRequestForm';
import { RequestCreated } from './RequestCreated';
import type { CreatedRequestView } from './submit-request';

/**
 * /account/requests/new: ask for a secret. The created request's links are held in this component's state only and
 * shown once; "New request" drops them and starts over.
 */
export default function CreateRequestPage() {
  const { t } = useTranslation('requests');
  const disabled = useSettingsStore((state) => state.settings.disable_requests);
  const [created, setCreated] = useState<CreatedRequestView | null>(null);

  let content;
  if (created) content = <RequestCreated request={created} onCreateNew={() => setCreated(null)} />;
  else if (disabled) {
    content = (
      <Alert tone="info" title={t('create.disabledTitle')}>
        <p>{t('create.disabled')}</p>
        <TextLink to={REQUEST_PAGES.list} className="mt-2 inline-block">
          {t('create.backToList')}
        </TextLink>
      </Alert>
    );
  } else content = <CreateRequestForm onCreated={setCreated} />;

  return (
    <AccountPage title={t('create.title')} lead={t('create.lead')}>
      {content}
    </AccountPage>
  );
}
