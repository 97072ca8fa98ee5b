import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/Card';
import { cx } from '../../../components/ui/cx';
import { NotificationsSection } from '../../activity';
import { AccountPage } from '../layout/AccountPage';
import { TokensSection } from '../tokens/TokensSection';
import { DeleteAccount } from './DeleteAccount';
import { ProfileForm } from './ProfileForm';

/** /account/account-settings: email and password, API tokens, email notifications, and deleting the account. */
export default function AccountSettingsPage() {
  const { t } = useTranslation('account');
  return (
    <AccountPage title={t('settings.title')} lead={t('settings.lead')}>
      <Section id="profile" title={t('settings.profile.heading')}>
        <ProfileForm />
      </Section>
      <Section id="tokens" title={t('tokens.heading')}>
        <TokensSection />
      </Section>
      <Section id="notifications" title={t('notifications.heading', { ns: 'activity' })}>
        <NotificationsSection />
      </Section>
      <Section id="delete" title={t('settings.delete.heading')} danger>
        <DeleteAccount />
      </Section>
    </AccountPage>
  );
}

function Section({
  id,
  title,
  danger,
  children,
}: {
  id: string;
  title: string;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <Card>
      <div className="space-y-5">
        <h2
          id={`settings-${id}`}
          className={cx(
            'text-lg font-semibold',
            danger ? 'text-red-700 dark:text-red-400' : 'text-slate-900 dark:text-white',
          )}
        >
          {title}
        </h2>
        {children}
      </div>
    </Card>
  );
}
