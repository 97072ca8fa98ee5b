import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

/** HUSH_AUTH_HEADER and its companions (issue 16.6): a header is only ever believed from a trusted proxy. */
describe('trusted header settings', () => {
  const load = (env: Record<string, string>) => () => loadConfig(env);

  it('are off by default, with auto-create on for when they are switched on', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ authHeader: '', authHeaderEmail: '', authHeaderAutoCreate: true });
  });

  it('take the header names and switches from the environment', () => {
    const config = loadConfig({
      HUSH_AUTH_HEADER: 'Remote-User',
      HUSH_AUTH_HEADER_EMAIL: 'Remote-Email',
      HUSH_AUTH_HEADER_AUTO_CREATE: 'false',
      HUSH_AUTH_HEADER_SIGNOUT_URL: 'https://auth.example.org/logout',
      HUSH_TRUSTED_PROXIES: '127.0.0.1',
    });
    expect(config).toMatchObject({
      authHeader: 'Remote-User',
      authHeaderEmail: 'Remote-Email',
      authHeaderAutoCreate: false,
      authHeaderSignoutUrl: 'https://auth.example.org/logout',
    });
  });

  it('refuse to start with HUSH_AUTH_HEADER but no HUSH_TRUSTED_PROXIES, saying why', () => {
    expect(load({ HUSH_AUTH_HEADER: 'Remote-User' })).toThrow(ConfigError);
    expect(load({ HUSH_AUTH_HEADER: 'Remote-User' })).toThrow(
      /HUSH_AUTH_HEADER=Remote-User: needs HUSH_TRUSTED_PROXIES .*anyone reaching Hush could name any user/,
    );
  });

  it('refuse header names that are no HTTP header, and companions without the header', () => {
    expect(load({ HUSH_AUTH_HEADER: 'Remote User', HUSH_TRUSTED_PROXIES: '10.0.0.1' })).toThrow(
      /HUSH_AUTH_HEADER="Remote User": must be an HTTP header name/,
    );
    expect(load({ HUSH_AUTH_HEADER_EMAIL: 'Remote-Email' })).toThrow(/HUSH_AUTH_HEADER_EMAIL: needs HUSH_AUTH_HEADER/);
    expect(
      load({
        HUSH_AUTH_HEADER: 'Remote-User',
        HUSH_AUTH_HEADER_EMAIL: 'remote-user',
        HUSH_TRUSTED_PROXIES: '10.0.0.1',
      }),
    ).toThrow(/HUSH_AUTH_HEADER_EMAIL: must be another header/);
    expect(
      load({ HUSH_AUTH_HEADER: 'X', HUSH_AUTH_HEADER_SIGNOUT_URL: 'javascript:alert(1)', HUSH_TRUSTED_PROXIES: '::1' }),
    ).toThrow(/HUSH_AUTH_HEADER_SIGNOUT_URL/);
  });
});
