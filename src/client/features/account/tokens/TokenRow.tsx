import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import type { ApiToken } from '../api/account.types';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { MetaLine } from '../MetaLine';
import { SCOPE_KEYS } from './token-form';

export function TokenRow({ token, now, onRevoke }: { token: ApiToken; now: Date; onRevoke(): void }) {
  const { t, i18n } = useTranslation('account');
  const locale = i18n.resolvedLanguage ?? 'en';
  const expired = token.expiresAt !== null && new Date(token.expiresAt).getTime() <= now.getTime();
  // A token made before scopes has none stored: it may do all its user may. Otherwise one sentence of parallel
  // phrases ("Can read your secrets and create secrets"), joined the way the language joins a list.
  const scopes =
    token.scopes === null
      ? t('tokens.allScopes')
      : t('tokens.scopesLine', {
          scopes: new Intl.ListFormat(locale, { type: 'conjunction' }).format(
            token.scopes.map((scope) => t(`tokens.scope.${SCOPE_KEYS[scope]}.can`)),
          ),
        });
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2 font-semibold [overflow-wrap:anywhere]">
          <span dir="auto">{token.name}</span>
          {expired && <Badge tone="amber">{t('tokens.expiredBadge')}</Badge>}
        </p>
        <p className="text-sm text-slate-700 dark:text-slate-300">{scopes}</p>
        <MetaLine>
          {[
            <span key="created">{t('tokens.created', { date: formatDate(token.createdAt, locale) })}</span>,
            <span key="used">
              {token.lastUsedAt
                ? t('tokens.lastUsed', { date: formatDateTime(token.lastUsedAt, locale) })
                : t('tokens.neverUsed')}
            </span>,
            <span key="expiry">
              {token.expiresAt
                ? t(expired ? 'tokens.expired' : 'tokens.expires', { date: formatDate(token.expiresAt, locale) })
                : t('tokens.noExpiry')}
            </span>,
          ]}
        </MetaLine>
      </div>
      <Button
        variant="dangerOutline"
        onClick={onRevoke}
        aria-label={t('tokens.revokeLabel', { name: token.name })}
        className="shrink-0 self-start sm:self-center"
      >
        {t('tokens.revoke')}
      </Button>
    </li>
  );
}
