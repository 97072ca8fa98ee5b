import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Alert } from '../../components/ui/Alert';
import { Spinner } from '../../components/ui/Spinner';
import { TextLink } from '../../components/ui/TextLink';
import { errorMessage } from '../../lib/error-message';
import { PublicSecretList } from './PublicSecretList';
import { useNow } from '../../lib/use-now';
import { usePublicSecrets } from './use-public-secrets';
import { LoadFailed } from '../../components/ui/LoadFailed';
import { Arrow } from '../../components/ui/Arrow';

/** Routes `public` and `public/:username`: public secrets, newest first. */
export default function PublicSecretsPage() {
  const { t } = useTranslation('public');
  const { username } = useParams();
  const heading = username ? t('headingUser', { username }) : t('heading');

  return (
    <div className="space-y-6">
      <title>{`${heading} · Hush`}</title>
      <header className="space-y-2">
        {username && (
          <TextLink to="/public" className="text-sm">
            <Arrow to="back" /> {t('backToAll')}
          </TextLink>
        )}
        <h1 className="text-2xl font-bold tracking-tight [overflow-wrap:anywhere] sm:text-3xl">{heading}</h1>
        <p className="text-slate-600 dark:text-slate-400">{username ? t('introUser', { username }) : t('intro')}</p>
      </header>
      <Alert tone="warning" title={t('notEncrypted.title')}>
        {t('notEncrypted.body')}
      </Alert>
      <PublicSecretsContent username={username} />
    </div>
  );
}

function PublicSecretsContent({ username }: { username: string | undefined }) {
  const { t } = useTranslation('public');
  const state = usePublicSecrets(username);
  const now = useNow();

  if (state.status === 'loading') {
    return (
      <div className="flex justify-center py-12 text-slate-600 dark:text-slate-400">
        <Spinner label={t('loading')} />
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <LoadFailed title={t('error.title')} retryLabel={t('error.retry')} onRetry={state.retry}>
        {errorMessage(t, state.error)}
      </LoadFailed>
    );
  }
  if (state.items.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 px-4 py-10 text-center dark:border-slate-700">
        <p className="font-semibold">{t('empty.title')}</p>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {username ? t('empty.bodyUser', { username }) : t('empty.body')}
        </p>
        <TextLink to="/" className="mt-4 inline-block text-sm">
          {t('empty.create')}
        </TextLink>
      </div>
    );
  }
  return <PublicSecretList items={state.items} now={now} />;
}
