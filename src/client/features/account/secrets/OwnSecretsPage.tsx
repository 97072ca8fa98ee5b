import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/Alert';
import { LoadFailed } from '../../../components/ui/LoadFailed';
import { Spinner } from '../../../components/ui/Spinner';
import { TextLink } from '../../../components/ui/TextLink';
import { errorMessage } from '../../../lib/error-message';
import { useNow } from '../../../lib/use-now';
import { listOwnSecrets } from '../api/list-own-secrets';
import { AccountPage } from '../layout/AccountPage';
import { useAccountResource } from '../use-account-resource';
import { DeleteSecretDialog } from './DeleteSecretDialog';
import { EndedSecrets } from './EndedSecrets';
import { OwnSecretRow } from './OwnSecretRow';

/**
 * /account/secrets: the user's secrets that can still be opened, each deletable after a confirmation and with its
 * receipt; below them, those that ended.
 */
export default function OwnSecretsPage() {
  const { t } = useTranslation('account');
  const { state, retry, update } = useAccountResource(listOwnSecrets);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [deletedCount, setDeletedCount] = useState(0);
  const notice = useRef<HTMLDivElement>(null);
  const now = useNow();

  // The row and its button are gone: focus goes to the message that says so.
  useEffect(() => {
    if (deletedCount > 0) notice.current?.focus();
  }, [deletedCount]);

  const deleted = (id: string) => {
    update((items) => items.filter((item) => item.id !== id));
    setDeleting(null);
    setDeletedCount((count) => count + 1);
  };

  let content;
  if (state.status === 'loading') {
    content = (
      <div className="flex justify-center py-12 text-slate-600 dark:text-slate-400">
        <Spinner label={t('secrets.loading')} />
      </div>
    );
  } else if (state.status === 'error') {
    content = (
      <LoadFailed title={t('secrets.loadFailed')} retryLabel={t('layout.retry')} onRetry={retry}>
        {errorMessage(t, state.error)}
      </LoadFailed>
    );
  } else if (state.data.length === 0) {
    content = (
      <div className="rounded-xl border border-dashed border-slate-300 px-4 py-10 text-center dark:border-slate-700">
        <p className="font-semibold">{t('secrets.emptyTitle')}</p>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('secrets.emptyBody')}</p>
        <TextLink to="/" className="mt-4 inline-block text-sm">
          {t('secrets.create')}
        </TextLink>
      </div>
    );
  } else {
    content = (
      <ul className="space-y-3" aria-label={t('secrets.title')}>
        {state.data.map((secret) => (
          <OwnSecretRow key={secret.id} secret={secret} now={now} onDelete={() => setDeleting(secret.id)} />
        ))}
      </ul>
    );
  }

  return (
    <AccountPage title={t('secrets.title')} lead={t('secrets.lead')}>
      {deletedCount > 0 && (
        <div ref={notice} tabIndex={-1} className="rounded-lg focus:outline-none">
          <Alert tone="success">{t('secrets.deleted')}</Alert>
        </div>
      )}
      {content}
      <EndedSecrets now={now} changes={deletedCount} />
      {deleting && (
        <DeleteSecretDialog id={deleting} onDeleted={() => deleted(deleting)} onCancel={() => setDeleting(null)} />
      )}
    </AccountPage>
  );
}
