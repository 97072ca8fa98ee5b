import { useCallback, useEffect, useState } from 'react';
import { useSessionGone } from '../../account';
import type { AdminUser, UsersPage } from '../api/admin.types';
import { listUsers } from '../api/users';
import { USERS_PAGE_SIZE } from './user-form';

/**
 * One page of users. The page last shown stays while the next one loads, so paging keeps the table (and the
 * focused button) in place. A 401 means the session ended: off to /signout.
 */
export function useUsersPage(skip: number) {
  const [page, setPage] = useState<UsersPage | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const sessionGone = useSessionGone();

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    setError(null);
    listUsers({ skip, take: USERS_PAGE_SIZE }, controller.signal).then(
      (data) => {
        setPage(data);
        setLoading(false);
      },
      (failure: unknown) => {
        if (controller.signal.aborted || sessionGone(failure)) return;
        setError(failure);
        setLoading(false);
      },
    );
    return () => controller.abort();
  }, [skip, attempt, sessionGone]);

  const reload = useCallback(() => setAttempt((count) => count + 1), []);
  /** Shows a change the server confirmed without loading the page again. */
  const replace = useCallback(
    (user: AdminUser) =>
      setPage(
        (current) =>
          current && {
            ...current,
            users: current.users.map((item) => (item.username === user.username ? user : item)),
          },
      ),
    [],
  );
  return { page, loading, error, reload, replace };
}
