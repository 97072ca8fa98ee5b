import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, configWarnings, loadConfig } from './config.js';
import { SECRET_SETTINGS } from './config-files.js';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'hush-config-files-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));
const secretFile = (name: string, content: string) => {
  const file = path.join(folder, name);
  fs.writeFileSync(file, content);
  return file;
};
const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('loadConfig accepted it');
};

describe('secret settings from files (HUSH_X_FILE)', () => {
  it('reads a mounted secret into its setting, less the final newline', () => {
    const config = loadConfig({
      HUSH_DATABASE_URL_FILE: secretFile('db', 'postgres://hush:p%40ss@db:5432/hush\n'),
      HUSH_S3_ENDPOINT: 'http://s3:9000',
      HUSH_S3_BUCKET: 'hush',
      HUSH_S3_ACCESS_KEY_ID_FILE: secretFile('key-id', 'hush'),
      HUSH_S3_SECRET_ACCESS_KEY_FILE: secretFile('key', 'ends with a space \n'),
    });
    expect(config.databaseUrl).toBe('postgres://hush:p%40ss@db:5432/hush');
    expect(config.s3AccessKeyId).toBe('hush');
    expect(config.s3SecretAccessKey).toBe('ends with a space ');
  });

  it('works for every secret setting and numbered OpenID client secrets, and warns about none of them', () => {
    const env: Record<string, string> = {
      HUSH_ADMIN_USERNAME: 'admin',
      HUSH_METRICS: 'true',
      HUSH_WEBHOOK_URL_FILE: secretFile('webhook-url', 'https://hooks.example.com/services/T0/B0/credential\n'),
      HUSH_SMTP_FROM: 'hush@example.com',
      HUSH_PUBLIC_URL: 'https://hush.example.com',
      HUSH_OIDC_ISSUER: 'https://id.example.com',
      HUSH_OIDC_CLIENT_ID: 'hush',
      HUSH_OIDC_2_ISSUER: 'https://other.example.com',
      HUSH_OIDC_2_CLIENT_ID: 'hush2',
      HUSH_OIDC_2_CLIENT_SECRET_FILE: secretFile('oidc2', 'second-secret\n'),
      HUSH_DATABASE_URL_FILE: secretFile('url', 'postgres://hush@db/hush'),
      HUSH_REDIS_URL_FILE: secretFile('redis', 'redis://:pw@redis:6379'),
      HUSH_ADMIN_PASSWORD_FILE: secretFile('admin', 'correct horse'),
      HUSH_METRICS_TOKEN_FILE: secretFile('metrics', 'scrape-token-of-32-characters!!'),
      HUSH_WEBHOOK_SECRET_FILE: secretFile('webhook', 'whsec_MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY='),
      HUSH_SMTP_URL_FILE: secretFile('smtp', 'smtp://user:pw@mail:587'),
      HUSH_OIDC_CLIENT_SECRET_FILE: secretFile('oidc', 'first-secret'),
      HUSH_S3_ENDPOINT: 'http://s3:9000',
      HUSH_S3_BUCKET: 'hush',
      HUSH_S3_ACCESS_KEY_ID_FILE: secretFile('s3-id', 'id'),
      HUSH_S3_SECRET_ACCESS_KEY_FILE: secretFile('s3-key', 'key'),
    };
    const covered = Object.keys(env).filter((name) => name.endsWith('_FILE') && !name.includes('_2_'));
    expect(covered.map((name) => name.slice(0, -5)).sort()).toEqual([...SECRET_SETTINGS].sort());
    const config = loadConfig(env);
    expect(config).toMatchObject({
      redisUrl: 'redis://:pw@redis:6379',
      adminPassword: 'correct horse',
      metricsToken: 'scrape-token-of-32-characters!!',
      smtpUrl: 'smtp://user:pw@mail:587',
      webhookUrl: 'https://hooks.example.com/services/T0/B0/credential',
    });
    expect(config.oidcProviders.map((provider) => provider.clientSecret)).toEqual(['first-secret', 'second-secret']);
    expect(configWarnings(env)).toEqual([]);
  });

  it('refuses a setting given both ways, naming both variables', () => {
    const message = problemsOf({
      HUSH_ADMIN_USERNAME: 'admin',
      HUSH_ADMIN_PASSWORD: 'inline password',
      HUSH_ADMIN_PASSWORD_FILE: secretFile('both', 'file password'),
    });
    expect(message).toContain('HUSH_ADMIN_PASSWORD and HUSH_ADMIN_PASSWORD_FILE: set one, not both');
  });

  it('refuses a file that cannot be read, naming the variable and the file', () => {
    const missing = path.join(folder, 'missing');
    expect(problemsOf({ HUSH_METRICS: 'true', HUSH_METRICS_TOKEN_FILE: missing })).toContain(
      `HUSH_METRICS_TOKEN_FILE=${JSON.stringify(missing)}: cannot be read (ENOENT)`,
    );
  });

  it('never shows a secret value in an error, from a file or not (logs are read by more people than secrets)', () => {
    const message = problemsOf({
      HUSH_DATABASE_URL_FILE: secretFile('wrong-db', 'mysql://hush:hunter2@db/hush'),
      HUSH_REDIS_URL: 'rediss-typo://:hunter3@redis',
    });
    expect(message).toContain('HUSH_DATABASE_URL=(hidden): must start with postgres://');
    expect(message).toContain('HUSH_REDIS_URL=(hidden)');
    expect(message).not.toMatch(/hunter/);
    expect(problemsOf({ HUSH_PORT: 'abc' })).toContain('HUSH_PORT="abc"');
  });

  it('takes no _FILE twin for settings that are not secret: they stay typos', () => {
    const env = { HUSH_PORT_FILE: secretFile('port', '4000') };
    expect(loadConfig(env).port).toBe(3000);
    expect(configWarnings(env)).toEqual(['HUSH_PORT_FILE is not a Hush setting and is ignored']);
  });
});
