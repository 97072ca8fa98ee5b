import { useEffect, useRef } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { LoadFailed } from '../../../components/ui/LoadFailed';
import { Spinner } from '../../../components/ui/Spinner';
import { TextLink } from '../../../components/ui/TextLink';
import { errorMessage } from '../../../lib/error-message';
import { useNow } from '../../../lib/use-now';
import { AccountPage } from '../../account';
import { ActivityEntry } from './ActivityEntry';
import { useActivityFeed } from './use-activity-feed';

/** /account/activity: what happened to the user's secrets, requests, tokens and sign-ins, newest first. */
export default function ActivityPage() {
  const { t } = useTranslation('activity');
  const { state, retry, loadMore, more } = useActivityFeed();
  const firstNew = useRef<HTMLLIElement>(null);
  const now = useNow();

  // After "Load more" the focus moves to the first entry it added, so a keyboard reads on from there.
  useEffect(() => {
    if (more.firstNewId) firstNew.current?.focus();
  }, [more.firstNewId]);

  let content;
  if (state.status === 'loading') {
    content = (
      <div className="flex justify-center py-12 text-slate-600 dark:text-slate-400">
        <Spinner label={t('feed.loading')} />
      </div>
    );
  } else if (state.status === 'error') {
    content = (
      <LoadFailed title={t('feed.loadFailed')} retryLabel={t('feed.retry')} onRetry={retry}>
        {errorMessage(t, state.error)}
      </LoadFailed>
    );
  } else if (state.data.items.length === 0) {
    content = (
      <div className="rounded-xl border border-dashed border-slate-300 px-4 py-10 text-center dark:border-slate-700">
        <p className="font-semibold">{t('feed.emptyTitle')}</p>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('feed.emptyBody')}</p>
      </div>
    );
  } else {
    const { items, next } = state.data;
    content = (
      <div className="space-y-4">
        <ul className="space-y-3" aria-label={t('feed.label')}>
          {items.map((item) => (
            <ActivityEntry
              key={item.id}
              item={item}
              now={now}
              {...(item.id === more.firstNewId && { focusRef: firstNew })}
            />
          ))}
        </ul>
        {more.error !== null && (
          <Alert tone="error" title={t('feed.moreFailed')}>
            {errorMessage(t, more.error)}
          </Alert>
        )}
        {next ? (
          <Button variant="secondary" onClick={loadMore} busy={more.busy}>
            {t('feed.more')}
          </Button>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('feed.end')}</p>
        )}
      </div>
    );
  }

  return (
    <AccountPage
      title={t('feed.title')}
      lead={
        <Trans
          t={t}
          i18nKey="feed.lead"
          components={{
            email: <TextLink to="/account/account-settings#settings-notifications" />,
            webhooks: <TextLink to="/account/webhooks" />,
          }}
        />
      }
    >
      {content}
    </AccountPage>
  );
}
