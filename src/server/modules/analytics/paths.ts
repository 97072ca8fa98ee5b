import { analyticsPath } from '../../../shared/analytics.js';

/** The sections of the account area (spec §2), each a page at /account/{section}. */
const ACCOUNT_SECTIONS = [
  'account',
  'secrets',
  'instance-settings',
  'account-settings',
  'users',
  'analytics',
  'privacy',
  'terms',
] as const;

/**
 * Every page path analytics records (spec §2). Anything else is recorded as NOT_FOUND_PATH: what the browser shows
 * for it is the 404 page, and the table can never hold more distinct paths than this list plus one.
 */
export const PAGE_PATHS: ReadonlySet<string> = new Set([
  '/',
  '/secret',
  '/public',
  '/public/:username',
  '/signin',
  '/signup',
  '/signout',
  '/setup',
  '/privacy',
  '/terms',
  '/api-docs',
  '/account',
  ...ACCOUNT_SECTIONS.map((section) => `/account/${section}`),
]);

export const NOT_FOUND_PATH = '/404';

/**
 * The path a page view is recorded under. Secret ids and keys are stripped first (everything under /secret is
 * /secret, a user's list is /public/:username, query and fragment dropped), then the path is matched like the
 * web app's router does: case-insensitively, ignoring repeated and trailing slashes.
 */
export function pagePath(sent: string): string {
  const path = analyticsPath(sent.toLowerCase().replace(/\/{2,}/g, '/')).replace(/(.)\/+$/, '$1');
  return PAGE_PATHS.has(path) ? path : NOT_FOUND_PATH;
}
