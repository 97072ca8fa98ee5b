import type { Role } from '../../../../shared/api/auth.contract';

export interface AccountLink {
  to: string;
  /** Translation key, namespace `account`. */
  label: string;
}

/**
 * Spec §2: the sidebar's sections in the spec's order, with activity (issue 15) after the overview, requests (issue 14)
 * after secrets and webhooks after them, security (issue 16) after account settings; instance settings, users, analytics and instance webhooks are for admins.
 */
const SECTIONS = [
  { section: 'account', adminOnly: false },
  { section: 'activity', adminOnly: false },
  { section: 'secrets', adminOnly: false },
  { section: 'requests', adminOnly: false },
  { section: 'webhooks', adminOnly: false },
  { section: 'instance-settings', adminOnly: true },
  { section: 'account-settings', adminOnly: false },
  { section: 'security', adminOnly: false },
  { section: 'users', adminOnly: true },
  { section: 'analytics', adminOnly: true },
  { section: 'instance-webhooks', adminOnly: true },
] as const;

/** The section whose link carries the count of unseen events. */
export const ACTIVITY_LINK = '/account/activity';

/** The sections a user with `role` sees (null while the account loads: the entries everyone has). */
export function accountLinks(role: Role | null): AccountLink[] {
  return SECTIONS.filter(({ adminOnly }) => !adminOnly || role === 'admin').map(({ section }) => ({
    to: `/account/${section}`,
    label: `nav.${section}`,
  }));
}

/** Spec §2 'Other Links': the public list, privacy, terms and sign out. */
export const OTHER_LINKS: readonly AccountLink[] = [
  { to: '/public', label: 'nav.public' },
  { to: '/account/privacy', label: 'nav.privacy' },
  { to: '/account/terms', label: 'nav.terms' },
  { to: '/signout', label: 'nav.signout' },
];

/** The overview lives at both /account and /account/account. */
export function isCurrentLink(link: AccountLink, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '');
  if (link.to === '/account/account' && path === '/account') return true;
  return path === link.to || path.startsWith(`${link.to}/`);
}
