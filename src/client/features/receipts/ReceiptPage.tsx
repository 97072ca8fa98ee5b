import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { Alert } from '../../components/ui/Alert';
import { LoadFailed } from '../../components/ui/LoadFailed';
import { Spinner } from '../../components/ui/Spinner';
import { TextLink } from '../../components/ui/TextLink';
import { errorMessage } from '../../lib/error-message';
import { useSessionStore } from '../auth';
import { ReceiptDetails } from './ReceiptDetails';
import { receiptSource } from './receipt-source';
import { useReceipt } from './use-receipt';

/**
 * /receipt/{id}#{deleteToken}: what happened to a secret, for whoever holds its receipt link, and /receipt/{id} for
 * its signed-in owner. The token stays in the fragment (never sent in a URL) so that the page can be reloaded or
 * bookmarked to look again; loading it never spends a view.
 */
export default function ReceiptPage() {
  const { t } = useTranslation('receipts');
  const { pathname, hash } = useLocation();
  const id = useParams().id ?? '';
  const signedIn = useSessionStore((session) => session.isLoggedIn);
  const source = useMemo(() => receiptSource(pathname + hash, id, signedIn), [pathname, hash, id, signedIn]);
  const { state, refreshing, reload } = useReceipt(source);

  useEffect(() => {
    document.title = `${t('title')} · Hush`;
  }, [t]);

  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">{t('title')}</h1>
        <p className="text-slate-600 dark:text-slate-400">{t(source?.kind === 'owner' ? 'leadOwner' : 'lead')}</p>
      </header>
      {state.step === 'loading' && <Spinner label={t('loading')} />}
      {state.step === 'incomplete' && (
        <Alert tone="error" title={t('incomplete.title')}>
          <p>{t('incomplete.body')}</p>
          {!signedIn && (
            <TextLink to={`/signin?next=${encodeURIComponent(pathname)}`} className="mt-2 inline-block">
              {t('incomplete.signIn')}
            </TextLink>
          )}
        </Alert>
      )}
      {state.step === 'not-found' && (
        <Alert tone="info" title={t('notFound.title')}>
          {t('notFound.body')}
        </Alert>
      )}
      {state.step === 'failed' && (
        <LoadFailed title={t('loadFailed')} retryLabel={t('retry')} onRetry={reload}>
          {errorMessage(t, state.error)}
        </LoadFailed>
      )}
      {state.step === 'ready' && (
        <ReceiptDetails
          receipt={state.receipt}
          deleteToken={source?.kind === 'link' ? source.deleteToken : null}
          refreshing={refreshing}
          onReload={reload}
        />
      )}
    </div>
  );
}
