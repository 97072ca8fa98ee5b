import type { PublicSettings } from '../../../shared/api/settings.contract';

export interface NavLink {
  to: string;
  label: string;
  /** Only in the drawer (small screens), per spec §2. */
  drawerOnly?: boolean;
  /**
   * A count beside the link (unread responses and unseen events beside the account), with what screen readers say
   * of it.
   */
  badge?: { count: number; label: string };
}

/** Spec §2 navigation rules. `label` is a translation key. */
export function navLinks(isLoggedIn: boolean, settings: PublicSettings): NavLink[] {
  const links: NavLink[] = [{ to: '/public', label: 'nav.public' }];
  if (!isLoggedIn) {
    if (!settings.disable_user_account_creation && !settings.disable_users) {
      links.push({ to: '/signup', label: 'nav.signup' });
    }
    links.push({ to: '/signin', label: 'nav.signin' });
  } else {
    links.push({ to: '/account', label: 'nav.account' }, { to: '/signout', label: 'nav.signout' });
  }
  links.push(
    { to: '/privacy', label: 'nav.privacy', drawerOnly: true },
    { to: '/terms', label: 'nav.terms', drawerOnly: true },
  );
  return links;
}
