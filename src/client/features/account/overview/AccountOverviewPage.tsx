import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/Alert';
import { Badge } from '../../../components/ui/Badge';
import { Card } from '../../../components/ui/Card';
import { TextLink } from '../../../components/ui/TextLink';
import { formatDate } from '../../../lib/format-date';
import { useAccount } from '../layout/account-outlet';
import { AccountPage } from '../layout/AccountPage';
import { EmailVerification } from '../email/EmailVerification';
import { Arrow } from '../../../components/ui/Arrow';

/** /account and /account/account: who is signed in. */
export default function AccountOverviewPage() {
  const { t, i18n } = useTranslation('account');
  const { account } = useAccount();
  const locale = i18n.resolvedLanguage ?? 'en';
  return (
    <AccountPage title={t('overview.title')} lead={t('overview.lead', { username: account.username })}>
      {account.generated && (
        <Alert tone="warning">
          <Trans
            t={t}
            i18nKey="overview.generated"
            components={{ settings: <TextLink to="/account/account-settings" /> }}
          />
        </Alert>
      )}
      <Card>
        <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-[max-content_1fr]">
          <Row label={t('overview.username')}>
            <span className="font-mono [overflow-wrap:anywhere]">{account.username}</span>
          </Row>
          <Row label={t('overview.email')}>
            <span className="[overflow-wrap:anywhere]">{account.email}</span>
            <EmailVerification />
          </Row>
          <Row label={t('overview.role')}>
            <Badge tone={account.role === 'admin' ? 'indigo' : 'neutral'}>{t(`roles.${account.role}`)}</Badge>
          </Row>
          <Row label={t('overview.memberSince')}>
            <time dateTime={account.createdAt}>{formatDate(account.createdAt, locale)}</time>
          </Row>
        </dl>
      </Card>
      <ul className="grid gap-3 sm:grid-cols-3">
        <Shortcut to="/">{t('overview.createSecret')}</Shortcut>
        <Shortcut to="/account/secrets">{t('overview.yourSecrets')}</Shortcut>
        <Shortcut to="/account/account-settings">{t('overview.settings')}</Shortcut>
      </ul>
    </AccountPage>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="contents">
      <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="-mt-3 text-slate-900 sm:mt-0 dark:text-slate-100">{children}</dd>
    </div>
  );
}

function Shortcut({ to, children }: { to: string; children: ReactNode }) {
  return (
    <li>
      <Link
        to={to}
        className="flex h-full items-center justify-between gap-2 rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm font-semibold text-slate-800 shadow-sm hover:border-indigo-300 hover:text-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100 dark:hover:border-indigo-700 dark:hover:text-indigo-300"
      >
        {children}
        <Arrow to="forward" />
      </Link>
    </li>
  );
}
