import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/ui/LoadFailed';
import { Spinner } from '../../../components/ui/Spinner';
import { errorMessage } from '../../../lib/error-message';
import { listEndedSecrets } from '../api/list-ended-secrets';
import { useAccountResource } from '../use-account-resource';
import { EndedSecretRow } from './EndedSecretRow';

/**
 * The user's secrets that have ended, newest first (the server's order), while their status is kept. `changes`
 * counts the deletions made above: each moves a secret here, so the list is asked for again.
 */
export function EndedSecrets({ now, changes }: { now: Date; changes: number }) {
  const { t } = useTranslation('account');
  const heading = useId();
  const { state, retry } = useAccountResource(listEndedSecrets);

  useEffect(() => {
    if (changes > 0) retry();
  }, [changes, retry]);

  let content;
  if (state.status === 'loading') {
    content = <Spinner label={t('secrets.ended.loading')} />;
  } else if (state.status === 'error') {
    content = (
      <LoadFailed title={t('secrets.ended.loadFailed')} retryLabel={t('layout.retry')} onRetry={retry}>
        {errorMessage(t, state.error)}
      </LoadFailed>
    );
  } else if (state.data.length === 0) {
    content = <p className="text-sm text-slate-600 dark:text-slate-400">{t('secrets.ended.empty')}</p>;
  } else {
    content = (
      <ul className="space-y-3" aria-labelledby={heading}>
        {state.data.map((secret) => (
          <EndedSecretRow key={secret.id} secret={secret} now={now} />
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby={heading} className="space-y-3 border-t border-slate-200 pt-6 dark:border-slate-800">
      <div className="space-y-1">
        <h2 id={heading} className="text-xl font-semibold text-slate-900 dark:text-white">
          {t('secrets.ended.title')}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('secrets.ended.lead')}</p>
      </div>
      {content}
    </section>
  );
}
