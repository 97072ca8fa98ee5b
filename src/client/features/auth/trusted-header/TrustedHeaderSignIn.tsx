import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { errorMessage } from '../../../lib/error-message';
import { headerSignIn } from '../api/header-signin';
import { useSignInMethods } from '../api/sign-in-methods';
import { useSessionStore } from '../session.store';

type Phase = 'working' | 'failed' | 'stopped';

/**
 * The sign-in page behind a forward-auth proxy (issue 16.6): the visitor has already signed in at their
 * organisation's proxy, which names them to Hush, so the page signs them in by itself, as they expect, saying so
 * while it works. "Sign in another way" stops it and leaves the rest of the page; a "Continue as" button then signs
 * in on request. Nothing shows when no trusted proxy names anyone (GET /authentication/methods, `header`).
 */
export function TrustedHeaderSignIn() {
  const { t } = useTranslation('account');
  const username = useSignInMethods()?.header?.username ?? null;
  const [phase, setPhase] = useState<Phase>('working');
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const stopped = phase === 'stopped';

  useEffect(() => {
    if (!username || stopped) return;
    const controller = new AbortController();
    setPhase('working');
    headerSignIn(controller.signal).then(
      // The login cookie is set: the page goes on to where the visitor was going.
      () => useSessionStore.getState().refresh(),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setFailure(errorMessage(t, error));
        setPhase('failed');
      },
    );
    return () => controller.abort();
  }, [username, stopped, attempt, t]);

  if (!username) return null;
  const again = () => {
    setPhase('working');
    setAttempt((count) => count + 1);
  };

  if (stopped) {
    return (
      <div className="space-y-2 border-b border-slate-200 pb-5 text-sm dark:border-slate-700">
        <p className="text-slate-600 dark:text-slate-400">{t('headerSignin.offered', { username })}</p>
        <Button variant="secondary" className="w-full" onClick={again}>
          {t('headerSignin.continueAs', { username })}
        </Button>
      </div>
    );
  }
  return (
    <div className="space-y-3 border-b border-slate-200 pb-5 dark:border-slate-700">
      {phase === 'working' ? (
        <div className="flex justify-center py-2 text-slate-700 dark:text-slate-300">
          <Spinner label={t('headerSignin.working', { username })} />
        </div>
      ) : (
        <>
          <Alert tone="error" title={t('headerSignin.failedTitle', { username })}>
            {failure}
          </Alert>
          <Button variant="secondary" className="w-full" onClick={again}>
            {t('headerSignin.retry')}
          </Button>
        </>
      )}
      <Button variant="ghost" size="sm" className="w-full" onClick={() => setPhase('stopped')}>
        {t('headerSignin.another')}
      </Button>
    </div>
  );
}
