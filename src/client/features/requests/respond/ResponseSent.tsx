import { useEffect, useRef } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/Alert';
import { Card } from '../../../components/ui/Card';
import { formatDateTime } from '../../../lib/format-date';
import { focusHeading } from '../../secrets';
import type { SentResponse } from './send-response';

/** The answer went out: only the requester can open it. Focus comes here, as the form it replaces is gone. */
export function ResponseSent({ username, sent }: { username: string; sent: SentResponse }) {
  const { t, i18n } = useTranslation('requests');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => focusHeading(heading.current), []);
  return (
    <div className="space-y-6">
      <h1
        ref={heading}
        tabIndex={-1}
        className="rounded text-2xl font-bold tracking-tight text-slate-900 [overflow-wrap:anywhere] focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-500 sm:text-3xl dark:text-white"
      >
        <Trans t={t} i18nKey="respond.sent.title" values={{ username }} components={{ user: <bdi /> }} />
      </h1>
      <Card className="space-y-4">
        <Alert tone="success">
          <Trans
            t={t}
            i18nKey="respond.sent.body"
            values={{ date: formatDateTime(sent.expiresAt, i18n.language) }}
            components={{ time: <time dateTime={sent.expiresAt} /> }}
          />
        </Alert>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('respond.sent.note')}</p>
      </Card>
    </div>
  );
}
