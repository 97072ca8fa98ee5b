import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { TextLink } from '../../../components/ui/TextLink';
import { signout } from '../api/signout';
import { clearLoginCookie } from '../login-cookie';
import { useSessionStore } from '../session.store';
import { ProxySignoutNotice } from '../trusted-header/ProxySignoutNotice';
import { AuthShell } from './AuthShell';

/** Why the visitor came here: their choice, or (in the navigation state) an ended session or a deleted account. */
export type SignoutReason = 'expired' | 'deleted';

/**
 * /signout: ends the session on the server, then forgets the login state. If the server cannot be reached the
 * page says so and stays signed in, since the session would still be valid: better than a false "signed out".
 */
export default function SignoutPage() {
  const { t } = useTranslation('account');
  const reason = (useLocation().state as { reason?: SignoutReason } | null)?.reason;
  const [phase, setPhase] = useState<'working' | 'done' | 'failed'>('working');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setPhase('working');
    signout().then(
      (answer) => {
        clearLoginCookie();
        useSessionStore.getState().refresh();
        // A session from an OpenID provider ends there too; its sign-out page comes back to /signin.
        if (answer.endSessionUrl) return window.location.assign(answer.endSessionUrl);
        if (current) setPhase('done');
      },
      () => current && setPhase('failed'),
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  return (
    <AuthShell title={t('signout.title')}>
      {phase === 'working' && (
        <div className="flex justify-center py-4 text-slate-600 dark:text-slate-400">
          <Spinner label={t('signout.working')} />
        </div>
      )}
      {phase === 'failed' && (
        <div className="space-y-4">
          <Alert tone="error">{t('signout.failed')}</Alert>
          <Button variant="secondary" onClick={() => setAttempt((count) => count + 1)}>
            {t('signout.retry')}
          </Button>
        </div>
      )}
      {phase === 'done' && (
        <div className="space-y-4">
          <Alert tone={reason ? 'info' : 'success'}>
            {reason === 'deleted'
              ? t('signout.deleted')
              : reason === 'expired'
                ? t('signout.expired')
                : t('signout.done')}
          </Alert>
          <ProxySignoutNotice />
          <p className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            <TextLink to="/">{t('signout.home')}</TextLink>
            {reason !== 'deleted' && <TextLink to="/signin">{t('signout.signinAgain')}</TextLink>}
          </p>
        </div>
      )}
    </AuthShell>
  );
}
