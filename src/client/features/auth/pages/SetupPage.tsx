import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/Alert';
import { setupAdmin } from '../api/setup';
import type { SignupField } from '../credentials';
import { failureOutcome } from '../forms/outcome';
import { SignupForm } from '../forms/SignupForm';
import { useSessionStore } from '../session.store';
import { AuthShell } from './AuthShell';

const FIELDS: readonly SignupField[] = ['email', 'username', 'password'];

/** The one-time token from `/setup#token=…` (the fragment never reaches the server's logs). */
export const setupToken = (hash: string) => new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';

/**
 * /setup#token=…: creates the first administrator with the link printed at start-up. The token is read once and
 * dropped from the address bar, so it does not linger in the history.
 */
export default function SetupPage() {
  const { t } = useTranslation('account');
  const location = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => setupToken(location.hash));
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (location.hash) void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  }, [location.hash, location.pathname, location.search, navigate]);

  if (done) return <Navigate to="/account" replace />;

  const submit = async (values: Record<SignupField, string>) => {
    try {
      await setupAdmin({ ...values, email: values.email.trim(), token });
      useSessionStore.getState().refresh();
      setDone(true);
      return null;
    } catch (error) {
      return failureOutcome(t, error, FIELDS);
    }
  };

  return (
    <AuthShell title={t('setup.title')} lead={t('setup.lead')}>
      {token ? (
        <SignupForm
          // The server takes any email domain for the first administrator.
          domain=""
          submitLabel={t('setup.submit')}
          failedTitle={t('setup.failedTitle')}
          onSubmit={submit}
        />
      ) : (
        <Alert tone="error">{t('setup.missingToken')}</Alert>
      )}
    </AuthShell>
  );
}
