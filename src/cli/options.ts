import { parseArgs, type ParseArgsConfig } from 'node:util';
import { isValidIpOrCidr } from '../shared/rules/ip.js';
import { REQUEST_RESPONSES, REQUEST_TTL, RESPONSE_TTL_CHOICES } from '../shared/rules/requests.js';
import { ACCOUNT_TTL_CHOICES, MAX_VIEWS, MIN_VIEWS, TTL_CHOICES } from '../shared/rules/secrets.js';
import { usageError } from './errors.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/** Options every command takes. */
export const COMMON_OPTIONS = {
  server: { type: 'string' },
  token: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies Options;

/**
 * parseArgs, strict, with its errors turned into usage errors that name the command's help. Kept here so every
 * command reads its options the same way.
 */
export function parseCommand<T extends Options>(command: string, args: string[], options: T) {
  try {
    return parseArgs({ args: protectDashValues(args, options), options, allowPositionals: true, strict: true });
  } catch (error) {
    const message = (error as Error).message.replace(/\. To specify a positional argument.*$/s, '');
    throw usageError(`${message} (see: hush help ${command})`);
  }
}

/** Base64url values of ids, keys and tokens: a quarter of them begin with a dash. */
const DASH_VALUE = /^-[A-Za-z0-9_-]{7,}$/;

/**
 * Ids and tokens are base64url, so some begin with "-" and parseArgs would take them for options
 * (`hush burn -x8Kd… --token -Qm3…`). A dash-led value of eight or more such characters that is no option of the
 * command is kept as a value: joined to the option before it (`--token=-Qm3…`), or passed as a positional.
 */
export function protectDashValues(args: string[], options: Options): string[] {
  const known = new Set(
    Object.entries(options).flatMap(([name, option]) => [`--${name}`, ...(option.short ? [`-${option.short}`] : [])]),
  );
  const valueOf = (arg: string | undefined) => {
    if (!arg || arg.includes('=')) return undefined;
    const entry = Object.entries(options).find(([name, option]) => arg === `--${name}` || arg === `-${option.short}`);
    return entry?.[1].type === 'string' ? entry : undefined;
  };
  const kept: string[] = [];
  const positionals: string[] = [];
  for (const [index, arg] of args.entries()) {
    if (arg === '--') {
      positionals.push(...args.slice(index + 1));
      break;
    }
    if (!DASH_VALUE.test(arg) || known.has(arg)) {
      kept.push(arg);
      continue;
    }
    const option = valueOf(kept.at(-1));
    if (option) kept[kept.length - 1] = `--${option[0]}=${arg}`;
    else positionals.push(arg);
  }
  return positionals.length > 0 ? [...kept, '--', ...positionals] : kept;
}

const UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400, w: 604800 };

/** 300 → "5m", 86400 → "1d": a lifetime in the largest unit that divides it. */
export function ttlWords(seconds: number): string {
  for (const unit of ['d', 'h', 'm'] as const) {
    if (seconds % UNITS[unit]! === 0) return `${seconds / UNITS[unit]!}${unit}`;
  }
  return `${seconds}s`;
}

export const TTL_HELP = `${TTL_CHOICES.map(ttlWords).join(', ')}; with an API token also ${ACCOUNT_TTL_CHOICES.map(ttlWords).join(', ')}`;

/** Seconds (3600) or a number with a unit (30m, 12h, 7d, 4w) in seconds; NaN when it is neither. */
function durationSeconds(value: string): number {
  const match = /^(\d+)\s*([smhdw]?)$/i.exec(value.trim());
  return match ? Number(match[1]) * UNITS[(match[2] || 's').toLowerCase()]! : NaN;
}

/** A lifetime: seconds (3600) or a number with a unit (30m, 12h, 7d, 4w), one of the lifetimes Hush offers. */
export function parseTtl(value: string, signedIn: boolean): number {
  const seconds = durationSeconds(value);
  const anyone: readonly number[] = TTL_CHOICES;
  const account: readonly number[] = ACCOUNT_TTL_CHOICES;
  if (anyone.includes(seconds)) return seconds;
  if (account.includes(seconds)) {
    if (signedIn) return seconds;
    throw usageError(
      `--ttl ${value}: lifetimes over 7 days need an API token (--token, HUSH_TOKEN or hush config)`,
      'cli.ttl_needs_token',
    );
  }
  throw usageError(`--ttl ${JSON.stringify(value)} is not a lifetime Hush offers. Choose one of: ${TTL_HELP}`);
}

export function parseViews(value: string): number {
  const views = /^\d+$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isInteger(views) || views < MIN_VIEWS || views > MAX_VIEWS) {
    throw usageError(`--views ${JSON.stringify(value)}: give a whole number from ${MIN_VIEWS} to ${MAX_VIEWS}`);
  }
  return views;
}

export function parseIp(value: string): string {
  if (!isValidIpOrCidr(value)) {
    throw usageError(
      `--ip ${JSON.stringify(value)} is not an IPv4 or IPv6 address or CIDR range (e.g. 203.0.113.7 or 10.0.0.0/8)`,
    );
  }
  return value;
}

/** How long a request's fill link can be used: any duration from 1 hour to 30 days (seconds, or 12h, 7d, 2w…). */
export function parseRequestTtl(value: string): number {
  const seconds = durationSeconds(value);
  if (!Number.isSafeInteger(seconds) || seconds < REQUEST_TTL.min || seconds > REQUEST_TTL.max) {
    throw usageError(
      `--ttl ${JSON.stringify(value)}: give a duration from ${ttlWords(REQUEST_TTL.min)} to ${ttlWords(REQUEST_TTL.max)} (e.g. 12h, 7d, or seconds)`,
    );
  }
  return seconds;
}

export const RESPONSE_TTL_HELP = RESPONSE_TTL_CHOICES.map(ttlWords).join(', ');

/** The lifetime of each response to a request: one of the lifetimes of a signed-in user's secrets. */
export function parseResponseTtl(value: string): number {
  const seconds = durationSeconds(value);
  if (!RESPONSE_TTL_CHOICES.includes(seconds)) {
    throw usageError(
      `--response-ttl ${JSON.stringify(value)} is not a lifetime Hush offers. Choose one of: ${RESPONSE_TTL_HELP}`,
    );
  }
  return seconds;
}

/** How many responses a request takes. */
export function parseResponses(value: string): number {
  const count = /^\d+$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isInteger(count) || count < REQUEST_RESPONSES.min || count > REQUEST_RESPONSES.max) {
    throw usageError(
      `--responses ${JSON.stringify(value)}: give a whole number from ${REQUEST_RESPONSES.min} to ${REQUEST_RESPONSES.max}`,
    );
  }
  return count;
}
