import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Alert } from '../../../components/ui/Alert';
import { Card } from '../../../components/ui/Card';
import { TextLink } from '../../../components/ui/TextLink';
import { AccountPage } from '../layout/AccountPage';
import { LinkedIdentitiesSection } from './identities/LinkedIdentitiesSection';
import { PasskeysSection } from './passkeys/PasskeysSection';
import { SessionsSection } from './sessions/SessionsSection';
import { TwoFactorSection } from './two-factor/TwoFactorSection';

/** Why a page sent the user here: the instance requires a second factor they have not set up (requirement.ts). */
export const TWO_FACTOR_REQUIRED = 'two_factor_required';

/**
 * /account/security (issue 16.7): two-factor codes, passkeys, where the account is signed in, and the way to the
 * password and API tokens (on the account settings page, not repeated here). Each section is its own component.
 */
export default function SecurityPage() {
  const { t } = useTranslation('account');
  const { state } = useLocation() as { state: { reason?: string } | null };
  return (
    <AccountPage title={t('security.title')} lead={t('security.lead')}>
      {state?.reason === TWO_FACTOR_REQUIRED && (
        <Alert tone="warning" title={t('security.requiredTitle')}>
          {t('security.required')}
        </Alert>
      )}
      <Section id="two-factor" title={t('twoFactor.heading')}>
        <TwoFactorSection />
      </Section>
      <Section id="passkeys" title={t('passkeys.heading')}>
        <PasskeysSection />
      </Section>
      <Section id="identities" title={t('identities.heading')}>
        <LinkedIdentitiesSection />
      </Section>
      <Section id="sessions" title={t('sessions.heading')}>
        <SessionsSection />
      </Section>
      <Section id="more" title={t('security.moreHeading')}>
        <ul className="list-inside list-disc space-y-2 text-sm text-slate-700 dark:text-slate-300">
          <li>
            <TextLink to="/account/account-settings#settings-profile">{t('security.passwordLink')}</TextLink>
          </li>
          <li>
            <TextLink to="/account/account-settings#settings-tokens">{t('security.tokensLink')}</TextLink>
          </li>
        </ul>
      </Section>
    </AccountPage>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card>
      <div className="space-y-5" aria-labelledby={`security-${id}`} role="group">
        <h2 id={`security-${id}`} className="text-lg font-semibold text-slate-900 dark:text-white">
          {title}
        </h2>
        {children}
      </div>
    </Card>
  );
}
