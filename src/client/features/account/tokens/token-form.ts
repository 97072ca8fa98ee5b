import { isTokenScope, TOKEN_NAME_MAX, TOKEN_SCOPES, type TokenScope } from '../../../../shared/rules/tokens';

export { DEFAULT_TOKEN_SCOPES, scopesFor, TOKEN_EXPIRY_CHOICES, TOKEN_NAME_MAX } from '../../../../shared/rules/tokens';

export function tokenNameError(name: string): string | undefined {
  const value = name.trim();
  if (value === '') return 'validation.tokenNameRequired';
  if (value.length > TOKEN_NAME_MAX) return 'validation.tokenNameLength';
  return undefined;
}

/** The form holds the chosen scopes as one field's value: space-separated, in the order of TOKEN_SCOPES. */
export const joinScopes = (scopes: Iterable<TokenScope>): string => {
  const chosen = new Set(scopes);
  return TOKEN_SCOPES.filter((scope) => chosen.has(scope)).join(' ');
};
export const splitScopes = (value: string): TokenScope[] => value.split(' ').filter(isTokenScope);

/** The value with `scope` ticked or not. */
export const toggleScope = (value: string, scope: TokenScope, on: boolean): string =>
  joinScopes(on ? [...splitScopes(value), scope] : splitScopes(value).filter((chosen) => chosen !== scope));

export const tokenScopesError = (value: string): string | undefined =>
  splitScopes(value).length === 0 ? 'validation.tokenScopesRequired' : undefined;

/** Each scope's translation key under `tokens.scope` (a colon would split the key into a namespace). */
export const SCOPE_KEYS: Record<TokenScope, string> = {
  'secrets:read': 'secretsRead',
  'secrets:create': 'secretsCreate',
  requests: 'requests',
  'account:read': 'accountRead',
  admin: 'admin',
};
