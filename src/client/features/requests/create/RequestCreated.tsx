import { useEffect, useRef } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { inboxPath } from '../../../../shared/rules/requests';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { TextLink } from '../../../components/ui/TextLink';
import { formatDateTime } from '../../../lib/format-date';
import { CopyField, focusHeading, SecretQrCode } from '../../secrets';
import type { CreatedRequestView } from './submit-request';

/**
 * The two links of a new request. The fill link goes to whoever holds the secret; the inbox link, shown once, is the
 * only way to open the responses on another device (this browser keeps its key).
 */
export function RequestCreated({ request, onCreateNew }: { request: CreatedRequestView; onCreateNew(): void }) {
  const { t, i18n } = useTranslation('requests');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => focusHeading(heading.current), []);

  return (
    <Card className="space-y-6">
      <div className="space-y-1">
        <h2
          ref={heading}
          tabIndex={-1}
          className="rounded text-lg font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-500 dark:text-white"
        >
          {t('created.title')}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          <Trans
            t={t}
            i18nKey="created.lead"
            count={request.maxResponses}
            values={{ date: formatDateTime(request.expiresAt, i18n.language) }}
            components={{ time: <time dateTime={request.expiresAt} /> }}
          />
        </p>
      </div>
      <section className="space-y-3" aria-labelledby="request-fill-link">
        <h3 id="request-fill-link" className="text-base font-semibold text-slate-900 dark:text-white">
          {t('created.fillTitle')}
        </h3>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('created.fillHint')}</p>
        <CopyField label={t('created.fillLink')} value={request.fillLink} copyLabel={t('created.copyFill')} />
      </section>
      <section
        className="space-y-3 border-t border-slate-200 pt-6 dark:border-slate-800"
        aria-labelledby="request-inbox-link"
      >
        <h3 id="request-inbox-link" className="text-base font-semibold text-slate-900 dark:text-white">
          {t('created.inboxTitle')}
        </h3>
        <Alert tone="warning" title={t('created.onceTitle')}>
          {t('created.once')}
        </Alert>
        <div className="grid gap-6 md:grid-cols-[1fr_auto]">
          <div className="min-w-0">
            <CopyField label={t('created.inboxLink')} value={request.inboxLink} copyLabel={t('created.copyInbox')} />
          </div>
          <SecretQrCode url={request.inboxLink} label={t('created.qrLabel')} caption={t('created.qrCaption')} />
        </div>
      </section>
      <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-6 dark:border-slate-800">
        <TextLink to={inboxPath(request.id)}>{t('created.open')}</TextLink>
        <Button variant="secondary" onClick={onCreateNew}>
          {t('created.createNew')}
        </Button>
      </div>
    </Card>
  );
}
