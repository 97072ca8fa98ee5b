import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert } from '../../../../components/ui/Alert';
import { Button } from '../../../../components/ui/Button';
import { LoadFailed } from '../../../../components/ui/LoadFailed';
import { Spinner } from '../../../../components/ui/Spinner';
import { ApiError } from '../../../../lib/api-client';
import { errorMessage } from '../../../../lib/error-message';
import { listSessions, revokeSession, signOutOthers, type Session } from '../../api/sessions';
import { useAccountResource } from '../../use-account-resource';
import { sessionLabel } from './session-label';
import { SessionRow } from './SessionRow';

/**
 * Where the account is signed in (this browser first), signing one out, and "Sign out everywhere else". Signing out
 * this browser here is signing out: the page goes to /signout.
 */
export function SessionsSection() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const { state, retry, update } = useAccountResource(listSessions);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const signOut = async (session: Session) => {
    setFailure(null);
    setNotice(null);
    try {
      await revokeSession(session.id);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) return setFailure(errorMessage(t, error));
    }
    if (session.current) return navigate('/signout', { replace: true });
    update((sessions) => sessions.filter((item) => item.id !== session.id));
    setNotice(t('sessions.signedOutOne', { name: sessionLabel(t, session) }));
  };

  const others = async () => {
    setFailure(null);
    setNotice(null);
    setBusy(true);
    try {
      const { signedOut } = await signOutOthers();
      update((sessions) => sessions.filter((item) => item.current));
      setNotice(t('sessions.signedOutOthers', { count: signedOut }));
    } catch (error) {
      setFailure(errorMessage(t, error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-700 dark:text-slate-300">{t('sessions.lead')}</p>
      {state.status === 'loading' && <Spinner label={t('sessions.loading')} />}
      {state.status === 'error' && (
        <LoadFailed title={t('sessions.loadFailed')} retryLabel={t('layout.retry')} onRetry={retry}>
          {errorMessage(t, state.error)}
        </LoadFailed>
      )}
      {state.status === 'ready' && (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label={t('sessions.heading')}>
          {state.data.map((session) => (
            <SessionRow key={session.id} session={session} onSignOut={() => void signOut(session)} />
          ))}
        </ul>
      )}
      {notice && <Alert tone="success">{notice}</Alert>}
      {failure && <Alert tone="error">{failure}</Alert>}
      {state.status === 'ready' && state.data.some((session) => !session.current) && (
        <Button variant="dangerOutline" busy={busy} onClick={() => void others()}>
          {t('sessions.signOutOthers')}
        </Button>
      )}
    </div>
  );
}
