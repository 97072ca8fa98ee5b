import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/Badge';
import { BreakableText } from '../../../components/ui/BreakableText';
import { Button } from '../../../components/ui/Button';
import { cx } from '../../../components/ui/cx';
import { formatDate } from '../../../lib/format-date';
import type { AdminUser } from '../api/admin.types';
import { type TableLayout, useTableLayout } from './use-table-layout';

interface UsersTableProps {
  users: AdminUser[];
  caption: string;
  self: string;
  busy: boolean;
  onEdit(user: AdminUser): void;
  onDelete(user: AdminUser): void;
}

/**
 * The users as a table where it fits (each row's buttons side by side, or over each other when that is what makes it
 * fit), and otherwise as a list of cards: on a phone, and beside the account sidebar in a language whose labels and
 * buttons leave the emails too little room. Nothing scrolls sideways or is cut. The table stays laid out, invisible,
 * while the cards show, so that it can be measured again when the room changes (useTableLayout); only one of them is
 * in the accessibility tree. The buttons name their user for screen readers. The signed-in admin's own row has no
 * delete button (account settings deletes one's own account).
 */
export function UsersTable(props: UsersTableProps) {
  const { box, table, layout } = useTableLayout();
  return (
    <div className={cx('transition-opacity', props.busy && 'opacity-60')}>
      <Table {...props} box={box} table={table} layout={layout} />
      {layout === 'cards' && <Cards {...props} />}
    </div>
  );
}

/** Usernames are ASCII and emails read left to right: in a right-to-left page "name@" keeps its "@" at the end. */
function Username({ user }: { user: AdminUser }) {
  return (
    <span dir="ltr" className="font-mono">
      <BreakableText text={user.username} />
    </span>
  );
}

function Email({ user }: { user: AdminUser }) {
  return (
    <span dir="ltr">
      <BreakableText text={user.email} />
    </span>
  );
}

function RoleBadge({ user }: { user: AdminUser }) {
  const { t } = useTranslation('account');
  return (
    <Badge tone={user.role === 'admin' ? 'indigo' : user.role === 'creator' ? 'amber' : 'neutral'}>
      {t(`roles.${user.role}`)}
    </Badge>
  );
}

function PasswordKind({ user }: { user: AdminUser }) {
  const { t } = useTranslation('admin');
  return user.generated ? <Badge tone="amber">{t('users.setByAdmin')}</Badge> : <>{t('users.ownPassword')}</>;
}

function Created({ user }: { user: AdminUser }) {
  const { i18n } = useTranslation('admin');
  return <time dateTime={user.createdAt}>{formatDate(user.createdAt, i18n.resolvedLanguage ?? 'en')}</time>;
}

function Actions({
  user,
  self,
  onEdit,
  onDelete,
}: Pick<UsersTableProps, 'self' | 'onEdit' | 'onDelete'> & { user: AdminUser }) {
  const { t } = useTranslation('admin');
  return (
    <>
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
    </>
  );
}

/**
 * Four columns: the user (the username, which heads the row, over the email), the role over who set the password,
 * the creation date and the buttons; the headings stack the same way. Six columns did not fit beside the account
 * sidebar (about 42rem) without squeezing the emails. Usernames and emails wrap where a reader expects it
 * (BreakableText), and inside a word only when a piece is wider than the column. That column is at least 14rem wide
 * (a username of 20 characters on one line, the longest emails in a few), and a table that cannot give it that much
 * does not fit. The other columns do not wrap. `relative` keeps the visually hidden caption and heading (absolutely
 * placed) inside the box instead of widening the page.
 */
function Table({
  users,
  caption,
  self,
  busy,
  onEdit,
  onDelete,
  box,
  table,
  layout,
}: UsersTableProps & { box: Ref<HTMLDivElement>; table: Ref<HTMLTableElement>; layout: TableLayout }) {
  const { t } = useTranslation('admin');
  const shown = layout !== 'cards';
  return (
    <div
      ref={box}
      aria-hidden={!shown || undefined}
      inert={!shown}
      className={cx(
        'relative overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900',
        !shown && 'invisible h-0',
      )}
    >
      <table
        ref={table}
        data-actions={layout === 'cards' ? undefined : layout}
        aria-busy={busy || undefined}
        className="group w-full text-start text-sm"
      >
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs tracking-wide text-slate-600 uppercase dark:border-slate-800 dark:bg-slate-800/40 dark:text-slate-400">
          <tr>
            <Th>
              <Stacked top={t('users.columns.username')} bottom={t('users.columns.email')} />
            </Th>
            <Th>
              <Stacked top={t('users.columns.role')} bottom={t('users.columns.password')} />
            </Th>
            <Th>{t('users.columns.created')}</Th>
            <Th className="text-end">
              <span className="sr-only">{t('users.columns.actions')}</span>
            </Th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {users.map((user) => (
            <tr key={user.username} className="align-middle">
              <th scope="row" className="min-w-56 px-3 py-2.5 text-start font-normal [overflow-wrap:anywhere]">
                <span className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium text-slate-900 dark:text-slate-100">
                  <Username user={user} />
                  {user.username === self && (
                    <>
                      {' '}
                      <Badge>{t('users.you')}</Badge>
                    </>
                  )}
                </span>{' '}
                <span className="block text-slate-600 dark:text-slate-400">
                  <Email user={user} />
                </span>
              </th>
              <td className="px-3 py-2.5 whitespace-nowrap text-slate-700 dark:text-slate-300">
                <span className="flex flex-col items-start gap-1">
                  <RoleBadge user={user} />
                  <span>
                    <PasswordKind user={user} />
                  </span>
                </span>
              </td>
              <td className="px-3 py-2.5 whitespace-nowrap text-slate-700 dark:text-slate-300">
                <Created user={user} />
              </td>
              <td className="px-3 py-2">
                <div className="flex justify-end gap-2 whitespace-nowrap group-data-[actions=stack]:flex-col group-data-[actions=stack]:items-end">
                  <Actions user={user} self={self} onEdit={onEdit} onDelete={onDelete} />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Two headings in one column, over each other as the values in its cells; a space parts them for screen readers. */
function Stacked({ top, bottom }: { top: string; bottom: string }) {
  return (
    <>
      <span className="block">{top}</span> <span className="block">{bottom}</span>
    </>
  );
}

function Th({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <th scope="col" className={cx('px-3 py-2.5 text-start font-semibold whitespace-nowrap', className)}>
      {children}
    </th>
  );
}

/**
 * A card per user, as the table's rows: the username (a heading) over the email, then the
 * role, who set the password and the creation date as facts named by the table's column headings, then the buttons.
 * The facts' values take the room their names leave; a long email has the card's whole width.
 */
function Cards({ users, caption, self, busy, onEdit, onDelete }: UsersTableProps) {
  const { t } = useTranslation('admin');
  return (
    <ul aria-label={caption} aria-busy={busy || undefined} className="space-y-3">
      {users.map((user) => (
        <li
          key={user.username}
          className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
        >
          <div className="space-y-1">
            <h2 className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium text-slate-900 [overflow-wrap:anywhere] dark:text-slate-100">
              <Username user={user} />
              {user.username === self && (
                <>
                  {' '}
                  <Badge>{t('users.you')}</Badge>
                </>
              )}
            </h2>
            <p className="text-sm text-slate-600 [overflow-wrap:anywhere] dark:text-slate-400">
              <Email user={user} />
            </p>
          </div>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] items-baseline gap-x-4 gap-y-2 text-sm">
            <Fact name={t('users.columns.role')}>
              <RoleBadge user={user} />
            </Fact>
            <Fact name={t('users.columns.password')}>
              <PasswordKind user={user} />
            </Fact>
            <Fact name={t('users.columns.created')}>
              <Created user={user} />
            </Fact>
          </dl>
          <div className="flex flex-wrap gap-2">
            <Actions user={user} self={self} onEdit={onEdit} onDelete={onDelete} />
          </div>
        </li>
      ))}
    </ul>
  );
}

function Fact({ name, children }: { name: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-600 dark:text-slate-400">{name}</dt>
      <dd className="min-w-0 text-slate-700 [overflow-wrap:anywhere] dark:text-slate-300">{children}</dd>
    </>
  );
}
