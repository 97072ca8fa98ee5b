import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { parseInboxLink, REQUEST_PAGES } from '../../../../shared/rules/requests';
import { Alert } from '../../../components/ui/Alert';
import { LoadFailed } from '../../../components/ui/LoadFailed';
import { Spinner } from '../../../components/ui/Spinner';
import { TextLink } from '../../../components/ui/TextLink';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { AccountPage, useAccountResource } from '../../account';
import { getRequest } from '../api/get-request';
import { noteLinkKey } from '../inbox-keys';
import type { RequestsPageState } from '../list/RequestsPage';
import { RequestActions } from './RequestActions';
import { RequestOverview } from './RequestOverview';
import { ResponseList } from './ResponseList';
import { useInboxKey } from './use-inbox-key';

/**
 * /account/requests/{id}, and the inbox link /account/requests/{id}#inbox={K_inbox}: the request, its responses and
 * what can be done with it. An inbox link's key leaves the address bar at once; this browser keeps it once it opened
 * the request.
 */
export default function RequestInboxPage() {
  const { t } = useTranslation('requests');
  const id = useParams().id ?? '';
  const { pathname, hash } = useLocation();
  const navigate = useNavigate();
  // Noted before the first load, so the key is tried with it (start-up does the same for a signed-out visitor).
  useState(() => {
    const link = parseInboxLink(pathname + hash);
    if (link?.inboxKey) noteLinkKey(link.id, link.inboxKey);
  });
  // An inbox link opened on this very page (pasted into the address bar) changes only the fragment: its key is
  // noted and tried too, then it leaves the address bar.
  const [linksOpened, setLinksOpened] = useState(0);
  useEffect(() => {
    if (!hash) return;
    const link = parseInboxLink(pathname + hash);
    if (link?.inboxKey) {
      noteLinkKey(link.id, link.inboxKey);
      setLinksOpened((n) => n + 1);
    }
    void navigate(pathname, { replace: true });
  }, [hash, pathname, navigate]);

  const load = useCallback((signal: AbortSignal) => getRequest(id, signal), [id]);
  const { state, retry, update } = useAccountResource(load);
  const request = state.status === 'ready' ? state.data : null;
  const key = useInboxKey(request, linksOpened);

  const title =
    key.step === 'open'
      ? (key.details?.title ?? t('inbox.titleDamaged'))
      : key.step === 'opening'
        ? t('inbox.pageTitle')
        : t('inbox.titleLocked');

  if (state.status === 'loading') {
    return (
      <div className="flex justify-center py-16 text-slate-600 dark:text-slate-400">
        <Spinner label={t('inbox.loading')} />
      </div>
    );
  }
  if (state.status === 'error') {
    const gone = state.error instanceof ApiError && [404, 400].includes(state.error.status);
    return (
      <AccountPage title={t('inbox.pageTitle')}>
        {gone ? (
          <Alert tone="info" title={t('inbox.notFoundTitle')}>
            <p>{t('inbox.notFound')}</p>
            <TextLink to={REQUEST_PAGES.list} className="mt-2 inline-block">
              {t('inbox.backToList')}
            </TextLink>
          </Alert>
        ) : (
          <LoadFailed title={t('inbox.loadFailed')} retryLabel={t('inbox.retry')} onRetry={retry}>
            {errorMessage(t, state.error)}
          </LoadFailed>
        )}
      </AccountPage>
    );
  }

  const detail = state.data;
  return (
    <AccountPage
      title={title}
      documentTitle={t('inbox.pageTitle')}
      lead={<TextLink to={REQUEST_PAGES.list}>{t('inbox.backToList')}</TextLink>}
    >
      {key.step === 'opening' && <Spinner label={t('inbox.opening')} />}
      {key.step === 'locked' && (
        <Alert tone="warning" title={t('inbox.lockedTitle')}>
          {t('inbox.locked')}
        </Alert>
      )}
      {(key.step === 'wrong' || (key.step === 'open' && key.linkRefused)) && (
        <Alert tone="error" title={t('inbox.wrongKeyTitle')}>
          {t(key.step === 'wrong' ? 'inbox.wrongKey' : 'inbox.wrongLinkKey')}
        </Alert>
      )}
      <RequestOverview request={detail} inbox={key} />
      <RequestActions
        request={detail}
        onRevoked={(summary) => update((current) => ({ ...current, ...summary }))}
        onDeleted={() =>
          void navigate(REQUEST_PAGES.list, { replace: true, state: { deleted: true } satisfies RequestsPageState })
        }
      />
      <ResponseList request={detail} privateKey={key.step === 'open' ? key.privateKey : null} />
    </AccountPage>
  );
}
