import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { LoadFailed } from '../../../components/ui/LoadFailed';
import { Spinner } from '../../../components/ui/Spinner';
import { errorMessage } from '../../../lib/error-message';
import { useAccount } from '../../account';
import { AccountPage } from '../../account';
import type { AdminUser } from '../api/admin.types';
import { isForbidden } from '../api/refusals';
import { AdminOnly } from '../AdminOnly';
import { Forbidden } from '../Forbidden';
import { CreateUserDialog } from './CreateUserDialog';
import { DeleteUserDialog } from './DeleteUserDialog';
import { EditUserDialog } from './EditUserDialog';
import { Pager } from './Pager';
import { useUsersPage } from './use-users-page';
import { pageStart, parseSkip } from './user-form';
import { UsersTable } from './UsersTable';

/** /account/users: the users a page at a time, with create, edit and delete (admins). */
export default function UsersPage() {
  const { t } = useTranslation('admin');
  return (
    <AccountPage title={t('users.title')} lead={t('users.lead')}>
      <AdminOnly>
        <Users />
      </AdminOnly>
    </AccountPage>
  );
}

type Open = { kind: 'create' } | { kind: 'edit'; user: AdminUser } | { kind: 'delete'; user: AdminUser } | null;

function Users() {
  const { t } = useTranslation('admin');
  const { account, setAccount } = useAccount();
  const [params, setParams] = useSearchParams();
  const skip = parseSkip(params.get('skip'));
  const { page, loading, error, reload, replace } = useUsersPage(skip);
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState<{ text: string; count: number } | null>(null);
  const noticeBox = useRef<HTMLDivElement>(null);

  // The dialog is gone (and perhaps the row that opened it): focus goes to the message that says what happened.
  useEffect(() => {
    if (notice) noticeBox.current?.focus();
  }, [notice]);

  const goTo = (next: number) => setParams(next > 0 ? { skip: String(next) } : {});
  const done = (text: string) => {
    setOpen(null);
    setNotice((current) => ({ text, count: (current?.count ?? 0) + 1 }));
  };

  const created = (user: AdminUser) => {
    done(t('users.created', { username: user.username }));
    // Users are listed oldest first: the new one is the last, perhaps on a later page.
    const target = pageStart(page?.total ?? 0);
    if (target === skip) reload();
    else goTo(target);
  };
  const saved = (user: AdminUser) => {
    replace(user);
    if (user.username === account.username) setAccount({ ...account, email: user.email, role: user.role });
    done(t('users.updated', { username: user.username }));
  };
  const deleted = (user: AdminUser) => {
    done(t('users.deleted', { username: user.username }));
    if (page && page.users.length <= 1 && skip > 0) goTo(pageStart(skip - 1));
    else reload();
  };

  if (error && isForbidden(error)) return <Forbidden />;

  let content;
  if (error) {
    content = (
      <LoadFailed title={t('users.loadFailed')} retryLabel={t('common.retry')} onRetry={reload}>
        {errorMessage(t, error)}
      </LoadFailed>
    );
  } else if (!page) {
    content = (
      <div className="flex justify-center py-12 text-slate-600 dark:text-slate-400">
        <Spinner label={t('users.loading')} />
      </div>
    );
  } else if (page.users.length === 0) {
    content = (
      <div className="space-y-3 rounded-xl border border-dashed border-slate-300 px-4 py-10 text-center dark:border-slate-700">
        <p className="font-semibold">{page.total === 0 ? t('users.empty') : t('users.pastEnd')}</p>
        {page.total > 0 && (
          <Button variant="secondary" onClick={() => goTo(0)}>
            {t('users.firstPage')}
          </Button>
        )}
      </div>
    );
  } else {
    const range = { from: page.skip + 1, to: page.skip + page.users.length, total: page.total };
    content = (
      <div className="space-y-4">
        <UsersTable
          users={page.users}
          caption={t('users.caption', range)}
          self={account.username}
          busy={loading}
          onEdit={(user) => setOpen({ kind: 'edit', user })}
          onDelete={(user) => setOpen({ kind: 'delete', user })}
        />
        <Pager page={page} busy={loading} onPage={goTo} />
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('users.createHint')}</p>
        <Button onClick={() => setOpen({ kind: 'create' })}>{t('users.create')}</Button>
      </div>
      {notice && (
        <div key={notice.count} ref={noticeBox} tabIndex={-1} className="rounded-lg focus:outline-none">
          <Alert tone="success">{notice.text}</Alert>
        </div>
      )}
      {content}
      {open?.kind === 'create' && <CreateUserDialog onCreated={created} onCancel={() => setOpen(null)} />}
      {open?.kind === 'edit' && (
        <EditUserDialog
          user={open.user}
          isSelf={open.user.username === account.username}
          onSaved={saved}
          onCancel={() => setOpen(null)}
        />
      )}
      {open?.kind === 'delete' && (
        <DeleteUserDialog user={open.user} onDeleted={() => deleted(open.user)} onCancel={() => setOpen(null)} />
      )}
    </div>
  );
}
