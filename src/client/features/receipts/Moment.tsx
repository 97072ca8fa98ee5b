import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format-date';
import { formatPastTime, formatRelativeTime } from '../../lib/relative-time';

/**
 * A moment written out exactly ("12 Mar 2026, 14:05"), with how long ago or ahead it is, in the reader's language;
 * `past` for moments past by their nature (a creation, an ending).
 */
export function Moment({ at, now, past = false }: { at: string; now: Date; past?: boolean }) {
  const { t, i18n } = useTranslation('receipts');
  const locale = i18n.resolvedLanguage ?? 'en';
  const date = formatDateTime(at, locale);
  const relative = (past ? formatPastTime : formatRelativeTime)(new Date(at), now, locale);
  return <time dateTime={at}>{t('moment', { date, relative })}</time>;
}

/** Only the exact moment, for lists where every item would say "… ago". */
export function ExactMoment({ at }: { at: string }) {
  const { i18n } = useTranslation('receipts');
  return <time dateTime={at}>{formatDateTime(at, i18n.resolvedLanguage ?? 'en')}</time>;
}
