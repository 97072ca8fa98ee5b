import { HushError } from '../sdk/errors.js';
import * as http from '../sdk/http.js';
import type { Connection } from '../sdk/http.js';
import { CliError, EXIT, exitForStatus, type ExitCode } from './errors.js';

/**
 * The CLI calls the server through the SDK (src/sdk, published as packages/client): one HTTP client, one envelope, one upload. Here its
 * failures become CliErrors: the SDK's `client.<reason>` codes as `cli.<reason>`, an exit code a script can act on,
 * and plain words for the refusals a CLI user meets most.
 */

export { CliError };
export type { Answer, Connection } from '../sdk/http.js';
export const { apiUrl } = http;

/** Plain words for the refusals a CLI user meets most; the server's own message otherwise. */
function refusalMessage(error: HushError): string {
  const { code, message, details } = error;
  switch (code) {
    case 'secret.not_found':
      return 'This secret does not exist: it expired, was opened already or was burned, or the link is wrong';
    case 'receipt.not_found':
      return 'No status for this receipt: the link is wrong, or the secret ended longer ago than this server keeps statuses';
    case 'secret.password_invalid':
      return `Wrong password (${String(details.attemptsLeft ?? 0)} attempts left)`;
    case 'secret.key_invalid':
      return 'The key in the link does not match this secret: the link is damaged or incomplete';
    case 'auth.not_signed_in':
      return 'The API token was refused: it is unknown, expired or revoked (see --token, HUSH_TOKEN or hush config)';
    case 'auth.token_scope':
      return typeof details.scope === 'string'
        ? `${message}: make a token with it (hush tokens create NAME --scope ${details.scope} …)`
        : message;
    case 'rate_limited':
    case 'auth.too_many_attempts':
      return error.retryAfter ? `${message} (try again in ${error.retryAfter} s)` : message;
    default:
      return message;
  }
}

/** Failures found by the SDK that are refusals (a key that does not fit): the rest of its own are `other`. */
const REFUSED: ReadonlySet<string> = new Set(['client.key_mismatch', 'client.wrong_inbox_key', 'client.key_invalid']);

/** A failure of the SDK as the CLI reports it; anything else (a CliError, Ctrl-C) as it is. */
export function asCliError(error: unknown): unknown {
  if (!(error instanceof HushError)) return error;
  if (error.code.startsWith('client.')) {
    const code = `cli.${error.code.slice('client.'.length)}`;
    const exit: ExitCode =
      error.status !== undefined && (code === 'cli.network' || code === 'cli.not_hush')
        ? EXIT.network
        : REFUSED.has(error.code)
          ? EXIT.refused
          : EXIT.other;
    return new CliError(error.message, exit, code, error.status, error.details);
  }
  return new CliError(refusalMessage(error), exitForStatus(error.status ?? 0), error.code, error.status, error.details);
}

/** Runs a call of the SDK, its failure as a CliError. */
export const viaSdk = <T>(call: Promise<T>): Promise<T> =>
  call.catch((error: unknown) => {
    throw asCliError(error);
  });

/** A request to the server (shared/api's error shape checked), its failures as CliErrors. */
export const send = (connection: Connection, url: string, init?: RequestInit) =>
  viaSdk(http.send(connection, url, init));

/** Calls one route as its contract (shared/api) describes it, its failures as CliErrors. */
export const callRoute: typeof http.callRoute = (connection, route, input) =>
  viaSdk(http.callRoute(connection, route, input));
