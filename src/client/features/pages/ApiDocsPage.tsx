import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/Spinner';
import { API_BASE } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { ApiDocs } from './api-docs/ApiDocs';
import { CliDownload } from './api-docs/CliDownload';
import { OPENAPI_PATH, useOpenApi } from './api-docs/use-openapi';
import { LoadFailed } from '../../components/ui/LoadFailed';

/** /api-docs: rendered from the server's own OpenAPI document, so it cannot drift from the API. */
export default function ApiDocsPage() {
  const { t } = useTranslation('pages');
  const state = useOpenApi();
  const ready = state.status === 'ready';

  // The operations appear only once the document has loaded: then honour a #anchor in the address.
  useEffect(() => {
    if (!ready || !window.location.hash) return;
    document.getElementById(decodeURIComponent(window.location.hash.slice(1)))?.scrollIntoView();
  }, [ready]);

  return (
    <div className="space-y-6">
      <title>{`${t('apiDocs.title')} · Hush`}</title>
      <header className="space-y-3">
        <h1 className="flex flex-wrap items-center gap-3 text-2xl font-bold tracking-tight sm:text-3xl">
          {t('apiDocs.title')}
          <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold tracking-normal text-amber-900 dark:bg-amber-900/60 dark:text-amber-100">
            {t('apiDocs.wip')}
          </span>
        </h1>
        <p className="text-slate-600 dark:text-slate-400">{t('apiDocs.intro')}</p>
      </header>
      <CliDownload />
      {state.status === 'loading' && (
        <div className="flex justify-center py-12 text-slate-600 dark:text-slate-400">
          <Spinner label={t('apiDocs.loading')} />
        </div>
      )}
      {state.status === 'error' && (
        <LoadFailed title={t('apiDocs.error')} retryLabel={t('apiDocs.retry')} onRetry={state.retry}>
          {errorMessage(t, state.error)}
        </LoadFailed>
      )}
      {state.status === 'ready' && <ApiDocs document={state.document} documentUrl={API_BASE + OPENAPI_PATH} />}
    </div>
  );
}
