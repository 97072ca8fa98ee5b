import { Trans, useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/Alert';
import { TextLink } from '../../../components/ui/TextLink';
import { useSettingsStore } from '../../settings';
import { signin } from '../api/signin';
import type { SigninField } from '../credentials';
import { failureOutcome } from '../forms/outcome';
import { SigninForm } from '../forms/SigninForm';
import { refusalText, safeNext } from '../server-errors';
import { useSessionStore } from '../session.store';
import { AuthFooter, AuthShell } from './AuthShell';

const FIELDS: readonly SigninField[] = ['username', 'password'];

/** /signin: on success the login state re-reads the cookie and the page goes on to `?next=` or /account. */
export default function SigninPage() {
  const { t } = useTranslation('account');
  const isLoggedIn = useSessionStore((state) => state.isLoggedIn);
  const { disable_users, disable_user_account_creation } = useSettingsStore((state) => state.settings);
  const [params] = useSearchParams();
  const nextParam = params.get('next');
  const next = safeNext(nextParam);

  if (isLoggedIn) return <Navigate to={next} replace />;

  const submit = async (values: Record<SigninField, string>) => {
    try {
      const result = await signin({ username: values.username.trim(), password: values.password });
      if (result.status === 200) {
        useSessionStore.getState().refresh();
        return null;
      }
      if (result.status === 401) return { message: t('apiErrors.auth.invalid_credentials', { ns: 'common' }) };
      return { message: refusalText(t, result) };
    } catch (error) {
      return failureOutcome(t, error, FIELDS);
    }
  };

  const signupOpen = !disable_users && !disable_user_account_creation;
  const signupLink = nextParam ? `/signup?next=${encodeURIComponent(next)}` : '/signup';
  return (
    <div className="space-y-6">
      <AuthShell title={t('signin.title')} lead={t('signin.lead')}>
        <div className="space-y-5">
          {disable_users && <Alert tone="info">{t('signin.usersDisabled')}</Alert>}
          <SigninForm onSubmit={submit} />
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
