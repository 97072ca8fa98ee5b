import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { SecondFactorMethod } from '../../../../shared/rules/two-factor';
import { Navigate, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/Alert';
import { TextLink } from '../../../components/ui/TextLink';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useSettingsStore } from '../../settings';
import { signin } from '../api/signin';
import type { SigninField } from '../credentials';
import { failureOutcome } from '../forms/outcome';
import { SigninForm } from '../forms/SigninForm';
import { SecondFactorStep } from '../second-factor/SecondFactorStep';
import { ForgotPasswordLink } from '../email-links/ForgotPasswordLink';
import { PasskeySignin } from '../passkey/PasskeySignin';
import { useSignInMethods } from '../api/sign-in-methods';
import { PasswordSigninGate } from '../oidc/PasswordSigninGate';
import { ProviderButtons } from '../oidc/ProviderButtons';
import { SigninError } from '../oidc/SigninError';
import { TrustedHeaderSignIn } from '../trusted-header/TrustedHeaderSignIn';
import { safeNext } from '../safe-next';
import { useSessionStore } from '../session.store';
import { AuthFooter, AuthShell } from './AuthShell';

const FIELDS: readonly SigninField[] = ['username', 'password'];
/** Spec §7: a 401 means wrong credentials by its status alone, whatever its answer says. */
const INVALID_CREDENTIALS = new ApiError(401, 'auth.invalid_credentials', 'Invalid username or password');

/** /signin: on success the login state re-reads the cookie and the page goes on to `?next=` or /account. */
export default function SigninPage() {
  const { t } = useTranslation('account');
  const isLoggedIn = useSessionStore((state) => state.isLoggedIn);
  const { disable_users, disable_user_account_creation } = useSettingsStore((state) => state.settings);
  const [params] = useSearchParams();
  const nextParam = params.get('next');
  const next = safeNext(nextParam);
  const methods = useSignInMethods();
  // The password was right and the account has a second factor: its step comes next (issue 16.2).
  const [secondFactor, setSecondFactor] = useState<SecondFactorMethod[] | null>(null);

  if (isLoggedIn) return <Navigate to={next} replace />;
  if (secondFactor) return <SecondFactorStep methods={secondFactor} onRestart={() => setSecondFactor(null)} />;

  const submit = async (values: Record<SigninField, string>) => {
    try {
      const answer = await signin({ username: values.username.trim(), password: values.password });
      if ('secondFactor' in answer) setSecondFactor(answer.secondFactor.methods);
      else useSessionStore.getState().refresh();
      return null;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return { message: errorMessage(t, INVALID_CREDENTIALS) };
      return failureOutcome(t, error, FIELDS);
    }
  };

  const signupOpen = !disable_users && !disable_user_account_creation && methods?.signup !== false;
  const signupLink = nextParam ? `/signup?next=${encodeURIComponent(next)}` : '/signup';
  return (
    <div className="space-y-6">
      <AuthShell title={t('signin.title')} lead={t('signin.lead')}>
        <div className="space-y-5">
          {disable_users && <Alert tone="info">{t('signin.usersDisabled')}</Alert>}
          <TrustedHeaderSignIn />
          <SigninError />
          <ProviderButtons next={next} />
          <PasswordSigninGate>
            <SigninForm onSubmit={submit} />
            <ForgotPasswordLink />
          </PasswordSigninGate>
          <PasskeySignin />
        </div>
      </AuthShell>
      {signupOpen && (
        <AuthFooter>
          <Trans t={t} i18nKey="signin.noAccount" components={{ signup: <TextLink to={signupLink} /> }} />
        </AuthFooter>
      )}
    </div>
  );
}
