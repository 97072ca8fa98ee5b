import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/Alert';
import { TextLink } from '../../../components/ui/TextLink';
import { ApiError } from '../../../lib/api-client';
import { useSettingsStore } from '../../settings';
import { signup } from '../api/signup';
import { allowedDomain } from '../../../../shared/rules/account';
import type { SignupField } from '../credentials';
import { failureOutcome } from '../forms/outcome';
import { SignupForm } from '../forms/SignupForm';
import { SignupProviders } from '../oidc/SignupProviders';
import { safeNext } from '../safe-next';
import { useSessionStore } from '../session.store';
import { AuthFooter, AuthShell } from './AuthShell';

const FIELDS: readonly SignupField[] = ['email', 'username', 'password'];

/**
 * /signup: closed (with a reason, and no form) when the instance disables users or account creation. On an instance
 * that sends email, the account is made by the link emailed to the address: the page then says to check the email,
 * whether or not the address has an account (the email says which).
 */
export default function SignupPage() {
  const { t } = useTranslation('account');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const isLoggedIn = useSessionStore((state) => state.isLoggedIn);
  const settings = useSettingsStore((state) => state.settings);
  const [params] = useSearchParams();
  const nextParam = params.get('next');
  const next = safeNext(nextParam);
  const signinLink = nextParam ? `/signin?next=${encodeURIComponent(next)}` : '/signin';

  if (isLoggedIn) return <Navigate to={next} replace />;

  if (settings.disable_users || settings.disable_user_account_creation) {
    return (
      <AuthShell title={t('signup.title')}>
        <div className="space-y-4">
          <Alert tone="warning" title={t('signup.disabledTitle')}>
            {t('signup.disabled')}
          </Alert>
          <p className="text-sm">
            <TextLink to={signinLink}>{t('signup.disabledSignin')}</TextLink>
          </p>
        </div>
      </AuthShell>
    );
  }

  const submit = async (values: Record<SignupField, string>) => {
    try {
      const email = values.email.trim();
      const answer = await signup({ email, username: values.username, password: values.password });
      if ('pending' in answer) setSentTo(email);
      else useSessionStore.getState().refresh();
      return null;
    } catch (error) {
      const outcome = failureOutcome(t, error, FIELDS);
      // A refused domain is about the email the visitor typed.
      const domainRefused = error instanceof ApiError && error.code === 'auth.email_domain';
      return outcome && domainRefused ? { ...outcome, field: 'email' as const } : outcome;
    }
  };

  if (sentTo !== null) {
    return (
      <AuthShell title={t('signup.title')}>
        <Alert tone="success" title={t('signup.sentTitle')}>
          {t('signup.sent', { email: sentTo })}
        </Alert>
      </AuthShell>
    );
  }

  return (
    <div className="space-y-6">
      <AuthShell title={t('signup.title')} lead={t('signup.lead')}>
        <SignupProviders next={next}>
          <SignupForm
            domain={allowedDomain(settings.restrict_organization_email)}
            submitLabel={t('signup.submit')}
            failedTitle={t('signup.failedTitle')}
            onSubmit={submit}
          />
        </SignupProviders>
      </AuthShell>
      <AuthFooter>
        <Trans t={t} i18nKey="signup.haveAccount" components={{ signin: <TextLink to={signinLink} /> }} />
      </AuthFooter>
    </div>
  );
}
