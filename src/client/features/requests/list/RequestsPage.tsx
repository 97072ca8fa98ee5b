import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { REQUEST_PAGES } from '../../../../shared/rules/requests';
import { Alert } from '../../../components/ui/Alert';
import { LoadFailed } from '../../../components/ui/LoadFailed';
import { Spinner } from '../../../components/ui/Spinner';
import { errorMessage } from '../../../lib/error-message';
import { useNow } from '../../../lib/use-now';
import { AccountPage, useAccountResource } from '../../account';
import { useSettingsStore } from '../../settings';
import { listRequests } from '../api/list-requests';
import { RequestRow } from './RequestRow';
import { useRequestTitles } from './use-request-titles';

/** Where the inbox page sends the user after deleting a request. */
export interface RequestsPageState {
  deleted?: boolean;
}

/** /account/requests: the user's requests, newest first, with their state and unread responses. */
export default function RequestsPage() {
  const { t } = useTranslation('requests');
  const { state, retry } = useAccountResource(listRequests);
  const titles = useRequestTitles(state.status === 'ready' ? state.data : null);
  const disabled = useSettingsStore((store) => store.settings.disable_requests);
  const deleted = (useLocation().state as RequestsPageState | null)?.deleted === true;
  const notice = useRef<HTMLDivElement>(null);
  const now = useNow();

  // The page of the request is gone: focus goes to the message that says so.
  useEffect(() => {
    if (deleted) notice.current?.focus();
  }, [deleted]);

  let content;
  if (state.status === 'loading') {
    content = (
      <div className="flex justify-center py-12 text-slate-600 dark:text-slate-400">
        <Spinner label={t('list.loading')} />
      </div>
    );
  } else if (state.status === 'error') {
    content = (
      <LoadFailed title={t('list.loadFailed')} retryLabel={t('list.retry')} onRetry={retry}>
        {errorMessage(t, state.error)}
      </LoadFailed>
    );
  } else if (state.data.length === 0) {
    content = (
      <div className="rounded-xl border border-dashed border-slate-300 px-4 py-10 text-center dark:border-slate-700">
        <p className="font-semibold">{t('list.emptyTitle')}</p>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('list.emptyBody')}</p>
      </div>
    );
  } else {
    content = (
      <ul className="space-y-3" aria-label={t('list.label')}>
        {state.data.map((request) => (
          <RequestRow
            key={request.id}
            request={request}
            title={titles.get(request.id) ?? { kind: 'opening' }}
            now={now}
          />
        ))}
      </ul>
    );
  }

  return (
    <AccountPage title={t('list.title')} lead={t('list.lead')}>
      {deleted && (
        <div ref={notice} tabIndex={-1} className="rounded-lg focus:outline-none">
          <Alert tone="success">{t('list.deleted')}</Alert>
        </div>
      )}
      {disabled ? (
        <Alert tone="info">{t('list.disabled')}</Alert>
      ) : (
        <div>
          <Link
            to={REQUEST_PAGES.create}
            className="inline-flex min-h-10 items-center justify-center gap-2 rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500"
          >
            {t('list.new')}
          </Link>
        </div>
      )}
      {content}
    </AccountPage>
  );
}
