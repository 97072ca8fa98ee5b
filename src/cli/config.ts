import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CliError, EXIT, usageError } from './errors.js';

/** What the config file may hold: the server to talk to and an API token for it. */
export interface StoredConfig {
  server?: string;
  token?: string;
}

export const DEFAULT_SERVER = 'http://127.0.0.1:3000';

/** $HUSH_CONFIG, else $XDG_CONFIG_HOME/hush/config.json, else ~/.config/hush/config.json. */
export function configPath(env: NodeJS.ProcessEnv): string {
  if (env.HUSH_CONFIG) return path.resolve(env.HUSH_CONFIG);
  const base = env.XDG_CONFIG_HOME || path.join(os.homedir(), '.config');
  return path.join(base, 'hush', 'config.json');
}

/**
 * The config file, or {} when there is none. It holds a credential, so like ssh the CLI refuses one that others
 * can read or write: the token may have leaked, and the user should know.
 */
export function readConfig(file: string): StoredConfig {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new CliError(`Cannot read the config file ${file}: ${(error as Error).message}`, EXIT.usage, 'cli.config');
  }
  if (process.platform !== 'win32' && (stat.mode & 0o077) !== 0) {
    throw new CliError(
      `The config file ${file} can be read by other users and holds an API token: run chmod 600 '${file}' (and revoke the token if others may have read it)`,
      EXIT.usage,
      'cli.config_permissions',
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new CliError(
      `The config file ${file} is not valid JSON: ${(error as Error).message}`,
      EXIT.usage,
      'cli.config',
    );
  }
  const config = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Record<string, unknown>;
  return {
    ...(typeof config.server === 'string' && { server: config.server }),
    ...(typeof config.token === 'string' && { token: config.token }),
  };
}

/** Writes the file owner-only (0600, in a 0700 folder when the folder is new), replacing it in one step. */
export function writeConfig(file: string, config: StoredConfig): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  fs.chmodSync(temporary, 0o600);
  fs.renameSync(temporary, file);
}

/** A server address as the CLI uses it: http(s), no path, no trailing slash. */
export function normalizeServer(value: string, from: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw usageError(`${from} is not an address: ${JSON.stringify(value)} (expected e.g. https://hush.example.com)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw usageError(`${from} must be an http:// or https:// address, not ${url.protocol}`);
  }
  if (url.username || url.password) throw usageError(`${from} must not carry a user name or password`);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

export interface Settings {
  server: string;
  token: string | null;
  configFile: string;
}

/** Flags first, then HUSH_SERVER / HUSH_TOKEN, then the config file, then the local default server. */
export function resolveSettings(
  flags: { server?: string | undefined; token?: string | undefined },
  env: NodeJS.ProcessEnv,
): Settings {
  const configFile = configPath(env);
  const stored = readConfig(configFile);
  const [server, from] = flags.server
    ? [flags.server, '--server']
    : env.HUSH_SERVER
      ? [env.HUSH_SERVER, 'HUSH_SERVER']
      : stored.server
        ? [stored.server, `server in ${configFile}`]
        : [DEFAULT_SERVER, 'the default server'];
  const token = flags.token || env.HUSH_TOKEN || stored.token || null;
  return { server: normalizeServer(server, from), token, configFile };
}
