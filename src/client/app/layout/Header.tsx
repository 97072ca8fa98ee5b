import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { CountBadge } from '../../components/ui/CountBadge';
import type { NavLink as NavItem } from './nav-links';

export const HEADER_HEIGHT = 75;

export function Logo() {
  return (
    <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8">
      <rect width="32" height="32" rx="8" className="fill-indigo-600" />
      <path d="M10 14v-3a6 6 0 0 1 12 0v3" fill="none" stroke="#fff" strokeWidth="2.5" />
      <rect x="8" y="14" width="16" height="11" rx="2" fill="#fff" />
    </svg>
  );
}

export function Header({
  links,
  drawerOpen,
  onToggle,
  toggleRef,
}: {
  links: NavItem[];
  drawerOpen: boolean;
  onToggle(): void;
  toggleRef?: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useTranslation();
  return (
    <header className="fixed inset-x-0 top-0 z-30 h-[75px] border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
      <div className="mx-auto flex h-full max-w-5xl items-center justify-between gap-4 px-4">
        <Link to="/" className="flex items-center gap-2 rounded text-xl font-bold text-slate-900 dark:text-white">
          <Logo />
          <span>Hush</span>
        </Link>
        <nav aria-label={t('nav.main')} className="hidden items-center gap-1 md:flex">
          {links
            .filter((link) => !link.drawerOnly)
            .map((link) => (
              <NavLink
                key={link.to}
                to={link.to}
                className={({ isActive }) =>
                  `rounded-lg px-3 py-2 text-sm font-medium ${isActive ? 'bg-slate-100 text-indigo-700 dark:bg-slate-800 dark:text-indigo-300' : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'}`
                }
              >
                {t(link.label)}
                {link.badge && <CountBadge {...link.badge} />}
              </NavLink>
            ))}
        </nav>
        <button
          ref={toggleRef}
          type="button"
          onClick={onToggle}
          aria-expanded={drawerOpen}
          aria-controls="drawer"
          aria-label={drawerOpen ? t('nav.closeMenu') : t('nav.openMenu')}
          className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 md:hidden dark:text-slate-200 dark:hover:bg-slate-800"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            {drawerOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </button>
      </div>
    </header>
  );
}
