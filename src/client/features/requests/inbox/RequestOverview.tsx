import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/Card';
import { formatDateTime } from '../../../lib/format-date';
import { CopyField, formatTtl } from '../../secrets';
import type { RequestDetail } from '../api/requests.types';
import { RequestStateBadge } from '../RequestStateBadge';
import type { InboxKey } from './use-inbox-key';

/** The request's facts, its instructions when they can be read here, and its fill link again while it is open. */
export function RequestOverview({ request, inbox }: { request: RequestDetail; inbox: InboxKey }) {
  const { t, i18n } = useTranslation('requests');
  const { t: tCreate } = useTranslation('create');
  const locale = i18n.resolvedLanguage ?? 'en';
  const when = (iso: string) => <time dateTime={iso}>{formatDateTime(iso, locale)}</time>;
  const instructions = inbox.step === 'open' ? inbox.details?.text : null;
  const linkEnd = request.revokedAt
    ? { label: t('inbox.facts.revoked'), value: when(request.revokedAt) }
    : { label: t('inbox.facts.expires'), value: when(request.expiresAt) };

  return (
    <Card className="space-y-5">
      <div className="flex flex-wrap items-center gap-2">
        <RequestStateBadge state={request.state} />
        <span className="text-sm text-slate-700 dark:text-slate-300">
          {t('list.answers', { count: request.answered, max: request.maxResponses })}
        </span>
      </div>
      {instructions && (
        <div className="space-y-1">
          <h2 className="text-sm font-medium text-slate-600 dark:text-slate-400">{t('inbox.instructions')}</h2>
          <p dir="auto" className="text-sm whitespace-pre-wrap [overflow-wrap:anywhere]">
            {instructions}
          </p>
        </div>
      )}
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[max-content_1fr]">
        <Fact label={t('inbox.facts.created')}>{when(request.createdAt)}</Fact>
        <Fact label={linkEnd.label}>{linkEnd.value}</Fact>
        <Fact label={t('inbox.facts.eachResponse')}>
          {t('inbox.facts.eachResponseValue', {
            count: request.responseViews,
            lifetime: formatTtl(request.responseTtl, tCreate),
          })}
        </Fact>
        <Fact label={t('inbox.facts.files')}>{request.allowFiles ? t('inbox.facts.yes') : t('inbox.facts.no')}</Fact>
        {request.allowedIp && (
          <Fact label={t('inbox.facts.ip')}>
            <span className="font-mono [overflow-wrap:anywhere]">{request.allowedIp}</span>
          </Fact>
        )}
      </dl>
      {inbox.step === 'open' && request.state === 'open' && (
        <div className="border-t border-slate-200 pt-5 dark:border-slate-800">
          <CopyField label={t('inbox.fillLink')} value={inbox.fillLink} copyLabel={t('created.copyFill')} />
        </div>
      )}
    </Card>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="contents">
      <dt className="font-medium text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="-mt-2 text-slate-900 sm:mt-0 dark:text-slate-100">{children}</dd>
    </div>
  );
}
