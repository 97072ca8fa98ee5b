import { useTranslation } from 'react-i18next';
import { Arrow } from '../../../components/ui/Arrow';
import { Button } from '../../../components/ui/Button';
import type { UsersPage } from '../api/admin.types';
import { USERS_PAGE_SIZE } from './user-form';

/**
 * "21–40 of 45" with previous and next; the range is announced when it changes. The buttons stay enabled while a
 * page loads (a disabled button would drop the keyboard focus); clicks then wait.
 */
export function Pager({ page, busy, onPage }: { page: UsersPage; busy: boolean; onPage(skip: number): void }) {
  const { t, i18n } = useTranslation('admin');
  const number = (value: number) => value.toLocaleString(i18n.resolvedLanguage ?? 'en');
  const from = page.users.length === 0 ? 0 : page.skip + 1;
  const to = page.skip + page.users.length;
  const hasPrevious = page.skip > 0;
  const hasNext = to < page.total;
  return (
    <nav aria-label={t('users.pages')} className="flex flex-wrap items-center justify-between gap-3">
      <p aria-live="polite" className="text-sm text-slate-600 dark:text-slate-400">
        {t('users.range', { from: number(from), to: number(to), total: number(page.total) })}
      </p>
      {(hasPrevious || hasNext) && (
        <div className="flex gap-2">
          <Button
            variant="secondary"
            disabled={!hasPrevious}
            onClick={() => !busy && onPage(Math.max(0, page.skip - USERS_PAGE_SIZE))}
          >
            <Arrow to="back" /> {t('users.previous')}
          </Button>
          <Button variant="secondary" disabled={!hasNext} onClick={() => !busy && onPage(page.skip + USERS_PAGE_SIZE)}>
            {t('users.next')} <Arrow to="forward" />
          </Button>
        </div>
      )}
    </nav>
  );
}
