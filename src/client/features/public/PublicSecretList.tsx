import { secretPath } from '../../../shared/rules/link';
import { Trans, useTranslation } from 'react-i18next';
import { TextLink } from '../../components/ui/TextLink';
import type { PublicSecretItem } from '../secrets';
import { formatDateTime } from '../../lib/format-date';
import { formatRelativeTime } from '../../lib/relative-time';

/** The public secrets in the order the server gave them (newest first). */
export function PublicSecretList({ items, now }: { items: PublicSecretItem[]; now: Date }) {
  return (
    <ul className="space-y-3">
      {items.map((item) => (
        <PublicSecretRow key={item.id} item={item} now={now} />
      ))}
    </ul>
  );
}

function PublicSecretRow({ item, now }: { item: PublicSecretItem; now: Date }) {
  const { t, i18n } = useTranslation('public');
  const locale = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  const expiresAt = new Date(item.expiresAt);
  const expired = expiresAt.getTime() <= now.getTime();
  const when = formatRelativeTime(expiresAt, now, locale);
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      {/* dir="auto" on the heading itself, as in the own secrets list: a title in the other direction aligns whole. */}
      <h2 dir={item.title ? 'auto' : undefined} className="text-base font-semibold [overflow-wrap:anywhere]">
        <TextLink to={secretPath(item.id)}>
          {item.title ? item.title : <span className="italic">{t('item.untitled')}</span>}
        </TextLink>
      </h2>
      <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
        <span className="[overflow-wrap:anywhere]">
          {item.username ? (
            <Trans
              t={t}
              i18nKey="item.by"
              components={{
                author: <TextLink to={`/public/${encodeURIComponent(item.username)}`}>{item.username}</TextLink>,
              }}
            />
          ) : (
            t('item.byAnonymous')
          )}
        </span>
        <span aria-hidden="true">·</span>
        <time dateTime={item.expiresAt} title={formatDateTime(expiresAt, locale)}>
          {t(expired ? 'item.expired' : 'item.expires', { when })}
        </time>
      </p>
    </li>
  );
}
