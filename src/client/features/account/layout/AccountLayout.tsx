import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadFailed } from '../../../components/ui/LoadFailed';
import { Spinner } from '../../../components/ui/Spinner';
import { errorMessage } from '../../../lib/error-message';
import { useSessionStore } from '../../auth';
import { getAccount } from '../api/get-account';
import { useAccountResource } from '../use-account-resource';
import type { AccountOutlet } from './account-outlet';
import { AccountSidebar } from './AccountSidebar';

/** /account/*: signed-out visitors go to /signin (and come back here after); others get the sidebar and the page. */
export default function AccountLayout() {
  const isLoggedIn = useSessionStore((state) => state.isLoggedIn);
  const { pathname, search } = useLocation();
  if (!isLoggedIn) return <Navigate to={`/signin?next=${encodeURIComponent(pathname + search)}`} replace />;
  return <SignedInLayout />;
}

function SignedInLayout() {
  const { t } = useTranslation('account');
  const { state, retry, update } = useAccountResource(getAccount);
  const role = state.status === 'ready' ? state.data.role : null;

  let content;
  if (state.status === 'loading') {
    content = (
      <div className="flex justify-center py-16 text-slate-600 dark:text-slate-400">
        <Spinner label={t('layout.loading')} />
      </div>
    );
  } else if (state.status === 'error') {
    content = (
      <LoadFailed title={t('layout.loadFailed')} retryLabel={t('layout.retry')} onRetry={retry}>
        {errorMessage(t, state.error)}
      </LoadFailed>
    );
  } else {
    const context: AccountOutlet = { account: state.data, setAccount: (account) => update(() => account) };
    content = <Outlet context={context} />;
  }

  return (
    <div className="md:flex md:items-start md:gap-8">
      <AccountSidebar role={role} />
      <div className="min-w-0 flex-1">{content}</div>
    </div>
  );
}
