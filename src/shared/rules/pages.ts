import { analyticsPath } from './analytics-path.js';

/**
 * The sections of the account area (spec §2), each a page at /account/{section}, with the request pages (issue 14),
 * activity and webhooks (issue 15), and security (issue 16).
 */
const ACCOUNT_SECTIONS = [
  'account',
  'activity',
  'secrets',
  'requests',
  'requests/new',
  'requests/:id',
  'webhooks',
  'instance-settings',
  'account-settings',
  'security',
  'users',
  'analytics',
  'instance-webhooks',
  'privacy',
  'terms',
] as const;

/**
 * Every page of the web app (spec §2), as analytics records it. Anything else is NOT_FOUND_PATH: the browser shows
 * the 404 page for it, the server answers it with status 404, and analytics can never hold more distinct paths than
 * this list plus one.
 */
export const PAGE_PATHS: ReadonlySet<string> = new Set([
  '/',
  '/secret',
  '/public',
  '/public/:username',
  '/request/:id',
  '/receipt/:id',
  '/signin',
  // An identity from an OpenID provider waiting for the account's password (issue 16.1).
  '/signin/link',
  '/signup',
  '/signout',
  '/setup',
  // The pages the emailed account links open, and the way to one (issue 16.4).
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  // A sign-up's emailed link, which makes its account (issue 29.1).
  '/confirm-signup',
  '/privacy',
  '/terms',
  '/api-docs',
  '/account',
  ...ACCOUNT_SECTIONS.map((section) => `/account/${section}`),
]);

export const NOT_FOUND_PATH = '/404';

/**
 * The page a path shows (the path a page view is recorded under). Secret ids and keys are stripped first (everything under /secret is
 * /secret, a user's list is /public/:username, a request's pages /request/:id and /account/requests/:id, a receipt
 * /receipt/:id, query and fragment dropped), then the path is matched like the
 * web app's router does: case-insensitively, ignoring repeated and trailing slashes.
 */
export function pagePath(sent: string): string {
  const path = analyticsPath(sent.toLowerCase().replace(/\/{2,}/g, '/')).replace(/(.)\/+$/, '$1');
  return PAGE_PATHS.has(path) ? path : NOT_FOUND_PATH;
}

/** Paths that are never pages, whatever they look like: the API and the operator's endpoints. */
const RESERVED = /^\/(api|healthz|readyz|metrics)(\/|$)/i;

/**
 * Could a person have typed this as the address of a page? Letters, digits and dashes in plain segments: no dots
 * (no /.env, /wp-login.php, /favicon.ico), and nothing of the API's. Such a path that is no page gets the app's
 * 404 page; anything else a bare 404.
 */
export function looksLikePage(path: string): boolean {
  const bare = path.split(/[?#]/)[0] ?? '';
  return /^(\/[A-Za-z0-9_~-]*)+$/.test(bare) && !RESERVED.test(bare);
}
