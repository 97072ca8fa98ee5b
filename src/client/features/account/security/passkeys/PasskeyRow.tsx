import { useTranslation } from 'react-i18next';
import { Badge } from '../../../../components/ui/Badge';
import { Button } from '../../../../components/ui/Button';
import { formatDate, formatDateTime } from '../../../../lib/format-date';
import type { Passkey } from '../../api/passkeys';
import { MetaLine } from '../../MetaLine';

export function PasskeyRow({ passkey, onRename, onRemove }: { passkey: Passkey; onRename(): void; onRemove(): void }) {
  const { t, i18n } = useTranslation('account');
  const locale = i18n.resolvedLanguage ?? 'en';
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2 font-semibold [overflow-wrap:anywhere]">
          <span dir="auto">{passkey.name}</span>
          {passkey.deviceType === 'multiDevice' && <Badge>{t('passkeys.synced')}</Badge>}
        </p>
        <MetaLine>
          {[
            <span key="created">{t('passkeys.created', { date: formatDate(passkey.createdAt, locale) })}</span>,
            <span key="used">
              {passkey.lastUsedAt
                ? t('passkeys.lastUsed', { date: formatDateTime(passkey.lastUsedAt, locale) })
                : t('passkeys.neverUsed')}
            </span>,
          ]}
        </MetaLine>
      </div>
      <div className="flex shrink-0 gap-2 self-start sm:self-center">
        <Button variant="secondary" onClick={onRename} aria-label={t('passkeys.renameLabel', { name: passkey.name })}>
          {t('passkeys.rename')}
        </Button>
        <Button
          variant="dangerOutline"
          onClick={onRemove}
          aria-label={t('passkeys.removeLabel', { name: passkey.name })}
        >
          {t('passkeys.remove')}
        </Button>
      </div>
    </li>
  );
}
