import { Trans, useTranslation } from 'react-i18next';
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

  if (isLoggedIn) return <Navigate to={next} replace />;

  const submit = async (values: Record<SigninField, string>) => {
    try {
      await signin({ username: values.username.trim(), password: values.password });
      useSessionStore.getState().refresh();
      return null;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return { message: errorMessage(t, INVALID_CREDENTIALS) };
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
