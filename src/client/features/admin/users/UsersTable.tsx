import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/Badge';
import { BreakableText } from '../../../components/ui/BreakableText';
import { Button } from '../../../components/ui/Button';
import { cx } from '../../../components/ui/cx';
import { formatDate } from '../../../lib/format-date';
import type { AdminUser } from '../api/admin.types';

/**
 * The users as a table: the username heads each row, and the row's buttons name their user for screen readers.
 * The signed-in admin's own row has no delete button (account settings deletes one's own account).
 */
export function UsersTable({
  users,
  caption,
  self,
  busy,
  onEdit,
  onDelete,
}: {
  users: AdminUser[];
  caption: string;
  self: string;
  busy: boolean;
  onEdit(user: AdminUser): void;
  onDelete(user: AdminUser): void;
}) {
  const { t, i18n } = useTranslation('admin');
  const locale = i18n.resolvedLanguage ?? 'en';
  return (
    <div
      className={cx(
        'overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm transition-opacity dark:border-slate-800 dark:bg-slate-900',
        busy && 'opacity-60',
      )}
    >
      <table aria-busy={busy || undefined} className="w-full text-start text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs tracking-wide text-slate-600 uppercase dark:border-slate-800 dark:bg-slate-800/40 dark:text-slate-400">
          <tr>
            <Th>{t('users.columns.username')}</Th>
            <Th>{t('users.columns.email')}</Th>
            <Th>{t('users.columns.role')}</Th>
            <Th>{t('users.columns.password')}</Th>
            <Th>{t('users.columns.created')}</Th>
            <Th className="text-end">
              <span className="sr-only">{t('users.columns.actions')}</span>
            </Th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {users.map((user) => (
            <tr key={user.username} className="align-middle">
              <th scope="row" className="px-3 py-2.5 font-medium text-slate-900 dark:text-slate-100">
                <span className="inline-flex flex-wrap items-center gap-2">
                  <span className="font-mono break-words">
                    <BreakableText text={user.username} />
                  </span>
                  {user.username === self && <Badge>{t('users.you')}</Badge>}
                </span>
              </th>
              <td className="px-3 py-2.5 break-words text-slate-700 dark:text-slate-300">
                <BreakableText text={user.email} />
              </td>
              <td className="px-3 py-2.5">
                <Badge tone={user.role === 'admin' ? 'indigo' : user.role === 'creator' ? 'amber' : 'neutral'}>
                  {t(`roles.${user.role}`, { ns: 'account' })}
                </Badge>
              </td>
              <td className="px-3 py-2.5 text-slate-700 dark:text-slate-300">
                {user.generated ? <Badge tone="amber">{t('users.setByAdmin')}</Badge> : t('users.ownPassword')}
              </td>
              <td className="px-3 py-2.5 text-slate-700 dark:text-slate-300">
                <time dateTime={user.createdAt}>{formatDate(user.createdAt, locale)}</time>
              </td>
              <td className="px-3 py-2">
                <div className="flex flex-wrap justify-end gap-2">
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => onEdit(user)}
                    aria-label={t('users.editLabel', { username: user.username })}
                  >
                    {t('users.edit')}
                  </Button>
                  {user.username !== self && (
                    <Button
                      variant="dangerOutline"
                      size="sm"
                      onClick={() => onDelete(user)}
                      aria-label={t('users.deleteLabel', { username: user.username })}
                    >
                      {t('users.delete')}
                    </Button>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Th({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <th scope="col" className={cx('px-3 py-2.5 font-semibold whitespace-nowrap', className)}>
      {children}
    </th>
  );
}
