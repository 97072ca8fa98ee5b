/**
 * Trusted header sign-in (issue 16.6): a forward-auth proxy (Authelia, Authentik, oauth2-proxy) authenticates the
 * user and names them in a request header. Spread into config-settings.ts. The header is believed only from the
 * reverse proxies of HUSH_TRUSTED_PROXIES (modules/auth/trusted-header.ts), so the feature needs that list: without
 * it, anyone reaching Hush could name any user (headerProblems refuses the start).
 */
import { z } from 'zod';
import type { Config } from './config-settings.js';
import { bool, setting } from './config-kinds.js';

/** An HTTP header name (RFC 9110 token), as nginx's proxy_set_header writes it. */
const headerName = z.union([
  z.literal(''),
  z
    .string()
    .max(64)
    .regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/, 'must be an HTTP header name (e.g. Remote-User)'),
]);

export const headerSettings = {
  authHeader: setting(
    'HUSH_AUTH_HEADER',
    '',
    headerName,
    'Header in which a forward-auth proxy names the signed-in user (e.g. Remote-User), believed only from HUSH_TRUSTED_PROXIES. Empty: off (docs/trusted-header.md).',
  ),
  authHeaderEmail: setting(
    'HUSH_AUTH_HEADER_EMAIL',
    '',
    headerName,
    'Header with that user’s email (e.g. Remote-Email), for accounts it creates. Empty: <username>@localhost.invalid.',
  ),
  authHeaderAutoCreate: setting(
    'HUSH_AUTH_HEADER_AUTO_CREATE',
    'true',
    bool,
    'A user the proxy names who has no account gets one (the organisation email domain rule applies); false: only existing accounts.',
  ),
  authHeaderSignoutUrl: setting(
    'HUSH_AUTH_HEADER_SIGNOUT_URL',
    '',
    z.union([z.literal(''), z.url({ protocol: /^https?$/ })]),
    'The proxy’s sign-out address (e.g. https://auth.example.org/logout), linked after signing out of Hush. Empty: no link.',
  ),
};

/** The header settings that are wrong together with the others. */
export function headerProblems(config: Config): string[] {
  if (!config.authHeader) {
    const stray: [string, string][] = [
      ['HUSH_AUTH_HEADER_EMAIL', config.authHeaderEmail],
      ['HUSH_AUTH_HEADER_SIGNOUT_URL', config.authHeaderSignoutUrl],
    ];
    return stray.filter(([, value]) => value).map(([name]) => `${name}: needs HUSH_AUTH_HEADER`);
  }
  const problems: string[] = [];
  if (config.trustedProxies.length === 0) {
    problems.push(
      `HUSH_AUTH_HEADER=${config.authHeader}: needs HUSH_TRUSTED_PROXIES (the proxies whose header is believed); ` +
        'without it anyone reaching Hush could name any user',
    );
  }
  if (config.authHeaderEmail && config.authHeaderEmail.toLowerCase() === config.authHeader.toLowerCase()) {
    problems.push('HUSH_AUTH_HEADER_EMAIL: must be another header than HUSH_AUTH_HEADER');
  }
  return problems;
}
