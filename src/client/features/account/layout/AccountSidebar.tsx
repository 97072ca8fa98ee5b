import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { Role } from '../../../../shared/api/auth.contract';
import { CountBadge } from '../../../components/ui/CountBadge';
import { cx } from '../../../components/ui/cx';
import { useActivityUnreadCount } from '../../activity';
import { accountLinks, ACTIVITY_LINK, isCurrentLink, OTHER_LINKS, type AccountLink } from './account-links';

/**
 * The account area's 280px sidebar: the sections (admin ones for admins only) and the 'Other Links' block. On
 * small screens it folds into a menu button naming the current section; choosing a link folds it again.
 */
export function AccountSidebar({ role }: { role: Role | null }) {
  const { t } = useTranslation('account');
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const otherId = useId();
  const links = accountLinks(role);
  const current =
    links.find((link) => isCurrentLink(link, pathname)) ?? OTHER_LINKS.find((link) => isCurrentLink(link, pathname));

  useEffect(() => setOpen(false), [pathname]);

  return (
    <aside className="mb-6 md:sticky md:top-[99px] md:mb-0 md:w-[280px] md:shrink-0">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="flex w-full items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 text-start text-sm font-medium text-slate-900 shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 md:hidden dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100"
      >
        <span>
          <span className="text-slate-600 dark:text-slate-400">{t('layout.menu')}</span>
          {current && <span className="ms-2 font-semibold">{t(current.label)}</span>}
        </span>
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          fill="currentColor"
          className={cx('size-5 transition-transform', open && 'rotate-180')}
        >
          <path d="M5.2 7.2a1 1 0 0 1 1.4 0L10 10.6l3.4-3.4a1 1 0 1 1 1.4 1.4l-4.1 4.1a1 1 0 0 1-1.4 0L5.2 8.6a1 1 0 0 1 0-1.4Z" />
        </svg>
      </button>
      <div
        id={panelId}
        className={cx(
          open ? 'block' : 'hidden',
          'mt-2 space-y-5 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm md:mt-0 md:block dark:border-slate-800 dark:bg-slate-900',
        )}
      >
        <nav aria-label={t('layout.navLabel')}>
          <LinkList links={links} pathname={pathname} />
        </nav>
        <nav aria-labelledby={otherId} className="border-t border-slate-200 pt-4 dark:border-slate-800">
          <h2
            id={otherId}
            className="px-3 pb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400"
          >
            {t('layout.otherLinks')}
          </h2>
          <LinkList links={OTHER_LINKS} pathname={pathname} />
        </nav>
      </div>
    </aside>
  );
}

function LinkList({ links, pathname }: { links: readonly AccountLink[]; pathname: string }) {
  const { t } = useTranslation('account');
  const unseen = useActivityUnreadCount() ?? 0;
  return (
    <ul className="space-y-0.5">
      {links.map((link) => {
        const active = isCurrentLink(link, pathname);
        return (
          <li key={link.to}>
            <Link
              to={link.to}
              aria-current={active ? 'page' : undefined}
              className={cx(
                'block rounded-lg px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500',
                active
                  ? 'bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-200'
                  : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
              )}
            >
              {t(link.label)}
              {link.to === ACTIVITY_LINK && <CountBadge count={unseen} label={t('layout.unseen', { count: unseen })} />}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
