import { describe, expect, it } from 'vitest';
import { ConfigError, configWarnings, loadConfig, settings } from './config.js';
import { isSecretSetting } from './config-files.js';
import { LANGUAGE_CODES } from '../shared/rules/languages.js';

/** Runs loadConfig and returns the ConfigError it throws (fails the test when it does not throw one). */
function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('runs everything embedded by default: 127.0.0.1:3000, ./data, SQLite (no database URL), no Redis', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 3000,
      dataDir: './data',
      databaseUrl: '',
      redisUrl: '',
      trustedProxies: [],
      publicUrl: '',
      rateLimitEnabled: true,
      logLevel: 'info',
    });
  });

  it('keeps statuses whole or part days (0.5 is 12 hours), so a soak can see their purge', () => {
    expect(loadConfig({}).statusRetentionDays).toBe(30);
    expect(loadConfig({ HUSH_STATUS_RETENTION_DAYS: '0.5' }).statusRetentionDays).toBe(0.5);
    expect(loadConfig({ HUSH_STATUS_RETENTION_DAYS: ' 7 ' }).statusRetentionDays).toBe(7);
  });

  it('reads nothing from process.env unless it is passed in', () => {
    const saved = process.env.HUSH_PORT;
    process.env.HUSH_PORT = '4321';
    try {
      expect(loadConfig().port).toBe(3000);
    } finally {
      if (saved === undefined) delete process.env.HUSH_PORT;
      else process.env.HUSH_PORT = saved;
    }
  });

  it('every setting has a HUSH_ variable, a default that passes its own validation, and a line of documentation', () => {
    for (const [key, setting] of Object.entries(settings)) {
      expect(setting.env, key).toMatch(/^HUSH_[A-Z0-9_]+$/);
      expect(setting.doc.trim().length, key).toBeGreaterThan(3);
      expect(setting.schema.safeParse(setting.default).success, `${setting.env} default`).toBe(true);
    }
    expect(new Set(Object.values(settings).map((setting) => setting.env)).size).toBe(Object.keys(settings).length);
  });

  it('takes valid values from the environment, turning numbers and booleans into their types', () => {
    const config = loadConfig({
      HUSH_HOST: '0.0.0.0',
      HUSH_PORT: '8080',
      HUSH_DATA_DIR: '/var/lib/hush',
      HUSH_DATABASE_URL: 'postgres://hush:pw@db:5432/hush',
      HUSH_REDIS_URL: 'rediss://cache:6380',
      HUSH_PUBLIC_URL: 'https://hush.example.com',
      HUSH_RATE_LIMIT: 'false',
      HUSH_RATE_LIMIT_MAX: '10',
      HUSH_PASSWORD_ATTEMPTS: '3',
      HUSH_FORCED_LANGUAGE: 'de',
      HUSH_LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      host: '0.0.0.0',
      port: 8080,
      dataDir: '/var/lib/hush',
      databaseUrl: 'postgres://hush:pw@db:5432/hush',
      redisUrl: 'rediss://cache:6380',
      publicUrl: 'https://hush.example.com',
      rateLimitEnabled: false,
      rateLimitMax: 10,
      passwordAttempts: 3,
      forcedLanguage: 'de',
      logLevel: 'warn',
    });
    expect(loadConfig({ HUSH_DATABASE_URL: 'postgresql://localhost/hush' }).databaseUrl).toBe(
      'postgresql://localhost/hush',
    );
  });

  it.each([
    ['true', true],
    ['1', true],
    ['yes', true],
    ['false', false],
    ['0', false],
    ['no', false],
  ])('reads the boolean %j as %s', (raw, expected) => {
    expect(loadConfig({ HUSH_RATE_LIMIT: raw }).rateLimitEnabled).toBe(expected);
  });

  it('parses the trusted proxies from a comma-separated list, trimming spaces and skipping empty items', () => {
    expect(
      loadConfig({ HUSH_TRUSTED_PROXIES: '10.0.0.1, 192.168.0.0/16 ,::1,, 2001:db8::/32,' }).trustedProxies,
    ).toEqual(['10.0.0.1', '192.168.0.0/16', '::1', '2001:db8::/32']);
    expect(loadConfig({ HUSH_TRUSTED_PROXIES: '127.0.0.1' }).trustedProxies).toEqual(['127.0.0.1']);
  });

  it.each([
    ['HUSH_PORT', 'http'],
    ['HUSH_PORT', '70000'],
    ['HUSH_PORT', '-1'],
    ['HUSH_PORT', '80.5'],
    ['HUSH_PORT', ''],
    ['HUSH_PORT', '  '],
    ['HUSH_PORT', '0x50'],
    ['HUSH_HOST', ''],
    ['HUSH_DATA_DIR', ''],
    ['HUSH_DATABASE_URL', 'mysql://root@localhost/hush'],
    ['HUSH_DATABASE_URL', 'localhost:5432'],
    ['HUSH_REDIS_URL', 'http://cache:6379'],
    ['HUSH_TRUSTED_PROXIES', 'localhost'],
    ['HUSH_TRUSTED_PROXIES', '10.0.0.1,not-an-ip'],
    ['HUSH_TRUSTED_PROXIES', '10.0.0.0/33'],
    ['HUSH_TRUSTED_PROXIES', '10.0.0.1;10.0.0.2'],
    ['HUSH_PUBLIC_URL', 'ftp://hush.example.com'],
    ['HUSH_PUBLIC_URL', 'hush.example.com'],
    ['HUSH_RATE_LIMIT', 'maybe'],
    ['HUSH_RATE_LIMIT', 'on'],
    ['HUSH_RATE_LIMIT', ''],
    ['HUSH_RATE_LIMIT_MAX', '0'],
    ['HUSH_RATE_LIMIT_MAX', 'lots'],
    ['HUSH_RATE_LIMIT_WINDOW', '1.5'],
    ['HUSH_MAX_TEXT_BYTES', '100'],
    ['HUSH_MAX_TEXT_BYTES', '1MB'],
    ['HUSH_PASSWORD_ATTEMPTS', '0'],
    ['HUSH_PASSWORD_ATTEMPTS', ''],
    ['HUSH_ARGON2_CONCURRENCY', '1000'],
    ['HUSH_PURGE_INTERVAL', 'NaN'],
    ['HUSH_REQUEST_TIMEOUT', 'Infinity'],
    ['HUSH_FORCED_LANGUAGE', 'english'],
    ['HUSH_FORCED_LANGUAGE', 'xx'],
    ['HUSH_HOST', 'not a host'],
    ['HUSH_HOST', 'http://0.0.0.0'],
    ['HUSH_LOG_LEVEL', 'verbose'],
    ['HUSH_ADMIN_PASSWORD', 'abc'],
    ['HUSH_ADMIN_PASSWORD', 'x'.repeat(51)],
    ['HUSH_ADMIN_USERNAME', 'ab'],
    ['HUSH_ADMIN_USERNAME', 'has space'],
    ['HUSH_ADMIN_EMAIL', 'not-an-email'],
    ['HUSH_METRICS', 'sure'],
    ['HUSH_METRICS_TOKEN', 'short'],
    ['HUSH_SHUTDOWN_TIMEOUT', '0'],
    ['HUSH_STATUS_RETENTION_DAYS', '0'],
    ['HUSH_STATUS_RETENTION_DAYS', '0.001'],
    ['HUSH_STATUS_RETENTION_DAYS', '1e3'],
    ['HUSH_STATUS_RETENTION_DAYS', '.5'],
  ])('refuses %s=%j with a ConfigError naming the variable', (name, value) => {
    const error = configError({ [name]: value });
    expect(error.name).toBe('ConfigError');
    // Secret values are never shown (config-files.test.ts).
    expect(error.message).toContain(`${name}=${isSecretSetting(name) ? '(hidden)' : JSON.stringify(value)}`);
    // Only the bad variable is reported.
    const named = Object.values(settings).filter((setting) => error.message.includes(`${setting.env}=`));
    expect(named.map((setting) => setting.env)).toEqual([name]);
  });

  it('reports every bad value at once, one line each', () => {
    const error = configError({
      HUSH_PORT: 'eighty',
      HUSH_DATABASE_URL: 'mysql://db',
      HUSH_TRUSTED_PROXIES: '10.0.0.1,proxy.local',
      HUSH_RATE_LIMIT: 'sometimes',
      HUSH_MAX_TEXT_BYTES: '-5',
      HUSH_HOST: '0.0.0.0',
    });
    const lines = error.message.split('\n').slice(1);
    expect(lines).toHaveLength(5);
    for (const name of [
      'HUSH_PORT',
      'HUSH_DATABASE_URL',
      'HUSH_TRUSTED_PROXIES',
      'HUSH_RATE_LIMIT',
      'HUSH_MAX_TEXT_BYTES',
    ]) {
      expect(
        lines.filter((line) => line.includes(`${name}=`)),
        name,
      ).toHaveLength(1);
    }
    expect(error.message).not.toContain('HUSH_HOST');
  });

  it('explains what is wrong, not only where', () => {
    expect(configError({ HUSH_DATABASE_URL: 'mysql://db' }).message).toContain('must start with postgres://');
    expect(configError({ HUSH_RATE_LIMIT: 'maybe' }).message).toContain('must be true or false');
    expect(configError({ HUSH_TRUSTED_PROXIES: 'x' }).message).toContain('IPs or CIDR ranges');
  });

  it('applies the account rules to the first admin: a 3-character password is refused', () => {
    expect(configError({ HUSH_ADMIN_USERNAME: 'admin', HUSH_ADMIN_PASSWORD: 'abc' }).message).toContain(
      'at least 5 characters',
    );
    expect(loadConfig({ HUSH_ADMIN_USERNAME: 'admin', HUSH_ADMIN_PASSWORD: 'long enough' }).adminUsername).toBe(
      'admin',
    );
  });

  it('refuses settings that are wrong together, naming both variables', () => {
    expect(configError({ HUSH_ADMIN_USERNAME: 'admin' }).message).toContain(
      'HUSH_ADMIN_USERNAME and HUSH_ADMIN_PASSWORD: set both or neither',
    );
    expect(configError({ HUSH_ADMIN_PASSWORD: 'secret123' }).message).toContain('set both or neither');
    expect(configError({ HUSH_ADMIN_EMAIL: 'a@example.com' }).message).toContain('HUSH_ADMIN_EMAIL: needs');
    expect(configError({ HUSH_SESSION_DAYS: '40', HUSH_SESSION_MAX_DAYS: '30' }).message).toContain(
      'HUSH_SESSION_DAYS=40: must not be more than HUSH_SESSION_MAX_DAYS=30',
    );
    expect(configError({ HUSH_METRICS_TOKEN: 'a-long-enough-token' }).message).toContain('needs HUSH_METRICS=true');
  });

  it('accepts only the languages Hush ships for HUSH_FORCED_LANGUAGE, and says which they are', () => {
    expect(configError({ HUSH_FORCED_LANGUAGE: 'tlh' }).message).toContain(
      `must be one of ${LANGUAGE_CODES.join(', ')}`,
    );
    expect(configError({ HUSH_FORCED_LANGUAGE: 'de-AT' }).message).toContain('must be one of');
    expect(loadConfig({ HUSH_FORCED_LANGUAGE: 'nb' }).forcedLanguage).toBe('nb');
    expect(loadConfig({ HUSH_FORCED_LANGUAGE: LANGUAGE_CODES.at(-1)! }).forcedLanguage).toBe(LANGUAGE_CODES.at(-1));
  });

  it('takes IP addresses and host names for HUSH_HOST', () => {
    for (const host of ['0.0.0.0', '::', '::1', 'localhost', 'hush.internal', 'web-1']) {
      expect(loadConfig({ HUSH_HOST: host }).host, host).toBe(host);
    }
  });
});

describe('configWarnings', () => {
  it('warns about HUSH_* variables that are no setting, suggesting the nearest one', () => {
    expect(
      configWarnings({ HUSH_PROT: '3000', HUSH_DATABSE_URL: 'x', HUSH_WHATEVER_THIS_IS: '1', PATH: '/bin' }),
    ).toEqual([
      'HUSH_DATABSE_URL is not a Hush setting and is ignored (did you mean HUSH_DATABASE_URL?)',
      'HUSH_PROT is not a Hush setting and is ignored (did you mean HUSH_PORT?)',
      'HUSH_WHATEVER_THIS_IS is not a Hush setting and is ignored',
    ]);
  });

  it('says nothing about real settings and the variables other parts read', () => {
    expect(configWarnings({ HUSH_PORT: '1', HUSH_METRICS: 'true', HUSH_COMMIT: 'abc', HUSH_SERVER: 'x' })).toEqual([]);
  });
});
