import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { parseFillLink } from '../../../../shared/rules/requests';
import { Spinner } from '../../../components/ui/Spinner';
import { RespondForm } from './RespondForm';
import { RespondProblem } from './RespondProblem';
import { ResponseSent } from './ResponseSent';
import type { SentResponse } from './send-response';
import { useRequestForm } from './use-request-form';

/**
 * /request/{id}#key={K_d}&pk={fingerprint}: anyone holding the fill link answers the request, no account needed.
 * Loading the page only reads the request; nothing is sealed or sent before Send is pressed.
 */
export default function RespondPage() {
  const { t } = useTranslation('requests');
  const { pathname, hash } = useLocation();
  const link = useMemo(() => parseFillLink(pathname + hash), [pathname, hash]);
  const { state, retry } = useRequestForm(link);
  const [sent, setSent] = useState<SentResponse | null>(null);

  useEffect(() => {
    document.title = `${t('respond.pageTitle')} · Hush`;
  }, [t]);

  if (state.step === 'ready' && sent) return <ResponseSent username={state.form.username} sent={sent} />;
  return (
    <div className="space-y-6">
      {state.step === 'ready' ? (
        <RespondForm request={state} onSent={setSent} />
      ) : (
        <>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
            {t('respond.pageTitle')}
          </h1>
          {state.step === 'loading' ? (
            <Spinner label={t('respond.loading')} />
          ) : (
            <RespondProblem state={state} onRetry={retry} />
          )}
        </>
      )}
    </div>
  );
}
