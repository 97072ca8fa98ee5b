import { useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { CountBadge } from '../../components/ui/CountBadge';
import { cx } from '../../components/ui/cx';
import { LanguagePicker } from './LanguagePicker';
import type { NavLink as NavItem } from './nav-links';

/**
 * The small-screen menu: slides in; closes by its toggle, by a click on the overlay, or by Escape. Focus moves to
 * its first link when it opens and back to `returnFocus` (the toggle) when it closes, unless it is elsewhere.
 */
export function Drawer({
  open,
  links,
  onClose,
  returnFocus,
}: {
  open: boolean;
  links: NavItem[];
  onClose(): void;
  returnFocus: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation();
  const panel = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    const menu = panel.current;
    menu?.querySelector<HTMLElement>('a')?.focus();
    return () => {
      document.removeEventListener('keydown', onKey);
      // The panel is hidden now: a focused link in it (or nothing, after a click on the overlay) would leave
      // keyboard users nowhere, so focus goes back to the toggle.
      const active = document.activeElement;
      if (!active || active === document.body || menu?.contains(active)) returnFocus.current?.focus();
    };
  }, [open, onClose, returnFocus]);

  // Closed, it stays in place but invisible (out of the tab order and the accessibility tree), so that it can slide
  // in from the start edge (the right one in a right-to-left language) and fade its overlay; without motion for
  // those who ask their system for less.
  return (
    <div className="md:hidden">
      <div
        data-testid="drawer-overlay"
        aria-hidden="true"
        onClick={onClose}
        className={cx(
          'fixed inset-0 top-[75px] z-20 bg-slate-950/50 duration-200 motion-reduce:transition-none',
          open ? 'visible opacity-100 transition-opacity' : 'invisible opacity-0 transition-[opacity,visibility]',
        )}
      />
      <nav
        id="drawer"
        ref={panel}
        aria-label={t('nav.menu')}
        className={cx(
          'fixed start-0 top-[75px] bottom-0 z-20 w-72 max-w-[85vw] overflow-y-auto border-e border-slate-200 bg-white p-4 shadow-xl duration-200 ease-out motion-reduce:transition-none dark:border-slate-800 dark:bg-slate-900',
          // Visible at once when it opens (its first link takes the focus), hidden only once it has slid out.
          open
            ? 'visible translate-x-0 transition-[translate]'
            : 'invisible -translate-x-full transition-[translate,visibility] rtl:translate-x-full',
        )}
      >
        <ul className="space-y-1">
          {links.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                onClick={onClose}
                className="block rounded-lg px-3 py-2 font-medium text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800"
              >
                {t(link.label)}
                {link.badge && <CountBadge {...link.badge} />}
              </NavLink>
            </li>
          ))}
        </ul>
        <LanguagePicker className="mt-4 border-t border-slate-200 px-3 pt-4 text-sm dark:border-slate-800" />
      </nav>
    </div>
  );
}
