import { crossChecks, unknownVariables } from './config-checks.js';
import { settings, type Config, type Setting, type Settings } from './config-settings.js';
import { numberedOidcVariables, readOidcProviders } from './config-oidc.js';
import { headerProblems } from './config-header.js';
import { fileVariables, isSecretSetting, readFileVariables } from './config-files.js';

export { settings, type Config };

export class ConfigError extends Error {
  override name = 'ConfigError';
  /** One line per bad variable (the message holds them too). */
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
}

/** The S3 settings that only make sense together. */
function s3Problems(config: Partial<Config>): string[] {
  if (!config.s3Endpoint) return [];
  const problems: string[] = [];
  if (!config.s3Bucket) problems.push('HUSH_S3_BUCKET="": required when HUSH_S3_ENDPOINT is set');
  if (!config.s3AccessKeyId !== !config.s3SecretAccessKey) {
    problems.push('HUSH_S3_ACCESS_KEY_ID and HUSH_S3_SECRET_ACCESS_KEY: set both or neither');
  }
  return problems;
}

/** Reads and validates the configuration; one clear line per bad variable. */
export function loadConfig(given: Record<string, string | undefined> = {}): Config {
  const { env, problems } = readFileVariables(given);
  const config: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(settings) as [keyof Settings, Setting][]) {
    const raw = env[item.env] ?? item.default;
    const result = item.schema.safeParse(raw);
    if (result.success) config[key] = result.data;
    else {
      const shown = isSecretSetting(item.env) ? '(hidden)' : JSON.stringify(raw);
      problems.push(`${item.env}=${shown}: ${result.error.issues.map((i) => i.message).join('; ')}`);
    }
  }
  if (problems.length === 0) {
    const oidc = readOidcProviders(env, config as Config);
    config.oidcProviders = oidc.providers;
    problems.push(...oidc.problems);
  }
  if (problems.length === 0) problems.push(...s3Problems(config as Config), ...crossChecks(config as Config));
  if (problems.length === 0) problems.push(...headerProblems(config as Config));
  if (problems.length > 0) throw new ConfigError(problems);
  return config as Config;
}

/** Warnings about the environment that do not stop the server: HUSH_* variables that are no setting (typos). */
export function configWarnings(env: Record<string, string | undefined>): string[] {
  const known = [...Object.values(settings).map((item) => item.env), ...numberedOidcVariables(env)];
  return unknownVariables(env, [...known, ...fileVariables(env)]);
}

/** The defaults with some values replaced: for tests and tools. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({}), rateLimitEnabled: false, logLevel: 'silent', ...overrides };
}
