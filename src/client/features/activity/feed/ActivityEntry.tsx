import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/Badge';
import { cx } from '../../../components/ui/cx';
import { TextLink } from '../../../components/ui/TextLink';
import { formatDateTime } from '../../../lib/format-date';
import { formatRelativeTime } from '../../../lib/relative-time';
import { MetaLine } from '../../account';
import type { ActivityItem } from '../api/activity.types';
import { eventSubject, eventView } from './event-view';

/** One event: what happened in words, "New" while it was unseen, when (as a distance and exactly), and a link. */
export function ActivityEntry({
  item,
  now,
  focusRef,
}: {
  item: ActivityItem;
  now: Date;
  focusRef?: Ref<HTMLLIElement>;
}) {
  const { t, i18n } = useTranslation('activity');
  const locale = i18n.resolvedLanguage ?? 'en';
  const { text, link } = eventView(item);
  const subject = eventSubject(item);
  const exact = formatDateTime(item.at, locale);
  return (
    <li
      ref={focusRef}
      tabIndex={focusRef ? -1 : undefined}
      className={cx(
        'space-y-1 rounded-xl border p-4 shadow-sm focus:outline-2 focus:outline-indigo-500',
        item.unread
          ? 'border-indigo-300 bg-indigo-50/60 dark:border-indigo-700 dark:bg-indigo-950/40'
          : 'border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900',
      )}
    >
      <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900 dark:text-slate-100">
        {item.unread && <Badge tone="indigo">{t('feed.new')}</Badge>}
        <span>{t(text.key, text.values)}</span>
      </p>
      {subject && <p className="font-mono text-xs break-all text-slate-700 dark:text-slate-300">{subject}</p>}
      <MetaLine>
        {[
          <time key="when" dateTime={item.at} title={exact}>
            {formatRelativeTime(new Date(item.at), now, locale)}
          </time>,
          <span key="exact">{exact}</span>,
          ...(link
            ? [
                <TextLink key="link" to={link.to}>
                  {t(link.label)}
                </TextLink>,
              ]
            : []),
        ]}
      </MetaLine>
    </li>
  );
}
