/**
 * Secret settings from files (Docker and Kubernetes secrets are mounted as files): HUSH_X_FILE=/run/secrets/x sets
 * HUSH_X to the file's content, less one final newline (what `echo` and most editors add). Only the settings below
 * take a _FILE twin: the ones whose value is a credential, or a URL that may carry one.
 */
import fs from 'node:fs';

export const SECRET_SETTINGS = [
  'HUSH_DATABASE_URL',
  'HUSH_REDIS_URL',
  'HUSH_S3_ACCESS_KEY_ID',
  'HUSH_S3_SECRET_ACCESS_KEY',
  'HUSH_ADMIN_PASSWORD',
  'HUSH_METRICS_TOKEN',
  'HUSH_WEBHOOK_URL', // chat webhooks (Slack, Teams, Discord) carry their credential in the address
  'HUSH_WEBHOOK_SECRET',
  'HUSH_SMTP_URL',
  'HUSH_OIDC_CLIENT_SECRET',
] as const;

const NUMBERED_OIDC_SECRET = /^HUSH_OIDC_\d{1,2}_CLIENT_SECRET$/;
/** Whether a variable holds a credential: it may come from a file, and its value is never shown in errors. */
export const isSecretSetting = (name: string) =>
  (SECRET_SETTINGS as readonly string[]).includes(name) || NUMBERED_OIDC_SECRET.test(name);

/** The HUSH_*_FILE variables present that name a secret setting (not typos: configWarnings accepts them). */
export const fileVariables = (env: Record<string, string | undefined>): string[] =>
  Object.keys(env).filter((name) => name.endsWith('_FILE') && isSecretSetting(name.slice(0, -'_FILE'.length)));

/** The environment with every HUSH_X_FILE read into HUSH_X; one line per problem, naming the variable. */
export function readFileVariables(env: Record<string, string | undefined>): {
  env: Record<string, string | undefined>;
  problems: string[];
} {
  const resolved = { ...env };
  const problems: string[] = [];
  for (const fileName of fileVariables(env)) {
    const name = fileName.slice(0, -'_FILE'.length);
    const file = env[fileName];
    if (!file) continue;
    if (env[name] !== undefined && env[name] !== '') {
      problems.push(`${name} and ${fileName}: set one, not both`);
      continue;
    }
    try {
      resolved[name] = fs.readFileSync(file, 'utf8').replace(/\r?\n$/, '');
    } catch (error) {
      problems.push(`${fileName}=${JSON.stringify(file)}: cannot be read (${(error as NodeJS.ErrnoException).code})`);
    }
  }
  return { env: resolved, problems };
}
