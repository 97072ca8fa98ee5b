import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openResponseKey } from '../../../../shared/crypto/request-keys';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { formatDateTime } from '../../../lib/format-date';
import { MetaLine } from '../../account';
import type { RequestDetail, RequestResponse } from '../api/requests.types';
import { ResponseReveal } from './ResponseReveal';

/**
 * One response: when it came and how long, and how often, it can be opened. Reveal derives its key here (the private
 * key and the response's ephemeral key) and reads it like any secret: that spends a view, and the last one deletes it.
 */
export function ResponseItem({
  request,
  response,
  number,
  privateKey,
}: {
  request: RequestDetail;
  response: RequestResponse;
  number: number;
  privateKey: CryptoKey | null;
}) {
  const { t, i18n } = useTranslation('requests');
  const locale = i18n.resolvedLanguage ?? 'en';
  const [key, setKey] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const name = t('inbox.responseName', { number });

  const reveal = async () => {
    if (!privateKey) return;
    setBusy(true);
    setFailed(false);
    try {
      setKey(await openResponseKey(privateKey, request.publicKey, response.ephemeralKey, request.id));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <div className="space-y-1">
        {/* Revealed, the response's own view carries its name as its heading (and takes the focus). */}
        {!key && <h3 className="text-base font-semibold">{name}</h3>}
        <MetaLine>
          {[
            <time key="received" dateTime={response.createdAt}>
              {t('inbox.received', { when: formatDateTime(response.createdAt, locale) })}
            </time>,
            <time key="expires" dateTime={response.expiresAt}>
              {t('inbox.responseExpires', { when: formatDateTime(response.expiresAt, locale) })}
            </time>,
            // Opened, the count it had when the page loaded is no longer true: the response's view says what is left.
            ...(key
              ? []
              : [
                  <span key="views">
                    {t('inbox.viewsLeft', { count: response.viewsLeft, max: response.maxViews })}
                  </span>,
                ]),
            ...(response.fileCount > 0
              ? [<span key="files">{t('inbox.files', { count: response.fileCount })}</span>]
              : []),
          ]}
        </MetaLine>
      </div>
      {key ? (
        <ResponseReveal id={response.id} responseKey={key} name={name} />
      ) : (
        <div className="space-y-2">
          <Button
            busy={busy}
            disabled={!privateKey}
            onClick={() => void reveal()}
            aria-label={t('inbox.revealLabel', { name })}
          >
            {t('inbox.reveal')}
          </Button>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            {t(response.viewsLeft === 1 ? 'inbox.revealLast' : 'inbox.revealNote')}
          </p>
          {failed && <Alert tone="error">{t('inbox.responseDamaged')}</Alert>}
        </div>
      )}
    </li>
  );
}
