/**
 * The OpenID Connect settings (issue 16): spread into config-settings.ts. One provider is configured with
 * HUSH_OIDC_ISSUER, _CLIENT_ID, _CLIENT_SECRET, _NAME and _SCOPES (its id is `default`); several with the numbered
 * form HUSH_OIDC_1_ISSUER, HUSH_OIDC_1_CLIENT_ID, … (ids `1`, `2`, …). The id is in the callback address registered
 * at the provider (/api/v1/authentication/oidc/{id}/callback), so it never changes with the button's name.
 */
import { z } from 'zod';
import { bool, list, setting } from './config-kinds.js';

const issuerUrl = z.union([z.literal(''), z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' })]);
const DEFAULT_NAME = 'Single sign-on';
const DEFAULT_SCOPES = 'openid email profile';

export const oidcSettings = {
  oidcIssuer: setting(
    'HUSH_OIDC_ISSUER',
    '',
    issuerUrl,
    'OpenID Connect issuer (https://…; its /.well-known/openid-configuration is read when first needed). Empty: no single sign-on. Several providers: HUSH_OIDC_1_ISSUER, HUSH_OIDC_1_CLIENT_ID, … (docs/oidc.md).',
  ),
  oidcClientId: setting('HUSH_OIDC_CLIENT_ID', '', z.string(), 'The client id Hush is registered with at the issuer.'),
  oidcClientSecret: setting(
    'HUSH_OIDC_CLIENT_SECRET',
    '',
    z.string(),
    'The client secret (empty: a public client; PKCE protects the code either way).',
  ),
  oidcName: setting(
    'HUSH_OIDC_NAME',
    DEFAULT_NAME,
    z.string().trim().min(1).max(60),
    'The provider’s button text on the sign-in page.',
  ),
  oidcScopes: setting('HUSH_OIDC_SCOPES', DEFAULT_SCOPES, z.string(), 'Scopes asked for (openid is always added).'),
  oidcAutoCreate: setting(
    'HUSH_OIDC_AUTO_CREATE',
    'true',
    bool,
    'A first single sign-on creates the account (the organisation email domain rule applies); false: only existing, linked accounts.',
  ),
  oidcRoleClaim: setting(
    'HUSH_OIDC_ROLE_CLAIM',
    '',
    z.string().regex(/^[A-Za-z0-9_.:/-]*$/, 'must be a claim name'),
    'ID token claim (a string or a list, e.g. groups; a dotted path reaches into objects, e.g. realm_access.roles) that sets the role at every single sign-on. Empty: roles are managed in Hush.',
  ),
  oidcAdminValues: setting(
    'HUSH_OIDC_ADMIN_VALUES',
    '',
    list,
    'Values of HUSH_OIDC_ROLE_CLAIM that make an admin (comma-separated).',
  ),
  oidcCreatorValues: setting(
    'HUSH_OIDC_CREATOR_VALUES',
    '',
    list,
    'Values of HUSH_OIDC_ROLE_CLAIM that make a creator (comma-separated); anyone else is a user.',
  ),
  oidcAllowHttp: setting(
    'HUSH_OIDC_ALLOW_HTTP',
    'false',
    bool,
    'Allow issuers over plain http (local setups and tests only: tokens would cross the network readable).',
  ),
  ssoOnly: setting(
    'HUSH_SSO_ONLY',
    'false',
    bool,
    'Single sign-on only: password sign-in and sign-up are hidden and refused, except for admins (break-glass).',
  ),
};

/** One OpenID provider, as the server uses it. */
export interface OidcProviderConfig {
  /** In URLs: `default`, or the number of the HUSH_OIDC_<n>_* variables. */
  id: string;
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string[];
}

interface OidcValues {
  oidcIssuer: string;
  oidcClientId: string;
  oidcClientSecret: string;
  oidcName: string;
  oidcScopes: string;
  oidcAllowHttp: boolean;
  oidcRoleClaim: string;
  ssoOnly: boolean;
  publicUrl: string;
}

const NUMBERED = /^HUSH_OIDC_(\d{1,2})_(ISSUER|CLIENT_ID|CLIENT_SECRET|NAME|SCOPES)$/;

/** The numbered variables present (not typos: configWarnings accepts them). */
export const numberedOidcVariables = (env: Record<string, string | undefined>) =>
  Object.keys(env).filter((name) => NUMBERED.test(name));

const scopesOf = (raw: string) => [...new Set(['openid', ...raw.split(/[\s,]+/).filter(Boolean)])];

/** The providers configured, and one line per problem (naming the variables). */
export function readOidcProviders(
  env: Record<string, string | undefined>,
  values: OidcValues,
): { providers: OidcProviderConfig[]; problems: string[] } {
  const problems: string[] = [];
  const providers: OidcProviderConfig[] = [];
  const add = (prefix: string, id: string, raw: Omit<OidcProviderConfig, 'id' | 'scopes'> & { scopes: string }) => {
    if (!raw.issuer && !raw.clientId) return;
    if (!raw.issuer || !raw.clientId) {
      problems.push(`${prefix}_ISSUER and ${prefix}_CLIENT_ID: set both`);
      return;
    }
    if (!issuerUrl.safeParse(raw.issuer).success) {
      problems.push(`${prefix}_ISSUER=${JSON.stringify(raw.issuer)}: must be an http(s) URL`);
      return;
    }
    if (raw.issuer.startsWith('http:') && !values.oidcAllowHttp) {
      problems.push(`${prefix}_ISSUER=${raw.issuer}: must be https (HUSH_OIDC_ALLOW_HTTP=true for local setups)`);
    }
    providers.push({ id, ...raw, name: raw.name.trim().slice(0, 60) || DEFAULT_NAME, scopes: scopesOf(raw.scopes) });
  };
  add('HUSH_OIDC', 'default', {
    issuer: values.oidcIssuer,
    clientId: values.oidcClientId,
    clientSecret: values.oidcClientSecret,
    name: values.oidcName,
    scopes: values.oidcScopes,
  });
  const numbers = [...new Set(numberedOidcVariables(env).map((name) => Number(NUMBERED.exec(name)![1])))];
  for (const n of numbers.sort((a, b) => a - b)) {
    const prefix = `HUSH_OIDC_${n}`;
    add(prefix, String(n), {
      issuer: env[`${prefix}_ISSUER`] ?? '',
      clientId: env[`${prefix}_CLIENT_ID`] ?? '',
      clientSecret: env[`${prefix}_CLIENT_SECRET`] ?? '',
      name: env[`${prefix}_NAME`] ?? DEFAULT_NAME,
      scopes: env[`${prefix}_SCOPES`] ?? DEFAULT_SCOPES,
    });
  }
  if (providers.length > 0 && !values.publicUrl) {
    problems.push('HUSH_PUBLIC_URL: required with an OpenID provider (the callback address is made from it)');
  }
  if (values.ssoOnly && providers.length === 0) problems.push('HUSH_SSO_ONLY=true: needs an OpenID provider');
  return { providers, problems };
}
