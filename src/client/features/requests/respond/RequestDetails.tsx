import { Trans, useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/Card';
import { formatTtl } from '../../secrets';
import type { RequestForm } from '../api/requests.types';
import { groupFingerprint } from '../request-crypto';

/**
 * Who asks and what for: the title and instructions as plain text (never markup), the key the answer is sealed to
 * (its fingerprint, which the link pinned), and how often and how long the requester can open the answer.
 */
export function RequestDetails({
  form,
  title,
  text,
  fingerprint,
}: {
  form: RequestForm;
  title: string;
  text: string | null;
  fingerprint: string;
}) {
  const { t } = useTranslation('requests');
  const { t: tCreate } = useTranslation('create');
  return (
    <Card className="space-y-4">
      <div className="space-y-2">
        <h2 dir="auto" className="text-lg font-semibold [overflow-wrap:anywhere] text-slate-900 dark:text-white">
          {title}
        </h2>
        {text && (
          <p
            dir="auto"
            className="text-sm whitespace-pre-wrap text-slate-700 [overflow-wrap:anywhere] dark:text-slate-300"
          >
            {text}
          </p>
        )}
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {t('respond.reach', {
          count: form.responseViews,
          username: form.username,
          lifetime: formatTtl(form.responseTtl, tCreate),
        })}
      </p>
      <div className="space-y-1 border-t border-slate-200 pt-4 dark:border-slate-800">
        <p className="text-sm font-medium text-slate-800 dark:text-slate-200">{t('respond.fingerprint')}</p>
        <p
          data-testid="fingerprint"
          translate="no"
          className="font-mono text-sm tracking-wide text-slate-900 [overflow-wrap:anywhere] dark:text-slate-100"
        >
          {groupFingerprint(fingerprint)}
        </p>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          <Trans
            t={t}
            i18nKey="respond.fingerprintHint"
            values={{ username: form.username }}
            components={{ user: <bdi className="[overflow-wrap:anywhere]" /> }}
          />
        </p>
      </div>
    </Card>
  );
}
