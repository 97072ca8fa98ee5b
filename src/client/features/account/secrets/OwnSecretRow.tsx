import { secretPath } from '../../../../shared/rules/link';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { TextLink } from '../../../components/ui/TextLink';
import { formatPastTime, formatRelativeTime } from '../../../lib/relative-time';
import type { OwnSecret } from '../api/account.types';
import { formatDateTime } from '../../../lib/format-date';
import { ownReceiptPath, ViewsUsed } from '../../receipts';
import { MetaLine } from '../MetaLine';
import { secretTitle } from './secret-title';

export function OwnSecretRow({ secret, now, onDelete }: { secret: OwnSecret; now: Date; onDelete(): void }) {
  const { t, i18n } = useTranslation('account');
  const locale = i18n.resolvedLanguage ?? 'en';
  const title = secretTitle(secret);
  const name =
    title.kind === 'plain'
      ? title.text
      : title.kind === 'encrypted'
        ? t('secrets.encryptedTitle')
        : t('secrets.untitled');
  // dir="auto" goes on the heading itself, not an inner span: a wrapped right-to-left title aligns all its lines.
  const headingText = title.kind === 'plain' ? title.text : <span className="italic">{name}</span>;
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-start sm:justify-between dark:border-slate-800 dark:bg-slate-900">
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2
            dir={title.kind === 'plain' ? 'auto' : undefined}
            className="text-base font-semibold [overflow-wrap:anywhere]"
            title={title.kind === 'encrypted' ? t('secrets.encryptedHint') : undefined}
          >
            {secret.isPublic ? <TextLink to={secretPath(secret.id)}>{headingText}</TextLink> : headingText}
          </h2>
          {secret.isPublic && <Badge tone="amber">{t('secrets.public')}</Badge>}
        </div>
        <p className="font-mono text-xs text-slate-500 [overflow-wrap:anywhere] dark:text-slate-400">{secret.id}</p>
        <MetaLine>
          {[
            <time key="created" dateTime={secret.createdAt}>
              {t('secrets.created', { when: formatDateTime(secret.createdAt, locale) })}
            </time>,
            <time key="expires" dateTime={secret.expiresAt} title={formatDateTime(secret.expiresAt, locale)}>
              {t('secrets.expires', { when: formatRelativeTime(new Date(secret.expiresAt), now, locale) })}
            </time>,
            <span key="views">
              <ViewsUsed used={secret.viewsUsed} max={secret.maxViews} preventBurn={secret.preventBurn} />
            </span>,
            ...(secret.lastViewedAt
              ? [
                  <time key="opened" dateTime={secret.lastViewedAt} title={formatDateTime(secret.lastViewedAt, locale)}>
                    {t('secrets.lastOpened', { when: formatPastTime(new Date(secret.lastViewedAt), now, locale) })}
                  </time>,
                ]
              : []),
            ...(secret.failedAttempts > 0
              ? [
                  <span key="attempts" className="font-medium text-amber-800 dark:text-amber-300">
                    {t('secrets.wrongPasswords', { count: secret.failedAttempts })}
                  </span>,
                ]
              : []),
          ]}
        </MetaLine>
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-3 self-start">
        <TextLink to={ownReceiptPath(secret.id)} aria-label={t('secrets.receiptLabel', { name })}>
          {t('secrets.receipt')}
        </TextLink>
        <Button variant="dangerOutline" onClick={onDelete} aria-label={t('secrets.deleteLabel', { name })}>
          {t('secrets.delete')}
        </Button>
      </div>
    </li>
  );
}
