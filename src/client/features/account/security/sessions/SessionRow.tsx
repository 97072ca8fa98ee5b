import { useTranslation } from 'react-i18next';
import { Badge } from '../../../../components/ui/Badge';
import { Button } from '../../../../components/ui/Button';
import { formatDateTime } from '../../../../lib/format-date';
import type { Session } from '../../api/sessions';
import { MetaLine } from '../../MetaLine';
import { sessionLabel } from './session-label';

/**
 * One place the account is signed in: its browser, how it signed in, when, and a way to sign it out. An agent that is
 * not a browser shows as it was sent too, which tells such sessions apart.
 */
export function SessionRow({ session, onSignOut }: { session: Session; onSignOut(): void }) {
  const { t, i18n } = useTranslation('account');
  const locale = i18n.resolvedLanguage ?? 'en';
  const name = sessionLabel(t, session);
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2 font-semibold [overflow-wrap:anywhere]">
          {name}
          {session.current && <Badge tone="green">{t('sessions.current')}</Badge>}
        </p>
        <p className="text-sm text-slate-700 dark:text-slate-300">{t(`sessions.method.${session.method}`)}</p>
        <MetaLine>
          {[
            ...(session.userAgent
              ? [
                  <span key="agent" className="font-mono [overflow-wrap:anywhere]">
                    {session.userAgent}
                  </span>,
                ]
              : []),
            <span key="created">{t('sessions.created', { date: formatDateTime(session.createdAt, locale) })}</span>,
            <span key="seen">{t('sessions.lastSeen', { date: formatDateTime(session.lastSeenAt, locale) })}</span>,
          ]}
        </MetaLine>
      </div>
      <Button
        variant="secondary"
        size="sm"
        onClick={onSignOut}
        aria-label={t('sessions.signOutLabel', { name })}
        className="shrink-0"
      >
        {t(session.current ? 'sessions.signOutThis' : 'sessions.signOut')}
      </Button>
    </li>
  );
}
