import { useTranslation } from 'react-i18next';
import { inboxPath } from '../../../../shared/rules/requests';
import { Badge } from '../../../components/ui/Badge';
import { TextLink } from '../../../components/ui/TextLink';
import { formatDateTime } from '../../../lib/format-date';
import { formatRelativeTime } from '../../../lib/relative-time';
import { MetaLine } from '../../account';
import type { RequestSummary } from '../api/requests.types';
import { RequestStateBadge } from '../RequestStateBadge';
import type { TitleView } from './use-request-titles';

/** One request: its title (or why it cannot be read here), state, answers and unread ones, and its dates. */
export function RequestRow({ request, title, now }: { request: RequestSummary; title: TitleView; now: Date }) {
  const { t, i18n } = useTranslation('requests');
  const locale = i18n.resolvedLanguage ?? 'en';
  const expired = Date.parse(request.expiresAt) <= now.getTime();
  const name =
    title.kind === 'plain' ? (
      <span dir="auto">{title.text}</span>
    ) : (
      <span className="italic">{t(`list.titles.${title.kind}`)}</span>
    );
  return (
    <li className="space-y-1 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="min-w-0 text-base font-semibold [overflow-wrap:anywhere]">
          <TextLink to={inboxPath(request.id)}>{name}</TextLink>
        </h2>
        <RequestStateBadge state={request.state} />
        {request.unread > 0 && <Badge tone="amber">{t('list.unread', { count: request.unread })}</Badge>}
      </div>
      <MetaLine>
        {[
          <span key="answers">{t('list.answers', { count: request.answered, max: request.maxResponses })}</span>,
          <time key="created" dateTime={request.createdAt}>
            {t('list.created', { when: formatDateTime(request.createdAt, locale) })}
          </time>,
          <time key="expires" dateTime={request.expiresAt} title={formatDateTime(request.expiresAt, locale)}>
            {t(expired ? 'list.expired' : 'list.expires', {
              when: formatRelativeTime(new Date(request.expiresAt), now, locale),
            })}
          </time>,
        ]}
      </MetaLine>
    </li>
  );
}
