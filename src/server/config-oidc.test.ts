import { describe, expect, it } from 'vitest';
import { configWarnings, loadConfig } from './config.js';

const base = { HUSH_PUBLIC_URL: 'https://secrets.example.com' };

describe('OpenID Connect settings', () => {
  it('no issuer: no provider', () => {
    expect(loadConfig({}).oidcProviders).toEqual([]);
  });

  it('one provider is `default`, with openid always among its scopes and a default button name', () => {
    const config = loadConfig({
      ...base,
      HUSH_OIDC_ISSUER: 'https://id.example.com/realms/staff',
      HUSH_OIDC_CLIENT_ID: 'hush',
      HUSH_OIDC_SCOPES: 'email groups',
    });
    expect(config.oidcProviders).toEqual([
      {
        id: 'default',
        name: 'Single sign-on',
        issuer: 'https://id.example.com/realms/staff',
        clientId: 'hush',
        clientSecret: '',
        scopes: ['openid', 'email', 'groups'],
      },
    ]);
  });

  it('numbered providers get their number as id, in order, beside the unnumbered one', () => {
    const env = {
      ...base,
      HUSH_OIDC_ISSUER: 'https://a.example.com',
      HUSH_OIDC_CLIENT_ID: 'a',
      HUSH_OIDC_2_ISSUER: 'https://c.example.com',
      HUSH_OIDC_2_CLIENT_ID: 'c',
      HUSH_OIDC_1_ISSUER: 'https://b.example.com',
      HUSH_OIDC_1_CLIENT_ID: 'b',
      HUSH_OIDC_1_CLIENT_SECRET: 's',
      HUSH_OIDC_1_NAME: 'Staff',
    };
    const providers = loadConfig(env).oidcProviders;
    expect(providers.map(({ id, name, clientSecret }) => ({ id, name, clientSecret }))).toEqual([
      { id: 'default', name: 'Single sign-on', clientSecret: '' },
      { id: '1', name: 'Staff', clientSecret: 's' },
      { id: '2', name: 'Single sign-on', clientSecret: '' },
    ]);
    // Not typos: the server does not warn about them.
    expect(configWarnings(env)).toEqual([]);
  });

  it('refuses, with a clear line each: an http issuer, a half-configured provider, no public URL, SSO-only alone', () => {
    expect(() =>
      loadConfig({ ...base, HUSH_OIDC_ISSUER: 'http://id.example.com', HUSH_OIDC_CLIENT_ID: 'hush' }),
    ).toThrow('HUSH_OIDC_ISSUER=http://id.example.com: must be https (HUSH_OIDC_ALLOW_HTTP=true for local setups)');
    expect(
      loadConfig({
        ...base,
        HUSH_OIDC_ISSUER: 'http://127.0.0.1:3393',
        HUSH_OIDC_CLIENT_ID: 'hush',
        HUSH_OIDC_ALLOW_HTTP: 'true',
      }).oidcProviders,
    ).toHaveLength(1);
    expect(() => loadConfig({ ...base, HUSH_OIDC_3_ISSUER: 'https://id.example.com' })).toThrow(
      'HUSH_OIDC_3_ISSUER and HUSH_OIDC_3_CLIENT_ID: set both',
    );
    expect(() => loadConfig({ ...base, HUSH_OIDC_1_ISSUER: 'not a url', HUSH_OIDC_1_CLIENT_ID: 'x' })).toThrow(
      'HUSH_OIDC_1_ISSUER="not a url": must be an http(s) URL',
    );
    expect(() => loadConfig({ HUSH_OIDC_ISSUER: 'https://id.example.com', HUSH_OIDC_CLIENT_ID: 'hush' })).toThrow(
      'HUSH_PUBLIC_URL: required with an OpenID provider',
    );
    expect(() => loadConfig({ HUSH_SSO_ONLY: 'true' })).toThrow('HUSH_SSO_ONLY=true: needs an OpenID provider');
  });

  it('a misspelt numbered variable is still a typo', () => {
    expect(configWarnings({ HUSH_OIDC_1_ISUER: 'x' })[0]).toMatch(/HUSH_OIDC_1_ISUER is not a Hush setting/);
  });
});
