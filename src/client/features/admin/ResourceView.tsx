import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../components/ui/LoadFailed';
import { Spinner } from '../../components/ui/Spinner';
import { errorMessage } from '../../lib/error-message';
import type { Resource } from '../account';
import { isForbidden } from './api/refusals';
import { Forbidden } from './Forbidden';

/** An admin page's loaded data: a spinner, the forbidden state on 403, a failure with retry, or the content. */
export function ResourceView<T>({
  state,
  retry,
  loadingLabel,
  failedTitle,
  forbiddenTitle,
  children,
}: {
  state: Resource<T>;
  retry(): void;
  loadingLabel: string;
  failedTitle: string;
  forbiddenTitle?: string;
  children(data: T): ReactNode;
}) {
  const { t } = useTranslation('admin');
  if (state.status === 'loading') {
    return (
      <div className="flex justify-center py-12 text-slate-600 dark:text-slate-400">
        <Spinner label={loadingLabel} />
      </div>
    );
  }
  if (state.status === 'error') {
    if (isForbidden(state.error)) return <Forbidden {...(forbiddenTitle && { title: forbiddenTitle })} />;
    return (
      <LoadFailed title={failedTitle} retryLabel={t('common.retry')} onRetry={retry}>
        {errorMessage(t, state.error)}
      </LoadFailed>
    );
  }
  return children(state.data);
}
