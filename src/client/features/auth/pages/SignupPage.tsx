import { Trans, useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/Alert';
import { TextLink } from '../../../components/ui/TextLink';
import { useSettingsStore } from '../../settings';
import { signup } from '../api/signup';
import { allowedDomain } from '../../../../shared/rules/account';
import type { SignupField } from '../credentials';
import { failureOutcome } from '../forms/outcome';
import { SignupForm } from '../forms/SignupForm';
import { refusalText, safeNext } from '../server-errors';
import { useSessionStore } from '../session.store';
import { AuthFooter, AuthShell } from './AuthShell';

const FIELDS: readonly SignupField[] = ['email', 'username', 'password'];

/** /signup: closed (with a reason, and no form) when the instance disables users or account creation. */
export default function SignupPage() {
  const { t } = useTranslation('account');
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
      const result = await signup({
        email: values.email.trim(),
        username: values.username,
        password: values.password,
      });
      if (result.status === 201) {
        useSessionStore.getState().refresh();
        return null;
      }
      return {
        message: refusalText(t, result),
        ...(result.code === 'auth.email_domain' && { field: 'email' as const }),
      };
    } catch (error) {
      return failureOutcome(t, error, FIELDS);
    }
  };

  return (
    <div className="space-y-6">
      <AuthShell title={t('signup.title')} lead={t('signup.lead')}>
        <SignupForm
          domain={allowedDomain(settings.restrict_organization_email)}
          submitLabel={t('signup.submit')}
          failedTitle={t('signup.failedTitle')}
          onSubmit={submit}
        />
      </AuthShell>
      <AuthFooter>
        <Trans t={t} i18nKey="signup.haveAccount" components={{ signin: <TextLink to={signinLink} /> }} />
      </AuthFooter>
    </div>
  );
}
