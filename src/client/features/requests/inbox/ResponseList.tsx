import { useTranslation } from 'react-i18next';
import type { RequestDetail } from '../api/requests.types';
import { ResponseItem } from './ResponseItem';

/** The responses that can still be opened, newest first; each opens on its own Reveal. */
export function ResponseList({ request, privateKey }: { request: RequestDetail; privateKey: CryptoKey | null }) {
  const { t } = useTranslation('requests');
  return (
    <section className="space-y-3" aria-labelledby="request-responses">
      <h2 id="request-responses" className="text-lg font-semibold text-slate-900 dark:text-white">
        {t('inbox.responses', { count: request.responses.length })}
      </h2>
      {request.responses.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
          {request.state === 'open' ? t('inbox.noResponsesYet') : t('inbox.noResponses')}
        </p>
      ) : (
        <ul className="space-y-3">
          {request.responses.map((response, index) => (
            <ResponseItem
              key={response.id}
              request={request}
              response={response}
              number={request.responses.length - index}
              privateKey={privateKey}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
