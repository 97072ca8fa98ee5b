import { expect, it } from 'vitest';
import { roleFrom, type OidcClaims } from './oidc.claims.js';

const mapping = (claim: string) => ({ claim, admin: ['hush-admin'], creator: ['hush-creator'] });
const claims = (extra: Record<string, unknown>): OidcClaims => ({ iss: 'https://id.example', sub: 's', ...extra });

it('a dotted role claim reaches into objects, as Keycloak nests its roles', () => {
  const keycloak = claims({ realm_access: { roles: ['offline_access', 'hush-admin'] } });
  expect(roleFrom(keycloak, mapping('realm_access.roles'))).toBe('admin');
  expect(roleFrom(keycloak, mapping('realm_access.missing'))).toBe('user');
  expect(roleFrom(claims({ realm_access: ['hush-admin'] }), mapping('realm_access.0'))).toBe('user');
});

it('a claim whose own name has dots is read before any path', () => {
  const named = claims({
    'https://example.com/roles': ['hush-creator'],
    'a.b': 'hush-admin',
    a: { b: 'hush-creator' },
  });
  expect(roleFrom(named, mapping('https://example.com/roles'))).toBe('creator');
  expect(roleFrom(named, mapping('a.b'))).toBe('admin');
});

it('inherited object properties are no claims', () => {
  expect(roleFrom(claims({}), mapping('constructor'))).toBe('user');
  expect(roleFrom(claims({ a: {} }), mapping('a.constructor.name'))).toBe('user');
  expect(roleFrom(claims({ a: {} }), mapping('__proto__.toString'))).toBe('user');
});
